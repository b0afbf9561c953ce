// Revenue (admin/report.revenue) and the dashboard's takings, from the orders module's grouped money
// and the wallet's flows: taken by payment time, refunded by refund time, net = taken − refunded.
import {
  previousRange,
  type ReportInterval,
  type ReportRange,
  type RevenuePeriod,
  type RevenueReport,
  type RevenueTotals,
  TAKINGS_SPARK_DAYS,
  type Takings,
} from '@studio/contract/reports';
import type { DbOrTx } from '../../platform/db';
import { inTurn } from '../../platform/report-sql';
import { revenueCells } from '../orders';
import { walletFlows } from '../wallet';
import { addDays, endOf, mondayOf, periodStarts, startOf } from './periods';

const emptyPeriod = (period: string): RevenuePeriod => ({
  period,
  taken: 0,
  refunded: 0,
  net: 0,
  orders: 0,
  by_method: {},
  by_kind: { packages: 0, goods: 0, freight: 0 },
});

/** The revenue of each period that starts on `starts` (studio-local dates), the last ending with `to`. */
export async function revenueSeries(db: DbOrTx, starts: string[], to: string, tz: string): Promise<RevenuePeriod[]> {
  const cells = await revenueCells(
    db,
    starts.map((d) => startOf(d, tz)),
    endOf(to, tz),
  );
  const series = starts.map(emptyPeriod);
  for (const c of cells) {
    const p = series[c.bucket - 1];
    if (!p) continue;
    p.taken += c.taken;
    p.refunded += c.refunded;
    p.orders += c.orders;
    p.by_method[c.method] = (p.by_method[c.method] ?? 0) + c.taken - c.refunded;
    if (c.kind === 'package') p.by_kind.packages += c.taken - c.refunded;
    else {
      p.by_kind.goods += c.taken - c.freight - c.refunded;
      p.by_kind.freight += c.freight;
    }
  }
  for (const p of series) p.net = p.taken - p.refunded;
  return series;
}

/** The totals of a series, with the wallet's top-ups and staff adjustments of the same range beside them. */
async function totalsOf(db: DbOrTx, series: RevenuePeriod[], range: ReportRange, tz: string): Promise<RevenueTotals> {
  const flows = await walletFlows(db, startOf(range.from, tz), endOf(range.to, tz));
  const total: RevenueTotals = {
    taken: 0,
    refunded: 0,
    net: 0,
    orders: 0,
    average_order: 0,
    by_method: {},
    by_kind: { packages: 0, goods: 0, freight: 0 },
    top_ups: flows.topUps,
    wallet_adjustments: flows.adjustments,
  };
  for (const p of series) {
    total.taken += p.taken;
    total.refunded += p.refunded;
    total.net += p.net;
    total.orders += p.orders;
    for (const [method, amount] of Object.entries(p.by_method))
      total.by_method[method] = (total.by_method[method] ?? 0) + amount;
    total.by_kind.packages += p.by_kind.packages;
    total.by_kind.goods += p.by_kind.goods;
    total.by_kind.freight += p.by_kind.freight;
  }
  total.average_order = total.orders > 0 ? Math.round(total.taken / total.orders) : 0;
  return total;
}

export async function revenueReport(
  db: DbOrTx,
  input: ReportRange & { interval: ReportInterval },
  tz: string,
): Promise<RevenueReport> {
  const range = { from: input.from, to: input.to };
  const before = previousRange(range);
  const [series, previousSeries] = await inTurn(
    () => revenueSeries(db, periodStarts(range, input.interval), range.to, tz),
    () => revenueSeries(db, [before.from], before.to, tz),
  );
  const [total, previous] = await inTurn(
    () => totalsOf(db, series, range, tz),
    () => totalsOf(db, previousSeries, before, tz),
  );
  return { series, total, previous };
}

/** The dashboard's takings: net sales today, since Monday, and each of the last TAKINGS_SPARK_DAYS days. */
export async function takingsOn(db: DbOrTx, today: string, tz: string): Promise<Takings> {
  const first = addDays(today, 1 - TAKINGS_SPARK_DAYS);
  const days = periodStarts({ from: first, to: today }, 'day');
  const series = await revenueSeries(db, days, today, tz);
  const monday = mondayOf(today);
  return {
    today: series[series.length - 1]?.net ?? 0,
    this_week: series.filter((p) => p.period >= monday).reduce((sum, p) => sum + p.net, 0),
    last_30_days: series.map((p) => ({ period: p.period, net: p.net })),
  };
}
