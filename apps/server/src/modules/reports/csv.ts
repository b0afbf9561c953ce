// The reports' CSV forms (issue 26): the same numbers as the JSON, money in major units (12.50), a
// total row whose figures are the JSON's totals. Headers are snake_case, as the other exports'.
import type {
  ClassesReport,
  ClassStats,
  LapsedMember,
  LiabilitiesReport,
  MembersReport,
  RevenueReport,
  SalesReport,
} from '@studio/contract/reports';
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

const share = (value: number | null) => (value === null ? '' : value.toFixed(4));

export function salesCsv(report: SalesReport, range: { from: string; to: string }): CsvFile {
  const rows: unknown[][] = [
    ...report.items.map((i) => [i.kind, i._id, i.name, '', i.units, money(i.revenue)]),
    ...report.skus.map((s) => ['sku', s._id, s.name, s.spec, s.units, money(s.revenue)]),
    ...report.coupons.map((c) => ['coupon', c._id, c.name, '', c.used, money(c.cost)]),
    ['total', '', '', '', report.total.units, money(report.total.revenue)],
    ['coupons_total', '', '', '', report.total.coupons_used, money(report.total.coupons_cost)],
    ['points_redeemed', '', '', '', report.total.points_redeemed, money(report.total.points_value)],
  ];
  return file('sales', `${range.from}-${range.to}`, toCsv(['line', 'id', 'name', 'spec', 'units', 'amount'], rows));
}

export function classesCsv(report: ClassesReport, range: { from: string; to: string }): CsvFile {
  const figures = (s: ClassStats) => [
    s.sessions,
    s.seats,
    s.booked,
    share(s.fill_rate),
    s.check_ins,
    s.no_shows,
    s.late_cancels,
    s.waitlisted,
  ];
  const rows: unknown[][] = [
    ...report.by_course.map((c) => ['course', c._id, c.name, ...figures(c)]),
    ...report.by_teacher.map((c) => ['teacher', c._id, c.name, ...figures(c)]),
    ...report.heatmap.map((c) => [
      'weekday_hour',
      `${c.weekday}-${String(c.hour).padStart(2, '0')}`,
      '',
      ...figures(c),
    ]),
    ['total', '', '', ...figures(report.total)],
  ];
  const header = ['group', 'id', 'name', 'sessions', 'seats', 'booked', 'fill_rate', 'check_ins', 'no_shows'];
  return file('classes', `${range.from}-${range.to}`, toCsv([...header, 'late_cancels', 'waitlisted'], rows));
}

/** The members report's counts, then every lapsed member (not only the listed ones) with their contacts. */
export function membersCsv(
  report: Pick<MembersReport, 'total'>,
  lapsed: LapsedMember[],
  range: { from: string; to: string },
): CsvFile {
  const rows: unknown[][] = [
    ['new', '', '', '', '', '', '', report.total.new],
    ['active', '', '', '', '', '', '', report.total.active],
    ['lapsed', '', '', '', '', '', '', report.total.lapsed],
    ...lapsed.map((m) => [
      'lapsed_member',
      m.user_id,
      m.nickname,
      m.mobile,
      m.email,
      m.registered_at,
      m.last_class_at,
      '',
    ]),
  ];
  return file(
    'members',
    `${range.from}-${range.to}`,
    toCsv(['row', 'user_id', 'nickname', 'mobile', 'email', 'registered_at', 'last_class_at', 'count'], rows),
  );
}
