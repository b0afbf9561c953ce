import type { UserInfo } from '@studio/contract/account';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { SHARED_MEMO_TTL_MS } from '../../platform/shared-memo';
import { redisAvailable, TEST_REDIS_URL } from '../../testing/redis';
import { createTestApp, type TestApp } from '../../testing/test-app';
import * as repo from './repo';
import { users } from './schema';
import { TOKEN_CACHE_TTL_MS } from './token-cache';

async function callOn(app: FastifyInstance, url: string, data: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['uni-id-token'] = token;
  const res = await app.inject({ method: 'POST', url: `/api/${url}`, headers, payload: data as object });
  return res.json() as { code: number | string; vk_uni_token?: { token: string } };
}

const whoAmI = (app: FastifyInstance, token: string) => callOn(app, 'user/kh/getMyUserInfo', {}, token);

interface Info {
  nickname: string;
  role: string[];
  is_verify_staff: boolean;
}
async function myInfo(app: FastifyInstance, token: string): Promise<Info> {
  const answer = (await callOn(app, 'user/kh/getMyUserInfo', {}, token)) as { code: number; userInfo: Info };
  expect(answer.code).toBe(0);
  return answer.userInfo;
}

async function myInfoOf(app: FastifyInstance, token: string): Promise<UserInfo> {
  const answer = (await callOn(app, 'user/kh/getMyUserInfo', {}, token)) as { code: number; userInfo: UserInfo };
  expect(answer.code).toBe(0);
  return answer.userInfo;
}

/** A member made admin behind the protocol's back, logged in afresh (no cached token check). */
async function newAdmin(t: TestApp): Promise<string> {
  const admin = await t.register();
  await t.app.db
    .update(users)
    .set({ roles: ['member', 'admin'] })
    .where(eq(users.id, admin.uid));
  const login = await callOn(t.app, 'user/pub/login', { username: admin.userInfo.username, password: admin.password });
  return login.vk_uni_token!.token;
}

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

  it("remembers the member's info: an edit behind its back shows after the TTL, a profile change at once", async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    const before = await myInfo(t.app, token);
    await t.app.db.update(users).set({ nickname: 'Behind its back' }).where(eq(users.id, member.uid));
    expect((await myInfo(t.app, token)).nickname).toBe(before.nickname);
    t.clock.advance(TOKEN_CACHE_TTL_MS);
    expect((await myInfo(t.app, token)).nickname).toBe('Behind its back');
    expect((await callOn(t.app, 'user/kh/updateUser', { nickname: 'Changed' }, token)).code).toBe(0);
    expect((await myInfo(t.app, token)).nickname).toBe('Changed');
  });

  it('a teacher profile saved by staff shows the teacher role on the next read', async () => {
    const adminToken = await newAdmin(t);
    const member = await t.register();
    const token = member.vk_uni_token.token;
    expect((await myInfo(t.app, token)).role).toEqual(['member']);
    const saved = await callOn(t.app, 'admin/teacher.save', { user_id: member.uid, introduction: 'Hi' }, adminToken);
    expect(saved.code).toBe(0);
    expect((await myInfo(t.app, token)).role).toContain('teacher');
  });

  it('remembers the balances too: a change outside the ledger shows within the TTL; a bad one is named', async () => {
    let balance = 5;
    const app = await buildApp(t.config, {
      clock: t.clock,
      database: t.database,
      migrated: true,
      logger: false,
      readBalances: async () => ({ balance, integral: 7 }),
    });
    try {
      const token = (await t.register()).vk_uni_token.token;
      const read = async () =>
        ((await callOn(app, 'user/kh/getMyUserInfo', {}, token)) as unknown as { userInfo: UserInfo }).userInfo;
      expect((await read()).account_balance).toEqual({ balance: 5 });
      balance = 9;
      expect((await read()).account_balance).toEqual({ balance: 5 });
      t.clock.advance(SHARED_MEMO_TTL_MS);
      expect(await read()).toMatchObject({ account_balance: { balance: 9 }, account_integral: { balance: 7 } });
      // A reader answering what the contract refuses is named, not sent.
      balance = 1.5;
      t.clock.advance(SHARED_MEMO_TTL_MS);
      expect((await callOn(app, 'user/kh/getMyUserInfo', {}, token)).code).not.toBe(0);
    } finally {
      await app.close();
    }
  });

  it('a ledger entry (a staff adjustment of money or points) shows in the very next user info', async () => {
    const admin = await newAdmin(t);
    const member = await t.register();
    const token = member.vk_uni_token.token;
    const balances = async () => {
      const info = await myInfoOf(t.app, token);
      return [info.account_balance.balance, info.account_integral.balance];
    };
    expect(await balances()).toEqual([0, 0]);
    const adjust = (url: string, amount: number) =>
      callOn(t.app, url, { user_id: member.uid, amount, reason: 'test' }, admin);
    expect((await adjust('admin/wallet.adjust', 1200)).code).toBe(0);
    expect(await balances()).toEqual([1200, 0]);
    expect((await adjust('admin/integral.adjust', 30)).code).toBe(0);
    expect(await balances()).toEqual([1200, 30]);
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

  it("a ledger entry on A shows in B's very next user info, though B had the balances remembered", async () => {
    const admin = await newAdmin(t);
    const member = await t.register();
    const token = member.vk_uni_token.token;
    expect((await myInfoOf(b, token)).account_balance.balance).toBe(0);
    const adjusted = await callOn(
      t.app,
      'admin/wallet.adjust',
      { user_id: member.uid, amount: 800, reason: 'test' },
      admin,
    );
    expect(adjusted.code).toBe(0);
    expect((await myInfoOf(b, token)).account_balance.balance).toBe(800);
  });

  it("a profile change on A shows on B's very next read, though B had the member's info cached", async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    await myInfo(b, token);
    await myInfo(b, token);
    expect((await callOn(t.app, 'user/kh/updateUser', { nickname: 'Renamed on A' }, token)).code).toBe(0);
    expect((await myInfo(b, token)).nickname).toBe('Renamed on A');
  });

  it("roles set by staff on A show on B's very next read", async () => {
    const adminToken = await newAdmin(t);
    const member = await t.register();
    const token = member.vk_uni_token.token;
    expect(await myInfo(b, token)).toMatchObject({ role: ['member'], is_verify_staff: false });
    const set = await callOn(
      t.app,
      'admin/user.setRoles',
      { user_id: member.uid, roles: ['member', 'teacher'], is_verify_staff: true },
      adminToken,
    );
    expect(set.code).toBe(0);
    expect(await myInfo(b, token)).toMatchObject({ role: ['member', 'teacher'], is_verify_staff: true });
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
