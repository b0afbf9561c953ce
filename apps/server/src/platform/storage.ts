import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';

/**
 * Where uploaded images (originals and their sizes) are kept: DATA_DIR/uploads on this instance's
 * disk (the default), or a bucket of an S3-compatible object store (STORAGE=s3), which every
 * instance behind a load balancer shares. Built once per app by buildApp (`ctx.deps.uploads`).
 *
 * A key is an upload's path below `/uploads/` (`2026-11/<id>.png`, `2026-11/<id>.w320.webp`): the
 * same name on disk under DATA_DIR/uploads and in the bucket, so the copy command
 * (scripts/uploads-to-s3.ts) moves files one for one.
 */
export interface UploadStorageBase {
  /** Stores `body` under `key`; an upload's name is new, so nothing is overwritten in practice. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  /** Removes the object; nothing when there is none. */
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}

/** DATA_DIR/uploads, served by @fastify/static (account/upload.ts). */
export interface DiskUploadStorage extends UploadStorageBase {
  kind: 'disk';
  root: string;
}

/** An object fetched for a browser: its stream, or that the browser's copy is current. */
export type OpenedObject =
  | { status: 'missing' }
  | { status: 'not-modified'; etag?: string; lastModified?: Date }
  | {
      status: 'found';
      /** Absent for a HEAD request. */
      body?: Readable;
      size?: number;
      etag?: string;
      lastModified?: Date;
    };

/** A bucket (platform/storage-s3.ts): served from `/uploads/*` by streaming, or by a redirect to S3_PUBLIC_URL. */
export interface S3UploadStorage extends UploadStorageBase {
  kind: 's3';
  /** Where browsers fetch the object directly (S3_PUBLIC_URL + key), or null to stream it through the app. */
  publicUrl(key: string): string | null;
  /** Opens the object for an answer, the browser's validators passed on to the bucket (a 304 costs no body). */
  open(key: string, options: { head: boolean; ifNoneMatch?: string; ifModifiedSince?: string }): Promise<OpenedObject>;
  /** Every key in the bucket under `prefix` (the copy command). */
  list(prefix?: string): AsyncIterable<string>;
}

export type UploadStorage = DiskUploadStorage | S3UploadStorage;

/** Path segments an upload key is made of: letters, digits, `_ - .`, never a segment starting with a dot. */
const KEY = /^(?!\.)[A-Za-z0-9_.-]{1,200}(?:\/(?!\.)[A-Za-z0-9_.-]{1,200}){0,7}$/;

/** Whether `key` can name an upload: no `..`, no dotfile, no absolute path, no backslash or NUL. */
export function isUploadKey(key: string): boolean {
  return KEY.test(key);
}

/** The content type of an upload from its name (never from what the store says it is). */
export function uploadContentType(key: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  switch (ext) {
    case 'png':
      return 'image/png';
    case 'jpg':
    case 'jpeg':
      return 'image/jpeg';
    case 'webp':
      return 'image/webp';
    case 'gif':
      return 'image/gif';
    default:
      return 'application/octet-stream';
  }
}

/** How long browsers and CDNs keep an upload: its name never changes meaning. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function uploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** The disk storage under `root`: a key that would leave it is refused. */
export function diskUploadStorage(root: string): DiskUploadStorage {
  const fileOf = (key: string) => {
    if (!isUploadKey(key)) throw new Error(`not an upload key: ${JSON.stringify(key)}`);
    return path.join(root, key);
  };
  const missing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';
  return {
    kind: 'disk',
    root,
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Whole or not at all: written aside (a dotfile, never served) and renamed into place.
      const aside = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
      await writeFile(aside, body, { flag: 'wx' });
      await rename(aside, file).catch(async (error: unknown) => {
        await unlink(aside).catch(() => undefined);
        throw error;
      });
    },
    async get(key) {
      if (!isUploadKey(key)) return null;
      return readFile(fileOf(key)).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
    },
    async has(key) {
      if (!isUploadKey(key)) return false;
      return stat(fileOf(key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    async remove(key) {
      if (!isUploadKey(key)) return;
      await unlink(fileOf(key)).catch((error: unknown) => {
        if (!missing(error)) throw error;
      });
    },
    async close() {},
  };
}

/** The app's upload storage from its configuration (the S3 client is loaded only when STORAGE=s3). */
export async function createUploadStorage(config: Config): Promise<UploadStorage> {
  if (config.STORAGE === 's3') {
    const { s3UploadStorage } = await import('./storage-s3');
    return s3UploadStorage(s3SettingsOf(config));
  }
  return diskUploadStorage(uploadsRoot(config.DATA_DIR));
}

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  publicUrl?: string;
}

/** The bucket's settings (config.ts checked them when STORAGE=s3; the copy command checks them too). */
export function s3SettingsOf(config: Config): S3Settings {
  if (!config.S3_BUCKET) throw new Error('Invalid configuration: S3_BUCKET: required when STORAGE=s3');
  return {
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    publicUrl: config.S3_PUBLIC_URL,
  };
}
