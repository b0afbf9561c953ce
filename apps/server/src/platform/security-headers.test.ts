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
  t = await createTestApp({ config: { WEB_DIST: dist } });
});
afterAll(() => t.close());

/** The CSP's directives by name, each with its sources. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const get = (url: string, headers: Record<string, string> = { host: 'studio.example:8080' }) =>
  t.app.inject({ method: 'GET', url, headers });

describe('security headers', () => {
  it.each([
    ['the app page', () => get('/')],
    ['an API call', () => t.app.inject({ method: 'POST', url: '/api/client/pub.getMchInfo', payload: {} })],
    ['the API docs', () => get('/api/docs')],
    ['a missing page', () => get('/nothing-here')],
  ])('are on %s', async (_case, request) => {
    const res = await request();
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('on API answers are the lean REST set: nothing may load, nothing may frame, no page headers', async () => {
    for (const url of ['/api/client/pub.getMchInfo', '/api/router']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { url: 'client/pub.getMchInfo' } });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    const page = await get('/');
    expect(page.headers['x-dns-prefetch-control']).toBe('off');
    expect(directives(page.headers['content-security-policy']).get('default-src')).toEqual(["'self'"]);
  });

  it('let the app load only its own scripts, images, API and websocket', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    // The websocket of this host only, however the page was reached: never ws: of any host.
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://studio.example:8080', 'wss://studio.example:8080']);
    expect(csp.get('connect-src')).not.toContain('ws:');
  });

  it('name no websocket origin from a Host header that is not a host', async () => {
    const res = await get('/', { host: 'evil.example; script-src *' });
    expect(directives(res.headers['content-security-policy']).get('connect-src')).toEqual(["'self'"]);
  });
});

describe('the API docs under the CSP', () => {
  it('serve Swagger UI whose every script and stylesheet is a file of this origin, all loading', async () => {
    const page = await get('/api/docs/');
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    // No inline script, which script-src 'self' would block.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset, asset).not.toMatch(/^(https?:)?\/\//);
      const res = await get(new URL(asset, 'http://studio.example/api/docs/').pathname);
      expect(res.statusCode, asset).toBe(200);
    }
  });

  it('serve the OpenAPI document the page loads', async () => {
    const init = await get('/api/docs/static/swagger-initializer.js');
    expect(init.statusCode).toBe(200);
    const doc = await get('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toMatchObject({ openapi: '3.1.0' });
  });
});
