import { accountCalls } from '@studio/contract/account';
import type { CallInput } from '@studio/contract/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE } from '../../platform/clock';
import { MAX_LIVE_TOKENS, TOKEN_TTL_MS } from '../../platform/tokens';
import { createTestApp, type TestApp, uniqueName } from '../../testing/test-app';
import { listTokens } from './repo';
import { users } from './schema';
import { uniqueContact } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  // The per-IP limiter would otherwise stop this file's many logins; its own tests live with it.
  t = await createTestApp({ config: { RATE_LIMIT_AUTH_PER_MIN: 100_000 } });
});
afterAll(() => t.close());

const PASSWORD = 'Secret123';

function registerInput(overrides: Partial<CallInput<typeof accountCalls.register>> = {}) {
  return { username: uniqueName('reg'), password: PASSWORD, password2: PASSWORD, agree: true as const, ...overrides };
}

const login = (username: string, password: string, locale?: string) =>
  t.call(accountCalls.login, { username, password }, { locale });

const me = (token: string) => t.call(accountCalls.getMyUserInfo, {}, { token });

async function setContact(uid: string, values: { email?: string; mobile?: string }) {
  await t.app.db.update(users).set(values).where(eq(users.id, uid));
}

describe('user/pub/register', () => {
  it('creates a member and answers a login with a working token', async () => {
    const input = registerInput();
    const res = await t.call(accountCalls.register, input);
    expect(res).toMatchObject({
      code: 0,
      needUpdateUserInfo: false,
      userInfo: { username: input.username, nickname: input.username, role: ['member'], hasPassword: true },
    });
    expect(res.uid).toBe(res.userInfo._id);
    expect(res.vk_uni_token.tokenExpired).toBe(t.clock.now().getTime() + TOKEN_TTL_MS);
    expect(JSON.stringify(res)).not.toMatch(/password_?hash|scrypt|Secret123/i);
    expect((await me(res.vk_uni_token.token)).userInfo._id).toBe(res.uid);
  });

  it.each([
    ['a short username', { username: 'abc' }, 'username'],
    ['a username starting with a digit', { username: '1abcd' }, 'username'],
    ['a username with a space', { username: 'ab cd' }, 'username'],
    ['a password starting with a digit', { password: '1abcdef', password2: '1abcdef' }, 'password'],
    ['a password of 5 characters', { password: 'abcde', password2: 'abcde' }, 'password'],
    ['a password of 19 characters', { password: `a${'b'.repeat(18)}`, password2: `a${'b'.repeat(18)}` }, 'password'],
    ['a password with @', { password: 'abc@def', password2: 'abc@def' }, 'password'],
    ['a second password that differs', { password2: 'Other123' }, 'password2'],
    ['no agreement', { agree: false }, 'agree'],
    ['a missing agreement', { agree: undefined }, 'agree'],
    ['an unknown field', { role: 'admin' }, 'role'],
  ])('refuses %s, naming the field', async (_case, overrides, field) => {
    // Deliberately invalid input: sent raw.
    const input = { ...registerInput(), ...overrides };
    const res = await t.callRaw(accountCalls.register.url, input);
    expect(res).toMatchObject({ code: 'INVALID_PARAM', field });
    expect(res.msg).toContain(field);
    expect(await t.app.db.query.users.findFirst({ where: eq(users.username, input.username as string) })).toBeFalsy();
  });

  it('accepts the boundaries of the rules: 4-character username, 6 and 18 character passwords', async () => {
    for (const password of ['a_2345', `a${'b'.repeat(17)}`]) {
      const username = `u${Math.random().toString(36).slice(2, 5)}`;
      const res = await t.call(accountCalls.register, registerInput({ username, password, password2: password }));
      expect(res.code, JSON.stringify(res)).toBe(0);
    }
  });

  it('refuses a taken username whatever its case', async () => {
    const username = uniqueName('Taken');
    expect((await t.call(accountCalls.register, registerInput({ username }))).code).toBe(0);
    const again = await t.call(accountCalls.register, registerInput({ username: username.toLowerCase() }));
    expect(again.code).toBe('USERNAME_TAKEN');
  });

  it('links the inviter of a valid invite code and refuses an unknown one without creating the account', async () => {
    const inviter = await t.register();
    const code = inviter.userInfo.my_invite_code;
    const invited = await t.call(accountCalls.register, registerInput({ invite_code: code.toLowerCase() }));
    expect(invited.code).toBe(0);
    const row = await t.app.db.query.users.findFirst({ where: eq(users.id, invited.uid) });
    expect(row?.inviterId).toBe(inviter.uid);
    expect(row?.invitedAt?.toISOString()).toBe(t.clock.now().toISOString());

    const input = registerInput({ invite_code: 'NOSUCH99' });
    expect((await t.call(accountCalls.register, input)).code).toBe('INVITE_CODE_INVALID');
    expect(await t.app.db.query.users.findFirst({ where: eq(users.username, input.username) })).toBeUndefined();
  });

  it('lets exactly one of 20 concurrent registrations of one username succeed', async () => {
    const username = uniqueName('race');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'POST', url: '/api/user/pub/register', payload: registerInput({ username }) }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const codes = answers.map((a) => a.json().code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 'USERNAME_TAKEN')).toHaveLength(19);
  });

  it('answers in zh-Hans when the client asks for it', async () => {
    const username = uniqueName('zh');
    await t.call(accountCalls.register, registerInput({ username }));
    const res = await t.call(accountCalls.register, registerInput({ username }), { locale: 'zh-Hans' });
    expect(res).toMatchObject({ code: 'USERNAME_TAKEN', msg: '该用户名已被注册' });
  });
});

