import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../config';
import { type PushSender, pushSenderFor } from '../platform/web-push';
import { type PushFake, startPushFake } from './push-fake';

const keys = webpush.generateVAPIDKeys();
let push: PushFake;
let sender: PushSender;
beforeAll(async () => {
  push = await startPushFake({ vapidPublicKey: keys.publicKey });
  const config = loadConfig(
    {},
    {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'studio-push-')),
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      PUSH_ALLOWED_ORIGINS: [push.origin],
    },
  );
  sender = pushSenderFor(config);
});
afterAll(() => push.close());

const message = {
  title: '课程已取消',
  body: 'Yin yoga, Monday 10:00 — cancelled <b>',
  url: '/reservations/42',
  tag: 'r42',
};

describe('the push fake, fed by the app push sender (web-push)', () => {
  it('decrypts what was sent, with its TTL, urgency and topic', async () => {
    const device = push.subscribe('phone');
    expect(device.endpoint).toBe(`${push.origin}/push/phone`);
    expect(Buffer.from(device.keys.p256dh, 'base64url')).toHaveLength(65);
    expect(Buffer.from(device.keys.auth, 'base64url')).toHaveLength(16);

    const result = await sender.send(device, message, { ttlSeconds: 3600, urgency: 'high', topic: 'reminder-42' });
    expect(result).toEqual({ ok: true });
    expect(push.received.at(-1)).toEqual({
      endpoint: device.endpoint,
      payload: message,
      ttl: 3600,
      urgency: 'high',
      topic: 'reminder-42',
    });

    await sender.send(device, { title: 'T', body: 'B', url: '/' }, { ttlSeconds: 0, urgency: 'very-low' });
    expect(push.received.at(-1)).toMatchObject({ payload: { title: 'T', body: 'B', url: '/' }, ttl: 0, topic: null });
  });

  it('reports gone for 410 and for an endpoint it does not know, and a failure for 500', async () => {
    const device = push.subscribe();
    const before = push.received.length;
    push.answerWith(device.endpoint, 410);
    expect(await sender.send(device, message, { ttlSeconds: 60, urgency: 'normal' })).toMatchObject({
      ok: false,
      gone: true,
      status: 410,
    });
    push.answerWith(device.endpoint, 500);
    const failing = await sender.send(device, message, { ttlSeconds: 60, urgency: 'normal' });
    expect(failing).toMatchObject({ ok: false, gone: false, status: 500 });
    expect(failing.ok === false && failing.error).toBe('push service answered 500');
    push.answerWith(device.endpoint, 201);
    expect(await sender.send(device, message, { ttlSeconds: 60, urgency: 'normal' })).toEqual({ ok: true });
    expect(push.received.length).toBe(before + 1);

    const unknown = { ...device, endpoint: `${push.origin}/push/never-subscribed` };
    expect(await sender.send(unknown, message, { ttlSeconds: 60, urgency: 'normal' })).toMatchObject({
      ok: false,
      gone: true,
      status: 404,
    });
  });

  it('refuses a sender with another VAPID key', async () => {
    const other = await startPushFake({ vapidPublicKey: webpush.generateVAPIDKeys().publicKey });
    try {
      const config = loadConfig(
        {},
        {
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'studio-push-')),
          VAPID_PUBLIC_KEY: keys.publicKey,
          VAPID_PRIVATE_KEY: keys.privateKey,
          PUSH_ALLOWED_ORIGINS: [other.origin],
        },
      );
      const device = other.subscribe();
      const result = await pushSenderFor(config).send(device, message, { ttlSeconds: 60, urgency: 'normal' });
      expect(result).toMatchObject({ ok: false, gone: false, status: 403 });
      expect(other.received).toEqual([]);
      expect(other.refused.at(-1)?.reason).toMatch(/not the application server key/);
    } finally {
      await other.close();
    }
  });
});

/** A request as web-push builds it, for the fake's own checks to be tried one by one. */
function requestFor(device: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const details = webpush.generateRequestDetails(device, JSON.stringify(message), {
    vapidDetails: { subject: 'mailto:studio@example.com', ...keys },
    TTL: 60,
    contentEncoding: 'aes128gcm',
  });
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
  return { headers, body: details.body as Buffer };
}

