import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/** The client side of API.md's encryption, written from the text, independent of the server's code. */
type Mode = 'aes-256-ecb' | 'aes-256-cbc';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const ivOf = (key: string, mode: Mode) => (mode === 'aes-256-cbc' ? Buffer.from(key.slice(0, 16)) : null);

function clientKey(appId: string, deviceId: string, token?: string): string {
  return md5(`${appId}${deviceId}${token}`); // a missing token reads "undefined", as in the client
}

function encryptRequest(data: object, key: string, timeStamp: number, mode: Mode): string {
  const cipher = createCipheriv(mode, Buffer.from(key), ivOf(key, mode));
  return Buffer.concat([cipher.update(JSON.stringify({ ...data, timeStamp })), cipher.final()]).toString('base64');
}

function decryptAnswer(answer: { encrypt: boolean; data: string }, key: string, mode: Mode) {
  expect(answer.encrypt).toBe(true);
  const [cipherText = '', ts = '', rand = ''] = answer.data.split(',');
  expect(rand).toMatch(/^[A-Za-z0-9]{6}$/);
  const answerKey = md5(`${key}${ts}${rand}`);
  const decipher = createDecipheriv(mode, Buffer.from(answerKey), ivOf(answerKey, mode));
  const plain = Buffer.concat([decipher.update(Buffer.from(cipherText, 'base64')), decipher.final()]).toString();
  return { ts: Number(ts), answer: JSON.parse(plain) };
}

const APP_ID = 'studio-h5';
const DEVICE = 'device-1';

let t: TestApp;
let token: string;
let uid: string;
beforeAll(async () => {
  t = await createTestApp();
  const member = await t.register();
  token = member.vk_uni_token.token;
  uid = member.uid;
});
afterAll(() => t.close());

function post(
  url: string,
  payload: object,
  opts: { mode?: string | null; token?: string; deviceId?: string } = {},
): Promise<import('light-my-request').Response> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'vk-appid': APP_ID,
    'vk-device-id': opts.deviceId ?? DEVICE,
  };
  // null: no vk-encrypt header at all.
  if (opts.mode !== null) headers['vk-encrypt'] = opts.mode ?? 'true';
  if (opts.token) headers['uni-id-token'] = opts.token;
  return t.app.inject({ method: 'POST', url, headers, payload });
}

const now = () => t.clock.now().getTime();

