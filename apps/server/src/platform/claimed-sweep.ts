import { runUnitOfWork, type UnitOfWorkDeps, type Work } from './unit-of-work';

/**
 * A sweep that tells members of what came due (a deadline near, a last credit used): `step` claims a
 * batch of due rows in one statement (marks them told, the rows chosen FOR UPDATE SKIP LOCKED and
 * re-checked by the UPDATE) and emits an event for each, all in one unit of work, so a row is told
 * once however many instances sweep, and never if the unit of work rolls back. Runs until a batch
 * comes back short of `batch`; answers how many rows were told.
 */
export async function sweepClaimed(
  deps: UnitOfWorkDeps,
  batch: number,
  step: (work: Work) => Promise<readonly unknown[]>,
): Promise<number> {
  let told = 0;
  for (;;) {
    const rows = await runUnitOfWork(deps, step);
    told += rows.length;
    if (rows.length < batch) return told;
  }
}
