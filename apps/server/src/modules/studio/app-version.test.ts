import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { versionCalls } from '@studio/contract/channels';
import { merchantCalls } from '@studio/contract/merchant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { appVersionOf } from './app-version';

/** A directory standing for a web build that wrote `version.json` with this text (none when null). */
function webBuild(versionJson: string | null): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-web-'));
  mkdirSync(dir, { recursive: true });
  if (versionJson !== null) writeFileSync(path.join(dir, 'version.json'), versionJson);
  return dir;
}

let webDist: string;
let t: TestApp;
beforeAll(async () => {
  webDist = webBuild(JSON.stringify({ version: '1.4.0+20261128.abc' }));
  t = await createTestApp({ config: { WEB_DIST: webDist, APP_MIN_VERSION: '1.2.0' } });
});
afterAll(() => t.close());

describe('user/pub/checkVersion', () => {
  it('answers anyone the web build version and the minimum', async () => {
    const res = await t.call(versionCalls.checkVersion, { version: '1.3.9' });
    expect(res).toMatchObject({ code: 0, version: '1.4.0+20261128.abc', min_version: '1.2.0' });
    expect(res).not.toHaveProperty('notes');
    expect((await t.call(versionCalls.checkVersion, {})).code).toBe(0);
  });

  it('reads version.json once, not at every call', async () => {
    writeFileSync(path.join(webDist, 'version.json'), JSON.stringify({ version: '9.9.9' }));
    const res = await t.call(versionCalls.checkVersion, {});
    expect(res).toMatchObject({ code: 0, version: '1.4.0+20261128.abc' });
  });

  it('is the version the studio’s info names too', async () => {
    const res = await t.call(merchantCalls.getMchInfo, {});
    expect(res.appInfo.version).toBe('1.4.0+20261128.abc');
  });

  it('refuses input it does not know', async () => {
    const res = await t.callRaw(versionCalls.checkVersion.url, { version: '1.0.0', extra: true });
    expect(res.code).not.toBe(0);
  });
});

describe('the version answered', () => {
  const configWith = (env: Record<string, string>, versionJson: string | null) =>
    loadConfig(env, { WEB_DIST: webBuild(versionJson) });

  it('prefers APP_VERSION, with its notes', () => {
    const config = configWith(
      { APP_VERSION: '2.0.0', APP_MIN_VERSION: '1.9.0', APP_VERSION_NOTES: 'Push notices' },
      JSON.stringify({ version: '1.4.0' }),
    );
    expect(appVersionOf(config)).toEqual({ version: '2.0.0', min_version: '1.9.0', notes: 'Push notices' });
  });

  it.each([
    ['no web build', null],
    ['a version.json that is not JSON', '{"version": '],
    ['a version.json without a version', JSON.stringify({ built: 'today' })],
    ['a version that is not text', JSON.stringify({ version: 3 })],
  ])('is 0.0.0 with %s', (_why, versionJson) => {
    expect(appVersionOf(configWith({}, versionJson))).toEqual({ version: '0.0.0', min_version: '0.0.0' });
  });
});
