// Counters of one database from pg_stat_database: how much work the server asked of PostgreSQL.
import pg from 'pg';

export interface DbCounters {
  commits: number;
  rollbacks: number;
  rowsFetched: number;
  rowsInserted: number;
  rowsUpdated: number;
}

/**
 * Backends publish their counters when idle (at most once a second in PostgreSQL 15), so callers
 * wait a moment after the load before reading.
 */
export async function readCounters(databaseUrl: string): Promise<DbCounters> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select xact_commit, xact_rollback, tup_fetched, tup_inserted, tup_updated
         from pg_stat_database where datname = current_database()`,
    );
    const r = rows[0] ?? {};
    return {
      commits: Number(r.xact_commit),
      rollbacks: Number(r.xact_rollback),
      rowsFetched: Number(r.tup_fetched),
      rowsInserted: Number(r.tup_inserted),
      rowsUpdated: Number(r.tup_updated),
    };
  } finally {
    await client.end();
  }
}

export function diffCounters(after: DbCounters, before: DbCounters): DbCounters {
  return {
    commits: after.commits - before.commits,
    rollbacks: after.rollbacks - before.rollbacks,
    rowsFetched: after.rowsFetched - before.rowsFetched,
    rowsInserted: after.rowsInserted - before.rowsInserted,
    rowsUpdated: after.rowsUpdated - before.rowsUpdated,
  };
}

export const settle = (ms = 1500) => new Promise((resolve) => setTimeout(resolve, ms));
