import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { accountCalls, type LoginResult } from '@studio/contract/account';
import type { CallDef, CallInput, CallOutput, Envelope } from '@studio/contract/protocol';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { TestClock } from '../platform/clock';
import { type Database, openDatabase, PGLITE_EXTENSIONS } from '../platform/db';
import { withDatabase } from './global-setup';

export interface CallOptions {
  token?: string | null;
  locale?: string;
  headers?: Record<string, string>;
}

/** The answer of a call: the envelope, with the fields of the call's output (absent when code ≠ 0). */
export type CallAnswer<C extends CallDef> = Envelope & CallOutput<C>;

/** A call's input, then the options; the input may be left out when the call takes none. */
export type CallArgs<C extends CallDef> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` is the empty input: does the call accept it?
  {} extends CallInput<C> ? [data?: CallInput<C>, options?: CallOptions] : [data: CallInput<C>, options?: CallOptions];

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  config: Config;
  database: Database;
  /**
   * Calls a function of the contract through the router form: the input is checked against the
   * definition at compile time and the answer is typed by its output.
   */
  call<C extends CallDef>(def: C, ...args: CallArgs<C>): Promise<CallAnswer<C>>;
  /** Sends anything to any url (bad input, unknown or private functions) and answers the envelope. */
  callRaw(url: string, data?: unknown, options?: CallOptions): Promise<Envelope>;
  /** Registers a fresh member (unique username) and answers its login result. */
  register(overrides?: { username?: string; password?: string }): Promise<LoginResult & { password: string }>;
  /** One more server instance on the same database (and Redis, when configured); closed by close(). */
  anotherInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface TestAppOptions extends Pick<BuildOptions, 'extraCalls' | 'logStream'> {
  clock?: TestClock;
  config?: Partial<Config>;
}

/** scrypt's N of the passwords tests make: the smallest scrypt allows. */
export const TEST_HASH_COST = 2;

let counter = 0;
/** A username no other test in this run uses. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${process.pid}x${counter}${Math.random().toString(36).slice(2, 6)}`;
}

/** Opens a fresh database cloned from the migrated template: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export async function openTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const pgTemplate = inject('postgresTemplate');
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (pgTemplate && baseUrl) {
    const name = `studio_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${pgTemplate}`);
        break;
      } catch (error) {
        // Two files cloning the template at the same instant collide; try again shortly.
        if (attempt > 20) throw error;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
    await admin.end();
    const url = withDatabase(baseUrl, name);
    const database = await openDatabase({ url, poolSize: 20 });
    return {
      database,
      url,
      drop: async () => {
        const a = new pg.Client({ connectionString: baseUrl });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  const database = await openDatabase({ pglite: client });
  return { database, drop: async () => undefined };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const clock = options.clock ?? new TestClock();
  const { database, url, drop } = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-test-'));
  const config = loadConfig(
    {},
    {
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      TOKEN_SECRET: 'test-secret-test-secret-test-secret',
      LOG_LEVEL: 'silent',
      SEED_DEMO: false,
      // The sandbox card pays in tests on both databases (it is off by default with DATABASE_URL).
      SANDBOX_PAYMENTS: true,
      WEB_DIST: path.join(dataDir, 'no-web'),
      ADMIN_DIST: path.join(dataDir, 'no-admin'),
      SWEEP_INTERVAL_MS: 0,
      // Every injected request comes from 127.0.0.1: a busy test file must not meet the per-address
      // limits by chance of speed. rate-limit.test.ts sets them back to test them.
      RATE_LIMIT_AUTH_PER_MIN: 1_000_000,
      RATE_LIMIT_PER_MIN: 1_000_000,
      // Hashes made in tests need no strength: the production cost would spend most of the run in
      // scrypt. passwords.test.ts checks the production cost.
      PASSWORD_HASH_COST: TEST_HASH_COST,
      ...options.config,
    },
  );
  const build: BuildOptions = {
    clock,
    migrated: true,
    logger: !!options.logStream,
    logStream: options.logStream,
    extraCalls: options.extraCalls,
  };
  const app = await buildApp(config, { ...build, database });
  await app.ready();
  const closers: (() => Promise<void>)[] = [];

  const callRaw: TestApp['callRaw'] = async (url, data = {}, opts = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
    if (opts.token) headers['uni-id-token'] = opts.token;
    if (opts.locale) headers['vk-locale'] = opts.locale;
    const res = await app.inject({ method: 'POST', url: '/api/router', headers, payload: { url, data } });
    return res.json();
  };
  const call: TestApp['call'] = (def, ...[data, opts]) => callRaw(def.url, data, opts) as Promise<never>;

  return {
    app,
    clock,
    config,
    database,
    call,
    callRaw,
    async register(overrides = {}) {
      const password = overrides.password ?? 'Secret123';
      const username = overrides.username ?? uniqueName();
      const res = await call(accountCalls.register, {
        username,
        password,
        password2: password,
        agree: true,
      });
      if (res.code !== 0) throw new Error(`register failed: ${JSON.stringify(res)}`);
      return { ...res, password };
    },
    async anotherInstance() {
      // PostgreSQL: a pool of its own, as a separate server would have; PGlite: the same database.
      const own = url ? await openDatabase({ url, poolSize: 5 }) : null;
      const other = await buildApp(config, { ...build, database: own ?? database });
      await other.ready();
      closers.push(async () => {
        await other.close();
        await own?.close();
      });
      return other;
    },
    async close() {
      for (const closeOne of closers) await closeOne();
      await app.close();
      await database.close();
      await drop();
    },
  };
}
