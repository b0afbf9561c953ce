// Helpers of the owner's reports' grouped statements (issue 26): raw SQL read with db.execute.
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './db';

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
