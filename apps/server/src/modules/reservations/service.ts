import {
  bookingOpensAt,
  CLASS_EVENTS,
  cancelDeadline,
  effectiveReservationStatus,
  effectiveWaitlistStatus,
  MAX_SCHEDULE_DAYS,
  RESERVATION_FLOW,
  type ReservationRecord,
  type ReservationStatus,
  type Roster,
  SESSION_FLOW,
  type SessionRecord,
  type SessionStatus,
  transition,
  WAITLIST_FLOW,
  type WaitlistEntryRecord,
  type WaitlistStatus,
} from '@studio/contract/course';
import { and } from 'drizzle-orm';
import { DAY } from '../../platform/clock';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { AppError, fail } from '../../platform/errors';
import { newId, randomCode } from '../../platform/ids';
import { offsetOf, pageOf } from '../../platform/paging';
import type { CallContext } from '../../platform/protocol';
import type { Sweep } from '../../platform/sweeper';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { getMerchant, type MerchantRow } from '../merchant/service';
import { type NewNotice, sendNotices } from '../notifications/service';
import * as packages from '../packages/service';
import * as scheduleRepo from '../schedule/repo';
import * as schedule from '../schedule/service';
import * as repo from './repo';

export type { ReservationRow, WaitlistRow } from './repo';

/** Length of a reservation's check-in code (its QR): 10 characters of a 32-letter alphabet, 50 bits. */
export const CHECK_IN_CODE_LENGTH = 10;
const SUGGESTION_LIMIT = 5;
const UPCOMING_LIMIT = 50;

// Records ----------------------------------------------------------------------------------------

function toSessionRecord(row: repo.SessionViewRow): SessionRecord {
  return schedule.toSessionRecord(row, { waitlistCount: row.waitlistCount, myStatus: row.myStatus });
}

/** Session records (seats, waitlist count, the viewer's status) for the given ids, in one statement. */
export async function sessionRecordsById(
  db: DbOrTx,
  ids: string[],
  viewerId: string | null,
  now: Date,
): Promise<Map<string, SessionRecord>> {
  const rows = await repo.sessionViews(db, { where: scheduleRepo.sessionWhere({ ids }), viewerId, now });
  return new Map(rows.map((r) => [r.id, toSessionRecord(r)]));
}

