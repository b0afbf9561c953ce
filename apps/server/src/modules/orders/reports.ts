// The owner's reports' numbers that the orders module owns (issue 26): money taken and refunded by
// what was sold, what sold, coupons and points spent, and what unused credits were paid. Each is one
// grouped, read-only statement; the payments, packages and coupons modules lend their rows as sources.
import { sql } from 'drizzle-orm';
import { type DbOrTx, instant } from '../../platform/db';
import { instantsParam, inTurn, num, rowsOf } from '../../platform/report-sql';
import { couponCopies } from '../coupons';
import { packagesOwingCredits } from '../packages';
import { orderMoneyMoves } from '../payments';
import { orderLines, orderRefundLines, orderRefunds, orders } from './schema';

/** How long a range reads its orders one by one, by primary key, rather than hashing them all. */
const BY_INDEX_MS = 62 * 86_400_000;

/** One cell of the revenue grid: a period (1-based index of `starts`), what was sold, how it was paid. */
export interface RevenueCell {
  bucket: number;
  kind: 'goods' | 'package';
  method: string;
  taken: number;
  /** Of `taken`, what paid the delivery (a goods order's freight, paid first). */
  freight: number;
  refunded: number;
  /** Orders paid. */
  orders: number;
}

/**
 * Money taken and refunded in [starts[0], end), by period (`starts` are the periods' first instants,
 * ascending), order kind and method, from the payments module's settled rows. Up to BY_INDEX_MS each
 * row finds its order by primary key (the planner would hash every order for a month's payments);
 * over a longer range, most orders are in it and one hash join of them all is cheaper.
 */
export async function revenueCells(db: DbOrTx, starts: readonly Date[], end: Date): Promise<RevenueCell[]> {
  const rows = await rowsOf<RevenueCell>(
    db,
    sql`select width_bucket(m.at, ${instantsParam(starts)})::int as bucket, o.kind, m.method,
        sum(m.taken)::float8 as taken,
        sum(case when o.kind = 'goods' then least(o.freight_amount, m.taken) else 0 end)::float8 as freight,
        sum(m.refunded)::float8 as refunded,
        (count(*) filter (where m.paid))::int as orders
      from ${orderMoneyMoves(starts[0]!, end)} m
      ${
        end.getTime() - starts[0]!.getTime() <= BY_INDEX_MS
          ? sql`cross join lateral (select kind, freight_amount from ${orders} where id = m.ref limit 1) o`
          : sql`join ${orders} o on o.id = m.ref`
      }
      group by 1, 2, 3`,
  );
  return rows.map((r) => ({ ...r, taken: num(r.taken), freight: num(r.freight), refunded: num(r.refunded) }));
}

/** Class credits owed, and those of packages ending by `soon`: counts and their value at the price paid. */
export interface CreditLiabilities {
  credits: number;
  value: number;
  expiring: { packages: number; credits: number; value: number };
}

/**
 * What members' unused credits were paid: each package's line price after its order's discounts
 * (coupon, points), ÷ its credits × those left, rounded per package; a package staff granted is worth 0.
 */
export async function creditLiabilities(db: DbOrTx, now: Date, soon: Date): Promise<CreditLiabilities> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`with owed as materialized (
        select p.remaining_count, p.valid_until,
          coalesce(round(
            (select min(l.price) from ${orderLines} l where l.order_id = p.source_id and l.goods_id = p.goods_id)
            * (o.pay_amount - o.freight_amount)::numeric / nullif(o.goods_amount, 0)
            * p.remaining_count / p.total_count), 0) as value
        from ${packagesOwingCredits(now)} p
        left join ${orders} o on p.source = 'order' and o.id = p.source_id
      )
      select coalesce(sum(remaining_count), 0)::float8 as credits, coalesce(sum(value), 0)::float8 as value,
        count(*) filter (where valid_until <= ${instant(soon)})::int as expiring_packages,
        coalesce(sum(remaining_count) filter (where valid_until <= ${instant(soon)}), 0)::float8 as expiring_credits,
        coalesce(sum(value) filter (where valid_until <= ${instant(soon)}), 0)::float8 as expiring_value
      from owed`,
  );
  return {
    credits: num(row?.credits),
    value: num(row?.value),
    expiring: {
      packages: num(row?.expiring_packages),
      credits: num(row?.expiring_credits),
      value: num(row?.expiring_value),
    },
  };
}

/** What one goods or package, or one SKU, sold: units less those refunded, and what they paid less refunds. */
export interface SoldLine {
  goodsId: string;
  skuId: string;
  packages: boolean;
  goodsName: string;
  skuName: string;
  units: number;
  revenue: number;
}

