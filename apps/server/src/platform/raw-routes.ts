import type { ErrorName } from '@studio/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Clock } from './clock';
import type { Db } from './db';
import type { AppDeps } from './deps';
import type { AuthUser } from './protocol';

/** What a raw route gets from buildApp: the same database, clock and dependencies as the calls. */
export interface RawRouteDeps {
  db: Db;
  clock: Clock;
  config: Config;
  deps: AppDeps;
  /** The protocol's token check, so that a raw route answers token errors exactly like a kh call. */
  authenticate(token: string, now: Date): Promise<AuthUser | ErrorName>;
}

/**
 * An HTTP route outside the call protocol: one that needs the raw request (a file upload, a calendar
 * feed fetched without a token, a payment webhook whose signature covers the raw body). Listed in
 * `modules/index.ts` (`allRoutes`) beside the calls; buildApp registers them all, after the rate
 * limiter, so each is counted like any route.
 */
export interface RawRoute {
  name: string;
  register(app: FastifyInstance, deps: RawRouteDeps): Promise<void> | void;
}
