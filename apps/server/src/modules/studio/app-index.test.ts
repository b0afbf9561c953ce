import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { setPayTypes } from '../orders/testing';
import { buildAdmin } from '../schedule/testing';
import { encodingOf } from './app-index';

// An index over 1 KB, as the real build's is: it is served compressed.
const INDEX = `<!doctype html>\n<html lang="en">\n<head><title>studio</title></head>\n<body><div id="root"></div>${'<!-- frame -->'.repeat(100)}</body>\n</html>\n`;

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'studio-index-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  // The build's twins of the index are left to the index route, even when they are on disk.
  writeFileSync(path.join(dist, 'index.html.gz'), 'stale twin');
  t = await createTestApp({ config: { WEB_DIST: dist } });
  adminToken = (await buildAdmin(t)).token;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe("the member app's index.html", () => {
  it('is the build as it is while the studio takes real payments only', async () => {
    await setPayTypes(t, adminToken, ['balance', 'offline']);
    for (const url of ['/', '/index.html']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    }
  });

  it('says the studio is in test mode from its first byte while the test card is offered, and stops once it is not', async () => {
    await setPayTypes(t, adminToken, ['balance', 'sandbox', 'offline']);
    const on = await get('/');
    expect(on.body).toContain('<html data-test-mode="true" lang="en">');
    expect(on.body.replace(' data-test-mode="true"', '')).toBe(INDEX);
    await setPayTypes(t, adminToken, ['balance', 'offline']);
    const off = await get('/');
    expect(off.body).not.toContain('data-test-mode');
    expect(off.headers.etag).not.toBe(on.headers.etag);
  });

  it('answers 304 to a browser holding this version, and the new one after a change', async () => {
    await setPayTypes(t, adminToken, ['balance', 'offline']);
    const first = await get('/');
    const again = await get('/', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await setPayTypes(t, adminToken, ['balance', 'sandbox']);
    const changed = await get('/', { 'if-none-match': String(first.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('data-test-mode="true"');
  });

  it('is compressed as the browser accepts, never from the stale twin on disk', async () => {
    await setPayTypes(t, adminToken, ['balance', 'sandbox']);
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('data-test-mode="true"');
    const gz = await get('/index.html', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('data-test-mode="true"');
    expect(br.rawPayload.length).toBeLessThan(INDEX.length / 4);
  });

  it('reads Accept-Encoding as the static files do: q=0 refuses an encoding', () => {
    expect(encodingOf({ headers: { 'accept-encoding': 'br;q=0, gzip' } })).toBe('gzip');
    expect(encodingOf({ headers: { 'accept-encoding': 'BR' } })).toBe('br');
    expect(encodingOf({ headers: { 'accept-encoding': 'identity' } })).toBe('identity');
    expect(encodingOf({ headers: {} })).toBe('identity');
  });
});
