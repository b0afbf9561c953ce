// The owner's reports' numbers that the orders module owns (issue 26): money taken and refunded by
// what was sold, what sold, coupons and points spent, and what unused credits were paid. Each is one
// grouped, read-only statement; the payments, packages and coupons modules lend their rows as sources.
import { sql } from 'drizzle-orm';
import { type DbOrTx, instant } from '../../platform/db';
import { instantsParam, num, rowsOf } from '../../platform/report-sql';
import { packagesOwingCredits } from '../packages';
import { orderMoneyMoves } from '../payments';
import { orderLines, orders } from './schema';

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
 * ascending), order kind and method, from the payments module's settled rows.
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
      join ${orders} o on o.id = m.ref
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
    sql`with owed as (
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