export async function getSessionRecord(
  db: DbOrTx,
  id: string,
  viewerId: string | null,
  now: Date,
): Promise<SessionRecord> {
  return (await sessionRecordsById(db, [id], viewerId, now)).get(id) ?? fail('SESSION_NOT_FOUND');
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

function toEntryRecord(row: repo.WaitlistViewRow, session: SessionRecord, now: Date): WaitlistEntryRecord {
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

async function reservationRecords(
  db: DbOrTx,
  rows: repo.ReservationRow[],
  viewerId: string | null,
  now: Date,
): Promise<ReservationRecord[]> {
  const sessions = await sessionRecordsById(db, [...new Set(rows.map((r) => r.sessionId))], viewerId, now);
  return rows.map((r) => toReservationRecord(r, sessions.get(r.sessionId)!, now));
}

async function reservationRecord(db: DbOrTx, row: repo.ReservationRow, viewerId: string | null, now: Date) {
  return (await reservationRecords(db, [row], viewerId, now))[0]!;
}

async function entryRecord(db: DbOrTx, entryId: string, viewerId: string | null, now: Date) {
  const [row] = await repo.waitlistViews(db, repo.entryIs(entryId));
  const session = await getSessionRecord(db, row!.sessionId, viewerId, now);
  return toEntryRecord(row!, session, now);
}

// Seats: the core, all inside the caller's transaction -------------------------------------------

function noticeData(session: scheduleRepo.SessionRow, course: scheduleRepo.CourseRow, extra: Record<string, unknown>) {
  return { session_id: session.id, course_name: course.name, starts_at: session.startsAt.toISOString(), ...extra };
}

async function insertSeat(
  tx: Tx,
  values: { sessionId: string; userId: string; packageId: string; fromWaitlist: boolean; now: Date },
): Promise<repo.ReservationRow> {
  for (;;) {
    const row = await repo.insertReservation(tx, {
      id: newId(),
      sessionId: values.sessionId,
      userId: values.userId,
      packageId: values.packageId,
      status: 'registered',
      code: randomCode(CHECK_IN_CODE_LENGTH),
      fromWaitlist: values.fromWaitlist,
      createdAt: values.now,
      updatedAt: values.now,
    });
    if (row) return row;
    // The partial unique index (one active reservation per member per session) is the backstop of
    // the check made under the session lock; otherwise the random code collided: draw another.
    if (await repo.findActiveReservation(tx, values.sessionId, values.userId)) fail('ALREADY_BOOKED');
  }
}

export interface BookSeatInput {
  sessionId: string;
  userId: string;
  /** The package the member chose; otherwise the payable one that expires first. */
  packageId?: string;
  now: Date;
}

/** Refuses a booking the session's state rules out: cancelled, started, not open yet, or full. */
function assertBookable(session: scheduleRepo.SessionRow, merchant: MerchantRow, now: Date, alreadyBooked: boolean) {
  if (session.status === 'cancelled') fail('SESSION_CANCELLED');
  if (now.getTime() >= session.startsAt.getTime()) fail('BOOKING_CLOSED');
  if (now.getTime() < bookingOpensAt(session.startsAt, merchant.bookingWindowDays).getTime()) {
    fail('BOOKING_NOT_OPEN', { days: merchant.bookingWindowDays });
  }
  if (alreadyBooked) fail('ALREADY_BOOKED');
  // The offer of other sessions is added by the caller, once this transaction has let go of the lock.
  if (session.bookedCount >= session.capacity) fail('COURSE_FULL', {}, { session_id: session.id });
}

/**
 * The booking checks on a plain read, outside any transaction (one prepared statement): the many
 * refusals of a full class cost that and never open a transaction or queue for the session's lock.
 */
export async function precheckBooking(db: DbOrTx, input: BookSeatInput, merchant: MerchantRow): Promise<void> {
  const seen = (await repo.peekSessionForMember(db, input.sessionId, input.userId)) ?? fail('SESSION_NOT_FOUND');
  assertBookable(seen.session, merchant, input.now, seen.alreadyBooked);
}

/**
 * Books a seat: the window (opens `bookingWindowDays` before start, closes at start), capacity,
 * then one credit, all checked under the session's row lock, which every seat change takes; one
 * active reservation per member is held by insertSeat (the unique index). A member waiting for
 * this session who books directly leaves the waitlist as completed.
 */
export async function bookSeat(tx: Tx, input: BookSeatInput & { merchant: MerchantRow }): Promise<repo.ReservationRow> {
  const { now, merchant } = input;
  const { session, course } = (await schedule.lockSessionWithCourse(tx, input.sessionId)) ?? fail('SESSION_NOT_FOUND');
  // A duplicate booking racing this one is caught by insertSeat (the unique index), after the lock.
  assertBookable(session, merchant, now, false);
  const pkg =
    (await packages.takeCreditForSession(tx, input.userId, course, session.startsAt, now, input.packageId)) ??
    fail('PACKAGE_INVALID');
  const reservation = await insertSeat(tx, {
    sessionId: session.id,
    userId: input.userId,
    packageId: pkg.id,
    fromWaitlist: false,
    now,
  });
  await schedule.addBookedCount(tx, session.id, 1, now);
  // waiting → completed (WAITLIST_FLOW), in the same statement that finds the entry.
  await repo.completeWaitingEntry(tx, session.id, input.userId, reservation.id, now);
  return reservation;
}

/** Other upcoming, bookable sessions of the same course with a free seat (COURSE_FULL's offer), in one statement. */
async function suggestSessions(
  db: DbOrTx,
  sessionId: string,
  merchant: MerchantRow,
  viewerId: string,
  now: Date,
): Promise<SessionRecord[]> {
  const rows = await repo.sessionViews(db, {
    where: and(
      scheduleRepo.sessionWhere({ status: 'scheduled' }),
      repo.sameCourseAs(sessionId),
      repo.notSession(sessionId),
      repo.startsAfter(now),
      repo.startsNoLaterThan(new Date(now.getTime() + merchant.bookingWindowDays * DAY)),
      repo.hasFreeSeat,
    ),
    viewerId,
    now,
    limit: SUGGESTION_LIMIT,
  });
  return rows.filter((r) => r.myStatus === 'none').map(toSessionRecord);
}

/**
 * Fills free seats from the waitlist, first come first: each waiting member who holds a package
 * that can pay is booked (credit taken) and their entry completed; a member without one stays
 * waiting (told once) and the next is tried. Only before the class starts. The caller holds the
 * session lock, so no other seat change interleaves.
 */
async function promoteWaiters(tx: Tx, sessionId: string, now: Date): Promise<NewNotice[]> {
  const session = (await schedule.findSession(tx, sessionId))!;
  if (session.status !== 'scheduled' || now.getTime() >= session.startsAt.getTime()) return [];
  let free = session.capacity - session.bookedCount;
  if (free <= 0) return [];
  const waiters = await repo.waitingOfSession(tx, session.id);
  if (waiters.length === 0) return [];
  const course = (await schedule.findCourse(tx, session.courseId))!;
  const notices: NewNotice[] = [];
  let booked = 0;
  for (const entry of waiters) {
    if (free <= 0) break;
    const pkg = await packages.takeCreditForSession(tx, entry.userId, course, session.startsAt, now);
    if (!pkg) {
      if (!entry.skippedAt) {
        await repo.updateEntry(tx, entry.id, { skippedAt: now, updatedAt: now });
        notices.push({
          userId: entry.userId,
          type: CLASS_EVENTS.waitlistSkipped,
          data: noticeData(session, course, {}),
        });
      }
      continue;
    }
    const reservation = await insertSeat(tx, {
      sessionId: session.id,
      userId: entry.userId,
      packageId: pkg.id,
      fromWaitlist: true,
      now,
    });
    await repo.updateEntry(tx, entry.id, {
      status: transition(WAITLIST_FLOW, entry.status, 'completed', () => fail('WAITLIST_NOT_ACTIVE')),
      reservationId: reservation.id,
      updatedAt: now,
    });
    notices.push({
      userId: entry.userId,
      type: CLASS_EVENTS.waitlistPromoted,
      data: noticeData(session, course, { reservation_id: reservation.id }),
    });
    booked += 1;
    free -= 1;
  }
  if (booked > 0) await schedule.addBookedCount(tx, session.id, booked, now);
  return notices;
}

export type CancelledBy = 'member' | 'staff';

/**
 * Cancels a reservation and fills the freed seat from the waitlist, in one transaction: the credit
 * goes back, and the first eligible waiting member is booked before anyone else can see the seat.
 * Members must cancel before the cancel window (`cancelWindowHours` before start) and before they
 * are checked in; staff may cancel until the class ends.
 */
export async function cancelSeat(
  tx: Tx,
  input: { reservationId: string; by: CancelledBy; userId?: string; now: Date },
): Promise<{ reservation: repo.ReservationRow; notices: NewNotice[] }> {
  const { now } = input;
  const peek = await repo.findReservation(tx, input.reservationId);
  if (!peek || (input.userId && peek.userId !== input.userId)) fail('RESERVATION_NOT_FOUND');
  // The global lock order (platform/unit-of-work.ts): session, then reservation, then packages.
  const session = (await schedule.lockSession(tx, peek!.sessionId))!;
  const reservation = (await repo.lockReservation(tx, peek!.id))!;
  const seen = effectiveReservationStatus(reservation.status, session.endsAt, now);
  const status = transition(RESERVATION_FLOW, seen, 'cancelled', () => fail('RESERVATION_NOT_ACTIVE'));
  if (input.by === 'member') {
    // Attended (checked in): the credit is spent. Staff may still cancel, e.g. a class called off.
    if (reservation.checkedInAt) fail('ALREADY_CHECKED_IN');
    const merchant = await getMerchant(tx);
    if (now.getTime() > cancelDeadline(session.startsAt, merchant.cancelWindowHours).getTime()) {
      fail('CANCEL_WINDOW_CLOSED', { hours: merchant.cancelWindowHours });
    }
  }
  const cancelled = await repo.updateReservation(tx, reservation.id, {
    status,
    cancelledAt: now,
    cancelledBy: input.by,
    updatedAt: now,
  });
  await packages.returnCredit(tx, reservation.packageId, now);
  await schedule.addBookedCount(tx, session.id, -1, now);
  const notices = await promoteWaiters(tx, session.id, now);
  if (input.by === 'staff') {
    const course = (await schedule.findCourse(tx, session.courseId))!;
    notices.push({
      userId: reservation.userId,
      type: CLASS_EVENTS.reservationCancelled,
      data: noticeData(session, course, { reservation_id: reservation.id }),
    });
  }
  return { reservation: cancelled, notices };
}

/** Joins a full session's waitlist: needs a package that could pay, once at a time per member. */
export async function joinWaitlistTx(
  tx: Tx,
  input: { sessionId: string; userId: string; now: Date },
): Promise<repo.WaitlistRow> {
  const { now } = input;
  const session = (await schedule.lockSession(tx, input.sessionId)) ?? fail('SESSION_NOT_FOUND');
  if (session.status === 'cancelled') fail('SESSION_CANCELLED');
  if (now.getTime() >= session.startsAt.getTime()) fail('WAITLIST_CLOSED');
  if (await repo.findActiveReservation(tx, session.id, input.userId)) fail('ALREADY_BOOKED');
  if (await repo.findWaitingEntry(tx, session.id, input.userId)) fail('ALREADY_WAITLISTED');
  if (session.bookedCount < session.capacity) fail('WAITLIST_NOT_NEEDED');
  const course = (await schedule.findCourse(tx, session.courseId))!;
  if (!(await packages.hasPayablePackage(tx, input.userId, course, session.startsAt))) fail('PACKAGE_INVALID');
  const entry = await repo.insertEntry(tx, {
    id: newId(),
    sessionId: session.id,
    userId: input.userId,
    status: 'waiting',
    createdAt: now,
    updatedAt: now,
  });
  return entry ?? fail('ALREADY_WAITLISTED');
}

export async function leaveWaitlistTx(
  tx: Tx,
  input: { entryId: string; userId: string; now: Date },
): Promise<repo.WaitlistRow> {
  const peek = await repo.findEntry(tx, input.entryId);
  if (!peek || peek.userId !== input.userId) fail('WAITLIST_NOT_FOUND');
  const session = (await schedule.lockSession(tx, peek!.sessionId))!;
  const entry = (await repo.lockEntry(tx, peek!.id))!;
  const seen = effectiveWaitlistStatus(entry.status, session.startsAt, input.now);
  return repo.updateEntry(tx, entry.id, {
    status: transition(WAITLIST_FLOW, seen, 'cancelled', () =>
      fail(entry.status === 'waiting' ? 'WAITLIST_CLOSED' : 'WAITLIST_NOT_ACTIVE'),
    ),
    cancelReason: 'left',
    updatedAt: input.now,
  });
}

/**
 * Staff call a session off before it starts: every reservation cancelled with its credit back,
 * everyone waiting cancelled, all of them told.
 */
export async function cancelSessionTx(
  tx: Tx,
  input: { sessionId: string; reason: string; now: Date },
): Promise<NewNotice[]> {
  const { now } = input;
  const session = (await schedule.lockSession(tx, input.sessionId)) ?? fail('SESSION_NOT_FOUND');
  const status = transition(SESSION_FLOW, session.status, 'cancelled', () => fail('SESSION_CANCELLED'));
  if (now.getTime() >= session.startsAt.getTime()) fail('SESSION_STARTED');
  const course = (await schedule.findCourse(tx, session.courseId))!;
  const data = (extra: Record<string, unknown>) => noticeData(session, course, { reason: input.reason, ...extra });
  const notices: NewNotice[] = [];
  // Reservations come in package-id order, so credit returns lock packages in a fixed order.
  for (const r of await repo.registeredOfSession(tx, session.id)) {
    await repo.updateReservation(tx, r.id, {
      status: transition(RESERVATION_FLOW, 'registered', 'cancelled', () => fail('RESERVATION_NOT_ACTIVE')),
      cancelledAt: now,
      cancelledBy: 'session',
      updatedAt: now,
    });
    await packages.returnCredit(tx, r.packageId, now);
    notices.push({ userId: r.userId, type: CLASS_EVENTS.sessionCancelled, data: data({ reservation_id: r.id }) });
  }
  for (const w of await repo.waitingOfSession(tx, session.id)) {
    await repo.updateEntry(tx, w.id, { status: 'cancelled', cancelReason: 'session_cancelled', updatedAt: now });
    notices.push({ userId: w.userId, type: CLASS_EVENTS.sessionCancelled, data: data({ entry_id: w.id }) });
  }
  await schedule.updateSession(tx, session.id, {
    status,
    cancelReason: input.reason,
    cancelledAt: now,
    bookedCount: 0,
    updatedAt: now,
  });
  return notices;
}

/**
 * Records attendance (staff, the teacher, verify staff scanning the QR). The status stays
 * registered until the class ends (then done), so a check-in never blocks a staff cancellation.
 * Refuses cancelled reservations and a second check-in.
 */
export async function checkInReservation(
  tx: Tx,
  reservationId: string,
  byUserId: string,
  now: Date,
): Promise<repo.ReservationRow> {
  const reservation = (await repo.lockReservation(tx, reservationId)) ?? fail('RESERVATION_NOT_FOUND');
  if (reservation.status === 'cancelled') fail('RESERVATION_NOT_ACTIVE');
  if (reservation.checkedInAt) fail('ALREADY_CHECKED_IN');
  return repo.updateReservation(tx, reservation.id, { checkedInAt: now, checkedInBy: byUserId, updatedAt: now });
}

/** The reservation a check-in QR names (codes are stored as issued: upper-case). */
export function findReservationByCode(db: DbOrTx, code: string): Promise<repo.ReservationRow | undefined> {
  return repo.findReservationByCode(db, code.trim().toUpperCase());
}

export const findReservation = repo.findReservation;

// Calls' services --------------------------------------------------------------------------------

export async function book(
  ctx: CallContext,
  userId: string,
  input: { session_id: string; package_id?: string },
): Promise<ReservationRecord> {
  const now = ctx.clock.now();
  const seat = { sessionId: input.session_id, userId, packageId: input.package_id, now };
  const merchant = await getMerchant(ctx.db);
  try {
    await precheckBooking(ctx.db, seat, merchant);
    const row = await runUnitOfWork(ctx, ({ tx }) => bookSeat(tx, { ...seat, merchant }));
    return await reservationRecord(ctx.db, row, userId, now);
  } catch (error) {
    if (!(error instanceof AppError && error.name === 'COURSE_FULL')) throw error;
    const suggestions = await suggestSessions(ctx.db, input.session_id, merchant, userId, now);
    throw new AppError('COURSE_FULL', error.params, { ...error.data, suggestions });
  }
}

export async function cancelBooking(
  ctx: CallContext,
  input: { reservationId: string; by: CancelledBy; userId?: string },
): Promise<ReservationRecord> {
  const now = ctx.clock.now();
  const row = await runUnitOfWork(ctx, async (work) => {
    const { reservation, notices } = await cancelSeat(work.tx, { ...input, now });
    await sendNotices(work, notices, now);
    return reservation;
  });
  return reservationRecord(ctx.db, row, input.by === 'member' ? (input.userId ?? null) : row.userId, now);
}

export async function joinWaitlist(ctx: CallContext, userId: string, sessionId: string): Promise<WaitlistEntryRecord> {
  const now = ctx.clock.now();
  const row = await runUnitOfWork(ctx, ({ tx }) => joinWaitlistTx(tx, { sessionId, userId, now }));
  return entryRecord(ctx.db, row.id, userId, now);
}

export async function leaveWaitlist(ctx: CallContext, userId: string, entryId: string): Promise<WaitlistEntryRecord> {
  const now = ctx.clock.now();
  const row = await runUnitOfWork(ctx, ({ tx }) => leaveWaitlistTx(tx, { entryId, userId, now }));
  return entryRecord(ctx.db, row.id, userId, now);
}

export async function cancelSession(ctx: CallContext, sessionId: string, reason: string): Promise<SessionRecord> {
  const now = ctx.clock.now();
  await runUnitOfWork(ctx, async (work) => {
    await sendNotices(work, await cancelSessionTx(work.tx, { sessionId, reason, now }), now);
  });
  return getSessionRecord(ctx.db, sessionId, null, now);
}

export async function checkIn(ctx: CallContext, reservationId: string, byUserId: string): Promise<ReservationRecord> {
  const now = ctx.clock.now();
  const row = await runUnitOfWork(ctx, ({ tx }) => checkInReservation(tx, reservationId, byUserId, now));
  return reservationRecord(ctx.db, row, row.userId, now);
}

/** The schedule between two dates (YYYY-MM-DD in the studio timezone, date_to inclusive, or instants). */
export async function getSchedule(
  db: Db,
  input: { date_from: string; date_to: string; course_id?: string; teacher_id?: string; room_id?: string },
  viewerId: string | null,
  now: Date,
): Promise<SessionRecord[]> {
  const tz = (await getMerchant(db)).timezone;
  const { from, to } = schedule.resolveRange(input.date_from, input.date_to, tz);
  if (to.getTime() <= from.getTime() || to.getTime() - from.getTime() > MAX_SCHEDULE_DAYS * DAY) {
    fail('TIME_RANGE_INVALID');
  }
  const filter = { from, to, courseId: input.course_id, teacherId: input.teacher_id, roomId: input.room_id };
  const rows = await repo.scheduleViews(db, filter, viewerId, now);
  return rows.map(toSessionRecord);
}

/** Scheduled sessions from now on (a teacher's or a room's page). */
export async function upcomingSessions(
  db: DbOrTx,
  filter: { teacherId?: string; roomId?: string; courseId?: string },
  viewerId: string | null,
  now: Date,
): Promise<SessionRecord[]> {
  const rows = await repo.sessionViews(db, {
    where: and(scheduleRepo.sessionWhere({ ...filter, status: 'scheduled' }), repo.startsAfter(now)),
    viewerId,
    now,
    limit: UPCOMING_LIMIT,
  });
  return rows.map(toSessionRecord);
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
) {
  const tz = (await getMerchant(db)).timezone;
  const from = input.date_from ? schedule.resolveRange(input.date_from, input.date_from, tz).from : undefined;
  const to = input.date_to ? schedule.resolveRange(input.date_to, input.date_to, tz).to : undefined;
  const where = scheduleRepo.sessionWhere({
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
  return pageOf(rows.map(toSessionRecord), await scheduleRepo.countSessions(db, where), input);
}

export async function getSessionDetail(db: Db, sessionId: string, viewerId: string | null, now: Date) {
  const session = await getSessionRecord(db, sessionId, viewerId, now);
  const merchant = await getMerchant(db);
  const [course, teacher, room] = await Promise.all([
    schedule.getCourseOrFail(db, session.course_id),
    schedule.getTeacherOrFail(db, session.teacher_id),
    schedule.getRoomOrFail(db, session.room_id),
  ]);
  const reservationRow = viewerId ? await repo.findActiveReservation(db, sessionId, viewerId) : undefined;
  const entryRow = viewerId ? await repo.findWaitingEntry(db, sessionId, viewerId) : undefined;
  const reservation = reservationRow ? toReservationRecord(reservationRow, session, now) : null;
  const entry = entryRow ? await entryRecord(db, entryRow.id, viewerId, now) : null;
  const waitlistEntry = entry?.status === 'waiting' ? entry : null;
  const start = new Date(session.starts_at).getTime();
  const opensAt = bookingOpensAt(session.starts_at, merchant.bookingWindowDays);
  const deadline = cancelDeadline(session.starts_at, merchant.cancelWindowHours);
  const open = session.status === 'scheduled' && now.getTime() < start;
  return {
    session,
    course: schedule.toCourseRecord(course),
    teacher: schedule.toTeacherRecord(teacher),
    room: schedule.toRoomRecord(room),
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
) {
  const { rows, total } = await repo.reservationsOfUser(db, userId, { status: input.status, now }, input);
  return pageOf(await reservationRecords(db, rows, userId, now), total, input);
}

export async function getMyWaitlist(
  db: DbOrTx,
  userId: string,
  input: { pageIndex: number; pageSize: number; status?: WaitlistStatus },
  now: Date,
) {
  const { rows, total } = await repo.entriesOfUser(db, userId, { status: input.status, now }, input);
  const sessions = await sessionRecordsById(db, [...new Set(rows.map((r) => r.sessionId))], userId, now);
  return pageOf(
    rows.map((r) => toEntryRecord(r, sessions.get(r.sessionId)!, now)),
    total,
    input,
  );
}

/** Who is booked and who is waiting for a session (staff, and the teacher workbench). */
export async function getRoster(db: DbOrTx, sessionId: string, now: Date): Promise<Roster> {
  const session = await getSessionRecord(db, sessionId, null, now);
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

// Sweeps -----------------------------------------------------------------------------------------

/** Closes waitlists of sessions that have started; loops over batches until none is left. */
export async function sweepStartedWaitlists(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await repo.closeStartedWaitlists(db, now);
    total += n;
    if (n < repo.SWEEP_BATCH) return total;
  }
}

/** Marks registered reservations of ended sessions done. */
export async function sweepEndedReservations(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await repo.markEndedReservationsDone(db, now);
    total += n;
    if (n < repo.SWEEP_BATCH) return total;
  }
}

/**
 * The class domain's scheduled work. Package expiry needs none: a package's state is computed from
 * its validity whenever it is read, and nothing is released when it expires.
 */
export const reservationSweeps: Sweep[] = [
  { name: 'waitlists.closeAtStart', run: sweepStartedWaitlists },
  { name: 'reservations.doneAfterEnd', run: sweepEndedReservations },
];
