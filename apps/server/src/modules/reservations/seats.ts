import type { DomainEventPayload } from '@studio/contract/domain-events';
import { RESERVATION_FLOW, SESSION_FLOW, transition, WAITLIST_FLOW } from '@studio/contract/flow';
import { bookingOpensAt, cancelDeadline, type DropIn, effectiveReservationStatus } from '@studio/contract/reservations';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId, randomCode } from '../../platform/ids';
import { getMerchant, type MerchantRow } from '../merchant';
import * as packages from '../packages';
import * as schedule from '../schedule';
import * as repo from './repo';
import * as waitlistRepo from './waitlist-repo';

/**
 * Seats: booking, cancelling (with the waitlist promotion that fills the freed seat), calling a
 * session off, check-in. Everything here runs inside the caller's transaction, under the session
 * lock, in the global lock order of platform/unit-of-work.ts.
 */

/** Length of a reservation's check-in code (its QR): 10 characters of a 32-letter alphabet, 50 bits. */
export const CHECK_IN_CODE_LENGTH = 10;

/** What a seat change tells: domain events emitted by the service once the change is made (notices subscribe). */
export type SeatEvent = {
  [N in 'waitlist.promoted' | 'waitlist.skipped' | 'reservation.cancelledByStudio' | 'session.cancelled']: {
    name: N;
    payload: DomainEventPayload<N>;
  };
}['waitlist.promoted' | 'waitlist.skipped' | 'reservation.cancelledByStudio' | 'session.cancelled'];

export function noticeData<E extends object>(session: schedule.SessionRow, course: schedule.CourseRow, extra: E) {
  return { session_id: session.id, course_name: course.name, starts_at: session.startsAt.toISOString(), ...extra };
}

