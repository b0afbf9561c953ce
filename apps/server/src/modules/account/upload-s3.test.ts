import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { UploadResult } from '@studio/contract/account';
import { imageVariant } from '@studio/contract/images';
import { adminMerchantCalls } from '@studio/contract/merchant';
import type { Envelope } from '@studio/contract/protocol';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Config, loadConfig } from '../../config';
import { ImageUnreadable, makeImageVariants } from '../../platform/images';
import { diskUploadStorage, type S3UploadStorage } from '../../platform/storage';
import { s3UploadStorage } from '../../platform/storage-s3';
import { copyUploadsToBucket } from '../../platform/uploads-to-s3';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildAdmin } from '../schedule/testing';
import { encoded, png } from './image-fixtures';
import { saveUpload } from './upload';

/*
 * Uploads on object storage (STORAGE=s3), against a local S3-compatible server (s3rver, in this
 * process, on a free loopback port, its files in a temporary folder): what one instance stores,
 * another instance on the same bucket and database serves, with the headers a file on disk gets.
 */

const BUCKET = 'studio-uploads';
const COPY_BUCKET = 'studio-copied';
const CDN = 'https://cdn.studio.example/media';

let s3: S3rver;
let s3Dir: string;
let endpoint: string;
const tempDirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};

const s3Config = (bucket: string): Partial<Config> => ({
  STORAGE: 's3',
  S3_ENDPOINT: endpoint,
  S3_BUCKET: bucket,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: true,
});
const bucketStorage = (bucket: string) =>
  s3UploadStorage({
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

let a: TestApp;
/** Instance B: another app on the same database and bucket, with a data folder of its own. */
let b: FastifyInstance;
const others: FastifyInstance[] = [];

/** Another app on A's database, its own DATA_DIR, and the configuration given. */
async function instance(config: Partial<Config>): Promise<FastifyInstance> {
  const app = await buildApp(
    { ...a.config, DATA_DIR: tempDir('studio-s3-instance-'), ...config },
    { clock: a.clock, database: a.database, migrated: true, logger: false },
  );
  await app.ready();
  others.push(app);
  return app;
}

beforeAll(async () => {
  s3Dir = tempDir('studio-s3rver-');
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3Dir,
    silent: true,
    configureBuckets: [
      { name: BUCKET, configs: [] },
      { name: COPY_BUCKET, configs: [] },
    ],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  a = await createTestApp({ config: s3Config(BUCKET) });
  tempDirs.push(a.config.DATA_DIR);
  b = await instance(s3Config(BUCKET));
});

afterAll(async () => {
  for (const app of others) await app.close();
  await a?.close();
  await s3?.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function multipart(content: Buffer, filename: string) {
  const boundary = `----studio${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function uploadThrough(app: FastifyInstance, token: string, content: Buffer, filename = 'photo.jpg') {
  const { payload, contentType } = multipart(content, filename);
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { 'content-type': contentType, 'uni-id-token': token },
    payload,
  });
  const body = res.json() as Envelope & UploadResult;
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.url!;
}

/** Every file below `dir` (relative paths). */
const filesIn = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

describe('STORAGE=s3', () => {
  it('serves from instance B what was uploaded through instance A, the sizes included, keeping nothing on disk', async () => {
    const member = await a.register();
    const original = await encoded('jpeg', 1600, 1200);
    const url = await uploadThrough(a.app, member.vk_uni_token.token, original);
    expect(url).toMatch(/^\/uploads\/2026-11\/[0-9a-z]+\.jpg$/);
    // Neither instance keeps the image on its disk: B can only have it from the bucket.
    expect(filesIn(a.config.DATA_DIR).filter((f) => f.startsWith('uploads'))).toEqual([]);

    const res = await b.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(new Date(String(res.headers['last-modified'])).getTime()).not.toBeNaN();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });

    for (const [size, width] of [
      ['thumb', 320],
      ['detail', 960],
    ] as const) {
      const variant = await b.inject({ method: 'GET', url: imageVariant(url, size) });
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      expect(variant.headers['cache-control']).toContain('immutable');
      expect(await sharp(variant.rawPayload).metadata()).toMatchObject({ format: 'webp', width });
    }

    // And what B stores, A serves.
    const fromB = await uploadThrough(b, member.vk_uni_token.token, png(40, 30), 'b.png');
    const back = await a.app.inject({ method: 'GET', url: fromB });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(await sharp(back.rawPayload).metadata()).toMatchObject({ width: 40, height: 30 });
  });

  it('answers 304 to a browser whose copy is current (ETag or date), 200 to one whose copy is not, and HEAD without a body', async () => {
    const member = await a.register();
    const url = await uploadThrough(a.app, member.vk_uni_token.token, png(20, 20), 'c.png');
    const first = await b.inject({ method: 'GET', url });
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);

    const byTag = await b.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload.length).toBe(0);
    expect(byTag.headers.etag).toBe(etag);
    expect(byTag.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const byDate = await b.inject({ method: 'GET', url, headers: { 'if-modified-since': lastModified } });
    expect(byDate.statusCode).toBe(304);

    const stale = await b.inject({ method: 'GET', url, headers: { 'if-none-match': '"another-version"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);
    const older = await b.inject({
      method: 'GET',
      url,
      headers: { 'if-modified-since': new Date(Date.parse(lastModified) - 86_400_000).toUTCString() },
    });
    expect(older.statusCode).toBe(200);

    const head = await b.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 404 for a missing key and for any path that could leave the uploads', async () => {
    for (const url of [
      '/uploads/2026-11/nothing.png',
      '/uploads/2026-11/nothing.w320.webp',
      '/uploads/',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/2026-11/%2e%2e/%2e%2e/secret.png',
      '/uploads/.hidden.png',
      '/uploads/2026-11%5Cx.png',
      '/uploads/a%00.png',
    ]) {
      const res = await b.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('redirects to S3_PUBLIC_URL when set, and the pages allow images (and the service worker’s fetches) from there', async () => {
    const member = await a.register();
    const url = await uploadThrough(a.app, member.vk_uni_token.token, png(10, 10), 'd.png');
    const cdn = await instance({ ...s3Config(BUCKET), S3_PUBLIC_URL: `${CDN}/` });
    const res = await cdn.inject({ method: 'GET', url: imageVariant(url, 'thumb') });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${CDN}/${imageVariant(url, 'thumb').slice('/uploads/'.length)}`);
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
    expect(directive('img-src')).toContain('https://cdn.studio.example');
    expect(directive('connect-src')).toContain('https://cdn.studio.example');
    expect(directive('script-src')).not.toContain('cdn.studio.example');
    // Still nothing else: a path that cannot be an upload is not redirected anywhere.
    expect((await cdn.inject({ method: 'GET', url: '/uploads/..%2Fx.png' })).statusCode).toBe(404);
    // Without S3_PUBLIC_URL the policy names no other origin.
    const page = await b.inject({ method: 'GET', url });
    expect(String(page.headers['content-security-policy'])).not.toContain('cdn.studio.example');
  });

  it('draws the app icon from a logo in the bucket, on another instance', async () => {
    const admin = await buildAdmin(a);
    const logo = await uploadThrough(a.app, admin.token, png(300, 300), 'logo.png');
    const saved = await a.callRaw(adminMerchantCalls.save.url, { logo }, { token: admin.token });
    expect(saved.code).toBe(0);
    // A new instance (without Redis, B would remember the studio row from before the save for a while).
    const c = await instance(s3Config(BUCKET));
    const res = await c.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(res.statusCode).toBe(200);
    // The grey logo in the middle (without it, the studio's initial on the brand colour).
    const { data, info } = await sharp(res.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (96 * info.width + 96) * info.channels;
    expect([data[at], data[at + 1], data[at + 2]]).toEqual([0x80, 0x80, 0x80]);
  });

  it('makes missing sizes again from the original in the bucket, and keeps those there', async () => {
    const member = await a.register();
    const url = await uploadThrough(a.app, member.vk_uni_token.token, await encoded('jpeg', 1200, 900));
    const key = url.slice('/uploads/'.length);
    const uploads = b.deps.uploads;
    const thumb = imageVariant(url, 'thumb').slice('/uploads/'.length);
    const kept = await uploads.get(thumb);
    await uploads.remove(thumb);
    expect(await uploads.has(thumb)).toBe(false);
    await makeImageVariants(uploads, key);
    expect((await sharp((await uploads.get(thumb))!).metadata()).width).toBe(320);
    expect(kept).not.toBeNull();
    // An original that is not there cannot be sized: refused, nothing written.
    await expect(makeImageVariants(uploads, '2026-11/missing.jpg')).rejects.toBeInstanceOf(ImageUnreadable);
    expect(await uploads.has('2026-11/missing.w320.webp')).toBe(false);
  });

  it('refuses to start with STORAGE=s3 but no bucket, or half a key pair, naming the variable', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: S3 keys come as a pair/,
    );
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_PUBLIC_URL: 'https://cdn.example/?x=1' })).toThrow(
      /S3_PUBLIC_URL/,
    );
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
    const ok = loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'true' });
    expect(ok).toMatchObject({ STORAGE: 's3', S3_BUCKET: 'b', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    // The default is the disk, and S3_* are not needed for it.
    expect(loadConfig({}).STORAGE).toBe('disk');
  });
});

