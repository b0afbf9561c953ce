// The owner's reports' numbers that bookings own (issue 26): how classes filled and who came, and
// which members are active, lapsed or kept. Grouped, read-only statements over the schedule's and the
// account's row sources; a kept booking is one not cancelled.
import { sql } from 'drizzle-orm';
import { type DbOrTx, instant } from '../../platform/db';
import { num, rowsOf } from '../../platform/report-sql';
import { membersJoinedIn } from '../account';
import { classesStartingIn } from '../schedule';
import { reservations, waitlistEntries } from './schema';

/** How long a range counts each class's bookings by index rather than in one pass over them all. */
const BY_INDEX_MS = 62 * 86_400_000;

/** The counts of classes of one course and teacher starting at one weekday and hour (studio time). */
export interface ClassCell {
  courseId: string;
  teacherId: string;
  /** 0 Monday … 6 Sunday. */
  weekday: number;
  hour: number;
  sessions: number;
  seats: number;
  booked: number;
  checkIns: number;
  noShows: number;
  lateCancels: number;
  waitlisted: number;
}

/**
 * The classes that start in [from, to), not called off, grouped by course, teacher, weekday and hour
 * in `tz`: seats, kept bookings, check-ins, no-shows (a kept booking of a class ended by `now` with
 * no check-in), late cancellations (by the member, or by staff for them, less than
 * `cancelWindowHours` before the start) and waitlist entries. A class's kept bookings are its
 * booked_count (kept with them in one transaction), of which those not checked in are read from
 * reservations_unattended_idx and the cancelled from reservations_cancelled_idx: a year of classes
 * reads those few rather than every booking (1,000,000 at real size).
 */
