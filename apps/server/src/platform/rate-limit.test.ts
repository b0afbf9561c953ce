import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { redisAvailable, TEST_REDIS_URL } from '../testing/redis';
import { createTestApp, type TestApp } from '../testing/test-app';
import { isAuthCall } from './rate-limit';

const hasRedis = await redisAvailable();

let attempts = 0;
/**
 * A failed login (each for another unknown account, so that no account lock-out gets in the way);
 * a malformed one fails its schema, and counts all the same.
 */
function loginAttempt(
  app: FastifyInstance,
  ip: string,
  form: 'router' | 'path' = 'router',
  locale = 'en',
  malformed = false,
) {
  attempts += 1;
  const data = { username: malformed ? 'x' : `nobody${attempts}`, password: 'Wrong123' };
  return app.inject({
    method: 'POST',
    url: form === 'router' ? '/api/router' : '/api/user/pub/login',
    remoteAddress: ip,
    headers: { 'vk-locale': locale },
    payload: form === 'router' ? { url: 'user/pub/login', data } : data,
  });
}

/** An address no other test run uses, so that counters kept in Redis do not meet. */
const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 254) + 1).join('.')}`;

describe('auth calls', () => {
  it.each([
    ['user/pub/login', true],
    ['user/pub/register', true],
    ['user/pub/loginBySms', true],
    ['user/pub/sendEmailCode', true],
    ['user/pub/resetPasswordByMobile', true],
    ['user/pub/checkToken', false],
    ['user/kh/updatePwd', false],
    ['client/pub.getMchInfo', false],
  ])('%s is an auth call: %s', (url, expected) => {
    expect(isAuthCall(url)).toBe(expected);
  });
});

describe('rate limits (in memory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const { RATE_LIMIT_AUTH_PER_MIN, RATE_LIMIT_PER_MIN } = loadConfig({});
    expect(RATE_LIMIT_AUTH_PER_MIN).toBe(100);
    t = await createTestApp({ config: { RATE_LIMIT_AUTH_PER_MIN, RATE_LIMIT_PER_MIN } });
  });
  afterAll(() => t.close());

  it('refuses the 101st login attempt in a minute from one IP with 429 RATE_LIMITED', async () => {
    const ip = '203.0.113.7';
    // Both forms of the call count in the same bucket, and so do malformed attempts.
    const first = await Promise.all(
      Array.from({ length: 100 }, (_, i) => loginAttempt(t.app, ip, i % 2 ? 'router' : 'path', 'en', i % 4 < 2)),
    );
    const codes = first.map((r) => r.json().code);
    expect(codes.filter((c) => c === 'ACCOUNT_OR_PASSWORD_WRONG')).toHaveLength(50);
    expect(codes.filter((c) => c === 'INVALID_PARAM')).toHaveLength(50);

    const refused = await loginAttempt(t.app, ip, 'router', 'zh-Hans');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', msg: '请求过于频繁，请稍后再试' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await loginAttempt(t.app, ip, 'path')).statusCode).toBe(429);

    // Another address is unaffected, and so are this address's other calls.
    expect((await loginAttempt(t.app, '203.0.113.8')).json().code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/client/pub.getMchInfo',
      remoteAddress: ip,
      payload: {},
    });
    expect(other.json().code).toBe(0);
  });

  it('does not limit the health check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.7' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe.skipIf(!hasRedis)('rate limits (Redis, several instances)', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ config: { REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_AUTH_PER_MIN: 5 } });
    other = await t.anotherInstance();
  });
  afterAll(() => t.close());

  it('shares one counter between two instances', async () => {
    const ip = randomIp();
    for (const app of [t.app, other, t.app, other, t.app]) {
      expect((await loginAttempt(app, ip)).json().code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
    }
    const refused = await loginAttempt(other, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect((await loginAttempt(t.app, ip)).statusCode).toBe(429);
    expect((await loginAttempt(other, randomIp())).json().code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
  });
});
