import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'studio-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>studio</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({ config: { WEB_DIST: dist, RATE_LIMIT_PER_MIN: 3 } });
});
afterAll(() => t.close());

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
