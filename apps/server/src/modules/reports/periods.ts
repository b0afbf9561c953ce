// Studio-local dates and the periods a report is cut into (issue 26). A date is YYYY-MM-DD in the
// studio's calendar; its instants come from the studio's timezone (schedule.resolveRange), so a day
// is 23 or 25 hours long across a clock change and a period still starts at local midnight.
import type { ReportInterval, ReportRange } from '@studio/contract/reports';
import { resolveRange } from '../schedule';

const DAY_MS = 86_400_000;
const dateMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
export const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => dateOf(dateMs(date) + days * DAY_MS);
/** 0 Monday … 6 Sunday. */
export const weekdayOf = (date: string) => (new Date(dateMs(date)).getUTCDay() + 6) % 7;
/** The Monday of the week holding `date`. */
export const mondayOf = (date: string) => addDays(date, -weekdayOf(date));

/** The first date of each period of the range: `from`, then every day, Monday or 1st after it. */
export function periodStarts(range: ReportRange, interval: ReportInterval): string[] {
  const starts = [range.from];
  for (let d = addDays(range.from, 1); d <= range.to; d = addDays(d, 1)) {
    if (
      interval === 'day' ||
      (interval === 'week' && weekdayOf(d) === 0) ||
      (interval === 'month' && d.endsWith('-01'))
    )
      starts.push(d);
  }
  return starts;
}

/** The instant a studio-local date begins. */
export const startOf = (date: string, tz: string): Date => resolveRange(date, date, tz).from;
/** The instant after a studio-local date ends (the next local midnight). */
export const endOf = (date: string, tz: string): Date => resolveRange(date, date, tz).to;

/** The instants [from, to) a range covers in the studio's timezone. */
export function instantsOf(range: ReportRange, tz: string): { from: Date; to: Date } {
  return { from: startOf(range.from, tz), to: endOf(range.to, tz) };
}