export async function classCells(
  db: DbOrTx,
  p: { from: Date; to: Date; now: Date; tz: string; cancelWindowHours: number },
): Promise<ClassCell[]> {
  // `s` being the class: its kept bookings not checked in, and its late cancellations.
  const unattended = sql`r.status <> 'cancelled' and r.checked_in_at is null`;
  const late = sql`r.status = 'cancelled' and r.cancelled_by in ('member', 'staff')
    and r.cancelled_at > s.starts_at - make_interval(hours => ${p.cancelWindowHours}::int)`;
  const classes = classesStartingIn(p.from, p.to);
  // Up to BY_INDEX_MS each class counts its own rows by index; over a longer range one pass over
  // each partial index, grouped by class, is cheaper.
  const perClass =
    p.to.getTime() - p.from.getTime() <= BY_INDEX_MS
      ? sql`cross join lateral (select count(*) as unattended from ${reservations} r where r.session_id = s.id and ${unattended}) u
        cross join lateral (select count(*) as late_cancels from ${reservations} r where r.session_id = s.id and ${late}) c
        cross join lateral (select count(*) as waitlisted from ${waitlistEntries} w where w.session_id = s.id) w`
      : sql`left join (
          select r.session_id, count(*) as unattended from ${reservations} r join ${classes} s on s.id = r.session_id
          where ${unattended} group by r.session_id
        ) u on u.session_id = s.id
        left join (
          select r.session_id, count(*) as late_cancels from ${reservations} r join ${classes} s on s.id = r.session_id
          where ${late} group by r.session_id
        ) c on c.session_id = s.id
        left join (
          select w.session_id, count(*) as waitlisted from ${waitlistEntries} w join ${classes} s on s.id = w.session_id
          group by w.session_id
        ) w on w.session_id = s.id`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select s.course_id, s.teacher_id,
        (extract(isodow from s.starts_at at time zone ${p.tz}) - 1)::int as weekday,
        extract(hour from s.starts_at at time zone ${p.tz})::int as hour,
        count(*)::int as sessions, sum(s.capacity)::float8 as seats, sum(s.booked_count)::float8 as booked,
        sum(s.booked_count - coalesce(u.unattended, 0))::float8 as check_ins,
        coalesce(sum(u.unattended) filter (where s.ends_at <= ${instant(p.now)}), 0)::float8 as no_shows,
        coalesce(sum(c.late_cancels), 0)::float8 as late_cancels, coalesce(sum(w.waitlisted), 0)::float8 as waitlisted
      from ${classes} s
      ${perClass}
      group by 1, 2, 3, 4`,
  );
  return rows.map((r) => ({
    courseId: String(r.course_id),
    teacherId: String(r.teacher_id),
    weekday: num(r.weekday),
    hour: num(r.hour),
    sessions: num(r.sessions),
    seats: num(r.seats),
    booked: num(r.booked),
    checkIns: num(r.check_ins),
    noShows: num(r.no_shows),
    lateCancels: num(r.late_cancels),
    waitlisted: num(r.waitlisted),
  }));
}

/** A member active before `mid` and not since, with their last booked class's start. */
export interface LapsedRow {
  userId: string;
  lastClassAt: Date;
}

/**
 * Members with a kept booking of a class starting in [mid, end) (active), and those with one in
 * [start, mid) but none in [mid, end) (lapsed), the longest gone first; `listed` caps the list.
 */
export async function memberActivity(
  db: DbOrTx,
  p: { start: Date; mid: Date; end: Date; listed?: number },
): Promise<{ active: number; lapsed: number; rows: LapsedRow[] }> {
  // Each class of the two windows lists its kept bookings (reservations_session_idx): the planner
  // would rather hash every booking there is.
  const perMember = sql`select r.user_id, max(s.starts_at) as last_at,
        bool_or(s.starts_at >= ${instant(p.mid)}) as now_active
      from ${classesStartingIn(p.start, p.end)} s
      cross join lateral (
        select r.user_id from ${reservations} r where r.session_id = s.id and r.status <> 'cancelled' offset 0
      ) r
      group by r.user_id`;
  // One pass: the counts over every member, then the lapsed, the longest gone first (with one row
  // beside them that carries the counts when none lapsed).
  const rows = await rowsOf<{
    user_id: string;
    last_at: string | Date;
    now_active: boolean;
    active: unknown;
    lapsed: unknown;
  }>(
    db,
    sql`select user_id, last_at, now_active, active, lapsed from (
        select user_id, last_at, now_active, row_number() over () as n,
          count(*) filter (where now_active) over () as active, count(*) filter (where not now_active) over () as lapsed
        from (${perMember}) m
      ) x
      where not now_active or n = 1
      order by now_active, last_at, user_id
      ${p.listed === undefined ? sql`` : sql`limit ${p.listed + 1}`}`,
  );
  const counts = rows[0];
  return {
    active: num(counts?.active),
    lapsed: num(counts?.lapsed),
    rows: rows
      .filter((r) => !r.now_active)
      .slice(0, p.listed)
      .map((r) => ({ userId: r.user_id, lastClassAt: new Date(r.last_at) })),
  };
}

/**
 * Retention: of the members who joined in [from, end), how many had a kept booking of a class in each
 * month (studio time), by the month they joined. Rows: joined month, active month (both YYYY-MM), members.
 */
export async function cohortActivity(
  db: DbOrTx,
  p: { from: Date; end: Date; tz: string },
): Promise<{ joined: string; month: string; members: number }[]> {
  // Each joiner's kept bookings from reservations_member_kept_idx (index only), matched to the range's
  // classes (the planner would rather read every booking there is); months are named once per member
  // and per class, and each member counted once per pair of months by hash.
  const rows = await rowsOf<{ joined: string; month: string; members: unknown }>(
    db,
    sql`with u as materialized (
        select id, to_char(created_at at time zone ${p.tz}, 'YYYY-MM') as joined from ${membersJoinedIn(p.from, p.end)} u
      ),
      s as materialized (
        select id, to_char(starts_at at time zone ${p.tz}, 'YYYY-MM') as month from ${classesStartingIn(p.from, p.end)} s
      )
      select joined, month, count(*)::int as members from (
        select distinct u.id, u.joined, s.month
        from u
        cross join lateral (
          select r.session_id from ${reservations} r where r.user_id = u.id and r.status <> 'cancelled' offset 0
        ) r
        join s on s.id = r.session_id
      ) m
      group by 1, 2`,
  );
  return rows.map((r) => ({ joined: r.joined, month: r.month, members: num(r.members) }));
}
