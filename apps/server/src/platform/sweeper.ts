import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Db } from './db';

/**
 * One kind of scheduled work: a statement (or a loop of them) that claims due rows with
 * `FOR UPDATE SKIP LOCKED`, so any number of server instances may run it at once. Answers how many
 * rows it changed. Reads never wait for a sweep: every due state is also computed when read.
 */
export interface Sweep {
  name: string;
  run(db: Db, now: Date): Promise<number>;
}

export interface SweeperDeps {
  db: Db;
  clock: Clock;
  /** 0 = off (tests run the sweeps themselves with their clock). */
  intervalMs: number;
  sweeps: readonly Sweep[];
  log?: FastifyBaseLogger;
}

export interface Sweeper {
  /** Stops the loop and waits for a round in progress to finish. */
  stop(): Promise<void>;
}

/** Runs every sweep once at `now`; a failing sweep is logged and does not stop the others. */
export async function runSweeps(
  db: Db,
  now: Date,
  sweeps: readonly Sweep[],
  log?: FastifyBaseLogger,
): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  for (const sweep of sweeps) {
    try {
      done[sweep.name] = await sweep.run(db, now);
      if (done[sweep.name]) log?.info({ sweep: sweep.name, rows: done[sweep.name] }, 'sweep');
    } catch (err) {
      log?.error({ err, sweep: sweep.name }, 'sweep failed');
    }
  }
  return done;
}

/** The in-process loop of one server instance: a round every intervalMs, never two rounds at once. */
export function startSweeper(deps: SweeperDeps): Sweeper {
  if (deps.intervalMs <= 0) return { stop: async () => undefined };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<unknown> = Promise.resolve();

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = runSweeps(deps.db, deps.clock.now(), deps.sweeps, deps.log).finally(schedule);
    }, deps.intervalMs);
    // The loop alone must not keep the process alive.
    timer.unref();
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await round.catch(() => undefined);
    },
  };
}
