import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminMerchantCalls, merchantCalls } from '@studio/contract/merchant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildAdmin, type TestMember } from '../schedule/testing';

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'studio-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>studio</title>');
  t = await createTestApp({ config: { WEB_DIST: dist } });
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

const frameSrc = async (url = '/') => {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: 'studio.example' } });
  const policy = String(res.headers['content-security-policy']);
  return policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'frame-src')
    ?.slice(1);
};

describe('the web-view allow-list', () => {
  it('frames nothing until the studio lists hosts; then exactly those, https only', async () => {
    expect(await frameSrc()).toEqual(["'none'"]);
    const saved = await t.call(
      adminMerchantCalls.save,
      { web_view: { hosts: ['Lotus-Yoga.example', '*.maps.example'] } },
      { token: admin.token },
    );
    expect(saved.merchant.web_view.hosts).toEqual(['lotus-yoga.example', '*.maps.example']);
    expect(await frameSrc()).toEqual(['https://lotus-yoga.example', 'https://*.maps.example']);
    // The app's files carry the same policy; the API keeps its own, which frames nothing.
    expect(await frameSrc('/nothing-here')).toEqual(['https://lotus-yoga.example', 'https://*.maps.example']);
    const info = await t.call(merchantCalls.getMchInfo, {});
    expect(info.mchInfo.web_view.hosts).toEqual(['lotus-yoga.example', '*.maps.example']);
    await t.call(adminMerchantCalls.save, { web_view: { hosts: [] } }, { token: admin.token });
    expect(await frameSrc()).toEqual(["'none'"]);
  });

  it.each([
    ['a scheme', 'https://lotus-yoga.example'],
    ['a path', 'lotus-yoga.example/x'],
    ['a port', 'lotus-yoga.example:443'],
    ['a single label', 'localhost'],
    ['a source list injection', "lotus.example 'unsafe-inline'"],
    ['a wildcard alone', '*'],
  ])('refuses an entry with %s', async (_case, host) => {
    const res = await t.callRaw(adminMerchantCalls.save.url, { web_view: { hosts: [host] } }, { token: admin.token });
    expect(res.code).toBe('INVALID_PARAM');
    expect(await frameSrc()).toEqual(["'none'"]);
  });
});
