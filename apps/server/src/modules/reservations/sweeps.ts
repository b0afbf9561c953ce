import type { Db } from '../../platform/db';
import type { Sweep } from '../../platform/sweeper';
import * as repo from './repo';

/** The class domain's scheduled work (platform/sweeper.ts). */

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
