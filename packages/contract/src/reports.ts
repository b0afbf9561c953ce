import { z } from 'zod';
import { defineCall, noInput } from './protocol';
import { id, isoDate, isoDateTime } from './validators';

/*
 * The owner's reports (issue 26): what the studio took, what sold, which classes fill, who comes and
 * who stopped, and what the studio owes. Dates are the studio's local calendar dates, `to` inclusive.
 * Money is integer minor units, as everywhere.
 */

/** The longest range a report reads (two years and a day: a year beside the year before). */
export const REPORT_MAX_DAYS = 732;
/** How a revenue series is cut. A week starts on Monday; a month on its 1st. */
export const REPORT_INTERVALS = ['day', 'week', 'month'] as const;
export type ReportInterval = z.infer<typeof reportInterval>;
export const reportInterval = z.enum(REPORT_INTERVALS);
/** The range presets the back office offers (custom is any other range). */
export const REPORT_PRESETS = ['this_week', 'last_30_days', 'this_month', 'custom'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
/** A member is active with a booking in the last ACTIVE_WINDOW_DAYS days, lapsed without one after being active. */
export const ACTIVE_WINDOW_DAYS = 30;
/** How far ahead "what the studio owes" looks for packages running out. */
export const LIABILITY_EXPIRY_DAYS = 30;
/** How many days the dashboard's takings sparkline covers (today included). */
export const TAKINGS_SPARK_DAYS = 30;
/** How many lapsed members a report lists (the CSV holds them all). */
export const LAPSED_LISTED = 50;

/** What was sold: an order's lines are course packages or goods; freight is the delivery charged. */
export const SALE_KINDS = ['packages', 'goods', 'freight'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

/** A studio-local date range, both ends inclusive, at most REPORT_MAX_DAYS days. */
export const reportRange = {
  from: isoDate,
  to: isoDate,
};
function rangeInOrder<T extends { from: string; to: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.from > value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'dateRange' });
  else if (daysInRange(value.from, value.to) > REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'dateRange' });
}
const rangeInput = z.object(reportRange).strict().superRefine(rangeInOrder);
export type ReportRange = z.infer<typeof rangeInput>;

/** Days from `from` to `to`, both counted (YYYY-MM-DD). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The range of the same length that ends the day before `from` (what the report is compared with). */
export function previousRange(range: ReportRange): ReportRange {
  const days = daysInRange(range.from, range.to);
  const start = Date.parse(`${range.from}T00:00:00Z`);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(start - days * 86_400_000), to: day(start - 86_400_000) };
}

const int = z.number().int();
/** Money per payment method (PayType or desk method: cash, card_terminal), only the methods used. */
const byMethod = z.record(z.string(), int);
/** Money per SALE_KINDS. */
const byKind = z.object({ packages: int, goods: int, freight: int });
/** A share 0–1, or null when there is nothing to divide by. */
const share = z.number().min(0).max(1).nullable();

// ── Revenue ────────────────────────────────────────────────────────────────────────────────────────

/**
 * One period of sales: `taken` is what orders paid in it (any method, the wallet included),
 * `refunded` what was paid back in it, `net` = taken − refunded; by_method and by_kind split `net`.
 */
export const revenuePeriod = z.object({
  /** The period's first date (YYYY-MM-DD), clipped to the range's `from`. */
  period: isoDate,
  taken: int,
  refunded: int,
  net: int,
  /** Orders paid in the period. */
  orders: int,
  by_method: byMethod,
  by_kind: byKind,
});
export type RevenuePeriod = z.infer<typeof revenuePeriod>;

export const revenueTotals = z.object({
  taken: int,
  refunded: int,
  net: int,
  orders: int,
  /** taken ÷ orders, rounded (0 without orders). */
  average_order: int,
  by_method: byMethod,
  by_kind: byKind,
  /** Money members put into their wallets (card top-ups): money in, not sales. */
  top_ups: int,
  /** Staff wallet adjustments, signed (credits − debits): neither sales nor money in. */
  wallet_adjustments: int,
});
export type RevenueTotals = z.infer<typeof revenueTotals>;

export const revenueReport = z.object({
  series: z.array(revenuePeriod),
  total: revenueTotals,
  /** The same totals over the previous range of equal length. */
  previous: revenueTotals,
});
export type RevenueReport = z.infer<typeof revenueReport>;

// ── Sales ──────────────────────────────────────────────────────────────────────────────────────────

export const salesLine = z.object({
  /** Goods or course package id. */
  _id: id,
  kind: z.enum(['packages', 'goods']),
  name: z.string(),
  units: int,
  /** What its lines paid, after coupons and points, less what was refunded of them. */
  revenue: int,
});
export const skuLine = z.object({
  _id: id,
  goods_id: id,
  name: z.string(),
  /** The SKU's specification ("Red / M"), '' for a single SKU. */
  spec: z.string(),
  units: int,
  revenue: int,
});
export const couponLine = z.object({
  _id: id,
  name: z.string(),
  /** Paid orders that used it. */
  used: int,
  /** What it took off those orders. */
  cost: int,
});
export const salesTotals = z.object({
  units: int,
  revenue: int,
  coupons_used: int,
  coupons_cost: int,
  points_redeemed: int,
  /** What the redeemed points took off orders. */
  points_value: int,
});
export const salesReport = z.object({
  /** Best sellers first (by revenue). */
  items: z.array(salesLine),
  skus: z.array(skuLine),
  coupons: z.array(couponLine),
  total: salesTotals,
  previous: salesTotals,
});
export type SalesReport = z.infer<typeof salesReport>;

