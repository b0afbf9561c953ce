import { sweepClaimed } from '../../platform/claimed-sweep';
import type { Db, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import type { Sweep } from '../../platform/sweeper';
import type { UnitOfWorkDeps } from '../../platform/unit-of-work';
import { getMerchant, shopSettingsOf } from '../merchant';
import * as schedule from '../schedule';
import { noticeData } from './seats';
import * as repo from './sweeps-repo';

/*
 * The class domain's scheduled work (platform/sweeper.ts). Package expiry needs none: a package's
 * state is computed from its validity whenever it is read, and nothing is released when it expires.
 * A sweep that tells members claims its batch and emits its events in one unit of work, so a row
 * is claimed (and its notice written to the outbox) once, whatever instances sweep at once.
 */

/** Each swept row with the class it belongs to, as class events name it (the session and course read once each). */
async function withClass(tx: Tx, rows: repo.SweptRow[]) {
  const classes = new Map<string, ReturnType<typeof noticeData<object>>>();
  const out: { row: repo.SweptRow; of: ReturnType<typeof noticeData<object>> }[] = [];
  for (const row of rows) {
    let of = classes.get(row.sessionId);
    if (!of) {
      const session = (await schedule.findSession(tx, row.sessionId))!;
      of = noticeData(session, (await schedule.findCourse(tx, session.courseId))!, {});
      classes.set(row.sessionId, of);
    }
    out.push({ row, of });
  }
  return out;
}

/** Closes waitlists of sessions that have started; each member still waiting is told their place ended. */
export function sweepStartedWaitlists(unit: UnitOfWorkDeps, now: Date): Promise<number> {
  return sweepClaimed(unit, repo.SWEEP_BATCH, async (work) => {
    const rows = await repo.closeStartedWaitlists(work.tx, now);
    for (const { row, of } of await withClass(work.tx, rows)) {
      await work.emit('waitlist.dropped', { ...of, user_id: row.userId, entry_id: row.id }, now);
    }
    return rows;
  });
}

/**
 * Reminds members of their class `class_reminder_hours` (a studio setting; 0: never) before it
 * starts: once per reservation, and not for a booking made inside that window (the member just
 * booked it). Checked-in and cancelled bookings are not reminded.
 */
export async function sweepClassReminders(unit: UnitOfWorkDeps, now: Date): Promise<number> {
  const hours = shopSettingsOf(await getMerchant(unit.db)).class_reminder_hours;
  if (hours <= 0) return 0;
  return sweepClaimed(unit, repo.SWEEP_BATCH, async (work) => {
    const rows = await repo.claimDueReminders(work.tx, now, hours);
    for (const { row, of } of await withClass(work.tx, rows)) {
      await work.emit('class.reminder', { ...of, user_id: row.userId, reservation_id: row.id }, now);
    }
    return rows;
  });
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

/** The class domain's sweeps; those that tell members deliver their events through the app's outbox. */
export const reservationSweeps = (deps: AppDeps): Sweep[] => [
  { name: 'reservations.remindBeforeStart', run: (db, now) => sweepClassReminders({ db, deps }, now) },
  { name: 'waitlists.closeAtStart', run: (db, now) => sweepStartedWaitlists({ db, deps }, now) },
  { name: 'reservations.doneAfterEnd', run: sweepEndedReservations },
];
