import { transition, WAITLIST_FLOW } from '@studio/contract/flow';
import { effectiveWaitlistStatus } from '@studio/contract/reservations';
import type { Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import * as packages from '../packages';
import * as schedule from '../schedule';
import * as repo from './repo';
import * as waitlistRepo from './waitlist-repo';

/** The waitlist: joining and leaving, inside the caller's transaction under the session lock. */

/** Joins a full session's waitlist: needs a package that could pay, once at a time per member. */
export async function joinWaitlistTx(
  tx: Tx,
  input: { sessionId: string; userId: string; packageId?: string; now: Date },
): Promise<waitlistRepo.WaitlistRow> {
  const { now } = input;
  const session = (await schedule.lockSession(tx, input.sessionId)) ?? fail('SESSION_NOT_FOUND');
  if (session.status === 'cancelled') fail('SESSION_CANCELLED');
  if (now.getTime() >= session.startsAt.getTime()) fail('WAITLIST_CLOSED');
  if (await repo.findActiveReservation(tx, session.id, input.userId)) fail('ALREADY_BOOKED');
  if (await waitlistRepo.findWaitingEntry(tx, session.id, input.userId)) fail('ALREADY_WAITLISTED');
  if (session.bookedCount < session.capacity) fail('WAITLIST_NOT_NEEDED');
  const course = (await schedule.findCourse(tx, session.courseId))!;
  if (!(await packages.hasPayablePackage(tx, input.userId, course, session.startsAt, input.packageId))) {
    fail('PACKAGE_INVALID');
  }
  const entry = await waitlistRepo.insertEntry(tx, {
    id: newId(),
    sessionId: session.id,
    userId: input.userId,
    packageId: input.packageId ?? null,
    status: 'waiting',
    createdAt: now,
    updatedAt: now,
  });
  return entry ?? fail('ALREADY_WAITLISTED');
}

export async function leaveWaitlistTx(
  tx: Tx,
  input: { entryId: string; userId: string; now: Date },
): Promise<waitlistRepo.WaitlistRow> {
  const peek = await waitlistRepo.findEntry(tx, input.entryId);
  if (!peek || peek.userId !== input.userId) fail('WAITLIST_NOT_FOUND');
  const session = (await schedule.lockSession(tx, peek!.sessionId))!;
  const entry = (await waitlistRepo.lockEntry(tx, peek!.id))!;
  const seen = effectiveWaitlistStatus(entry.status, session.startsAt, input.now);
  return waitlistRepo.updateEntry(tx, entry.id, {
    status: transition(WAITLIST_FLOW, seen, 'cancelled', () =>
      fail(entry.status === 'waiting' ? 'WAITLIST_CLOSED' : 'WAITLIST_NOT_ACTIVE'),
    ),
    cancelReason: 'left',
    updatedAt: input.now,
  });
}
