import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAvailable, TEST_REDIS_URL } from '../../testing/redis';
import { createTestApp, type TestApp } from '../../testing/test-app';
import * as repo from './repo';
import { TOKEN_CACHE_TTL_MS } from './token-cache';

async function callOn(app: FastifyInstance, url: string, data: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['uni-id-token'] = token;
  const res = await app.inject({ method: 'POST', url: `/api/${url}`, headers, payload: data as object });
  return res.json() as { code: number | string; vk_uni_token?: { token: string } };
}

const whoAmI = (app: FastifyInstance, token: string) => callOn(app, 'user/kh/getMyUserInfo', {}, token);

describe('the cached token check, one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is remembered for a few seconds: a revocation written behind its back applies after the TTL', async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    expect((await whoAmI(t.app, token)).code).toBe(0);
    // Not through a call: only the database knows (as after a manual edit).
    const jti = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti as string;
    await repo.revokeToken(t.app.db, jti, t.clock.now());
    expect((await whoAmI(t.app, token)).code).toBe(0);
    t.clock.advance(TOKEN_CACHE_TTL_MS);
    expect((await whoAmI(t.app, token)).code).not.toBe(0);
  });

  it('a logout ends the token at once', async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    expect((await whoAmI(t.app, token)).code).toBe(0);
    expect((await callOn(t.app, 'user/pub/logout', {}, token)).code).toBe(0);
    expect((await whoAmI(t.app, token)).code).not.toBe(0);
  });

  it("a password change ends the member's other tokens at once", async () => {
    const member = await t.register();
    const other = await callOn(t.app, 'user/pub/login', {
      username: member.userInfo.username,
      password: member.password,
    });
    const otherToken = other.vk_uni_token!.token;
    expect((await whoAmI(t.app, otherToken)).code).toBe(0);
    const changed = await callOn(
      t.app,
      'user/kh/updatePwd',
      { oldPassword: member.password, newPassword: 'Another123' },
      member.vk_uni_token.token,
    );
    expect(changed.code).toBe(0);
    expect((await whoAmI(t.app, otherToken)).code).not.toBe(0);
  });
});

const redis = await redisAvailable();
describe.runIf(redis)('the cached token check, two instances sharing Redis', () => {
  let t: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ config: { REDIS_URL: TEST_REDIS_URL } });
    b = await t.anotherInstance();
  });
  afterAll(() => t?.close());

  it('a logout on A ends the token on B at once, though B had it cached', async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    expect((await whoAmI(b, token)).code).toBe(0);
    expect((await whoAmI(b, token)).code).toBe(0);
    expect((await callOn(t.app, 'user/pub/logout', {}, token)).code).toBe(0);
    expect((await whoAmI(b, token)).code).not.toBe(0);
  });

  it('a password change on A ends the other tokens on B at once', async () => {
    const member = await t.register();
    const other = await callOn(b, 'user/pub/login', { username: member.userInfo.username, password: member.password });
    const otherToken = other.vk_uni_token!.token;
    expect((await whoAmI(b, otherToken)).code).toBe(0);
    const changed = await callOn(
      t.app,
      'user/kh/updatePwd',
      { oldPassword: member.password, newPassword: 'Another123' },
      member.vk_uni_token.token,
    );
    expect(changed.code).toBe(0);
    expect((await whoAmI(b, otherToken)).code).not.toBe(0);
  });
});
