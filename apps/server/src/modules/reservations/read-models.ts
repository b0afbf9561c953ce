import type { ReservationStatus, SessionStatus, WaitlistStatus } from '@studio/contract/flow';
import type { Locale } from '@studio/contract/locale';
import {
  bookingOpensAt,
  cancelDeadline,
  effectiveReservationStatus,
  effectiveWaitlistStatus,
  type ReservationRecord,
  type Roster,
  type WaitlistEntryRecord,
} from '@studio/contract/reservations';
import { MAX_SCHEDULE_DAYS, type SessionRecord } from '@studio/contract/schedule';
import { and } from 'drizzle-orm';
import { batchedLookup } from '../../platform/batch';
import { DAY } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { offsetOf, pageOf } from '../../platform/paging';
import { getMerchant, type MerchantRow } from '../merchant';
import * as schedule from '../schedule';
import * as repo from './repo';
import * as waitlistRepo from './waitlist-repo';

/**
 * The booking read models: session records with seats, waitlist counts and the viewer's status,
 * reservation and waitlist records, the schedule, lists, the session page and the roster. Plain
 * reads, no transaction.
 */

const SUGGESTION_LIMIT = 5;

const UPCOMING_LIMIT = 50;

/**
 * The session records' mapper for a caller's locale (course, teacher and room names in it); the
 * reads below take the locale last, and without one answer the studio's default language.
 */
export const toSessionRecord =
  (locale?: Locale) =>
  (row: repo.SessionViewRow): SessionRecord =>
    schedule.toSessionRecord(row, { waitlistCount: row.waitlistCount, myStatus: row.myStatus, locale });

/** Session records (seats, waitlist count, the viewer's status) for the given ids, in one statement. */
export async function sessionRecordsById(
  db: DbOrTx,
  ids: string[],
  viewerId: string | null,
  now: Date,
  locale?: Locale,
): Promise<Map<string, SessionRecord>> {
  const rows = await repo.sessionViewsById(db, ids, viewerId, now);
  return new Map(rows.map((r) => [r.id, toSessionRecord(locale)(r)]));
}

export async function getSessionRecord(
  db: DbOrTx,
  id: string,
  viewerId: string | null,
  now: Date,
  locale?: Locale,
): Promise<SessionRecord> {
  return (await sessionRecordsById(db, [id], viewerId, now, locale)).get(id) ?? fail('SESSION_NOT_FOUND');
}

export function toReservationRecord(row: repo.ReservationRow, session: SessionRecord, now: Date): ReservationRecord {
  return {
    _id: row.id,
    session_id: row.sessionId,
    package_id: row.packageId,
    status: effectiveReservationStatus(row.status, session.ends_at, now),
    code: row.code,
    checked_in_at: row.checkedInAt?.toISOString() ?? null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    session,
  };
}

export function toEntryRecord(
  row: waitlistRepo.WaitlistViewRow,
  session: SessionRecord,
  now: Date,
): WaitlistEntryRecord {
  const status = effectiveWaitlistStatus(row.status, row.startsAt, now);
  return {
    _id: row.id,
    session_id: row.sessionId,
    position: status === 'waiting' ? row.position : null,
    status,
    reservation_id: row.reservationId,
    created_at: row.createdAt.toISOString(),
    session,
  };
}

export async function reservationRecords(
  db: DbOrTx,
  rows: repo.ReservationRow[],
  viewerId: string | null,
  now: Date,
  locale?: Locale,
): Promise<ReservationRecord[]> {
  const sessions = await sessionRecordsById(db, [...new Set(rows.map((r) => r.sessionId))], viewerId, now, locale);
  return rows.map((r) => toReservationRecord(r, sessions.get(r.sessionId)!, now));
}

export async function reservationRecord(
  db: DbOrTx,
  row: repo.ReservationRow,
  viewerId: string | null,
  now: Date,
  locale?: Locale,
) {
  return (await reservationRecords(db, [row], viewerId, now, locale))[0]!;
}

export async function entryRecord(db: DbOrTx, entryId: string, viewerId: string | null, now: Date, locale?: Locale) {
  const [row] = await waitlistRepo.waitlistViews(db, waitlistRepo.entryIs(entryId));
  const session = await getSessionRecord(db, row!.sessionId, viewerId, now, locale);
  return toEntryRecord(row!, session, now);
}

/** Other upcoming, bookable sessions of the same course with a free seat (COURSE_FULL's offer), in one statement. */
export async function suggestSessions(
  db: DbOrTx,
  sessionId: string,
  merchant: MerchantRow,
  viewerId: string,
  now: Date,
  locale?: Locale,
): Promise<SessionRecord[]> {
  const rows = await suggestionRows(db, { sessionId, merchant, viewerId, now });
  return rows!.map(toSessionRecord(locale));
}

interface SuggestionQuery {
  sessionId: string;
  merchant: MerchantRow;
  viewerId: string;
  now: Date;
}

/**
 * The offer to the many members a full class refuses at once (a rush): per session, the first
 * SUGGESTION_LIMIT bookable sessions of its course, read once for everyone of the round, less those
 * each member is already in or waiting for (one statement for all of them).
 */
