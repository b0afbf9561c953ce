import type { PackageRecord } from '@studio/contract/packages';
import type { DeskSeatPay, ReservationRecord, WaitlistEntryRecord } from '@studio/contract/reservations';
import type { SessionRecord } from '@studio/contract/schedule';
import { and, eq, inArray, min, sql } from 'drizzle-orm';
import { type DbOrTx, instant } from '../../platform/db';
import { AppError, fail } from '../../platform/errors';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import { runUnitOfWork, type Work } from '../../platform/unit-of-work';
import { getUserOrFail } from '../account';
import { auditBy, recordAudit } from '../audit';
import { studioRow } from '../merchant';
import * as packages from '../packages';
import * as schedule from '../schedule';
import { entryRecord, findReservation, getSessionRecord, reservationRecord, suggestSessions } from './read-models';
import { reservations } from './schema';
import { throughSeatGate } from './seat-gate';
import {
  bookSeat,
  bookSeatAtOnce,
  type CancelledBy,
  cancelSeat,
  cancelSessionTx,
  changeCapacityTx,
  checkInReservation,
  noticeData,
  precheckBooking,
  type SeatEvent,
} from './seats';
import { joinWaitlistTx, leaveWaitlistTx } from './waitlist';

/**
 * The reservations module's writes as calls make them: each opens one unit of work
 * (platform/unit-of-work.ts) around the seat and waitlist rules of seats.ts and waitlist.ts, and
 * answers through the read models (read-models.ts).
 */

export type { ReservationRow } from './repo';
export type { WaitlistRow } from './waitlist-repo';

export async function book(
  ctx: CallContext,
  userId: string,
  input: { session_id: string; package_id?: string },
): Promise<ReservationRecord> {
  const now = ctx.clock.now();
  const seat = { sessionId: input.session_id, userId, packageId: input.package_id, now };
  const merchant = await studioRow(ctx);
  try {
    // Checked on a plain read, then booked in one statement; when that refuses, most often because the
    // last seat went meanwhile (a rush on a popular class), a fresh read says so without a lock, and
    // otherwise the transaction under the session's lock books or says why.
    // A rush passes a wave of as many attempts as there were free seats (seat-gate.ts).
    let seen = await precheckBooking(ctx.db, seat, merchant);
    let row = await throughSeatGate(
      seat.sessionId,
      seen.capacity - seen.bookedCount,
      () => bookSeatAtOnce(ctx.db, seat, seen),
      async () => {
        seen = await precheckBooking(ctx.db, seat, merchant);
        return seen.capacity - seen.bookedCount;
      },
    );
    if (!row) {
      await precheckBooking(ctx.db, seat, merchant);
      row = await runUnitOfWork(ctx, ({ tx }) => bookSeat(tx, { ...seat, merchant }));
    }
    return await reservationRecord(ctx.db, row, userId, now, ctx.locale);
  } catch (error) {
    if (!(error instanceof AppError && error.name === 'COURSE_FULL')) throw error;
    const suggestions = await suggestSessions(ctx.db, input.session_id, merchant, userId, now, ctx.locale);
    throw new AppError('COURSE_FULL', {}, { ...(error.data as { session_id: string }), suggestions });
  }
}

/**
 * Staff add a member to a session's roster at the desk: the booking's rules and lock (bookSeat),
 * paid with a credit (the package chosen, else the one expiring first) or a drop-in paid there;
 * audited, and the member told (reservation.addedByStudio).
 */
export async function addToRoster(
  ctx: AuthedContext,
  input: { sessionId: string; userId: string; pay: DeskSeatPay },
): Promise<ReservationRecord> {
  const now = ctx.clock.now();
  const merchant = await studioRow(ctx);
  await getUserOrFail(ctx.db, input.userId);
  const { pay } = input;
  const row = await runUnitOfWork(ctx, async (work) => {
    const reservation = await bookSeat(work.tx, {
      sessionId: input.sessionId,
      userId: input.userId,
      packageId: pay.kind === 'package' ? pay.package_id : undefined,
      now,
      merchant,
      desk: {
        bookedBy: ctx.user.uid,
        ...(pay.kind === 'drop_in' && { dropIn: { amount: pay.amount, method: pay.method } }),
      },
    }).catch((error: unknown) => {
      // The member's own words ("You have already booked") would read wrong to staff.
      if (error instanceof AppError && error.name === 'ALREADY_BOOKED') fail('MEMBER_ALREADY_BOOKED');
      throw error;
    });
    await recordAudit(work.tx, auditBy(ctx), {
      objectType: 'reservation',
      objectId: reservation.id,
      before: null,
      after: reservation,
    });
    const session = (await schedule.findSession(work.tx, reservation.sessionId))!;
    const course = (await schedule.findCourse(work.tx, session.courseId))!;
    await work.emit(
      'reservation.addedByStudio',
      noticeData(session, course, { user_id: reservation.userId, reservation_id: reservation.id }),
      now,
    );
    return reservation;
  });
  return reservationRecord(ctx.db, row, row.userId, now, ctx.locale);
}

/** The member's packages that could pay for the session, expiring first: the desk's choice when adding them. */
export async function payablePackagesFor(
  ctx: CallContext,
  sessionId: string,
  userId: string,
): Promise<PackageRecord[]> {
  const session = (await schedule.findSession(ctx.db, sessionId)) ?? fail('SESSION_NOT_FOUND');
  const course = (await schedule.findCourse(ctx.db, session.courseId))!;
  return packages.payablePackageRecords(ctx.db, userId, course, session.startsAt, ctx.clock.now(), ctx.locale);
}

