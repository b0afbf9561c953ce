import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Hashed build output (vite's `assets/`): a changed file gets a new name, so it may be cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A built app (the member app from WEB_DIST at `/`, the back office from ADMIN_DIST at `/admin/`),
 * when it exists. Built files come with `.br` and `.gz` twins (scripts/vite-precompress.ts writes
 * them at build time); `preCompressed` picks one from the request's
 * Accept-Encoding and answers `Vary: Accept-Encoding`, so nothing is compressed per request.
 *
 * A bad request for a file — a path that leaves the root (`..`, encoded or not), a NUL, a Range that
 * cannot be met or read — is the caller's mistake: it answers its 4xx (403, 404, 416) as plain text
 * and logs nothing at error level. The errors come from @fastify/send as http errors with a status;
 * the app's error handler would treat them as unexpected failures (500 with a stack), so the static
 * routes get an error handler of their own, inside this plugin's scope. Uploads (account/upload.ts)
 * are served the same way.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  webDist: string,
  {
    prefix = '/',
    servedElsewhere = [],
  }: {
    prefix?: string;
    /** Files of the build a route of their own answers (the member app's index.html, modules/studio). */
    servedElsewhere?: readonly string[];
  } = {},
): Promise<void> {
  if (!existsSync(webDist)) return;
  await app.register(async (scope) => {
    scope.setErrorHandler(fileErrorHandler);
    await scope.register(fastifyStatic, {
      root: webDist,
      prefix,
      // Only the first registration may decorate the reply with sendFile.
      decorateReply: prefix === '/',
      wildcard: false,
      globIgnore: [...servedElsewhere],
      index: servedElsewhere.includes('index.html') ? false : undefined,
      preCompressed: true,
      // Never list a directory nor serve a dotfile (`send` answers 404 for those).
      list: false,
      dotfiles: 'ignore',
      // Refuse, before touching the disk, what can never name a file of the build.
      allowedPath: isFilePath,
      setHeaders: (res, file) => {
        // Hashed assets never change; index.html (and the few unhashed files) must always be fresh.
        // @fastify/static 10 hands over the Fastify reply here, not the raw response.
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  });
}

/**
 * The back office's index.html, for any GET under /admin/ that names no file: its router (react-router,
 * basename /admin) draws the page from the path, so a reload or a shared link of /admin/members/42
 * opens that page. Read once at start; null when the back office is not built.
 */
export function singlePageFallback(dist: string): string | null {
  const index = path.join(dist, 'index.html');
  return existsSync(index) ? readFileSync(index, 'utf8') : null;
}

/** Refuses, before touching the disk, what can never name a served file: a NUL or a `..` segment. */
export function isFilePath(pathName: string): boolean {
  return !pathName.includes('\0') && !pathName.split(/[\\/]/).includes('..');
}

/**
 * The error handler of a scope that serves files with @fastify/static: `send`'s http errors
 * (403, 404, 416, 400) answer their status as plain text; anything else is a logged 500.
 */
export function fileErrorHandler(
  error: FastifyError & { status?: number; headers?: Record<string, string> },
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode ?? error.status ?? 500;
  if (status >= 400 && status < 500) return sendClientError(reply, status, error.headers);
  req.log.error({ err: error, reqId: req.id }, 'static file failed');
  return reply.status(500).type('text/plain').send('Internal error');
}

/** 416 carries `Content-Range: bytes * /<size>` (RFC 9110) as `send` computed it; nothing else is copied. */
function sendClientError(reply: FastifyReply, status: number, headers?: Record<string, string>) {
  const contentRange = headers?.['Content-Range'] ?? headers?.['content-range'];
  if (status === 416 && contentRange) reply.header('content-range', contentRange);
  const text =
    status === 403
      ? 'Forbidden'
      : status === 404
        ? 'Not found'
        : status === 416
          ? 'Range not satisfiable'
          : 'Bad request';
  return reply.status(status).type('text/plain').send(text);
}
