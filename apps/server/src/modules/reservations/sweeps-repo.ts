import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { HOUR } from '../../platform/clock';
import { type DbOrTx, instant as iso } from '../../platform/db';
import * as schedule from '../schedule';
import { reservations, waitlistEntries } from './schema';

// The statements of the class domain's sweeps (sweeps.ts). Each claims a batch with FOR UPDATE SKIP
// LOCKED and changes it in the same statement: rows another instance (or a booking transaction)
// holds are skipped now and taken next round, so two instances never take one row.

export const SWEEP_BATCH = 500;

/** A row a sweep changed, with what its notice needs. */
export interface SweptRow {
  id: string;
  userId: string;
  sessionId: string;
}

/** Waiting entries of sessions that have started become cancelled (session_started). Answers them. */
export async function closeStartedWaitlists(db: DbOrTx, now: Date): Promise<SweptRow[]> {
  const session = schedule.sessionTimes(db);
  const claim = db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .innerJoin(session, eq(session.id, waitlistEntries.sessionId))
    .where(and(eq(waitlistEntries.status, 'waiting'), sql`${session.startsAt} <= ${iso(now)}`))
    .limit(SWEEP_BATCH)
    .for('update', { of: waitlistEntries, skipLocked: true });
  return db
    .update(waitlistEntries)
    .set({ status: 'cancelled', cancelReason: 'session_started', updatedAt: now })
    .where(and(inArray(waitlistEntries.id, claim), eq(waitlistEntries.status, 'waiting')))
    .returning({ id: waitlistEntries.id, userId: waitlistEntries.userId, sessionId: waitlistEntries.sessionId });
}

/** Registered reservations of sessions that have ended become done. Answers how many. */
export async function markEndedReservationsDone(db: DbOrTx, now: Date): Promise<number> {
  const session = schedule.sessionTimes(db);
  const claim = db
    .select({ id: reservations.id })
    .from(reservations)
    .innerJoin(session, eq(session.id, reservations.sessionId))
    .where(and(eq(reservations.status, 'registered'), sql`${session.endsAt} <= ${iso(now)}`))
    .limit(SWEEP_BATCH)
    .for('update', { of: reservations, skipLocked: true });
  const rows = await db
    .update(reservations)
    .set({ status: 'done', updatedAt: now })
    .where(and(inArray(reservations.id, claim), eq(reservations.status, 'registered')))
    .returning({ id: reservations.id });
  return rows.length;
}

/**
 * Claims the reminders due at `now` and marks them sent: registered reservations, not checked in
 * and never reminded, of classes starting within `hours` (and not yet started), booked at least
 * `hours` before the start (a booking made inside the window needs no reminder). A reservation is
 * claimed once, whatever instances sweep at the same time.
 */
export async function claimDueReminders(db: DbOrTx, now: Date, hours: number): Promise<SweptRow[]> {
  const session = schedule.sessionTimes(db);
  const window = sql`(${hours} * interval '1 hour')`;
  const claim = db
    .select({ id: reservations.id })
    .from(reservations)
    .innerJoin(session, eq(session.id, reservations.sessionId))
    .where(
      and(
        eq(reservations.status, 'registered'),
        isNull(reservations.remindedAt),
        isNull(reservations.checkedInAt),
        sql`${session.startsAt} > ${iso(now)}`,
        sql`${session.startsAt} <= ${iso(new Date(now.getTime() + hours * HOUR))}`,
        sql`${reservations.createdAt} <= ${session.startsAt} - ${window}`,
      ),
    )
    .limit(SWEEP_BATCH)
    .for('update', { of: reservations, skipLocked: true });
  return db
    .update(reservations)
    .set({ remindedAt: now })
    .where(and(inArray(reservations.id, claim), isNull(reservations.remindedAt)))
    .returning({ id: reservations.id, userId: reservations.userId, sessionId: reservations.sessionId });
}
