import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has defaults that make a bare start work', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', SEED_DEMO: true });
    expect(path.isAbsolute(config.DATA_DIR)).toBe(true);
  });

  it('resolves relative directories against the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'some/data', WEB_DIST: './dist' });
    expect(config.DATA_DIR).toBe(path.resolve('some/data'));
    expect(config.WEB_DIST).toBe(path.resolve('dist'));
  });

  it('does not seed the demo studio on PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('offers the sandbox test card only with the demo studio, unless told', () => {
    expect(loadConfig({}).SANDBOX_PAYMENTS).toBe(true);
    // The embedded database without the demo: a real studio, no test card.
    expect(loadConfig({ SEED_DEMO: 'false' }).SANDBOX_PAYMENTS).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' }).SANDBOX_PAYMENTS).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', SEED_DEMO: 'on' }).SANDBOX_PAYMENTS).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false', SANDBOX_PAYMENTS: 'true' }).SANDBOX_PAYMENTS).toBe(true);
  });

  it('caps connections per address at 200 unless told otherwise', () => {
    expect(loadConfig({}).MAX_CONNECTIONS_PER_ADDRESS).toBe(200);
    expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '3' }).MAX_CONNECTIONS_PER_ADDRESS).toBe(3);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(/PORT.*LOG_LEVEL|LOG_LEVEL.*PORT/);
  });

  it('reads the Web Push settings, the subject defaulting to the MAIL_FROM address', () => {
    const bare = loadConfig({});
    expect(bare).toMatchObject({ VAPID_SUBJECT: 'mailto:no-reply@studio.local', PUSH_ALLOWED_ORIGINS: [] });
    expect(bare.VAPID_PUBLIC_KEY).toBeUndefined();
    expect(loadConfig({ MAIL_FROM: 'Lotus Yoga <hello@lotus.example>' }).VAPID_SUBJECT).toBe(
      'mailto:hello@lotus.example',
    );
    expect(loadConfig({ MAIL_FROM: 'plain@lotus.example' }).VAPID_SUBJECT).toBe('mailto:plain@lotus.example');
    expect(loadConfig({}, { MAIL_FROM: 'X <over@ride.example>' }).VAPID_SUBJECT).toBe('mailto:over@ride.example');
    expect(loadConfig({ VAPID_SUBJECT: 'https://lotus.example' }).VAPID_SUBJECT).toBe('https://lotus.example');
    expect(() => loadConfig({ VAPID_SUBJECT: 'lotus.example' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: 'abc' })).toThrow(/VAPID_PUBLIC_KEY/);
  });

  it('takes push origins as a comma-separated list of origins only', () => {
    expect(
      loadConfig({ PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:4100, https://push.example.com/' }).PUSH_ALLOWED_ORIGINS,
    ).toEqual(['http://127.0.0.1:4100', 'https://push.example.com']);
    expect(loadConfig({ PUSH_ALLOWED_ORIGINS: ' , ' }).PUSH_ALLOWED_ORIGINS).toEqual([]);
    for (const bad of [
      'https://push.example.com/path',
      'https://user:pw@push.example.com',
      'ftp://push.example.com',
      'push.example.com',
      'https://push.example.com?x=1',
      'https://ok.example, nope',
    ]) {
      expect(() => loadConfig({ PUSH_ALLOWED_ORIGINS: bad }), bad).toThrow(/PUSH_ALLOWED_ORIGINS/);
    }
  });

  it('reads the app version settings', () => {
    expect(loadConfig({})).toMatchObject({ APP_MIN_VERSION: '0.0.0' });
    expect(loadConfig({}).APP_VERSION).toBeUndefined();
    const set = loadConfig({ APP_VERSION: '1.4.2+abc123', APP_MIN_VERSION: '1.2.0', APP_VERSION_NOTES: 'Push' });
    expect(set).toMatchObject({ APP_VERSION: '1.4.2+abc123', APP_MIN_VERSION: '1.2.0', APP_VERSION_NOTES: 'Push' });
    expect(() => loadConfig({ APP_MIN_VERSION: 'latest' })).toThrow(/APP_MIN_VERSION/);
    expect(() => loadConfig({ APP_VERSION: 'v2' })).toThrow(/APP_VERSION/);
  });
});