async function insertSeat(
  tx: Tx,
  values: {
    sessionId: string;
    userId: string;
    /** The package whose credit was taken; null with `dropIn`. */
    packageId: string | null;
    dropIn?: DropIn;
    bookedBy?: string;
    fromWaitlist: boolean;
    now: Date;
  },
): Promise<repo.ReservationRow> {
  for (;;) {
    const row = await repo.insertReservation(tx, {
      id: newId(),
      sessionId: values.sessionId,
      userId: values.userId,
      packageId: values.packageId,
      dropInAmount: values.dropIn?.amount ?? null,
      dropInMethod: values.dropIn?.method ?? null,
      bookedBy: values.bookedBy ?? null,
      code: randomCode(CHECK_IN_CODE_LENGTH),
      fromWaitlist: values.fromWaitlist,
      createdAt: values.now,
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

/** A seat staff give at the desk: paid with a credit as a booking is, or a drop-in paid there; who gave it. */
export interface DeskSeat {
  dropIn?: DropIn;
  bookedBy: string;
}

/** Refuses a booking the session's state rules out: cancelled, started, not open yet, or full. */
function assertBookable(session: schedule.SessionRow, merchant: MerchantRow, now: Date, alreadyBooked: boolean) {
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
export async function precheckBooking(
  db: DbOrTx,
  input: BookSeatInput,
  merchant: MerchantRow,
): Promise<schedule.SessionRow> {
  const seen =
    (await repo.peekSessionForMember(db, { session: input.sessionId, user: input.userId })) ??
    fail('SESSION_NOT_FOUND');
  assertBookable(seen.session, merchant, input.now, seen.alreadyBooked);
  return seen.session;
}

/**
 * Books in one statement, outside any transaction, a session precheckBooking let through: its rules
 * of time were checked against `seen`, and the statement books only while the session still starts
 * then and is scheduled, with a seat free and a credit to take (repo.bookAtOnce). Undefined when it
 * refused: bookSeat then books under the session's lock or says why not.
 */
export function bookSeatAtOnce(db: Db, input: BookSeatInput, seen: schedule.SessionRow) {
  return repo.bookAtOnce(db, {
    id: newId(),
    sessionId: input.sessionId,
    userId: input.userId,
    packageId: input.packageId,
    code: randomCode(CHECK_IN_CODE_LENGTH),
    startsAt: seen.startsAt,
    createdAt: input.now,
  });
}

/**
 * Books a seat: the window (opens `bookingWindowDays` before start, closes at start), capacity,
 * then one credit, all checked under the session's row lock, which every seat change takes; one
 * active reservation per member is held by insertSeat (the unique index). A member waiting for
 * this session who books directly leaves the waitlist as completed.
 */
export async function bookSeat(
  tx: Tx,
  input: BookSeatInput & { merchant: MerchantRow; desk?: DeskSeat },
): Promise<repo.ReservationRow> {
  const { now, merchant } = input;
  // Taking the seat locks the session; the rules are then checked on the row as it was, and a refusal
  // rolls the seat back with the transaction. A full (or unknown) session is taken by nothing: lock
  // it to say why.
  const taken = await schedule.takeSeat(tx, input.sessionId, now);
  if (!taken) {
    const locked = (await schedule.lockSession(tx, input.sessionId)) ?? fail('SESSION_NOT_FOUND');
    assertBookable(locked, merchant, now, false);
    return fail('COURSE_FULL', {}, { session_id: locked.id });
  }
  const { session, course } = taken;
  // A duplicate booking racing this one is caught by insertSeat (the unique index), after the lock.
  assertBookable({ ...session, bookedCount: session.bookedCount - 1 }, merchant, now, false);
  // A drop-in is paid at the desk: no credit is taken.
  const dropIn = input.desk?.dropIn;
  const pkg = dropIn
    ? null
    : ((await packages.takeCreditForSession(tx, input.userId, course, session.startsAt, now, input.packageId)) ??
      fail('PACKAGE_INVALID'));
  const reservation = await insertSeat(tx, {
    sessionId: session.id,
    userId: input.userId,
    packageId: pkg?.id ?? null,
    dropIn,
    bookedBy: input.desk?.bookedBy,
    fromWaitlist: false,
    now,
  });
  // waiting → completed (WAITLIST_FLOW), in the same statement that finds the entry.
  await waitlistRepo.completeWaitingEntry(tx, session.id, input.userId, reservation.id, now);
  return reservation;
}

/**
 * Fills free seats from the waitlist, first come first: each waiting member who holds a package
 * that can pay is booked (credit taken) and their entry completed; a member without one stays
 * waiting (told once) and the next is tried. Only before the class starts. The caller holds the
 * session lock, so no other seat change interleaves.
 */
async function promoteWaiters(tx: Tx, sessionId: string, now: Date): Promise<SeatEvent[]> {
  const session = (await schedule.findSession(tx, sessionId))!;
  if (session.status !== 'scheduled' || now.getTime() >= session.startsAt.getTime()) return [];
  let free = session.capacity - session.bookedCount;
  if (free <= 0) return [];
  const waiters = await waitlistRepo.waitingOfSession(tx, session.id);
  if (waiters.length === 0) return [];
  const course = (await schedule.findCourse(tx, session.courseId))!;
  const notices: SeatEvent[] = [];
  let booked = 0;
  for (const entry of waiters) {
    if (free <= 0) break;
    // The package chosen on joining pays when it still can; otherwise the usual pick (expiring first).
    const pkg =
      (entry.packageId
        ? await packages.takeCreditForSession(tx, entry.userId, course, session.startsAt, now, entry.packageId)
        : undefined) ?? (await packages.takeCreditForSession(tx, entry.userId, course, session.startsAt, now));
    if (!pkg) {
      if (!entry.skippedAt) {
        await waitlistRepo.updateEntry(tx, entry.id, { skippedAt: now, updatedAt: now });
        notices.push({
          name: 'waitlist.skipped',
          payload: noticeData(session, course, { user_id: entry.userId, entry_id: entry.id }),
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
    await waitlistRepo.updateEntry(tx, entry.id, {
      status: transition(WAITLIST_FLOW, entry.status, 'completed', () => fail('WAITLIST_NOT_ACTIVE')),
      reservationId: reservation.id,
      updatedAt: now,
    });
    notices.push({
      name: 'waitlist.promoted',
      payload: noticeData(session, course, { user_id: entry.userId, reservation_id: reservation.id }),
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
): Promise<{ reservation: repo.ReservationRow; notices: SeatEvent[] }> {
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
  // A drop-in paid money at the desk, not a credit: nothing goes back to a package.
  if (reservation.packageId) await packages.returnCredit(tx, reservation.packageId, now);
  await schedule.addBookedCount(tx, session.id, -1, now);
  const notices = await promoteWaiters(tx, session.id, now);
  if (input.by === 'staff') {
    const course = (await schedule.findCourse(tx, session.courseId))!;
    notices.push({
      name: 'reservation.cancelledByStudio',
      payload: noticeData(session, course, { user_id: reservation.userId, reservation_id: reservation.id }),
    });
  }
  return { reservation: cancelled, notices };
}

/**
 * Staff call a session off before it starts: every reservation cancelled with its credit back,
 * everyone waiting cancelled, all of them told.
 */
export async function cancelSessionTx(
  tx: Tx,
  input: { sessionId: string; reason: string; now: Date },
): Promise<SeatEvent[]> {
  const { now } = input;
  const session = (await schedule.lockSession(tx, input.sessionId)) ?? fail('SESSION_NOT_FOUND');
  transition(SESSION_FLOW, session.status, 'cancelled', () => fail('SESSION_CANCELLED'));
  if (now.getTime() >= session.startsAt.getTime()) fail('SESSION_STARTED');
  const course = (await schedule.findCourse(tx, session.courseId))!;
  const told = {
    reservations: [] as { reservation_id: string; user_id: string }[],
    entries: [] as { entry_id: string; user_id: string }[],
  };
  // Reservations come in package-id order, so credit returns lock packages in a fixed order.
  for (const r of await repo.registeredOfSession(tx, session.id)) {
    await repo.updateReservation(tx, r.id, {
      status: transition(RESERVATION_FLOW, 'registered', 'cancelled', () => fail('RESERVATION_NOT_ACTIVE')),
      cancelledAt: now,
      cancelledBy: 'session',
      updatedAt: now,
    });
    if (r.packageId) await packages.returnCredit(tx, r.packageId, now);
    told.reservations.push({ reservation_id: r.id, user_id: r.userId });
  }
  for (const w of await waitlistRepo.waitingOfSession(tx, session.id)) {
    await waitlistRepo.updateEntry(tx, w.id, {
      status: 'cancelled',
      cancelReason: 'session_cancelled',
      updatedAt: now,
    });
    told.entries.push({ entry_id: w.id, user_id: w.userId });
  }
  await schedule.markSessionCancelled(tx, session.id, input.reason, now);
  return [{ name: 'session.cancelled', payload: noticeData(session, course, { reason: input.reason, ...told }) }];
}

/**
 * Staff change a session's capacity: never below the seats already booked (the table's check would
 * refuse it anyway), and seats added go to the waitlist at once, first come first, in the same
 * transaction. Answers the session as it was and the notices of members promoted.
 */
export async function changeCapacityTx(
  tx: Tx,
  input: { sessionId: string; capacity: number; now: Date },
): Promise<{ before: schedule.SessionRow; notices: SeatEvent[] }> {
  const { now } = input;
  const session = (await schedule.lockSession(tx, input.sessionId)) ?? fail('SESSION_NOT_FOUND');
  if (session.status === 'cancelled') fail('SESSION_CANCELLED');
  if (now.getTime() >= session.endsAt.getTime()) fail('SESSION_STARTED');
  if (input.capacity < session.bookedCount)
    fail('CAPACITY_BELOW_BOOKED', { booked: session.bookedCount }, { booked: session.bookedCount });
  await schedule.setSessionCapacity(tx, session.id, input.capacity, now);
  return { before: session, notices: await promoteWaiters(tx, session.id, now) };
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
