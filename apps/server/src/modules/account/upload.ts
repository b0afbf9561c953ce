import { mkdirSync } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES, type UploadResult } from '@studio/contract/account';
import type { ErrorName } from '@studio/contract/errors';
import { CLIENT_HEADERS } from '@studio/contract/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { newId } from '../../platform/ids';
import {
  ImageTooLarge,
  ImageUnreadable,
  MAX_IMAGE_PIXELS,
  makeImageVariants,
  removeImageVariants,
  storableImage,
} from '../../platform/images';
import { type AuthUser, header, sendError } from '../../platform/protocol';
import type { RawRoute } from '../../platform/raw-routes';
import { fileErrorHandler, isFilePath } from '../../platform/static-files';
import { isUploadKey, type UploadStorage } from '../../platform/storage';
import { type ImageInfo, sniffImage } from './image-type';
import * as repo from './repo';
import { serveFromBucket } from './upload-serving';

export interface UploadDeps {
  db: Db;
  clock: Clock;
  /** Where the images go: DATA_DIR/uploads or the S3 bucket (ctx.deps.uploads). */
  uploads: UploadStorage;
  /** The protocol's token check, so that the upload answers token errors exactly like a kh call. */
  authenticate(token: string, now: Date): Promise<AuthUser | ErrorName>;
}

export const UPLOADS_PREFIX = '/uploads/';
const MAX_NAME_LENGTH = 200;

/** The storage key of an upload url (`/uploads/2026-11/x.png` → `2026-11/x.png`), or null for any other url. */
export function uploadKeyOf(url: string): string | null {
  if (!url.startsWith(UPLOADS_PREFIX)) return null;
  const key = url.slice(UPLOADS_PREFIX.length);
  return isUploadKey(key) ? key : null;
}

/**
 * Stores a checked image under `<yyyy-mm>/<id>.<ext>` of the upload storage (served at
 * `/uploads/<yyyy-mm>/<id>.<ext>`) and records it for its owner. What is kept is the image
 * re-encoded without its metadata and at most 2560 px long (platform/images.ts), never the bytes as
 * sent: every stored image (avatars, photos, goods and review pictures, the demo shop's) comes
 * through here. Throws ImageTooLarge or ImageUnreadable, keeping nothing.
 */
export async function saveUpload(
  deps: Pick<UploadDeps, 'db' | 'uploads'>,
  userId: string,
  file: { buffer: Buffer; image: ImageInfo; name: string },
  now: Date,
): Promise<UploadResult> {
  const stored = await storableImage(file.buffer, file.image.type);
  const id = newId();
  const month = now.toISOString().slice(0, 7);
  const fileName = `${id}.${file.image.ext}`;
  const key = `${month}/${fileName}`;
  const url = `${UPLOADS_PREFIX}${key}`;
  await deps.uploads.put(key, stored.buffer, file.image.mime);
  try {
    await makeImageVariants(deps.uploads, key, stored.buffer);
    await repo.insertUpload(deps.db, {
      id,
      userId,
      url,
      // No path separator, and no control character (PostgreSQL refuses NUL) or lone surrogate in the name kept.
      name: file.name.replace(/[\\/\p{Cc}\p{Cs}]/gu, '_').slice(0, MAX_NAME_LENGTH) || fileName,
      size: stored.buffer.length,
      mime: file.image.mime,
      width: stored.width,
      height: stored.height,
      createdAt: now,
    });
  } catch (error) {
    // No record, no file: an orphan in the storage would never be cleaned up.
    await deps.uploads.remove(key).catch(() => undefined);
    await removeImageVariants(deps.uploads, key);
    throw error;
  }
  return { url, file_id: id };
}

const invalidFile = (reply: FastifyReply, req: FastifyRequest, reason: string) =>
  sendError(reply, req, 'INVALID_PARAM', { field: 'file' }, { field: 'file', reason });

/**
 * `POST /api/upload` (multipart, one field `file`, header uni-id-token) answers
 * `{code: 0, msg, url, file_id}`; the images are served from `/uploads/*` with a long cache (their
 * names never change meaning).
 */
export const uploadRoutes: RawRoute = {
  name: 'uploads',
  register: (app, deps) =>
    registerUploads(app, {
      db: deps.db,
      clock: deps.clock,
      uploads: deps.deps.uploads,
      authenticate: deps.authenticate,
    }),
};

export async function registerUploads(app: FastifyInstance, deps: UploadDeps): Promise<void> {
  if (deps.uploads.kind === 'disk') await serveFromDisk(app, deps.uploads.root);
  else serveFromBucket(app, deps.uploads);

  // Multipart parsing only inside this scope: every other route stays JSON-only.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    scope.post('/api/upload', async (req, reply) => {
      const token = header(req, CLIENT_HEADERS.token)?.trim();
      if (!token) return sendError(reply, req, 'TOKEN_INVALID');
      const user = await deps.authenticate(token, deps.clock.now());
      if (typeof user === 'string') return sendError(reply, req, user);
      if (!req.isMultipart()) return invalidFile(reply, req, 'multipartRequired');

      let buffer: Buffer;
      let name: string;
      try {
        const part = await req.file();
        if (part?.fieldname !== 'file') return invalidFile(reply, req, 'required');
        name = part.filename;
        buffer = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          return sendError(reply, req, 'FILE_TOO_LARGE', { maxMb: UPLOAD_MAX_BYTES / 1024 / 1024 });
        }
        req.log.info({ err: error }, 'unreadable upload');
        return invalidFile(reply, req, 'unreadable');
      }
      const image = sniffImage(buffer);
      if (!image) return sendError(reply, req, 'FILE_TYPE_INVALID', { allowed: UPLOAD_IMAGE_TYPES.join(', ') });

      try {
        const saved = await saveUpload(deps, user.uid, { buffer, image, name }, deps.clock.now());
        return reply.send({ code: 0, msg: 'ok', ...saved });
      } catch (error) {
        if (error instanceof ImageTooLarge) {
          return sendError(reply, req, 'IMAGE_TOO_LARGE', { maxMegapixels: MAX_IMAGE_PIXELS / 1_000_000 });
        }
        if (!(error instanceof ImageUnreadable)) throw error;
        req.log.info({ err: error }, 'undecodable upload');
        return invalidFile(reply, req, 'unreadable');
      }
    });
  });
}

/** `/uploads/*` from DATA_DIR/uploads, with a long cache (ETag and Last-Modified from the file). */
async function serveFromDisk(app: FastifyInstance, root: string): Promise<void> {
  mkdirSync(root, { recursive: true });
  // A bad request for a file (`..`, a NUL, a Range that cannot be met) answers its 4xx, logged as
  // nothing worse than a request, exactly like the built apps' files (platform/static-files.ts).
  await app.register(async (scope) => {
    scope.setErrorHandler(fileErrorHandler);
    await scope.register(fastifyStatic, {
      root,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'ignore',
      allowedPath: isFilePath,
      maxAge: '365d',
      immutable: true,
      // @fastify/static 10 hands over the fastify reply here.
      setHeaders: (reply) => {
        reply.header('x-content-type-options', 'nosniff');
      },
    });
  });
}
