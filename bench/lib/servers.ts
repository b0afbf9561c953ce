// Parent side of the server processes, and the scratch PostgreSQL databases they run on.
// Everything started here is registered for cleanup, which runs at the end of a run and on Ctrl-C.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { ChildMessage, ServerKind, ServerSpec } from './types';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-process.ts');

/** Where scratch databases are created (the server's own `test` database is only the entry point). */
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TOKEN_SECRET = 'bench-secret-bench-secret-bench-secret';

const cleanups: (() => Promise<void>)[] = [];

/** Runs every registered cleanup, newest first; safe to call more than once. */
export async function cleanupAll(): Promise<void> {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop()!;
    await cleanup().catch((error) => console.error('cleanup failed:', error));
  }
}

export interface RunningServer {
  kind: ServerKind;
  url: string;
  /** The scratch database of a `postgres` server. */
  databaseUrl?: string;
  port: number;
  pid: number;
  /** CPU time (user + system) the server process has used so far, in ms. */
  cpuMs(): Promise<number>;
  /** Runs a named setup from setups.ts inside the server process. */
  setup<T = unknown>(name: string, args?: unknown): Promise<T>;
  close(): Promise<void>;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Whether PostgreSQL answers at POSTGRES_URL (the PostgreSQL suites are skipped otherwise). */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version ?? 'unknown';
  } finally {
    await client.end();
  }
}

/** Creates an empty database for this run and registers its drop. */
export async function createScratchDatabase(
  label: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `bench_${label}_${process.pid}_${Date.now().toString(36)}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    const a = new pg.Client({ connectionString: POSTGRES_URL });
    await a.connect();
    try {
      await a.query(`drop database if exists ${name} with (force)`);
    } finally {
      await a.end();
    }
  };
  cleanups.push(drop);
  return { name, url: withDatabase(POSTGRES_URL, name), drop };
}

/**
 * Starts a server process and waits until it listens on 127.0.0.1 (a free port). For `postgres`
 * a fresh database is created (migrated and seeded by buildApp) and dropped on close; for
 * `pglite` a temporary DATA_DIR is created and removed on close. With `databaseUrl`, a `postgres`
 * server runs on that database instead (migrated and seeded if need be, never dropped).
 */
export async function startServer(
  kind: ServerKind,
  options: { label?: string; configOverrides?: Record<string, unknown>; databaseUrl?: string } = {},
): Promise<RunningServer> {
  const spec: ServerSpec = { kind, tokenSecret: TOKEN_SECRET, configOverrides: options.configOverrides };
  const disposers: (() => Promise<void>)[] = [];
  if (kind !== 'bare') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `studio-bench-${kind}-`));
    spec.dataDir = dataDir;
    disposers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  }
  if (kind === 'postgres' && options.databaseUrl) {
    // A database of the caller's (kept when the server closes), e.g. one holding generated data.
    spec.databaseUrl = options.databaseUrl;
  } else if (kind === 'postgres') {
    const database = await createScratchDatabase(options.label ?? 'app');
    spec.databaseUrl = database.url;
    disposers.push(database.drop);
  }

  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server process there (open in Chrome DevTools).
  const profileDir = process.env.BENCH_CPU_PROF;
  const child: ChildProcess = fork(CHILD, [], {
    execArgv: profileDir ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${profileDir}`] : process.execArgv,
    env: { ...process.env, BENCH_SERVER_SPEC: JSON.stringify(spec) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    if (child.exitCode === null && child.signalCode === null) {
      if (child.connected) child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    for (const dispose of disposers.reverse()) await dispose();
  };
  cleanups.push(close);

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} server did not start within 120 s`)), 120_000);
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message.port);
      } else if (message.type === 'result') {
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (message.ok) waiter?.resolve(message.value);
        else waiter?.reject(new Error(message.error));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} server exited with ${code} before listening`));
      for (const waiter of pending.values()) waiter.reject(new Error(`${kind} server exited`));
    });
  });

  const setup = <T>(name: string, args?: unknown) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ type: 'setup', id, name, args: args ?? null });
    });

  return {
    kind,
    port,
    databaseUrl: spec.databaseUrl,
    pid: child.pid ?? 0,
    url: `http://127.0.0.1:${port}`,
    setup,
    cpuMs: async () => {
      const { user, system } = await setup<{ user: number; system: number }>('cpuUsage');
      return (user + system) / 1000;
    },
    close,
  };
}
