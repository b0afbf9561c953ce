import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import * as sessions from './modules/account';
import { createTokenCache } from './modules/account';
import { allCalls, allRoutes, allSweeps } from './modules/index';
import { shopSettingsOf, studioRow } from './modules/merchant';
import { runStartupTasks } from './modules/startup';
import { APP_INDEX_FILES } from './modules/studio';
import { walletBalances } from './modules/wallet';
import { createBackground } from './platform/background';
import { connectRedis, createLocalBus, createRedisBus, realtimeChannel } from './platform/bus';
import { type Clock, systemClock } from './platform/clock';
import { type AddressCounts, capConnectionsPerAddress } from './platform/connection-cap';
import { type Database, type Db, migrateDatabase, openDatabase } from './platform/db';
import { type AppDeps, type BalanceReader, noMemberMemo } from './platform/deps';
import { payloadCodec } from './platform/encryption';
import { AppError } from './platform/errors';
import { createEventOutbox } from './platform/event-outbox';
import { registerOpenApi } from './platform/openapi';
import { type RegisteredCall, registerProtocol, sendError } from './platform/protocol';
import { registerRateLimit } from './platform/rate-limit';
import { publishingRealtime, type Realtime } from './platform/realtime';
import { registerSecurityHeaders } from './platform/security-headers';
import { createSharedMemo } from './platform/shared-memo';
import { registerStaticFiles, singlePageFallback } from './platform/static-files';
import { createUploadStorage } from './platform/storage';
import { startSweeper } from './platform/sweeper';
import { loadSecret, loadTokenSecret, TokenSigner } from './platform/tokens';
import { registerWebsocket } from './platform/websocket';

/** Request ids: this process's random prefix and a counter (unique without a random draw per request). */
function requestIds(): () => string {
  const prefix = crypto.randomUUID().slice(0, 13);
  let n = 0;
  return () => `${prefix}${(++n).toString(36).padStart(8, '0')}`;
}

/**
 * The queue of connections the kernel keeps for the server until it accepts them (listen's
 * backlog; the kernel caps it at net.core.somaxconn). Node's default of 511 overflowed when a
 * thousand members opened their connections at once while the server was busy (issue 26's booking
 * race): the kernel dropped the rest, and their phones tried again only after a second.
 */
export const LISTEN_BACKLOG = 4096;
export interface BuildOptions {
  clock?: Clock;
  /** An open database (tests); otherwise one is opened from the config. */
  database?: Database;
  /** Skip migrations and seeding (tests whose template database is already migrated). */
  migrated?: boolean;
  logger?: boolean;
  /** Where log lines go (tests read them); stdout otherwise. */
  logStream?: NodeJS.WritableStream;
  /** Calls registered beside those of modules/index.ts (tests of the protocol itself). */
  extraCalls?: RegisteredCall[];
  /** Wallet and points balances of the user info (zero until a wallet module supplies them). */
  readBalances?: BalanceReader;
}

