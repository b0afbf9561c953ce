// Sales (admin/report.sales): goods and SKUs by units and revenue, coupons used and what they cost,
// points redeemed, from the orders module's grouped lines (paid in the range, refunds taken off).
import type { Locale } from '@studio/contract/locale';
import { previousRange, type ReportRange, type SalesReport } from '@studio/contract/reports';
import type { DbOrTx } from '../../platform/db';
import { inTurn } from '../../platform/report-sql';
import { couponNames } from '../coupons';
import { discountsSpent, type SoldLine, soldLines } from '../orders';
import { instantsOf } from './periods';

async function salesOf(db: DbOrTx, range: ReportRange, tz: string) {
  const { from, to } = instantsOf(range, tz);
  const [lines, discounts] = await inTurn(
    () => soldLines(db, from, to),
    () => discountsSpent(db, from, to),
  );
  const total = {
    units: lines.reduce((s, l) => s + l.units, 0),
    revenue: lines.reduce((s, l) => s + l.revenue, 0),
    coupons_used: discounts.coupons.reduce((s, c) => s + c.used, 0),
    coupons_cost: discounts.coupons.reduce((s, c) => s + c.cost, 0),
    points_redeemed: discounts.pointsUsed,
    points_value: discounts.pointsValue,
  };
  return { lines, discounts, total };
}

const best = (a: { revenue: number; units: number }, b: { revenue: number; units: number }) =>
  b.revenue - a.revenue || b.units - a.units;

export async function salesReport(
  db: DbOrTx,
  range: ReportRange,
  tz: string,
  locale: Locale | undefined,
): Promise<SalesReport> {
  const [now, before] = await inTurn(
    () => salesOf(db, range, tz),
    () => salesOf(db, previousRange(range), tz),
  );
  const items = new Map<string, SalesReport['items'][number]>();
  for (const l of now.lines) {
    const item = items.get(l.goodsId) ?? {
      _id: l.goodsId,
      kind: l.packages ? ('packages' as const) : ('goods' as const),
      name: l.goodsName,
      units: 0,
      revenue: 0,
    };
    item.units += l.units;
    item.revenue += l.revenue;
    items.set(l.goodsId, item);
  }
  const names = await couponNames(
    db,
    now.discounts.coupons.map((c) => c.couponId),
    locale,
  );
  return {
    items: [...items.values()].sort(best),
    skus: now.lines
      .map((l: SoldLine) => ({
        _id: l.skuId,
        goods_id: l.goodsId,
        name: l.goodsName,
        spec: l.skuName,
        units: l.units,
        revenue: l.revenue,
      }))
      .sort(best),
    coupons: now.discounts.coupons
      .map((c) => ({ _id: c.couponId, name: names.get(c.couponId) ?? '', used: c.used, cost: c.cost }))
      .sort((a, b) => b.cost - a.cost),
    total: now.total,
    previous: before.total,
  };
}