describe('payload encryption', () => {
  it('decrypts an aes-256-ecb request in the router form and encrypts the answer', async () => {
    const key = clientKey(APP_ID, DEVICE, token);
    const data = encryptRequest({}, key, now(), 'aes-256-ecb');
    const res = await post('/api/router', { url: 'user/kh/getMyUserInfo', encrypt: true, data }, { token });
    expect(res.statusCode).toBe(200);
    const { ts, answer } = decryptAnswer(res.json(), key, 'aes-256-ecb');
    expect(ts).toBe(now());
    expect(answer).toMatchObject({ code: 0, userInfo: { _id: uid } });
  });

  it('speaks aes-256-cbc in the path form, without a token ("undefined" in the key)', async () => {
    const member = await t.register();
    const key = clientKey(APP_ID, DEVICE);
    const data = encryptRequest(
      { username: member.userInfo.username, password: member.password },
      key,
      now(),
      'aes-256-cbc',
    );
    const res = await post('/api/user/pub/login', { encrypt: true, data }, { mode: 'aes-256-cbc' });
    expect(res.statusCode).toBe(200);
    const { answer } = decryptAnswer(res.json(), key, 'aes-256-cbc');
    expect(answer).toMatchObject({ code: 0, uid: member.uid, vk_uni_token: { token: expect.any(String) } });
  });

  it('accepts a request 5 s old and answers 410 to an older one', async () => {
    const key = clientKey(APP_ID, DEVICE, token);
    const atLimit = encryptRequest({}, key, now() - 5000, 'aes-256-ecb');
    const ok = await post('/api/router', { url: 'user/kh/getMyUserInfo', encrypt: true, data: atLimit }, { token });
    expect(ok.json().encrypt).toBe(true);

    const stale = encryptRequest({}, key, now() - 5001, 'aes-256-ecb');
    const res = await post('/api/router', { url: 'user/kh/getMyUserInfo', encrypt: true, data: stale }, { token });
    expect(res.json()).toMatchObject({ code: 410 });
    expect(res.json().encrypt).toBeUndefined();
  });

  it('answers 410 to a request stamped more than 5 s ahead too (a replay with a forged time)', async () => {
    const key = clientKey(APP_ID, DEVICE, token);
    const atLimit = encryptRequest({}, key, now() + 5000, 'aes-256-ecb');
    const ok = await post('/api/router', { url: 'user/kh/getMyUserInfo', encrypt: true, data: atLimit }, { token });
    expect(ok.json().encrypt).toBe(true);
    const ahead = encryptRequest({}, key, now() + 10 * 86_400_000, 'aes-256-ecb');
    const res = await post('/api/router', { url: 'user/kh/getMyUserInfo', encrypt: true, data: ahead }, { token });
    expect(res.json()).toMatchObject({ code: 410 });
  });

  it('reads the envelope {encrypt: true, data} without the header, and "False" in the header as plain', async () => {
    const key = clientKey(APP_ID, DEVICE, token);
    for (const [url, payload] of [
      [
        '/api/router',
        { url: 'user/kh/getMyUserInfo', encrypt: true, data: encryptRequest({}, key, now(), 'aes-256-ecb') },
      ],
      ['/api/user/kh/getMyUserInfo', { encrypt: true, data: encryptRequest({}, key, now(), 'aes-256-ecb') }],
    ] as const) {
      const res = await post(url, payload, { token, mode: null });
      expect(decryptAnswer(res.json(), key, 'aes-256-ecb').answer, url).toMatchObject({
        code: 0,
        userInfo: { _id: uid },
      });
    }
    const plain = await post('/api/user/kh/getMyUserInfo', {}, { token, mode: 'False' });
    expect(plain.json()).toMatchObject({ code: 0, userInfo: { _id: uid } });
  });

  it('answers 411 in plain to what it cannot decrypt', async () => {
    const key = clientKey(APP_ID, DEVICE, token);
    const cases: [object, { mode?: string; deviceId?: string }][] = [
      [{ url: 'user/kh/getMyUserInfo', encrypt: true, data: 'this is not cipher text' }, {}],
      [{ url: 'user/kh/getMyUserInfo', encrypt: true, data: { plain: 'object' } }, {}],
      // Keyed for another device: the server derives a different key.
      [
        { url: 'user/kh/getMyUserInfo', encrypt: true, data: encryptRequest({}, key, now(), 'aes-256-ecb') },
        { deviceId: 'device-2' },
      ],
      // ECB text read as CBC.
      [
        { url: 'user/kh/getMyUserInfo', encrypt: true, data: encryptRequest({}, key, now(), 'aes-256-ecb') },
        { mode: 'aes-256-cbc' },
      ],
      [
        { url: 'user/kh/getMyUserInfo', encrypt: true, data: encryptRequest({}, key, now(), 'aes-256-ecb') },
        { mode: 'rot13' },
      ],
      // Decrypts, but carries no timeStamp.
      [{ url: 'user/kh/getMyUserInfo', encrypt: true, data: encryptPlainJson('[1,2]', key) }, {}],
    ];
    for (const [payload, opts] of cases) {
      const res = await post('/api/router', payload, { token, ...opts });
      expect(res.json(), JSON.stringify(opts)).toMatchObject({ code: 411, msg: expect.any(String) });
    }
  });

  it('answers failures in plain: before decryption, and after it', async () => {
    const key = clientKey(APP_ID, DEVICE, token);
    const unknown = await post('/api/router', { url: 'client/nothing.here', encrypt: true, data: 'x' }, { token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('FUNCTION_NOT_FOUND');

    const data = encryptRequest({ username: 'abcd', password: 'x', extra: 1 }, key, now(), 'aes-256-ecb');
    const invalid = await post('/api/router', { url: 'user/pub/login', encrypt: true, data }, { token });
    expect(invalid.json()).toMatchObject({ code: 'INVALID_PARAM', field: 'extra' });
  });
});

function encryptPlainJson(json: string, key: string): string {
  const cipher = createCipheriv('aes-256-ecb', Buffer.from(key), null);
  return Buffer.concat([cipher.update(json), cipher.final()]).toString('base64');
}