/**
 * The lines of orders paid in [from, to), per SKU: units bought less those of approved refunds, and
 * their share of what the order paid for its goods (after coupon and points, freight aside) less what
 * refunds gave back for them. Reads orders_paid_idx.
 */
export async function soldLines(db: DbOrTx, from: Date, to: Date): Promise<SoldLine[]> {
  // Up to BY_INDEX_MS the range's orders are read first and each finds its lines and refund lines by
  // index (the planner would hash every line there is); over a longer range most lines are sold in
  // it: one parallel pass over them, hashing the range's orders, and the refund lines (few) each
  // find their order by key.
  const byIndex = to.getTime() - from.getTime() <= BY_INDEX_MS;
  const paidIn = sql`o.paid_at >= ${instant(from)} and o.paid_at < ${instant(to)}`;
  const goodsPaid = sql`greatest(o.pay_amount - o.freight_amount, 0)`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with ${
      byIndex
        ? sql`o as materialized (
        select id, goods_amount, ${goodsPaid} as goods_paid from ${orders} o where ${paidIn}
      ),`
        : sql``
    }
      -- Each SKU's lines, summed as they are read (no row per line kept).
      sold as (
        select l.goods_id, l.sku_id, bool_or(l.goods_type = 1) as packages, min(l.goods_name) as goods_name,
          min(l.sku_name) as sku_name, sum(l.buy_num) as units,
          sum(round(l.price * l.buy_num * ${byIndex ? sql`o.goods_paid` : goodsPaid}::numeric / nullif(o.goods_amount, 0))) as paid
        from ${
          byIndex
            ? sql`o cross join lateral (select * from ${orderLines} l where l.order_id = o.id offset 0) l`
            : sql`${orderLines} l join ${orders} o on o.id = l.order_id where ${paidIn}`
        }
        group by 1, 2
      ),
      -- What approved refunds gave back for each SKU's lines (a line is one per order and SKU).
      back as (
        select l.goods_id, l.sku_id, sum(rl.quantity) as units, sum(rl.amount) as amount
        from ${
          byIndex
            ? sql`o cross join lateral (select * from ${orderRefundLines} rl where rl.order_id = o.id offset 0) rl`
            : sql`${orderRefundLines} rl
              cross join lateral (select 1 from ${orders} o where o.id = rl.order_id and ${paidIn} limit 1) o`
        }
        join ${orderRefunds} rf on rf.id = rl.refund_id and rf.status = 'approved'
        cross join lateral (
          select l.goods_id, l.sku_id from ${orderLines} l where l.order_id = rl.order_id and l.sku_id = rl.sku_id limit 1
        ) l
        group by 1, 2
      )
      select s.goods_id, s.sku_id, s.packages, s.goods_name, s.sku_name,
        (s.units - coalesce(b.units, 0))::float8 as units,
        (coalesce(s.paid, 0) - coalesce(b.amount, 0))::float8 as revenue
      from sold s left join back b on b.goods_id = s.goods_id and b.sku_id = s.sku_id`,
  );
  return rows.map((r) => ({
    goodsId: String(r.goods_id),
    skuId: String(r.sku_id),
    packages: Boolean(r.packages),
    goodsName: String(r.goods_name),
    skuName: String(r.sku_name),
    units: num(r.units),
    revenue: num(r.revenue),
  }));
}

/** Coupons and points spent on orders paid in [from, to): per coupon, its uses and what it took off. */
export async function discountsSpent(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<{ coupons: { couponId: string; used: number; cost: number }[]; pointsUsed: number; pointsValue: number }> {
  const paidIn = sql`paid_at >= ${instant(from)} and paid_at < ${instant(to)}`;
  const [couponRows, [points]] = await inTurn(
    () =>
      rowsOf<{ coupon_id: string; used: unknown; cost: unknown }>(
        db,
        sql`select c.coupon_id, count(*)::int as used, sum(o.coupon_amount)::float8 as cost
        from ${orders} o
        cross join lateral (select c.coupon_id from ${couponCopies()} c where c.id = o.coupon_id limit 1) c
        where ${paidIn} and o.coupon_id is not null
        group by 1`,
      ),
    () =>
      rowsOf<{ used: unknown; value: unknown }>(
        db,
        sql`select coalesce(sum(points_used), 0)::float8 as used, coalesce(sum(points_amount), 0)::float8 as value
        from ${orders} where ${paidIn} and points_used > 0`,
      ),
  );
  return {
    coupons: couponRows.map((r) => ({ couponId: r.coupon_id, used: num(r.used), cost: num(r.cost) })),
    pointsUsed: num(points?.used),
    pointsValue: num(points?.value),
  };
}