const suggestionRows = batchedLookup(async (db, queries: readonly SuggestionQuery[]) => {
  const now = new Date(Math.max(...queries.map((q) => q.now.getTime())));
  const { merchant } = queries[0]!;
  const candidates = new Map<string, repo.SessionViewRow[]>();
  for (const sessionId of new Set(queries.map((q) => q.sessionId))) {
    const rows = await repo.sessionViews(db, {
      where: and(
        schedule.sessionWhere({ status: 'scheduled' }),
        schedule.sameCourseAs(sessionId),
        schedule.notSession(sessionId),
        schedule.startsAfter(now),
        schedule.startsNoLaterThan(new Date(now.getTime() + merchant.bookingWindowDays * DAY)),
        schedule.hasFreeSeat,
      ),
      viewerId: null,
      now,
      limit: SUGGESTION_LIMIT,
    });
    candidates.set(sessionId, rows);
  }
  const places = await repo.viewerPlaces(
    db,
    [...new Set([...candidates.values()].flat().map((row) => row.id))],
    [...new Set(queries.map((q) => q.viewerId))],
  );
  return queries.map((q) => candidates.get(q.sessionId)!.filter((row) => !places.has(`${q.viewerId} ${row.id}`)));
});

/** The schedule between two dates (YYYY-MM-DD in the studio timezone, date_to inclusive, or instants). */
export async function getSchedule(
  db: Db,
  input: { date_from: string; date_to: string; course_id?: string; teacher_id?: string; room_id?: string },
  viewerId: string | null,
  now: Date,
  locale?: Locale,
): Promise<SessionRecord[]> {
  const tz = (await getMerchant(db)).timezone;
  const { from, to } = schedule.resolveRange(input.date_from, input.date_to, tz);
  if (to.getTime() <= from.getTime()) fail('TIME_RANGE_INVALID');
  if (to.getTime() - from.getTime() > MAX_SCHEDULE_DAYS * DAY)
    fail('SCHEDULE_RANGE_TOO_LONG', { days: MAX_SCHEDULE_DAYS });
  const filter = { from, to, courseId: input.course_id, teacherId: input.teacher_id, roomId: input.room_id };
  const rows = await repo.scheduleViews(db, filter, viewerId, now);
  return rows.map(toSessionRecord(locale));
}

/** Scheduled sessions from now on (a teacher's or a room's page). */
export async function upcomingSessions(
  db: DbOrTx,
  filter: { teacherId?: string; roomId?: string; courseId?: string },
  viewerId: string | null,
  now: Date,
  locale?: Locale,
): Promise<SessionRecord[]> {
  const rows = await repo.sessionViews(db, {
    where: and(schedule.sessionWhere({ ...filter, status: 'scheduled' }), schedule.startsAfter(now)),
    viewerId,
    now,
    limit: UPCOMING_LIMIT,
  });
  return rows.map(toSessionRecord(locale));
}

export async function listSessions(
  db: DbOrTx,
  input: {
    pageIndex: number;
    pageSize: number;
    date_from?: string;
    date_to?: string;
    status?: SessionStatus;
    course_id?: string;
    teacher_id?: string;
    room_id?: string;
  },
  now: Date,
  locale?: Locale,
) {
  const tz = (await getMerchant(db)).timezone;
  const from = input.date_from ? schedule.resolveRange(input.date_from, input.date_from, tz).from : undefined;
  const to = input.date_to ? schedule.resolveRange(input.date_to, input.date_to, tz).to : undefined;
  const where = schedule.sessionWhere({
    from,
    to,
    status: input.status,
    courseId: input.course_id,
    teacherId: input.teacher_id,
    roomId: input.room_id,
  });
  const rows = await repo.sessionViews(db, {
    where,
    viewerId: null,
    now,
    limit: input.pageSize,
    offset: offsetOf(input),
  });
  return pageOf(rows.map(toSessionRecord(locale)), await schedule.countSessions(db, where), input);
}

/** The most sessions the week calendar answers at once (a busy studio's six weeks). */
const CALENDAR_LIMIT = 2000;

/**
 * Every session from one date to another in the studio's timezone (at most MAX_SCHEDULE_DAYS),
 * cancelled ones too, earliest first: the back office's calendar.
 */
export async function calendarSessions(
  db: DbOrTx,
  input: { from: string; to: string; course_id?: string; teacher_id?: string; room_id?: string },
  now: Date,
  locale?: Locale,
): Promise<{ rows: SessionRecord[] }> {
  const tz = (await getMerchant(db)).timezone;
  const { from, to } = schedule.resolveRange(input.from, input.to, tz);
  if (to.getTime() - from.getTime() > MAX_SCHEDULE_DAYS * DAY)
    fail('SCHEDULE_RANGE_TOO_LONG', { days: MAX_SCHEDULE_DAYS });
  const where = schedule.sessionWhere({
    from,
    to,
    courseId: input.course_id,
    teacherId: input.teacher_id,
    roomId: input.room_id,
  });
  const rows = await repo.sessionViews(db, { where, viewerId: null, now, limit: CALENDAR_LIMIT, offset: 0 });
  return { rows: rows.map(toSessionRecord(locale)) };
}

