import { accountCalls, adminUserCalls } from '@studio/contract/account';
import { merchantCalls } from '@studio/contract/merchant';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTokens } from '../modules/account/schema';
import { RENEWED_TOKEN_GRACE_MS } from '../modules/account/sessions';
import { setMerchant } from '../modules/schedule/testing';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DAY, MINUTE } from './clock';
import { MAX_LIVE_TOKENS, TOKEN_RENEW_WITHIN_MS, TOKEN_TTL_MS, TokenSigner } from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.call(accountCalls.getMyUserInfo, {}, { token });

function expectTokenError(res: { code: unknown; msg: string }, code: number) {
  expect(res.code).toBe(code);
  expect(res.msg).toContain('token');
}

describe('tokens', () => {
  it('live 7 days: expired afterwards with 30203', async () => {
    const member = await t.register();
    const { token, tokenExpired } = member.vk_uni_token;
    expect(tokenExpired).toBe(t.clock.now().getTime() + TOKEN_TTL_MS);

    t.clock.advance(TOKEN_TTL_MS - MINUTE);
    expect((await me(token)).code).toBe(0);
    t.clock.advance(2 * MINUTE);
    expectTokenError(await me(token), 30203);
  });

  it('are renewed by a logged-in call in their last 3 days, not before, and the new one works', async () => {
    const member = await t.register();
    const { token } = member.vk_uni_token;

    t.clock.advance(TOKEN_TTL_MS - TOKEN_RENEW_WITHIN_MS - MINUTE);
    const early = await me(token);
    expect(early.code).toBe(0);
    expect(early.vk_uni_token).toBeUndefined();

    t.clock.advance(2 * MINUTE);
    const renewedAnswer = await me(token);
    expect(renewedAnswer.code).toBe(0);
    const renewed = renewedAnswer.vk_uni_token!;
    expect(renewed.token).not.toBe(token);
    expect(renewed.tokenExpired).toBe(t.clock.now().getTime() + TOKEN_TTL_MS);

    // Any logged-in answer carries it, a public call made with the token too.
    const viaPublic = await t.call(merchantCalls.getMchInfo, {}, { token });
    expect(viaPublic.vk_uni_token?.token).toEqual(expect.any(String));

    // Past the old token's end, the renewed one still serves.
    t.clock.advance(TOKEN_RENEW_WITHIN_MS);
    expectTokenError(await me(token), 30203);
    const after = await me(renewed.token);
    expect(after).toMatchObject({ code: 0, userInfo: { _id: member.uid } });
    expect(after.vk_uni_token).toBeUndefined();
  });

  it('are renewed once however many calls renew at the same time, and other devices keep their tokens', async () => {
    const member = await t.register();
    const login = () =>
      t.call(accountCalls.login, {
        username: member.userInfo.username!,
        password: member.password,
      });
    // Nine devices logged in a day later: with the first, ten live tokens, the limit.
    t.clock.advance(DAY);
    const others: string[] = [];
    for (let i = 0; i < MAX_LIVE_TOKENS - 1; i++) others.push((await login()).vk_uni_token.token);

    t.clock.advance(TOKEN_TTL_MS - TOKEN_RENEW_WITHIN_MS);
    const answers = await Promise.all(Array.from({ length: 12 }, () => me(member.vk_uni_token.token)));
    expect(answers.map((a) => a.code)).toEqual(Array(12).fill(0));
    const successors = new Set(answers.map((a) => decodeJwt(a.vk_uni_token!.token).jti));
    expect(successors.size).toBe(1);
    for (const token of others) expect((await me(token)).code, 'another device').toBe(0);
    // loginByToken with the same old token answers that successor too.
    const byToken = await t.call(
      accountCalls.loginByToken,
      {},
      {
        token: member.vk_uni_token.token,
      },
    );
    expect(decodeJwt(byToken.vk_uni_token.token).jti).toBe([...successors][0]);

    // The renewed token works on for the grace period, then ends; its successor serves on.
    t.clock.advance(RENEWED_TOKEN_GRACE_MS - MINUTE);
    expect((await me(member.vk_uni_token.token)).code).toBe(0);
    t.clock.advance(2 * MINUTE);
    expectTokenError(await me(member.vk_uni_token.token), 30203);
    expect((await me(answers[0]!.vk_uni_token!.token)).code).toBe(0);
  });

  it('loginByToken replaces the token, leaving the live-token count as it was', async () => {
    const member = await t.register();
    let token = member.vk_uni_token.token;
    for (let i = 0; i < MAX_LIVE_TOKENS + 2; i++) {
      const answer = await t.call(accountCalls.loginByToken, {}, { token });
      expect(answer.code).toBe(0);
      token = answer.vk_uni_token.token;
      t.clock.advance(RENEWED_TOKEN_GRACE_MS + MINUTE);
    }
    const live = await t.app.db
      .select({ id: userTokens.id })
      .from(userTokens)
      .where(
        and(eq(userTokens.userId, member.uid), isNull(userTokens.revokedAt), gt(userTokens.expiresAt, t.clock.now())),
      );
    expect(live).toHaveLength(1);
    expect((await me(token)).code).toBe(0);
  });

  it("live as many days as the studio's setting says, renewed in their last 3 days alike", async () => {
    await setMerchant(t, { tokenTtlDays: 30 });
    try {
      const member = await t.register();
      expect(member.vk_uni_token.tokenExpired).toBe(t.clock.now().getTime() + 30 * DAY);
      t.clock.advance(27 * DAY - MINUTE);
      expect((await me(member.vk_uni_token.token)).vk_uni_token).toBeUndefined();
      t.clock.advance(2 * MINUTE);
      const renewed = (await me(member.vk_uni_token.token)).vk_uni_token!;
      expect(renewed.tokenExpired).toBe(t.clock.now().getTime() + 30 * DAY);
      // A life inside the renewal window would renew on every call: the database refuses it.
      await expect(setMerchant(t, { tokenTtlDays: 3 })).rejects.toThrow();
    } finally {
      await setMerchant(t, { tokenTtlDays: 7 });
    }
  });

  it('are revoked by logout: 30202', async () => {
    const member = await t.register();
    const { token } = member.vk_uni_token;
    expect((await t.call(accountCalls.logout, {}, { token })).code).toBe(0);
    expectTokenError(await me(token), 30202);
  });

  it('refuse a token signed with another secret, and malformed ones: 30204', async () => {
    const member = await t.register();
    const claims = decodeJwt(member.vk_uni_token.token);
    const forger = new TokenSigner(new TextEncoder().encode('another-secret-another-secret-another'));
    const forged = await forger.sign(
      {
        uid: member.uid,
        role: ['admin'],
        permission: [],
        jti: String(claims.jti),
        exp: member.vk_uni_token.tokenExpired,
      },
      t.clock.now(),
    );
    const [header, , signature] = member.vk_uni_token.token.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: ['admin'] })).toString('base64url')}.${signature}`;
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const otherAlg = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64(claims)}.${signature}`;
    for (const bad of [
      forged,
      tampered,
      unsigned,
      otherAlg,
      'garbage',
      'a.b.c',
      `${member.vk_uni_token.token}x`,
      'Bearer x',
    ]) {
      expectTokenError(await me(bad), 30204);
    }
    // An admin call with the forged admin token is refused the same way.
    expectTokenError(await t.call(adminUserCalls.getList, {}, { token: forged }), 30204);
  });

  it(`keep at most ${MAX_LIVE_TOKENS} live per member: the next login revokes the oldest`, async () => {
    const member = await t.register();
    const login = () =>
      t.call(accountCalls.login, {
        username: member.userInfo.username!,
        password: member.password,
      });
    const tokens = [member.vk_uni_token.token];
    for (let i = 1; i < MAX_LIVE_TOKENS; i++) {
      t.clock.advance(1000);
      tokens.push((await login()).vk_uni_token.token);
    }
    for (const token of tokens) expect((await me(token)).code).toBe(0);

    t.clock.advance(1000);
    const eleventh = (await login()).vk_uni_token.token;
    expectTokenError(await me(tokens[0]!), 30202);
    for (const token of [...tokens.slice(1), eleventh]) expect((await me(token)).code).toBe(0);
  });
});
