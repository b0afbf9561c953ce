// The reports' CSV forms (issue 26): the same numbers as the JSON, money in major units (12.50), a
// total row whose figures are the JSON's totals. Headers are snake_case, as the other exports'.
import type { LiabilitiesReport, RevenueReport } from '@studio/contract/reports';
import { SALE_KINDS } from '@studio/contract/reports';
import { toCsv } from '../../platform/csv';

/** Minor units as major, two decimals: 1250 → "12.50", -99 → "-0.99". */
export const money = (minor: number): string => (minor / 100).toFixed(2);

export interface CsvFile {
  filename: string;
  csv: string;
}

const file = (name: string, stamp: string, csv: string): CsvFile => ({ filename: `${name}-${stamp}.csv`, csv });

export function revenueCsv(report: RevenueReport, range: { from: string; to: string }): CsvFile {
  const methods = Object.keys(report.total.by_method).sort();
  const header = [
    'period',
    'orders',
    'taken',
    'refunded',
    'net',
    ...SALE_KINDS.map((k) => `net_${k}`),
    ...methods.map((m) => `net_${m}`),
  ];
  const line = (label: string, p: Omit<RevenueReport['series'][number], 'period'>) => [
    label,
    p.orders,
    money(p.taken),
    money(p.refunded),
    money(p.net),
    ...SALE_KINDS.map((k) => money(p.by_kind[k])),
    ...methods.map((m) => money(p.by_method[m] ?? 0)),
  ];
  const rows = [...report.series.map((p) => line(p.period, p)), line('total', report.total)];
  rows.push(['wallet_top_ups', '', money(report.total.top_ups)]);
  rows.push(['wallet_adjustments', '', money(report.total.wallet_adjustments)]);
  return file('revenue', `${range.from}-${range.to}`, toCsv(header, rows));
}

export function liabilitiesCsv(report: LiabilitiesReport): CsvFile {
  const rows: [string, number | string][] = [
    ['unused_credits', report.unused_credits],
    ['unused_credits_value', money(report.unused_credits_value)],
    ['wallet_balances', money(report.wallet_balances)],
    ['points_outstanding', report.points_outstanding],
    ['expiring_30d_packages', report.expiring_30d.packages],
    ['expiring_30d_credits', report.expiring_30d.credits],
    ['expiring_30d_value', money(report.expiring_30d.value)],
  ];
  return file('liabilities', report.at.slice(0, 10), toCsv(['measure', 'value'], rows));
}
