// The ceiling: pgbench against the same PostgreSQL server, on a scratch database of its own.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { createScratchDatabase } from './servers';

const run = promisify(execFile);

export const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';

export interface PgbenchResult {
  /** e.g. "TPC-B (sort of)" or "simple update" */
  mode: string;
  args: string[];
  clients: number;
  durationS: number;
  tps: number;
  latencyAvgMs: number;
  transactions: number;
  failed: number;
}

export function pgbenchAvailable(): boolean {
  return existsSync(PGBENCH);
}

function parse(output: string, mode: string, args: string[], clients: number, durationS: number): PgbenchResult {
  const num = (re: RegExp) => Number(re.exec(output)?.[1] ?? Number.NaN);
  return {
    mode,
    args,
    clients,
    durationS,
    tps: Math.round(num(/tps = ([\d.]+) \(without initial connection time\)/) * 10) / 10,
    latencyAvgMs: num(/latency average = ([\d.]+) ms/),
    transactions: num(/number of transactions actually processed: (\d+)/),
    failed: num(/number of failed transactions: (\d+)/) || 0,
  };
}

/**
 * `pgbench -i -s 1` on a fresh database, then one timed run per mode (-c clients, -j 2 threads,
 * -T seconds, pgbench's default simple query protocol). The database is dropped by the run's cleanup.
 */
export async function runPgbench(
  modes: { name: string; flags: string[] }[],
  clients: number,
  durationS: number,
): Promise<PgbenchResult[]> {
  const database = await createScratchDatabase('pgbench');
  const url = new URL(database.url);
  const conn = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username) || 'postgres'];
  await run(PGBENCH, [...conn, '-i', '-s', '1', '-q', database.name], {
    env: { ...process.env, PGPASSWORD: url.password },
  });
  const results: PgbenchResult[] = [];
  for (const mode of modes) {
    const args = [...mode.flags, '-c', String(clients), '-j', '2', '-T', String(durationS)];
    const { stdout } = await run(PGBENCH, [...conn, ...args, database.name], {
      env: { ...process.env, PGPASSWORD: url.password },
    });
    results.push(parse(stdout, mode.name, args, clients, durationS));
  }
  await database.drop();
  return results;
}