async function post(endpoint: string, headers: Record<string, string>, body: Buffer) {
  const response = await fetch(endpoint, { method: 'POST', headers, body });
  return { status: response.status, reason: await response.text() };
}

async function vapidJwt(claims: Record<string, unknown>): Promise<string> {
  const point = Buffer.from(keys.publicKey, 'base64url');
  const privateKey = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
      d: keys.privateKey,
    },
    'ES256',
  );
  return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'JWT' }).sign(privateKey);
}

describe('what the push fake checks', () => {
  it('accepts the request web-push builds, as is', async () => {
    const device = push.subscribe();
    const { headers, body } = requestFor(device);
    expect((await post(device.endpoint, headers, body)).status).toBe(201);
    expect(push.received.at(-1)).toMatchObject({ endpoint: device.endpoint, payload: message, urgency: 'normal' });
  });

  it('refuses a missing or malformed Authorization', async () => {
    const device = push.subscribe();
    const { headers, body } = requestFor(device);
    const { Authorization: _, ...unsigned } = headers;
    expect(await post(device.endpoint, unsigned, body)).toMatchObject({ status: 401 });
    expect(await post(device.endpoint, { ...headers, Authorization: 'Bearer abc' }, body)).toMatchObject({
      status: 401,
    });
  });

  it.each([
    ['another audience', { aud: 'https://fcm.googleapis.com', sub: 'mailto:a@b.example', exp: 'SOON' }, /aud/],
    ['no contact', { aud: 'ORIGIN', sub: 'studio', exp: 'SOON' }, /sub/],
    ['a life over 24 hours', { aud: 'ORIGIN', sub: 'mailto:a@b.example', exp: 'FAR' }, /24 hours/],
    ['an expired token', { aud: 'ORIGIN', sub: 'mailto:a@b.example', exp: 'PAST' }, /exp/],
  ])('refuses a JWT with %s', async (_why, template, reason) => {
    const device = push.subscribe();
    const { headers, body } = requestFor(device);
    const now = Math.floor(Date.now() / 1000);
    const exp = template.exp === 'FAR' ? now + 25 * 3600 : template.exp === 'PAST' ? now - 60 : now + 3600;
    const token = await vapidJwt({ ...template, aud: template.aud === 'ORIGIN' ? push.origin : template.aud, exp });
    const refused = await post(
      device.endpoint,
      { ...headers, Authorization: `vapid t=${token}, k=${keys.publicKey}` },
      body,
    );
    expect(refused.status).toBe(401);
    expect(refused.reason).toMatch(reason);
  });

  it('refuses a JWT signed by another key than k', async () => {
    const device = push.subscribe();
    const { headers, body } = requestFor(device);
    const forged = webpush.getVapidHeaders(
      push.origin,
      'mailto:a@b.example',
      keys.publicKey,
      webpush.generateVAPIDKeys().privateKey,
      'aes128gcm',
    );
    const refused = await post(device.endpoint, { ...headers, Authorization: forged.Authorization }, body);
    expect(refused).toMatchObject({ status: 401 });
    expect(refused.reason).toMatch(/signature/);
  });

  it('requires TTL and aes128gcm, and a body that decrypts with the subscription keys', async () => {
    const device = push.subscribe();
    const { headers, body } = requestFor(device);
    const { TTL: _, ...noTtl } = headers;
    expect(await post(device.endpoint, noTtl, body)).toMatchObject({
      status: 400,
      reason: expect.stringMatching(/TTL/),
    });
    expect(await post(device.endpoint, { ...headers, 'Content-Encoding': 'aesgcm' }, body)).toMatchObject({
      status: 415,
    });
    const tampered = Buffer.from(body);
    const at = tampered.length - 20;
    tampered.writeUInt8(tampered.readUInt8(at) ^ 1, at);
    expect(await post(device.endpoint, headers, tampered)).toMatchObject({
      status: 400,
      reason: expect.stringMatching(/decrypt/),
    });
    // Encrypted for another device: this one's keys cannot read it.
    const other = requestFor(push.subscribe());
    expect(await post(device.endpoint, headers, other.body)).toMatchObject({
      status: 400,
      reason: expect.stringMatching(/decrypt/),
    });
  });
});