/** Builds the whole server: database, protocol, static web app. `main.ts` only listens. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const database =
    options.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'db') }));
  if (!options.migrated) await migrateDatabase(database, config.DATABASE_URL);
  const db = database.db;

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.LOG_LEVEL, ...(options.logStream && { stream: options.logStream }) },
    trustProxy: config.TRUST_PROXY,
    // Slow clients: a connection that stalls on its headers, its body or between requests is
    // closed, so that stalled connections cannot pile up uncounted (the rate limit sees only
    // complete requests). Node checks these deadlines every connectionsCheckingInterval.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: config.IDLE_TIMEOUT_MS,
    http: {
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1000, config.HEADERS_TIMEOUT_MS),
    },
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: requestIds(),
    // A path that cannot be decoded (/api/%ZZ) names no function.
    frameworkErrors: (_error, req, reply) =>
      sendError(reply, req, 'FUNCTION_NOT_FOUND', { url: req.url.slice(0, 200) }),
  });
  // Beyond the cap new connections are dropped at once instead of exhausting memory and descriptors.
  app.server.maxConnections = config.MAX_CONNECTIONS;
  // And one address cannot take them all (per forwarded address with TRUST_PROXY).
  app.decorate('connectionCounts', capConnectionsPerAddress(app, config));
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate('config', config);

  // Redis, when configured, carries rate-limit counters and realtime events across instances.
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, app.log) : null;
  const bus = redis ? await createRedisBus(redis, app.log, realtimeChannel(config.REDIS_PREFIX)) : createLocalBus();
  // Throws when the bus fails: best-effort pushes catch it, the outbox retries.
  const realtime: Realtime = publishingRealtime((message) => bus.publish(message));
  app.decorate('realtime', realtime);
  const sharedMemo = await createSharedMemo({ redis, redisPrefix: config.REDIS_PREFIX, log: app.log });
  const uploads = await createUploadStorage(config);
  // Built here, once per app, and handed to every call as ctx.deps: no module keeps any of it.
  const deps: AppDeps = {
    signer: new TokenSigner(loadTokenSecret(config.TOKEN_SECRET, config.DATA_DIR)),
    sandboxSecret: loadSecret(config.SANDBOX_PAY_SECRET, config.DATA_DIR, 'sandbox-pay-secret'),
    events: createEventOutbox({
      db,
      clock,
      // Read at delivery, through app.realtime, so a test's spy on it sees what subscribers push.
      context: () => ({ db, clock, realtime: app.realtime, deps, config, log: app.log }),
      log: app.log,
    }),
    background: createBackground(app.log),
    readBalances: options.readBalances ?? walletBalances,
    // Replaced by the token cache's below: it forgets a member's info with their tokens.
    memberMemo: noMemberMemo,
    memo: sharedMemo,
    uploads,
  };
  app.decorate('deps', deps);
  app.addHook('onClose', async () => {
    await sharedMemo.close();
    await uploads.close();
    await bus.close();
    await redis?.quit();
    if (!options.database) await database.close();
  });

  // Only JSON bodies are calls; text/plain would otherwise arrive as a string.
  app.removeContentTypeParser('text/plain');

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) return sendError(reply, req, error.name, error.params, error.data);
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, req, 'INVALID_BODY');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, req, 'PAYLOAD_TOO_LARGE');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, req, 'UNSUPPORTED_MEDIA_TYPE');
    }
    if (error instanceof SyntaxError || error.statusCode === 400) return sendError(reply, req, 'INVALID_BODY');
    if (error.statusCode === 429) return sendError(reply, req, 'RATE_LIMITED');
    if (error.statusCode === 413) return sendError(reply, req, 'PAYLOAD_TOO_LARGE');
    if (error.statusCode === 415) return sendError(reply, req, 'UNSUPPORTED_MEDIA_TYPE');
    req.log.error({ err: error, reqId: req.id }, 'unexpected failure');
    return sendError(reply, req, 'SYSTEM_ERROR', {}, { requestId: req.id });
  });

  const adminIndex = singlePageFallback(config.ADMIN_DIST);
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) return sendError(reply, req, 'FUNCTION_NOT_FOUND', { url: req.url.slice(5) });
    if (adminIndex && req.method === 'GET' && isBackOfficePage(req.url)) {
      if (req.url === '/admin' || req.url.startsWith('/admin?')) return reply.redirect(`/admin/${req.url.slice(6)}`);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(adminIndex);
    }
    return reply.status(404).type('text/plain').send('Not found');
  });

  // The token check, remembered for a few seconds and forgotten at once by account writes, on
  // every instance (modules/account/token-cache.ts).
  const tokenCache = await createTokenCache({
    authenticate: (token, now) => sessions.authenticate({ db, deps }, token, now),
    redis,
    redisPrefix: config.REDIS_PREFIX,
    log: app.log,
  });
  app.addHook('onClose', async () => tokenCache.close());
  deps.memberMemo = tokenCache.memberMemo;
  const authenticate = tokenCache.authenticate;

  // Before any route: the limiter hooks each route as it is added.
  await registerSecurityHeaders(app, {
    // Uploads redirected to S3_PUBLIC_URL are images (and the service worker's fetches) from there.
    imageOrigins: config.STORAGE === 's3' && config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [],
    frameHosts: async () => shopSettingsOf(await studioRow({ db, deps, clock })).web_view.hosts,
  });
  await registerRateLimit(app, { config, redis });
  await registerWebsocket(app, { bus, clock, authenticate });
  await registerProtocol(app, {
    db,
    config,
    clock,
    calls: tokenCache.wrapCalls([...allCalls, ...(options.extraCalls ?? [])]),
    realtime,
    deps,
    authenticate,
    renewToken: (user, ctx) => sessions.renewToken(user, ctx),
    codec: payloadCodec,
  });
  await registerOpenApi(app);
  for (const route of allRoutes) await route.register(app, { db, clock, config, deps, authenticate });

  app.get('/healthz', { config: { rateLimit: false } }, async (_req, reply) => {
    await db.execute(sql`select 1`);
    return reply.send({ status: 'ok', database: database.kind });
  });

  await registerStaticFiles(app, config.WEB_DIST, { servedElsewhere: APP_INDEX_FILES });
  await registerStaticFiles(app, config.ADMIN_DIST, { prefix: '/admin/' });

  if (!options.migrated) await runStartupTasks(db, config, clock, uploads);

  // Scheduled work of this instance (SWEEP_INTERVAL_MS; 0 = off); stopped before the database closes.
  const sweeper = startSweeper({
    db,
    clock,
    intervalMs: config.SWEEP_INTERVAL_MS,
    sweeps: [...allSweeps(deps, config), ...deps.events.sweeps],
    log: app.log,
  });
  app.addHook('preClose', async () => {
    await sweeper.stop();
    await deps.background?.drain();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    clock: Clock;
    config: Config;
    realtime: Realtime;
    deps: AppDeps;
    /** Open connections (with TRUST_PROXY: requests in progress) per client address. */
    connectionCounts: AddressCounts;
  }
}

/** A page of the back office (its router's paths), not a file of its build that is missing. */
function isBackOfficePage(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  if (pathname !== '/admin' && !pathname.startsWith('/admin/')) return false;
  return !pathname.startsWith('/admin/assets/') && !/\.[a-z0-9]+$/i.test(pathname);
}
