import type { FastifyInstance, FastifyReply } from 'fastify';
import { header } from '../../platform/protocol';
import {
  isUploadKey,
  type OpenedObject,
  type S3UploadStorage,
  UPLOAD_CACHE_CONTROL,
  uploadContentType,
} from '../../platform/storage';

/** How long a browser may remember where an upload redirects (the CDN's address may change one day). */
const REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

const notFound = (reply: FastifyReply) => reply.status(404).type('text/plain').send('Not found');

/** The validators of an answer, as @fastify/static sends them for a file on disk. */
function validators(reply: FastifyReply, object: { etag?: string; lastModified?: Date }): FastifyReply {
  reply.header('cache-control', UPLOAD_CACHE_CONTROL).header('x-content-type-options', 'nosniff');
  if (object.etag) reply.header('etag', object.etag);
  if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
  return reply;
}

/**
 * `GET|HEAD /uploads/<key>` from the bucket (STORAGE=s3). With S3_PUBLIC_URL, a redirect there (the
 * CDN serves the bytes); otherwise the object streamed through this instance with the headers a
 * file on disk gets: a year's immutable cache, its ETag and Last-Modified, 304 when the browser's
 * copy is current (the bucket checks If-None-Match / If-Modified-Since, so a 304 moves no body),
 * the content type of its extension, 404 for a key that is missing or could never name an upload.
 */
export function serveFromBucket(app: FastifyInstance, storage: S3UploadStorage): void {
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    handler: async (req, reply) => {
      const key = req.params['*'];
      if (!isUploadKey(key)) return notFound(reply);
      const direct = storage.publicUrl(key);
      if (direct) return reply.header('cache-control', REDIRECT_CACHE_CONTROL).redirect(direct, 302);

      let object: OpenedObject;
      try {
        object = await storage.open(key, {
          head: req.method === 'HEAD',
          ifNoneMatch: header(req, 'if-none-match'),
          ifModifiedSince: header(req, 'if-modified-since'),
        });
      } catch (error) {
        req.log.error({ err: error, key }, 'upload unreadable from the bucket');
        return reply.status(502).type('text/plain').send('Bad gateway');
      }
      if (object.status === 'missing') return notFound(reply);
      if (object.status === 'not-modified') return validators(reply, object).status(304).send();
      validators(reply, object).type(uploadContentType(key));
      if (object.size !== undefined) reply.header('content-length', object.size);
      if (!object.body) return reply.send();
      return reply.send(object.body);
    },
  });
}
