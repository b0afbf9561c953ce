import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

const SCRIPT = 'console.log("a hashed asset of the build");\n'.repeat(20);
let t: TestApp;
/** Log lines at error level or above (pino level ≥ 50). */
let errorLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      if ((JSON.parse(line) as { level: number }).level >= 50) errorLines.push(line);
    }
    done();
  },
});
beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'studio-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>studio</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  // What the build writes: the file and its precompressed twins.
  writeFileSync(path.join(dist, 'assets', 'main-abcd.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'main-abcd.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'main-abcd.js.gz'), gzipSync(SCRIPT));
  const admin = mkdtempSync(path.join(os.tmpdir(), 'studio-admin-dist-'));
  mkdirSync(path.join(admin, 'assets'));
  writeFileSync(path.join(admin, 'index.html'), '<!doctype html><title>back office</title>');
  writeFileSync(path.join(admin, 'assets', 'admin-5678.js'), 'console.log(2)');
  t = await createTestApp({
    config: { WEB_DIST: dist, ADMIN_DIST: admin, RATE_LIMIT_PER_MIN: 3, LOG_LEVEL: 'warn' },
    logStream,
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());
beforeEach(() => {
  errorLines = [];
});

/**
 * A GET sent byte for byte over a socket: unlike inject or fetch, nothing normalises the path
 * (`/assets/../x` stays as written), as an attacker's client would send it.
 */
async function rawGet(target: string): Promise<{ status: number; head: string }> {
  const { port } = t.app.server.address() as net.AddressInfo;
  const socket = net.connect(port, '127.0.0.1');
  const lines = [`GET ${target} HTTP/1.1`, 'Host: localhost', 'Connection: close'];
  // write, not end: a client that half-closes aborts a request still waiting on the disk (Node's
  // http server ends such a socket), and `Connection: close` closes it once answered.
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  let text = '';
  for await (const chunk of socket) text += String(chunk);
  const head = text.split('\r\n\r\n')[0] ?? '';
  return { status: Number(head.split(' ')[1]), head: head.toLowerCase() };
}

describe('serving the built web app', () => {
  it('serves index.html fresh on every load', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>studio</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('serving the back office at /admin/', () => {
  it('serves its index.html at /admin/ and for any page of its router, so a reload or a shared link opens it', async () => {
    for (const url of ['/admin/', '/admin/members/42', '/admin/schedule?view=room&page=2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>back office</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('sends /admin to /admin/, keeping the query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin?x=1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/?x=1');
  });

  it('serves its assets with a long cache, and answers 404 for a missing one instead of the page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/admin/assets/admin-5678.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/admin/assets/gone-0000.js', '/admin/logo.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('keeps the member app and the API where they were', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('<title>studio</title>');
    const api = await t.app.inject({ method: 'POST', url: '/api/router', payload: { url: 'admin/nothing', data: {} } });
    expect(api.json().code).not.toBe(0);
    expect(api.body).not.toContain('back office');
  });
});

describe('rate limits and the web app', () => {
  it('does not count static files, so a page load cannot lock a shared address out of the API', async () => {
    const remoteAddress = '198.51.100.20';
    for (let i = 0; i < 10; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js', remoteAddress });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const call = () => t.app.inject({ method: 'POST', url: '/api/client/pub.getMchInfo', remoteAddress, payload: {} });
    for (let i = 0; i < 3; i += 1) expect((await call()).json().code).toBe(0);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });
});

describe('compressed assets', () => {
  it('answers the brotli twin to a browser that takes br, with the content type of the file', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/main-abcd.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('answers index.html plain when it has no twin (under 1 KB), whatever the browser accepts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('<title>studio</title>');
  });

  it('answers gzip to a client without brotli, and the plain file to one that takes neither', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/main-abcd.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/main-abcd.js',
      headers: { 'accept-encoding': '' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });
});

describe('bad requests for files are 4xx, never a logged 500', () => {
  it.each([
    ['/../../etc/passwd'],
    ['/assets/../../../etc/passwd'],
    ['/assets/%2e%2e/%2e%2e/etc/passwd'],
    ['/assets/..%2f..%2fetc%2fpasswd'],
    ['/assets/..%5c..%5cindex.html'],
    ['/%2e%2e/index.html'],
    ['/assets/app-1234.js%00'],
    ['/assets/app-1234.js%00.png'],
    ['/%00'],
  ])('%s answers 403 or 404', async (target) => {
    const res = await rawGet(target);
    expect([400, 403, 404]).toContain(res.status);
    expect(res.head).not.toContain('root:');
    expect(errorLines).toEqual([]);
  });

  it.each([['bytes=100-200'], ['bytes=5-2'], ['bytes=abc'], ['bytes=-0'], ['bytes=99999999999999999999-']])(
    'a Range of %s answers 416 with the file size',
    async (range) => {
      const res = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { range } });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */14');
      expect(errorLines).toEqual([]);
    },
  );

  it('a satisfiable Range still answers 206 with those bytes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { range: 'bytes=0-6' } });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe('console');
  });
});

describe('bad requests for uploads are 4xx too', () => {
  /** A stored upload of 14 bytes, written straight to disk: only the file server is under test here. */
  const UPLOAD = '/uploads/2026-11/file-1234.png';
  beforeAll(() => {
    const dir = path.join(t.config.DATA_DIR, 'uploads', '2026-11');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'file-1234.png'), 'fourteen bytes');
  });

  it.each([
    ['/uploads/..'],
    ['/uploads/../../etc/passwd'],
    ['/uploads/%2e%2e/%2e%2e/etc/passwd'],
    ['/uploads/2026-11/..%2f..%2f..%2fetc%2fpasswd'],
    ['/uploads/%00'],
    ['/uploads/2026-11/file-1234.png%00'],
    ['/uploads/2026-11/file-1234.png%00.png'],
  ])('%s answers 403 or 404', async (target) => {
    const res = await rawGet(target);
    expect([400, 403, 404]).toContain(res.status);
    expect(res.head).not.toContain('root:');
    expect(errorLines).toEqual([]);
  });

  it.each([['bytes=100-200'], ['bytes=5-2'], ['bytes=abc'], ['bytes=-0'], ['bytes=99999999999999999999-']])(
    'a Range of %s answers 416 with the file size',
    async (range) => {
      const res = await t.app.inject({ method: 'GET', url: UPLOAD, headers: { range } });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */14');
      expect(errorLines).toEqual([]);
    },
  );

  it('a satisfiable Range answers 206 with those bytes, and the file keeps its headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: UPLOAD, headers: { range: 'bytes=0-7' } });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe('fourteen');
    const whole = await t.app.inject({ method: 'GET', url: UPLOAD });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['cache-control']).toContain('max-age=31536000');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
  });
});