// ── Classes ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Classes that started in the range (cancelled classes left out): seats offered and booked (kept
 * bookings), fill = booked ÷ seats, check-ins, no-shows (a kept booking of a class that has ended
 * without a check-in), late cancellations (a booking cancelled after its cancel deadline, the studio's
 * cancel window before the start: by the member, or by staff for them; a class called off is not
 * one) and the waitlist's demand (entries made, whatever became of them).
 */
export const classStats = z.object({
  sessions: int,
  seats: int,
  booked: int,
  fill_rate: share,
  check_ins: int,
  no_shows: int,
  late_cancels: int,
  waitlisted: int,
});
export type ClassStats = z.infer<typeof classStats>;

export const classesReport = z.object({
  total: classStats,
  previous: classStats,
  by_course: z.array(classStats.extend({ _id: id, name: z.string() })),
  by_teacher: z.array(classStats.extend({ _id: id, name: z.string() })),
  /** Weekday (0 Monday … 6 Sunday) × start hour, studio time: only cells with classes. */
  heatmap: z.array(
    classStats.extend({ weekday: z.number().int().min(0).max(6), hour: z.number().int().min(0).max(23) }),
  ),
});
export type ClassesReport = z.infer<typeof classesReport>;

// ── Members ────────────────────────────────────────────────────────────────────────────────────────

export const memberCounts = z.object({
  /** Registered in the range. */
  new: int,
  /** With a booking of a class in the ACTIVE_WINDOW_DAYS days that end with `to`. */
  active: int,
  /** Active in the window before that one, and not in this one. */
  lapsed: int,
});
export const lapsedMember = z.object({
  user_id: id,
  nickname: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  registered_at: isoDateTime,
  /** Their last booked class's start. */
  last_class_at: isoDateTime,
});
export type LapsedMember = z.infer<typeof lapsedMember>;
export const retentionCohort = z.object({
  /** The month they joined, YYYY-MM. */
  month: z.string(),
  joined: int,
  /** Of those, the share with a booking in the month they joined (index 0) and each month after, up to `to`. */
  active: z.array(share),
});
export const membersReport = z.object({
  total: memberCounts,
  previous: memberCounts,
  /** New members per day of the range. */
  new_series: z.array(z.object({ period: isoDate, count: int })),
  /** Lapsed members, the longest gone first (LAPSED_LISTED at most; the CSV holds all). */
  lapsed: z.array(lapsedMember),
  /** Months that end within the range's last 12 months, oldest first. */
  retention: z.array(retentionCohort),
});
export type MembersReport = z.infer<typeof membersReport>;

// ── What the studio owes ───────────────────────────────────────────────────────────────────────────

export const liabilitiesReport = z.object({
  /** Class credits left on members' packages that have not ended. */
  unused_credits: int,
  /** Those credits at the price paid for them (a package's price ÷ its credits, per package). */
  unused_credits_value: int,
  /** Members' wallet balances, summed. */
  wallet_balances: int,
  /** Points members hold, summed. */
  points_outstanding: int,
  /** Packages with credits left that end within LIABILITY_EXPIRY_DAYS days. */
  expiring_30d: z.object({ packages: int, credits: int, value: int }),
  /** When it was read. */
  at: isoDateTime,
});
export type LiabilitiesReport = z.infer<typeof liabilitiesReport>;

// ── Dashboard takings ─────────────────────────────────────────────────────────────────────────────

/** The dashboard's takings: net sales today and since Monday, and the last TAKINGS_SPARK_DAYS days. */
export const takings = z.object({
  today: int,
  this_week: int,
  last_30_days: z.array(z.object({ period: isoDate, net: int })),
});
export type Takings = z.infer<typeof takings>;

// ── Calls ─────────────────────────────────────────────────────────────────────────────────────────

const csvFile = z.object({ filename: z.string(), csv: z.string() });
const view = { permission: 'reports.view' } as const;
const revenueInput = z
  .object({ ...reportRange, interval: reportInterval.default('day') })
  .strict()
  .superRefine(rangeInOrder);

export const adminReportCalls = {
  revenue: defineCall('admin/report.revenue', revenueInput, revenueReport, view),
  revenueCsv: defineCall('admin/report.revenue.csv', revenueInput, csvFile, view),
  sales: defineCall('admin/report.sales', rangeInput, salesReport, view),
  salesCsv: defineCall('admin/report.sales.csv', rangeInput, csvFile, view),
  classes: defineCall('admin/report.classes', rangeInput, classesReport, view),
  classesCsv: defineCall('admin/report.classes.csv', rangeInput, csvFile, view),
  members: defineCall('admin/report.members', rangeInput, membersReport, view),
  membersCsv: defineCall('admin/report.members.csv', rangeInput, csvFile, view),
  liabilities: defineCall('admin/report.liabilities', noInput, liabilitiesReport, view),
  liabilitiesCsv: defineCall('admin/report.liabilities.csv', noInput, csvFile, view),
} as const;
