import {
  daysInRange,
  previousRange,
  REPORT_INTERVALS,
  REPORT_MAX_DAYS,
  REPORT_PRESETS,
  type ReportInterval,
  type ReportPreset,
  type ReportRange,
} from '@studio/contract/reports';

/** The report the page opens without one in the URL, and the range it reads. */
export const DEFAULT_PRESET = 'last_30_days' satisfies ReportPreset;
export const DEFAULT_INTERVAL: ReportInterval = 'day';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * A preset's dates, up to and including `today` (the studio's local date): this week from its
 * Monday, the last 30 days, this month from its 1st. Each is compared with the same number of days
 * just before it (the contract's previousRange).
 */
export function presetRange(preset: Exclude<ReportPreset, 'custom'>, today: string): ReportRange {
  const now = msOf(today);
  if (preset === 'this_week') {
    const weekday = (new Date(now).getUTCDay() + 6) % 7; // 0 Monday … 6 Sunday
    return { from: dayOf(now - weekday * DAY_MS), to: today };
  }
  if (preset === 'this_month') return { from: `${today.slice(0, 8)}01`, to: today };
  return { from: dayOf(now - 29 * DAY_MS), to: today };
}

/** What the report page's URL holds: the preset (or custom with its dates) and the revenue interval. */
export interface ReportQuery {
  preset: ReportPreset;
  range: ReportRange;
  previous: ReportRange;
  interval: ReportInterval;
}

/**
 * Reads `?range=<preset>` or `?range=custom&from=…&to=…`, and `interval`, from the URL. A custom
 * range out of order, too long or not dates falls back to the default preset.
 */
export function readReportQuery(params: URLSearchParams, today: string): ReportQuery {
  const asked = params.get('range');
  const intervalParam = params.get('interval');
  const interval = (REPORT_INTERVALS as readonly string[]).includes(intervalParam ?? '')
    ? (intervalParam as ReportInterval)
    : DEFAULT_INTERVAL;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  let preset: ReportPreset = (REPORT_PRESETS as readonly string[]).includes(asked ?? '')
    ? (asked as ReportPreset)
    : DEFAULT_PRESET;
  let range: ReportRange;
  if (preset !== 'custom') range = presetRange(preset, today);
  else {
    const valid =
      ISO_DATE.test(from) &&
      ISO_DATE.test(to) &&
      from <= to &&
      daysInRange(from, to) <= REPORT_MAX_DAYS &&
      !Number.isNaN(msOf(from)) &&
      !Number.isNaN(msOf(to));
    if (valid) range = { from, to };
    else {
      preset = DEFAULT_PRESET;
      range = presetRange(DEFAULT_PRESET, today);
    }
  }
  return { preset, range, previous: previousRange(range), interval };
}

/** The change from `previous` to `current` as a share (0.25 = +25 %); null when there was nothing before. */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}
