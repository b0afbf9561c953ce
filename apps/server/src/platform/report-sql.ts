// Helpers of the owner's reports' grouped statements (issue 26): raw SQL read with db.execute.
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './db';

/** The rows of a raw statement (node-postgres and PGlite both answer { rows }). */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A timestamptz[] parameter from instants (ISO strings hold no comma): width_bucket's thresholds. */
export function instantsParam(at: readonly Date[]): SQL {
  return sql`${`{${at.map((d) => d.toISOString()).join(',')}}`}::timestamptz[]`;
}

/** A sum or count read back as a number (PostgreSQL answers bigint and numeric as strings). */
export const num = (value: unknown): number => Number(value ?? 0);

/**
 * Runs a report's statements in one read-only transaction on one snapshot (repeatable read: the
 * totals of its parts agree with each other, and a CSV with its JSON), without JIT: PostgreSQL would
 * spend more compiling a report's one-off grouped statements (300 ms measured on what the studio owes)
 * than running them, and with room to hash and sort a year's rows in memory (work_mem 64 MB for this
 * transaction: the default 4 MB spilled a year's sales and retention to disk). Takes no lock a
 * member's write waits for.
 */
export function readReport<T>(db: Db, read: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
    return read(tx);
  });
}

/**
 * Runs reads one after another and answers their results, as Promise.all would: a report's reads
 * share its transaction's one connection, which takes one statement at a time.
 */
export async function inTurn<T extends readonly (() => Promise<unknown>)[]>(
  ...reads: T
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}
