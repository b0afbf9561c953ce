import { Writable } from 'node:stream';
import { accountCalls } from '@studio/contract/account';
import { defineCall, noOutput } from '@studio/contract/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../testing/test-app';
import { handlePub } from './protocol';

/** Test-only calls: one with a nested schema, one that fails unexpectedly, one that breaks its own contract. */
const extraCalls = [
  handlePub(
    defineCall(
      'client/test.pub_nested',
      z
        .object({ items: z.array(z.object({ sku_id: z.string(), buy_num: z.number().int().min(1) }).strict()) })
        .strict(),
      noOutput,
    ),
    async () => ({}),
  ),
  handlePub(defineCall('client/test.pub_explode', z.object({}), noOutput), async () => {
    throw new Error('boom: connection string postgres://secret');
  }),
  handlePub(defineCall('client/test.pub_badAnswer', z.object({}), z.object({ count: z.number() })), async () => ({
    count: 'many' as unknown as number,
  })),
];

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extraCalls, logStream, config: { LOG_LEVEL: 'error' } });
});
afterAll(() => t.close());

function post(url: string, payload: string | object | Buffer, contentType = 'application/json') {
  return t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
}

describe('bad input answers a clear error, never 500', () => {
  it('400 INVALID_BODY for a body that is not JSON, or empty, or poisoned', async () => {
    for (const payload of ['{"url":', 'hello', '', '{"url":"user/pub/login","__proto__":{"isAdmin":true}}']) {
      for (const url of ['/api/router', '/api/user/pub/login']) {
        const res = await post(url, payload);
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'INVALID_BODY', msg: expect.any(String) });
      }
    }
  });

  it('415 UNSUPPORTED_MEDIA_TYPE for text and forms', async () => {
    const bodies: [string, string][] = [
      ['text/plain', '{"url":"client/pub.getMchInfo"}'],
      ['application/x-www-form-urlencoded', 'url=client%2Fpub.getMchInfo'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="url"\r\n\r\nx\r\n--x--'],
      ['application/xml', '<url/>'],
    ];
    for (const [contentType, payload] of bodies) {
      const res = await post('/api/router', payload, contentType);
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('413 PAYLOAD_TOO_LARGE for a 5 MB body', async () => {
    const big = JSON.stringify({ url: 'user/pub/login', data: { username: 'a'.repeat(5 * 1024 * 1024) } });
    const res = await post('/api/router', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers deep nesting with INVALID_PARAM', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const cases: [string, string, string][] = [
      ['/api/router', `{"url":"user/pub/login","data":${deep}}`, 'data'],
      ['/api/router', deep, 'url'],
      ['/api/user/pub/login', deep, 'data'],
      ['/api/client/test.pub_nested', `{"items":${deep}}`, 'items.0'],
    ];
    for (const [url, payload, field] of cases) {
      const res = await post(url, payload);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ code: 'INVALID_PARAM', field });
    }
  });

  it('names the field of a wrong type, an unknown field or a missing one', async () => {
    const cases: [string, unknown, string][] = [
      ['user/pub/login', { username: 12345, password: 'x' }, 'username'],
      ['user/pub/login', { username: 'abcd', password: 'x', isAdmin: true }, 'isAdmin'],
      ['user/pub/login', { password: 'x' }, 'username'],
      ['user/pub/login', 'a string', 'data'],
      ['user/pub/login', [1, 2], 'data'],
      [
        'client/test.pub_nested',
        {
          items: [
            { sku_id: 'a', buy_num: 1 },
            { sku_id: 'b', buy_num: '2' },
          ],
        },
        'items.1.buy_num',
      ],
      ['client/test.pub_nested', { items: [{ sku_id: 'a', buy_num: 1.5 }] }, 'items.0.buy_num'],
      ['client/test.pub_nested', { items: [{ sku_id: 'a', buy_num: 1, price: 0 }] }, 'items.0.price'],
    ];
    for (const [url, data, field] of cases) {
      const res = await t.callRaw(url, data, { locale: 'zh-Hant' });
      expect(res, `${url} ${JSON.stringify(data)}`).toMatchObject({
        code: 'INVALID_PARAM',
        field,
        msg: `參數錯誤：${field}`,
      });
    }
  });

  it('answers a NUL character in any text with INVALID_PARAM naming the field, and writes nothing', async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    const cases: [string, unknown, string][] = [
      ['user/pub/login', { username: 'ab\u0000cd', password: 'Secret123' }, 'username'],
      ['user/pub/register', { username: 'nul\u0000user', password: 'Secret123', agree: true }, 'username'],
      ['user/pub/sendEmailCode', { email: 'a\u0000b@example.com', type: 'login' }, 'email'],
      ['user/kh/updateUser', { nickname: 'Mia\u0000' }, 'nickname'],
      ['client/course.pub_getSessionDetail', { _id: '\u0000' }, '_id'],
      [
        'client/test.pub_nested',
        {
          items: [
            { sku_id: 'ok', buy_num: 1 },
            { sku_id: 'x\u0000', buy_num: 1 },
          ],
        },
        'items.1.sku_id',
      ],
    ];
    for (const [url, data, field] of cases) {
      const res = await t.callRaw(url, data, { token });
      expect(res, url).toMatchObject({ code: 'INVALID_PARAM', field });
    }
    const info = await t.call(accountCalls.getMyUserInfo, {}, { token });
    expect(info.userInfo.nickname).toBe(member.userInfo.nickname);
  });

  it('finds the first NUL character however deep it is', async () => {
    const { findNulCharacter } = await import('./protocol');
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(findNulCharacter(deep)).toBe(Array(50_000).fill('0').join('.'));
    expect(findNulCharacter({ a: ['ok', { b: 'fine' }], c: 'no' })).toBeNull();
    expect(findNulCharacter({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findNulCharacter('\u0000')).toBe('data');
  });

  it('answers INVALID_PARAM url when the router form has no usable url', async () => {
    for (const payload of [{ data: {} }, { url: 42 }, { url: '' }, { url: 'a'.repeat(201) }, [], null, 7]) {
      const res = await post('/api/router', JSON.stringify(payload));
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ code: 'INVALID_PARAM', field: 'url' });
    }
  });

  it('answers FUNCTION_NOT_FOUND to a path that cannot be decoded, and to GET', async () => {
    const badPath = await post('/api/%ZZ', {});
    expect(badPath.statusCode).toBe(404);
    expect(badPath.json().code).toBe('FUNCTION_NOT_FOUND');
    const get = await t.app.inject({ method: 'GET', url: '/api/router' });
    expect(get.statusCode).toBe(404);
    expect(get.json().code).toBe('FUNCTION_NOT_FOUND');
  });

  it('answers an unexpected failure with SYSTEM_ERROR and a request id, and logs it under that id', async () => {
    for (const url of ['client/test.pub_explode', 'client/test.pub_badAnswer']) {
      const res = await post('/api/router', { url, data: {} });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toMatchObject({ code: 'SYSTEM_ERROR', requestId: expect.any(String) });
      expect(body.msg).not.toMatch(/boom|secret|postgres|many/);
      const logged = logLines.map((line) => JSON.parse(line)).find((entry) => entry.reqId === body.requestId);
      expect(logged).toMatchObject({ level: 50, err: { message: expect.any(String) } });
    }
    const explode = logLines.map((line) => JSON.parse(line)).find((e) => e.err?.message?.startsWith('boom'));
    expect(explode).toBeDefined();
  });
});
