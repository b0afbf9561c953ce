import type { FastifyInstance } from 'fastify';
import { allSweeps } from '../modules';

/** Runs one of the sweeps the app registers (modules/index.ts), by name, as the sweeper would at `now`. */
export async function runSweep(app: FastifyInstance, name: string, now: Date): Promise<number> {
  const sweep = allSweeps(app.deps, app.config).find((s) => s.name === name);
  if (!sweep) throw new Error(`No sweep is named ${name}`);
  return sweep.run(app.db, now);
}
