// Members (admin/report.members): who joined, who is active, who lapsed (with a list to contact) and
// how each month's joiners kept coming, from the account's and the bookings' grouped counts.
import {
  ACTIVE_WINDOW_DAYS,
  LAPSED_LISTED,
  type LapsedMember,
  type MembersReport,
  previousRange,
  type ReportRange,
} from '@studio/contract/reports';
import type { DbOrTx } from '../../platform/db';
import { inTurn } from '../../platform/report-sql';
import { memberContacts, membersJoinedPer } from '../account';
import { cohortActivity, type LapsedRow, memberActivity } from '../reservations';
import { addDays, endOf, periodStarts, startOf } from './periods';

/** The windows of "active" (the ACTIVE_WINDOW_DAYS days that end with `to`) and the one before it. */
function windowsOf(to: string, tz: string) {
  return {
    start: startOf(addDays(to, 1 - 2 * ACTIVE_WINDOW_DAYS), tz),
    mid: startOf(addDays(to, 1 - ACTIVE_WINDOW_DAYS), tz),
    end: endOf(to, tz),
  };
}

async function countsOf(db: DbOrTx, range: ReportRange, tz: string, listed: number | undefined) {
  const [joined, activity] = await inTurn(
    () => membersJoinedPer(db, [startOf(range.from, tz)], endOf(range.to, tz)),
    () => memberActivity(db, { ...windowsOf(range.to, tz), listed }),
  );
  return { counts: { new: joined[0] ?? 0, active: activity.active, lapsed: activity.lapsed }, lapsed: activity.rows };
}

const monthOf = (date: string) => date.slice(0, 7);
function monthsBack(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** Lapsed members with their contacts, in the order given. */
async function withContacts(db: DbOrTx, rows: LapsedRow[]): Promise<LapsedMember[]> {
  const cards = await memberContacts(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => {
    const card = cards.get(r.userId);
    return {
      user_id: r.userId,
      nickname: card?.nickname ?? '',
      mobile: card?.mobile ?? null,
      email: card?.email ?? null,
      registered_at: (card?.registeredAt ?? new Date(0)).toISOString(),
      last_class_at: r.lastClassAt.toISOString(),
    };
  });
}

/** The members CSV's part: the range's counts and every lapsed member, the longest gone first. */
export async function membersExport(
  db: DbOrTx,
  range: ReportRange,
  tz: string,
): Promise<{ total: MembersReport['total']; lapsed: LapsedMember[] }> {
  const now = await countsOf(db, range, tz, undefined);
  return { total: now.counts, lapsed: await withContacts(db, now.lapsed) };
}

/** Retention by month of joining, over the range's last 12 months (a first month cut by `from` counts from it). */
async function retentionOf(db: DbOrTx, range: ReportRange, tz: string): Promise<MembersReport['retention']> {
  const twelveBack = `${monthsBack(monthOf(range.to), 11)}-01`;
  const first = range.from > twelveBack ? range.from : twelveBack;
  const months: string[] = [];
  for (let m = monthOf(first); m <= monthOf(range.to); m = nextMonth(m)) months.push(m);
  const starts = months.map((m, i) => (i === 0 ? first : `${m}-01`));
  const end = endOf(range.to, tz);
  const [joined, activity] = await inTurn(
    () =>
      membersJoinedPer(
        db,
        starts.map((d) => startOf(d, tz)),
        end,
      ),
    () => cohortActivity(db, { from: startOf(first, tz), end, tz }),
  );
  const active = new Map(activity.map((a) => [`${a.joined} ${a.month}`, a.members]));
  return months.map((month, i) => {
    const n = joined[i] ?? 0;
    return {
      month,
      joined: n,
      active: months.slice(i).map((later) => (n > 0 ? (active.get(`${month} ${later}`) ?? 0) / n : null)),
    };
  });
}

export async function membersReport(db: DbOrTx, range: ReportRange, tz: string): Promise<MembersReport> {
  const days = periodStarts(range, 'day');
  const [now, before, perDay, retention] = await inTurn(
    () => countsOf(db, range, tz, LAPSED_LISTED),
    () => countsOf(db, previousRange(range), tz, 0),
    () =>
      membersJoinedPer(
        db,
        days.map((d) => startOf(d, tz)),
        endOf(range.to, tz),
      ),
    () => retentionOf(db, range, tz),
  );
  const lapsed = await withContacts(db, now.lapsed);
  return {
    total: now.counts,
    previous: before.counts,
    new_series: days.map((period, i) => ({ period, count: perDay[i] ?? 0 })),
    lapsed,
    retention,
  };
}