export async function cancelBooking(
  ctx: CallContext,
  input: { reservationId: string; by: CancelledBy; userId?: string },
): Promise<ReservationRecord> {
  const now = ctx.clock.now();
  const row = await runUnitOfWork(ctx, async (work) => {
    const before = input.by === 'staff' ? await findReservation(work.tx, input.reservationId) : undefined;
    const { reservation, notices } = await cancelSeat(work.tx, { ...input, now });
    // A member's own cancel is theirs; staff cancelling for a member is a staff change.
    if (input.by === 'staff') {
      await recordAudit(work.tx, auditBy(ctx), {
        objectType: 'reservation',
        objectId: reservation.id,
        before,
        after: reservation,
      });
    }
    await tell(work, notices, now);
    return reservation;
  });
  return reservationRecord(ctx.db, row, input.by === 'member' ? (input.userId ?? null) : row.userId, now, ctx.locale);
}

export async function joinWaitlist(
  ctx: CallContext,
  userId: string,
  sessionId: string,
  packageId?: string,
): Promise<WaitlistEntryRecord> {
  const now = ctx.clock.now();
  const row = await runUnitOfWork(ctx, ({ tx }) => joinWaitlistTx(tx, { sessionId, userId, packageId, now }));
  return entryRecord(ctx.db, row.id, userId, now, ctx.locale);
}

export async function leaveWaitlist(ctx: CallContext, userId: string, entryId: string): Promise<WaitlistEntryRecord> {
  const now = ctx.clock.now();
  const row = await runUnitOfWork(ctx, ({ tx }) => leaveWaitlistTx(tx, { entryId, userId, now }));
  return entryRecord(ctx.db, row.id, userId, now, ctx.locale);
}

export async function cancelSession(ctx: CallContext, sessionId: string, reason: string): Promise<SessionRecord> {
  const now = ctx.clock.now();
  await runUnitOfWork(ctx, async (work) => {
    const before = await schedule.findSession(work.tx, sessionId);
    const notices = await cancelSessionTx(work.tx, { sessionId, reason, now });
    await recordAudit(work.tx, auditBy(ctx), {
      objectType: 'session',
      objectId: sessionId,
      before,
      after: await schedule.findSession(work.tx, sessionId),
    });
    await tell(work, notices, now);
  });
  return getSessionRecord(ctx.db, sessionId, null, now, ctx.locale);
}

/** Staff change a session's capacity (changeCapacityTx), audited, members promoted told. */
export async function updateSessionCapacity(
  ctx: CallContext,
  sessionId: string,
  capacity: number,
): Promise<SessionRecord> {
  const now = ctx.clock.now();
  await runUnitOfWork(ctx, async (work) => {
    const { before, notices } = await changeCapacityTx(work.tx, { sessionId, capacity, now });
    await recordAudit(work.tx, auditBy(ctx), {
      objectType: 'session',
      objectId: sessionId,
      before,
      after: await schedule.findSession(work.tx, sessionId),
    });
    await tell(work, notices, now);
  });
  return getSessionRecord(ctx.db, sessionId, null, now, ctx.locale);
}

export async function checkIn(ctx: CallContext, reservationId: string, byUserId: string): Promise<ReservationRecord> {
  const now = ctx.clock.now();
  const row = await runUnitOfWork(ctx, async ({ tx }) => {
    const before = await findReservation(tx, reservationId);
    const after = await checkInReservation(tx, reservationId, byUserId, now);
    await recordAudit(tx, auditBy(ctx), { objectType: 'reservation', objectId: after.id, before, after });
    return after;
  });
  return reservationRecord(ctx.db, row, row.userId, now, ctx.locale);
}

/** Emits what a seat change tells (seats.ts), in the change's transaction: the notices module subscribes. */
async function tell(work: Work, events: SeatEvent[], now: Date): Promise<void> {
  for (const e of events) await work.emit(e.name, e.payload as never, now);
}

/**
 * Members' registered bookings of classes starting after `from` and no later than `to`: one row per
 * member and course, with the first such class's start. `userId` narrows it to one member,
 * `courseIds` to those courses. The notices' "members booked on these courses soon" audience.
 */
export function upcomingBookedCourses(
  db: DbOrTx,
  range: { from: Date; to: Date; userId?: string; courseIds?: readonly string[] },
): Promise<{ userId: string; courseId: string; startsAt: Date | null }[]> {
  const session = schedule.sessionTimes(db);
  return db
    .select({ userId: reservations.userId, courseId: session.courseId, startsAt: min(session.startsAt) })
    .from(reservations)
    .innerJoin(session, eq(session.id, reservations.sessionId))
    .where(
      and(
        eq(reservations.status, 'registered'),
        range.userId === undefined ? undefined : eq(reservations.userId, range.userId),
        range.courseIds === undefined ? undefined : inArray(session.courseId, [...range.courseIds]),
        sql`${session.startsAt} > ${instant(range.from)}`,
        sql`${session.startsAt} <= ${instant(range.to)}`,
      ),
    )
    .groupBy(reservations.userId, session.courseId);
}
