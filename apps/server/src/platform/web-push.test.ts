import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../config';
import { createPushSender, isAllowedPushEndpoint, loadVapidKeys, pushSenderFor } from './web-push';

const LOCAL = ['http://127.0.0.1:4100'];

describe('which push endpoints the server posts to', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://fcm.googleapis.com/wp/abc',
    'https://android.googleapis.com/gcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://updates-autopush.stage.push.services.mozilla.com/wpush/v2/x',
    'https://web.push.apple.com/QGX1jh',
    'https://api.push.apple.com/3/device/x',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
    'https://FCM.GoogleAPIs.com/fcm/send/abc',
    'https://fcm.googleapis.com:443/fcm/send/abc',
    'http://127.0.0.1:4100/push/abc',
    'http://127.0.0.1:4100',
  ])('allows %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, LOCAL)).toBe(true);
  });

  it.each([
    ['plain http to a push service', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['an odd port on a push service', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['credentials', 'https://user:pw@fcm.googleapis.com/fcm/send/abc'],
    ['a user name only', 'https://user@web.push.apple.com/x'],
    ['a lookalike suffix', 'https://evil-fcm.googleapis.com.attacker.tld/x'],
    ['a lookalike prefix', 'https://evil-fcm.googleapis.com/x'],
    ['another Google host', 'https://www.googleapis.com/x'],
    ['a subdomain of FCM', 'https://x.fcm.googleapis.com/x'],
    ['the bare Apple domain', 'https://push.apple.com/x'],
    ['a name ending in the domain without a dot', 'https://evilpush.apple.com/x'],
    ['a lookalike Windows host', 'https://notify.windows.com.evil.tld/x'],
    ['a trailing dot', 'https://fcm.googleapis.com./fcm/send/abc'],
    ['an IPv4 literal', 'https://142.250.1.1/fcm/send/abc'],
    ['an IPv6 literal', 'https://[::1]/x'],
    ['an internal name', 'https://localhost/x'],
    ['metadata service', 'http://169.254.169.254/latest/meta-data'],
    ['the allowed host on another port', 'http://127.0.0.1:4101/push/abc'],
    ['the allowed port over https', 'https://127.0.0.1:4100/push/abc'],
    ['the allowed origin with credentials', 'http://u:p@127.0.0.1:4100/push/abc'],
    ['another scheme', 'ftp://fcm.googleapis.com/x'],
    ['a javascript: url', 'javascript:alert(1)'],
    ['no url at all', 'fcm.googleapis.com/fcm/send/abc'],
    ['an empty string', ''],
  ])('refuses %s', (_why, endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, LOCAL)).toBe(false);
  });

  it('allows a local origin only when listed', () => {
    expect(isAllowedPushEndpoint('http://127.0.0.1:4100/push/abc', [])).toBe(false);
    expect(isAllowedPushEndpoint('https://push.example.com/x', ['https://push.example.com'])).toBe(true);
    expect(isAllowedPushEndpoint('https://push.example.com:444/x', ['https://push.example.com'])).toBe(false);
    expect(isAllowedPushEndpoint('https://push.example.com/x', ['not an origin'])).toBe(false);
  });
});

describe('VAPID keys', () => {
  it('generates a pair once into the data directory, readable only by the owner', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-vapid-'));
    const first = loadVapidKeys({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined });
    const again = loadVapidKeys({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined });
    expect(again).toEqual(first);
    // An uncompressed P-256 point (65 bytes) and a 32-byte scalar, base64url.
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    const file = path.join(dataDir, 'vapid.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
  });

  it('takes the configured pair when there is one', () => {
    const keys = webpush.generateVAPIDKeys();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'studio-vapid-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    expect(pushSenderFor(config).publicKey).toBe(keys.publicKey);
    expect(pushSenderFor(config)).toBe(pushSenderFor(config));
    expect(() => statSync(path.join(dataDir, 'vapid.json'))).toThrow();
  });
});

const target = (endpoint: string) => ({
  endpoint,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});
const message = { title: 'Class moved', body: 'Now at 10:00', url: '/classes/1' };

describe('sending when the push service is not there', () => {
  it('refuses an endpoint off the allow-list without posting', async () => {
    const sender = createPushSender({
      keys: webpush.generateVAPIDKeys(),
      subject: 'mailto:a@b.example',
      allowedOrigins: [],
    });
    const result = await sender.send(target('http://127.0.0.1:9/push/x'), message, {
      ttlSeconds: 60,
      urgency: 'normal',
    });
    expect(result).toEqual({ ok: false, gone: false, status: null, error: 'endpoint is not on a known push service' });
  });

  it('reports a push service that does not answer in time, without throwing', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const sender = createPushSender({
        keys: webpush.generateVAPIDKeys(),
        subject: 'mailto:a@b.example',
        allowedOrigins: [origin],
        timeoutMs: 50,
      });
      const result = await sender.send(target(`${origin}/push/x`), message, { ttlSeconds: 60, urgency: 'high' });
      expect(result).toEqual({ ok: false, gone: false, status: null, error: 'no answer within 50 ms' });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('reports a closed port and unusable keys, without throwing', async () => {
    const origin = 'http://127.0.0.1:9';
    const sender = createPushSender({
      keys: webpush.generateVAPIDKeys(),
      subject: 'mailto:a@b.example',
      allowedOrigins: [origin],
    });
    const closed = await sender.send(target(`${origin}/push/x`), message, { ttlSeconds: 60, urgency: 'low' });
    expect(closed).toMatchObject({ ok: false, gone: false, status: null });
    expect(closed.ok === false && closed.error).toMatch(/could not reach the push service/);
    const badKeys = await sender.send(
      { endpoint: `${origin}/push/x`, keys: { p256dh: 'AAAA', auth: 'BBBB' } },
      message,
      { ttlSeconds: 60, urgency: 'low' },
    );
    expect(badKeys).toMatchObject({ ok: false, gone: false, status: null });
    expect(badKeys.ok === false && badKeys.error).toMatch(/^not sent: /);
    const badTopic = await sender.send(target(`${origin}/push/x`), message, {
      ttlSeconds: 60,
      urgency: 'low',
      topic: 'not a valid topic!',
    });
    expect(badTopic.ok === false && badTopic.error).toMatch(/^not sent: Unsupported characters/);
  });
});