describe('copying disk uploads to the bucket', () => {
  let bucket: S3UploadStorage;
  beforeAll(() => {
    bucket = bucketStorage(COPY_BUCKET);
  });
  afterAll(() => bucket.close());

  it('copies every original and size once, and a second run copies nothing', async () => {
    const dataDir = tempDir('studio-s3-copy-');
    const root = path.join(dataDir, 'uploads');
    const disk = diskUploadStorage(root);
    const member = await a.register();
    const saved = [];
    for (const [i, image] of [await encoded('jpeg', 800, 600), png(50, 50)].entries()) {
      saved.push(
        await saveUpload(
          { db: a.app.db, uploads: disk },
          member.uid,
          {
            buffer: image,
            image:
              i === 0
                ? { type: 'jpeg', ext: 'jpg', mime: 'image/jpeg', width: 800, height: 600 }
                : { type: 'png', ext: 'png', mime: 'image/png', width: 50, height: 50 },
            name: `p${i}`,
          },
          a.clock.now(),
        ),
      );
    }
    // A half-written temporary (a dotfile) is no upload: left behind.
    mkdirSync(path.join(root, '2026-11'), { recursive: true });
    writeFileSync(path.join(root, '2026-11', '.x.png.tmp'), 'partial');
    const files = filesIn(root).filter((f) => !path.basename(f).startsWith('.'));
    expect(files).toHaveLength(6);

    const first = await copyUploadsToBucket(root, bucket);
    expect(first).toEqual({ found: 6, copied: 6, skipped: 0, failed: 0, ignored: 1 });
    const again = await copyUploadsToBucket(root, bucket);
    expect(again).toEqual({ found: 6, copied: 0, skipped: 6, failed: 0, ignored: 1 });

    // The urls already stored name the copies: an instance on that bucket serves them, sizes too.
    const served = await instance(s3Config(COPY_BUCKET));
    for (const { url } of saved) {
      for (const u of [url, imageVariant(url, 'thumb'), imageVariant(url, 'detail')]) {
        const res = await served.inject({ method: 'GET', url: u });
        expect(res.statusCode, u).toBe(200);
        expect(res.rawPayload.equals((await disk.get(u.slice('/uploads/'.length)))!)).toBe(true);
      }
    }
    expect(saved[0]!.url.endsWith('.jpg')).toBe(true);
    const jpg = await served.inject({ method: 'GET', url: saved[0]!.url });
    expect(jpg.headers['content-type']).toBe('image/jpeg');
  });

  it('the npm script copies what the bucket lacks and reports the counts', async () => {
    const dataDir = tempDir('studio-s3-cli-');
    const disk = diskUploadStorage(path.join(dataDir, 'uploads'));
    await disk.put('2026-10/one.png', png(8, 8), 'image/png');
    await disk.put('2026-10/two.png', png(9, 9), 'image/png');
    const run = (env: Record<string, string | undefined> = {}) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/uploads-to-s3.ts'], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: {
          PATH: process.env.PATH,
          DATA_DIR: dataDir,
          S3_ENDPOINT: endpoint,
          S3_BUCKET: COPY_BUCKET,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: '1',
          ...env,
        },
      });
    const first = await run();
    expect(first.stdout).toContain('2 files, 2 copied, 0 already in the bucket, 0 failed');
    const second = await run();
    expect(second.stdout).toContain('2 files, 0 copied, 2 already in the bucket, 0 failed');
    expect((await bucket.get('2026-10/two.png'))?.equals(png(9, 9))).toBe(true);

    // Without a bucket it stops at once, naming what is missing.
    await expect(run({ S3_BUCKET: '' })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('S3_BUCKET: required when STORAGE=s3'),
    });
  });
});
