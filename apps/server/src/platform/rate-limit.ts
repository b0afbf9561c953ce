import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from './errors';
import { isRecord } from './protocol';

export const RATE_LIMIT_WINDOW_MS = 60_000;

/** Login, registration, code sending and password reset: the calls worth guessing at (RULES.md, Accounts). */
const AUTH_FUNCTION = /^(login|register|loginBy\w+|send\w*Code|resetPassword\w*)$/;

export function isAuthCall(url: string): boolean {
  const match = /^user\/pub\/(\w+)$/.exec(url);
  return !!match?.[1] && AUTH_FUNCTION.test(match[1]);
}

/** The call a request makes: `url` of the router form's body, or the path after /api/. */
function callUrlOf(req: FastifyRequest): string | null {
  const route = req.routeOptions.url;
  if (route === '/api/router') return isRecord(req.body) && typeof req.body.url === 'string' ? req.body.url : null;
  if (route === '/api/*') return (req.params as { '*': string })['*'];
  return null;
}

/** Whether a request path counts against the limits: the API and the websocket, not static files. */
export function isLimitedPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/ws' || url.startsWith('/ws?');
}

/** normalizeIP's answers (an IPv6 test per call is a tenth of the limiter's cost), for the addresses seen lately. */
const normalized = new Map<string, string>();
function normalizedIp(ip: string): string {
  let found = normalized.get(ip);
  if (found === undefined) {
    found = normalizeIP(ip);
    if (normalized.size >= 1024) normalized.clear();
    normalized.set(ip, found);
  }
  return found;
}

/**
 * The client address limits are counted by: `req.ip` (the X-Forwarded-For client with TRUST_PROXY,
 * else the socket's peer), an IPv6 address as its network prefix (one host holds many addresses).
 * injectWS requests have no socket, hence no ip (DESIGN.md): they share 'unknown'.
 */
export function clientAddress(ip: string | undefined): string {
  return ip ? normalizedIp(ip) : 'unknown';
}

/** `<bucket>:<ip>`: auth calls count apart from everything else, per client address. */
export function rateLimitKey(req: FastifyRequest): string {
  const url = callUrlOf(req);
  const bucket = url && isAuthCall(url) ? 'auth' : 'api';
  return `${bucket}:${clientAddress(req.ip || req.socket?.remoteAddress)}`;
}

/**
 * Per-IP limits on every route, counted in Redis when REDIS_URL is set (shared by all instances),
 * else in memory. Runs as a preHandler, once the body (and so the router form's url) is parsed.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  deps: { config: Config; redis: Redis | null },
): Promise<void> {
  const { config, redis } = deps;
  await app.register(rateLimit, {
    hook: 'preHandler',
    timeWindow: RATE_LIMIT_WINDOW_MS,
    keyGenerator: rateLimitKey,
    // The web app's own files are not calls: a page load fetches dozens, and a studio's members
    // often share one address on its Wi-Fi. Only the API and the socket handshake are counted.
    allowList: (req) => !isLimitedPath(req.url),
    max: (_req, key) => (key.startsWith('auth:') ? config.RATE_LIMIT_AUTH_PER_MIN : config.RATE_LIMIT_PER_MIN),
    // Per deployment (REDIS_PREFIX): two studios on one Redis count apart.
    ...(redis && { redis, nameSpace: `${config.REDIS_PREFIX}:rate-limit:` }),
    // A Redis outage must not take the API down with it: requests pass uncounted meanwhile.
    skipOnError: true,
    // Counted quietly: a refused call says when to retry (retry-after and RATE_LIMITED's retryAfter);
    // three x-ratelimit-* headers on every allowed answer cost ~10% of a cached read and no client reads them.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_req, context) =>
      new AppError('RATE_LIMITED', {}, { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
}
