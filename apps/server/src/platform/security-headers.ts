import type { IncomingMessage } from 'node:http';
import { frameSources } from '@studio/contract/web-view-rule';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** A Host header fit to name this server's websocket origin; anything else adds none. */
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The websocket of the app at this host: `'self'` covers ws:/wss: of the same origin only in
 * browsers that implement CSP 3, so the origin is also named (from the Host the page was loaded by).
 */
function websocketOrigins(host: string | undefined): string {
  return host && HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

/**
 * The CSP of the app: its own scripts, its API and websocket, its own images (uploads, QR codes
 * drawn to data: and blob: URLs), nothing framing it; it frames only the hosts of the studio's
 * web-view allow-list (`frame-src`, added per request by cspFactory; contract web-view-rule.ts). Inline styles stay allowed: React and
 * antd-mobile set style attributes, a far smaller risk than scripts, which only come from files.
 */
export const APP_CSP = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'", (req: IncomingMessage) => websocketOrigins(req.headers.host)],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  workerSrc: ["'self'", 'blob:'],
  upgradeInsecureRequests: null,
};

/**
 * An API answer is JSON, never a document: it needs the REST set (OWASP REST Security cheat sheet),
 * not a page's. Five short headers instead of helmet's eleven and the app's long CSP: measured on a
 * cached goods detail, the page set cost a third of the throughput (15k → 23k req/s without it).
 */
export const API_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** The route options of an API route: API_SECURITY_HEADERS instead of helmet's page headers. */
export const API_ROUTE = { config: { apiHeaders: true } } as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An API route (API_ROUTE): answered with API_SECURITY_HEADERS. */
    apiHeaders?: boolean;
  }
}

export interface SecurityHeaderOptions {
  /**
   * Origins images come from beside this one (S3_PUBLIC_URL's, where `/uploads/...` redirects):
   * allowed in img-src, and in connect-src for the member app's service worker, which fetches them.
   */
  imageOrigins?: readonly string[];
  /** The hosts pages may frame (the studio's web-view allow-list); none when absent or when it cannot be read. */
  frameHosts?: () => Promise<readonly string[]>;
}

/**
 * Security headers on every answer. Pages and files (helmet): the CSP above, nosniff, no referrer
 * sent, no framing (X-Frame-Options for browsers without frame-ancestors); the API docs (Swagger UI)
 * live under the same CSP: their scripts, styles and the document are files of this origin, their
 * icons data: URLs. API calls (routes with API_ROUTE): API_SECURITY_HEADERS. Register before the routes.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions = {},
): Promise<void> {
  // helmet's own middleware, built once; run for pages and files only (API calls take the lean set
  // without a middleware chain: @fastify/helmet's per-request async hooks cost ~5% of a cached read).
  const pageHeaders = helmet({
    // Written below instead: helmet would rebuild the whole policy on every request (its
    // connect-src depends on the Host), a fifth of the cost of a cached read.
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Served over plain HTTP in development and behind a TLS proxy in production: the proxy, which
    // knows whether HTTPS is the only way in, is the place for Strict-Transport-Security.
    strictTransportSecurity: false,
  });
  const csp = cspFactory(options.imageOrigins);
  app.addHook('onRequest', (req, reply, done) => {
    if (req.routeOptions.config.apiHeaders) {
      reply.headers(API_SECURITY_HEADERS);
      done();
      return;
    }
    const finish = (frameHosts: readonly string[]) => {
      reply.header('content-security-policy', csp(req.headers.host, frameHosts));
      pageHeaders(req.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    };
    if (!options.frameHosts) return finish([]);
    // The studio row is remembered (studioRow's memo): no query per file served.
    options.frameHosts().then(finish, (error: unknown) => {
      req.log.warn({ err: error }, 'web-view hosts unreadable: no frames allowed');
      finish([]);
    });
  });
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const MAX_HOSTS = 64;

/** The policy for pages loaded from `host` that may frame `frameHosts`, as helmet would write it, built once per pair. */
export function cspFactory(
  imageOrigins: readonly string[] = [],
): (host: string | undefined, frameHosts?: readonly string[]) => string {
  const byHost = new Map<string, string>();
  return (host, frameHosts = []) => {
    const key = `${host ?? ''} ${frameHosts.join(' ')}`;
    let policy = byHost.get(key);
    if (policy === undefined) {
      policy = Object.entries(APP_CSP)
        .filter(([, values]) => values !== null)
        .map(([name, values]) => {
          const parts = (values as (string | ((req: IncomingMessage) => string))[])
            .map((v) => (typeof v === 'function' ? websocketOrigins(host) : v))
            .concat(name === 'imgSrc' || name === 'connectSrc' ? imageOrigins : [])
            .filter(Boolean);
          return [kebab(name), ...parts].join(' ');
        })
        .concat([['frame-src', ...frameSources(frameHosts)].join(' ')])
        .join(';');
      if (byHost.size >= MAX_HOSTS) byHost.delete(byHost.keys().next().value!);
      byHost.set(key, policy);
    }
    return policy;
  };
}
