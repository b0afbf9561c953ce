import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RawRoute } from '../../platform/raw-routes';
import { studioRow, toMchInfo } from '../merchant';
import { isTestMode } from '../payments';

/**
 * The member app's index.html as built, but told what its frame paints before any call: while the
 * studio is in test mode, `<html data-test-mode="true">`, so the frame painted from plain DOM
 * (web app/shell.ts) carries the Test mode band from the first paint. Drawn only once the studio's
 * info had arrived, the band pushed the whole page down 28 px seconds after it was on screen (a
 * layout shift) and was the schedule's largest paint, at 3 s instead of the heading's 1.6 s.
 */
export const APP_INDEX_FILES = ['index.html', 'index.html.br', 'index.html.gz'] as const;

type Encoding = 'br' | 'gzip' | 'identity';
const COMPRESS_FROM_BYTES = 1024;

interface Variant {
  etag: string;
  bodies: Map<Encoding, Buffer>;
}

/** The index as served for one state of the studio (compressed once per encoding, when first asked). */
function variantOf(html: string, testMode: boolean): Variant {
  const text = testMode ? html.replace(/<html(\s|>)/i, '<html data-test-mode="true"$1') : html;
  const raw = Buffer.from(text, 'utf8');
  return {
    etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
    bodies: new Map([['identity', raw]]),
  };
}

function bodyOf(variant: Variant, encoding: Encoding): Buffer {
  let body = variant.bodies.get(encoding);
  if (!body) {
    const raw = variant.bodies.get('identity') as Buffer;
    body = encoding === 'br' ? brotliCompressSync(raw) : gzipSync(raw, { level: 9 });
    variant.bodies.set(encoding, body);
  }
  return body;
}

/** The best encoding the request accepts (the static files' rule: brotli, then gzip). */
export function encodingOf(req: Pick<FastifyRequest, 'headers'>): Encoding {
  const accepted = String(req.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name?.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return 'identity';
}

/** `GET /` and `GET /index.html` of the member app (the static files leave APP_INDEX_FILES to it). */
export const appIndexRoutes: RawRoute = {
  name: 'app index',
  register(app, deps) {
    const file = path.join(deps.config.WEB_DIST, 'index.html');
    if (!existsSync(file)) return;
    const html = readFileSync(file, 'utf8');
    const variants = { off: variantOf(html, false), on: variantOf(html, true) };
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const row = await studioRow({ db: deps.db, deps: deps.deps, clock: deps.clock });
      const variant = isTestMode(deps.config, toMchInfo(row).pay_types) ? variants.on : variants.off;
      // Always revalidated (an index names the build's code); a 304 when nothing changed.
      reply.header('cache-control', 'no-cache').header('etag', variant.etag).header('vary', 'Accept-Encoding');
      const held = req.headers['if-none-match'];
      if (typeof held === 'string' && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === variant.etag)) {
        return reply.status(304).send();
      }
      // Below 1 KB compressing gains less than its header costs (the build's twins follow the same rule).
      const encoding = variant.bodies.get('identity')!.length < COMPRESS_FROM_BYTES ? 'identity' : encodingOf(req);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.type('text/html; charset=utf-8').send(bodyOf(variant, encoding));
    };
    app.get('/', handler);
    app.get('/index.html', handler);
  },
};