export async function getSessionDetail(db: Db, sessionId: string, viewerId: string | null, now: Date, locale?: Locale) {
  const session = await getSessionRecord(db, sessionId, viewerId, now, locale);
  const merchant = await getMerchant(db);
  const [course, teacher, room] = await Promise.all([
    schedule.getCourseOrFail(db, session.course_id),
    schedule.getTeacherOrFail(db, session.teacher_id),
    schedule.getRoomOrFail(db, session.room_id),
  ]);
  const reservationRow = viewerId ? await repo.findActiveReservation(db, sessionId, viewerId) : undefined;
  const entryRow = viewerId ? await waitlistRepo.findWaitingEntry(db, sessionId, viewerId) : undefined;
  const reservation = reservationRow ? toReservationRecord(reservationRow, session, now) : null;
  const entry = entryRow ? await entryRecord(db, entryRow.id, viewerId, now, locale) : null;
  const waitlistEntry = entry?.status === 'waiting' ? entry : null;
  const start = new Date(session.starts_at).getTime();
  const opensAt = bookingOpensAt(session.starts_at, merchant.bookingWindowDays);
  const deadline = cancelDeadline(session.starts_at, merchant.cancelWindowHours);
  const open = session.status === 'scheduled' && now.getTime() < start;
  return {
    session,
    course: schedule.toCourseRecord(course, locale),
    teacher: schedule.toTeacherRecord(teacher, locale),
    room: schedule.toRoomRecord(room, locale),
    reservation: reservation && withoutSession(reservation),
    waitlist_entry: waitlistEntry && withoutSession(waitlistEntry),
    booking_opens_at: opensAt.toISOString(),
    cancel_deadline: deadline.toISOString(),
    can_book: open && !reservation && session.seats_left > 0 && now.getTime() >= opensAt.getTime(),
    can_cancel:
      reservation?.status === 'registered' && !reservation.checked_in_at && open && now.getTime() <= deadline.getTime(),
    can_join_waitlist: open && !reservation && !waitlistEntry && session.seats_left === 0,
  };
}

function withoutSession<T extends { session: SessionRecord }>(record: T): Omit<T, 'session'> {
  const { session: _session, ...rest } = record;
  return rest;
}

export async function getMyReservations(
  db: DbOrTx,
  userId: string,
  input: { pageIndex: number; pageSize: number; status?: ReservationStatus },
  now: Date,
  locale?: Locale,
) {
  const { rows, total } = await repo.reservationsOfUser(db, userId, { status: input.status, now }, input);
  return pageOf(await reservationRecords(db, rows, userId, now, locale), total, input);
}

export async function getMyWaitlist(
  db: DbOrTx,
  userId: string,
  input: { pageIndex: number; pageSize: number; status?: WaitlistStatus },
  now: Date,
  locale?: Locale,
) {
  const { rows, total } = await waitlistRepo.entriesOfUser(db, userId, { status: input.status, now }, input);
  const sessions = await sessionRecordsById(db, [...new Set(rows.map((r) => r.sessionId))], userId, now, locale);
  return pageOf(
    rows.map((r) => toEntryRecord(r, sessions.get(r.sessionId)!, now)),
    total,
    input,
  );
}

/** Who is booked and who is waiting for a session (staff, and the teacher workbench). */
export async function getRoster(db: DbOrTx, sessionId: string, now: Date, locale?: Locale): Promise<Roster> {
  const session = await getSessionRecord(db, sessionId, null, now, locale);
  const [booked, waiting] = await Promise.all([
    repo.rosterReservations(db, sessionId),
    repo.rosterWaitlist(db, sessionId),
  ]);
  const member = (r: { memberId: string; nickname: string; username: string | null; avatar: string | null }) => ({
    _id: r.memberId,
    nickname: r.nickname || r.username || '',
    avatar: r.avatar,
  });
  const started = now.getTime() >= new Date(session.starts_at).getTime();
  return {
    session,
    rows: booked.map((r) => ({
      _id: r.reservation.id,
      status: effectiveReservationStatus(r.reservation.status, session.ends_at, now),
      checked_in_at: r.reservation.checkedInAt?.toISOString() ?? null,
      created_at: r.reservation.createdAt.toISOString(),
      member: member(r),
      drop_in:
        r.reservation.dropInAmount !== null && r.reservation.dropInMethod !== null
          ? { amount: r.reservation.dropInAmount, method: r.reservation.dropInMethod }
          : null,
    })),
    waitlist: started
      ? []
      : waiting.map((w, i) => ({
          _id: w.entry.id,
          position: i + 1,
          created_at: w.entry.createdAt.toISOString(),
          member: member(w),
        })),
  };
}

/** The reservation a check-in QR names (codes are stored as issued: upper-case). */
export function findReservationByCode(db: DbOrTx, code: string): Promise<repo.ReservationRow | undefined> {
  return repo.findReservationByCode(db, code.trim().toUpperCase());
}

export const findReservation = repo.findReservation;

export const checkedInCounts = repo.checkedInCounts;

export { countStudents, studentsPage } from './students';
