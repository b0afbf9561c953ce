import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema';

export type Schema = typeof schema;
/** The database, PGlite or PostgreSQL alike: modules see only this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either, so a service can run them inside its transaction. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... ; without it an embedded PGlite database is used. */
  url?: string;
  /** Directory of the embedded database (ignored with url). */
  dataDir?: string;
  /** An already open PGlite (tests clone one from a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
}

// Numbers over 2^53 do not occur in this schema; read bigint/numeric counts as JS numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** The extensions the migrations create (pg_trgm for the goods search); PostgreSQL ships them as contrib. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * pg-pool closes the connection of any statement that fails outside a transaction, even one the
 * server merely refused (a unique index, a null, a deadlock) on a connection that stands ready for
 * the next: each such refusal then costs a new connection and its prepared statements parsed again
 * (a rush on a full class refused hundreds of one-statement bookings this way, 2.6 times slower).
 * Statements run through the pool's promise form (drizzle's) keep their connection when the server
 * answered with an error; a connection that broke is still closed (pg-pool drops one that is no
 * longer queryable, or whose error was FATAL).
 */
function keepConnectionsOnRefusals(pool: pg.Pool): pg.Pool {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const keeping = async (text: unknown, values: unknown) => {
    const client = await pool.connect();
    let released = false;
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      client.release(error);
    };
    client.once('error', release);
    try {
      return await client.query(text as string, values as unknown[]);
    } catch (error) {
      // ERROR ends only the statement; FATAL (a terminated backend) and anything else the connection.
      const refused = error instanceof pg.DatabaseError && error.severity === 'ERROR';
      release(refused ? undefined : (error as Error));
      throw error;
    } finally {
      client.removeListener('error', release);
      release();
    }
  };
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) =>
    args.some((arg) => typeof arg === 'function') ? query(...args) : keeping(args[0], args[1]);
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = keepConnectionsOnRefusals(new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 }));
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Queries in flight still fail loudly.
    });
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client = options.pglite;
  if (!client) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create(options.dataDir, { extensions: PGLITE_EXTENSIONS });
  }
  const pglite = client;
  const db = drizzlePglite({ client: countingWrites(pglite), schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'pglite', close: () => pglite.close() };
}

/** Each embedded database's count of statements that may have changed it (see writeGeneration). */
const writeGenerations = new WeakMap<object, { n: number }>();

/** A statement that can only read: a plain SELECT (a `with` may hide an update: it counts as a write). */
const readsOnly = (text: string) => /^\s*select\b/i.test(text);

/**
 * The PGlite client drizzle is handed: the same client, counting what may have written. A
 * statement outside a transaction that is not a plain SELECT counts once it has run, and a
 * transaction once it has ended (its writes are seen by others only then).
 */
function countingWrites(pglite: PGlite) {
  const generation = { n: 0 };
  const client = {
    query: (text: string, params?: unknown[], options?: object) =>
      pglite.query(text, params, options).finally(() => {
        if (!readsOnly(text)) generation.n += 1;
      }),
    transaction: <T>(run: (tx: unknown) => Promise<T>) =>
      pglite.transaction(run as never).finally(() => {
        generation.n += 1;
      }) as Promise<T>,
  };
  writeGenerations.set(client, generation);
  return client as unknown as PGlite;
}

/**
 * Where the database can say it changed: on the embedded database (PGlite: one process holds it,
 * so every write goes through this client) a number that moves after every statement or
 * transaction that may have written, so a read remembered with the number seen before it was made
 * stays true while the number has not moved. Undefined on PostgreSQL, where other instances write
 * too: ask the database.
 */
export function writeGeneration(db: Db): number | undefined {
  const client = (db as unknown as { $client: object }).$client;
  return writeGenerations.get(client)?.n;
}

export async function migrateDatabase(database: Database, url?: string): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'postgres' && url) {
    // One connection holds an advisory lock so that two instances starting together migrate once.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migratePg(drizzlePg({ client }), config);
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
      await client.end();
    }
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
    await migratePglite(database.db as any, config);
  }
}

type Placeholders = Record<string, unknown>;
interface Executable<R> {
  execute(placeholders?: Placeholders): Promise<R>;
}
interface Preparable<R> extends Executable<R> {
  prepare(name: string): Executable<R>;
}

/**
 * `column = any($ids)` for a prepared statement: one statement for any number of text ids (an
 * `in (...)` list would be a new statement for each count).
 */
export function isAnyOf(column: SQLWrapper, ids: Placeholder): SQL {
  return sql`${column} = any(${ids}::text[])`;
}

/** An instant as a timestamptz parameter: a Date, or a placeholder filled with an ISO string. */
export function instant(at: Date | Placeholder): SQL {
  return sql`${at instanceof Date ? at.toISOString() : at}::timestamptz`;
}

/** The PostgreSQL connection a transaction runs on (node-postgres; PGlite's transactions have none to reuse). */
function connectionOf(tx: Tx): pg.Client | undefined {
  const client = (tx as unknown as { session: { client: unknown } }).session.client;
  return client instanceof pg.Client ? client : undefined;
}

/**
 * A hot-path query whose SQL drizzle builds once instead of on every call (building was the largest
 * cost of a cheap call in the protocol benchmark, and of a booking's transaction). Outside a
 * transaction it is prepared once per database; inside one, once per pooled PostgreSQL connection
 * (under its own name, so the two never clash): a transaction always runs on one connection, so
 * the statement runs inside it. On PGlite a transaction gets a fresh handle each time, so there it is
 * built per call (a statement prepared on the database would wait forever for the transaction's
 * exclusive lock).
 */
export function preparedQuery<R>(name: string, build: (db: DbOrTx) => Preparable<R>) {
  const byDatabase = new WeakMap<Db, Executable<R>>();
  const byConnection = new WeakMap<pg.Client, Executable<R>>();
  return (db: DbOrTx, placeholders: Placeholders): Promise<R> => {
    if (db instanceof PgTransaction) {
      const connection = connectionOf(db);
      if (!connection) return build(db).execute(placeholders);
      let statement = byConnection.get(connection);
      if (!statement) {
        statement = build(db).prepare(`${name}_tx`);
        byConnection.set(connection, statement);
      }
      return statement.execute(placeholders);
    }
    let statement = byDatabase.get(db);
    if (!statement) {
      statement = build(db).prepare(name);
      byDatabase.set(db, statement);
    }
    return statement.execute(placeholders);
  };
}