describe('user/pub/login', () => {
  it('logs in by username (any case), e-mail or mobile', async () => {
    const member = await t.register({ username: uniqueName('Login') });
    const contact = uniqueContact();
    await setContact(member.uid, contact);
    for (const account of [member.userInfo.username!.toUpperCase(), contact.email.toUpperCase(), contact.mobile]) {
      const res = await login(account, PASSWORD);
      expect(res.code, account).toBe(0);
      expect(res.uid).toBe(member.uid);
      expect((await me(res.vk_uni_token.token)).userInfo._id).toBe(member.uid);
    }
  });

  it('refuses a wrong password and an unknown account with the same answer', async () => {
    const member = await t.register();
    const wrong = await login(member.userInfo.username!, 'Wrong1234');
    const unknown = await login(uniqueName('ghost'), 'Wrong1234');
    expect(wrong).toEqual({ code: 'ACCOUNT_OR_PASSWORD_WRONG', msg: 'Incorrect account or password' });
    expect(unknown).toEqual(wrong);
    const zh = await login(member.userInfo.username!, 'Wrong1234', 'zh-Hans');
    expect(zh.msg).toBe('账号或密码错误');
  });

  it.each([
    ['a short account', { username: 'abc', password: 'x' }, 'username'],
    ['an empty password', { username: 'abcd', password: '' }, 'password'],
    ['a missing password', { username: 'abcd' }, 'password'],
  ])('refuses %s, naming the field', async (_case, data, field) => {
    expect(await t.callRaw(accountCalls.login.url, data)).toMatchObject({ code: 'INVALID_PARAM', field });
  });

  it('locks password login for an hour after 6 wrong passwords, then lets the member in again', async () => {
    const member = await t.register();
    const name = member.userInfo.username!;
    for (let i = 1; i <= 5; i++) expect((await login(name, 'Wrong1234')).code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
    const sixth = await login(name, 'Wrong1234');
    expect(sixth).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(sixth.msg).toContain('60 minutes');

    // Locked means locked: the right password does not open it either.
    expect((await login(name, PASSWORD)).code).toBe('ACCOUNT_LOCKED');
    t.clock.advance(59 * MINUTE);
    const later = await login(name, PASSWORD);
    expect(later.code).toBe('ACCOUNT_LOCKED');
    expect(later.msg).toContain('1 minutes');

    t.clock.advance(MINUTE);
    expect((await login(name, PASSWORD)).code).toBe(0);
    // A success clears the count: five more mistakes do not lock again.
    for (let i = 1; i <= 5; i++) expect((await login(name, 'Wrong1234')).code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
    expect((await login(name, PASSWORD)).code).toBe(0);
  });

  it('locks an account that does not exist exactly like one that does', async () => {
    const member = await t.register();
    const ghost = uniqueName('ghost');
    for (let i = 1; i <= 7; i++) {
      const real = await login(member.userInfo.username!, 'Wrong1234');
      const fake = await login(ghost, 'Wrong1234');
      expect(fake, `attempt ${i}`).toEqual(real);
    }
    expect((await login(ghost, 'Wrong1234')).code).toBe('ACCOUNT_LOCKED');
    t.clock.advance(HOUR);
    expect((await login(ghost, 'Wrong1234')).code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
  });

  it('says an account is disabled only to someone who knows its password', async () => {
    const member = await t.register();
    await t.app.db.update(users).set({ disabled: true }).where(eq(users.id, member.uid));
    expect((await login(member.userInfo.username!, 'Wrong1234')).code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
    expect((await login(member.userInfo.username!, PASSWORD)).code).toBe('ACCOUNT_DISABLED');
    expect((await me(member.vk_uni_token.token)).code).toBe(30202);
  });

  it('never logs into an account that has no password', async () => {
    const member = await t.register();
    const contact = uniqueContact();
    await t.app.db
      .update(users)
      .set({ passwordHash: null, ...contact })
      .where(eq(users.id, member.uid));
    for (const password of [PASSWORD, 'dummy-password-for-timing']) {
      expect((await login(contact.email, password)).code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
    }
  });
});

describe('tokens', () => {
  it('logout revokes the token: it then answers 30202 everywhere', async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    expect((await t.call(accountCalls.logout, {}, { token })).code).toBe(0);
    for (const def of [
      accountCalls.getMyUserInfo,
      accountCalls.checkToken,
      accountCalls.loginByToken,
      accountCalls.logout,
    ]) {
      const res = await t.call(def, {}, { token });
      expect(res.code, def.url).toBe(30202);
      expect(res.msg).toContain('token');
    }
    // Another session of the same member is untouched.
    const other = await login(member.userInfo.username!, PASSWORD);
    expect((await me(other.vk_uni_token.token)).code).toBe(0);
  });

  it('refuses logout, checkToken and loginByToken without a token with 30204', async () => {
    for (const def of [
      accountCalls.logout,
      accountCalls.checkToken,
      accountCalls.loginByToken,
      accountCalls.getMyUserInfo,
    ]) {
      const res = await t.call(def);
      expect(res.code, def.url).toBe(30204);
      expect(res.msg).toContain('token');
    }
    expect((await t.call(accountCalls.getMyUserInfo, {}, { token: 'not.a.jwt' })).code).toBe(30204);
  });

  it('checkToken answers who the token belongs to; loginByToken answers a fresh login', async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    const check = await t.call(accountCalls.checkToken, {}, { token });
    expect(check).toMatchObject({
      code: 0,
      uid: member.uid,
      role: ['member'],
      permission: [],
      tokenExpired: member.vk_uni_token.tokenExpired,
    });
    t.clock.advance(MINUTE);
    const again = await t.call(accountCalls.loginByToken, {}, { token });
    expect(again).toMatchObject({ code: 0, uid: member.uid, userInfo: { _id: member.uid } });
    expect(again.vk_uni_token.token).not.toBe(token);
    expect((await me(again.vk_uni_token.token)).code).toBe(0);
  });

  it('expires a token after 7 days (30203) and renews it in its last 3 days', async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    t.clock.advance(3 * DAY);
    expect((await me(token)).vk_uni_token).toBeUndefined();
    t.clock.advance(2 * DAY);
    const renewed = await me(token);
    expect(renewed.code).toBe(0);
    expect(renewed.vk_uni_token?.tokenExpired).toBe(t.clock.now().getTime() + TOKEN_TTL_MS);
    t.clock.advance(2 * DAY);
    const expired = await me(token);
    expect(expired.code).toBe(30203);
    expect(expired.msg).toContain('token');
    expect((await me(renewed.vk_uni_token!.token)).code).toBe(0);
  });

  it(`keeps at most ${MAX_LIVE_TOKENS} live tokens: the next login revokes the oldest`, async () => {
    const member = await t.register();
    const tokens = [member.vk_uni_token.token];
    for (let i = 0; i < MAX_LIVE_TOKENS; i++) {
      t.clock.advance(1000);
      tokens.push((await login(member.userInfo.username!, PASSWORD)).vk_uni_token.token);
    }
    expect((await me(tokens[0]!)).code).toBe(30202);
    for (const token of tokens.slice(1)) expect((await me(token)).code).toBe(0);
    const live = (await listTokens(t.app.db, member.uid)).filter((r) => !r.revokedAt);
    expect(live).toHaveLength(MAX_LIVE_TOKENS);
  });
});
