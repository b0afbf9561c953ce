import { accountCalls, type LoginResult } from '@studio/contract/account';
import { adminMerchantCalls } from '@studio/contract/merchant';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOUR, MINUTE } from '../../platform/clock';
import { createTestApp, type TestApp, uniqueName } from '../../testing/test-app';
import { buildAdmin } from '../schedule/testing';
import { users } from './schema';
import { latestCode, outboxFor, uniqueContact } from './test-helpers';

/**
 * Every password comparison the server makes, counted: the lockout's promise is about how many
 * guesses are ever compared, which answers alone cannot show (a refused guess and a compared wrong
 * one may answer alike).
 */
const checks = vi.hoisted(() => ({
  started: 0,
  wrong: 0,
  waiters: [] as { count: number; resolve: () => void }[],
}));

vi.mock('../../platform/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../platform/passwords')>();
  return {
    ...real,
    verifyPassword: async (...args: Parameters<typeof real.verifyPassword>) => {
      checks.started += 1;
      for (const w of checks.waiters.filter((w) => w.count <= checks.started)) w.resolve();
      const matches = await real.verifyPassword(...args);
      if (!matches) checks.wrong += 1;
      return matches;
    },
  };
});

/** Resolves once `count` comparisons have begun. */
function checksStarted(count: number): Promise<void> {
  return new Promise((resolve) => {
    if (checks.started >= count) resolve();
    else checks.waiters.push({ count, resolve });
  });
}

const PASSWORD = 'Secret123';
const WRONG = 'Wrong1234';
const MAX_CHECKED = 6;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_AUTH_PER_MIN: 100_000 } });
});
afterAll(() => t.close());
beforeEach(() => {
  checks.started = 0;
  checks.wrong = 0;
  checks.waiters = [];
});

async function login(
  username: string,
  password: string,
  app = t.app,
  from = '127.0.0.1',
): Promise<LoginResult & { code: unknown; msg: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/pub/login',
    payload: { username, password },
    remoteAddress: from,
  });
  return res.json();
}

/** Logs in from an address of its own. */
const loginFrom = (from: string, username: string, password: string) => login(username, password, t.app, from);

const codesOf = (answers: { code: unknown }[]) => answers.map((a) => a.code);
const count = (codes: unknown[], code: unknown) => codes.filter((c) => c === code).length;

describe('password lockout under parallel guesses', () => {
  it.each([
    ['an account', true],
    ['an account that does not exist', false],
  ])('compares at most 6 of 30 wrong passwords sent at once to %s, then stays locked', async (_case, exists) => {
    const name = exists ? (await t.register({ password: PASSWORD })).userInfo.username! : uniqueName('ghost');
    checks.wrong = 0;
    const codes = codesOf(await Promise.all(Array.from({ length: 30 }, () => login(name, WRONG))));
    expect(checks.wrong).toBeLessThanOrEqual(MAX_CHECKED);
    // Five guesses are told they are wrong, the sixth locks; none is let in or answered otherwise.
    expect(count(codes, 'ACCOUNT_OR_PASSWORD_WRONG')).toBe(MAX_CHECKED - 1);
    expect(count(codes, 'ACCOUNT_LOCKED')).toBe(30 - (MAX_CHECKED - 1));
    const wrongBefore = checks.wrong;
    expect((await login(name, exists ? PASSWORD : WRONG)).code).toBe('ACCOUNT_LOCKED');
    expect(checks.wrong).toBe(wrongBefore);
  });

  it('does not let in the right password sent among 29 wrong ones still being compared', async () => {
    const member = await t.register({ password: PASSWORD });
    const name = member.userInfo.username!;
    checks.started = 0;
    const guesses = Array.from({ length: 29 }, () => login(name, WRONG));
    // The right one arrives while six wrong ones are being compared, none of them finished.
    await checksStarted(MAX_CHECKED);
    const right = await login(name, PASSWORD);
    const codes = codesOf(await Promise.all(guesses));
    expect(right.code).toBe('ACCOUNT_LOCKED');
    expect(right.vk_uni_token).toBeUndefined();
    expect(checks.wrong).toBeLessThanOrEqual(MAX_CHECKED);
    expect(count(codes, 'ACCOUNT_OR_PASSWORD_WRONG')).toBe(MAX_CHECKED - 1);
    // An hour later the member gets in, and the count starts afresh.
    t.clock.advance(HOUR);
    expect((await login(name, PASSWORD)).code).toBe(0);
  });

  it('counts the guesses of two server instances together', async () => {
    const other = await t.anotherInstance();
    const name = (await t.register({ password: PASSWORD })).userInfo.username!;
    checks.wrong = 0;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(name, WRONG, i % 2 ? other : t.app)));
    expect(checks.wrong).toBeLessThanOrEqual(MAX_CHECKED);
    expect(count(codesOf(answers), 'ACCOUNT_OR_PASSWORD_WRONG')).toBe(MAX_CHECKED - 1);
    expect((await login(name, PASSWORD, other)).code).toBe('ACCOUNT_LOCKED');
    expect((await login(name, PASSWORD)).code).toBe('ACCOUNT_LOCKED');
  });

  it('lets a member who knows the password in after a few parallel mistakes, and clears the count', async () => {
    const name = (await t.register({ password: PASSWORD })).userInfo.username!;
    const mistakes = codesOf(await Promise.all(Array.from({ length: 3 }, () => login(name, WRONG))));
    expect(mistakes).toEqual(Array(3).fill('ACCOUNT_OR_PASSWORD_WRONG'));
    expect((await login(name, PASSWORD)).code).toBe(0);
    const again = codesOf(await Promise.all(Array.from({ length: 5 }, () => login(name, WRONG))));
    expect(again).toEqual(Array(5).fill('ACCOUNT_OR_PASSWORD_WRONG'));
    expect((await login(name, PASSWORD)).code).toBe(0);
  });
});

/** The e-mail a member gets when password login to their account is locked for every address. */
const lockMails = async (email: string) =>
  (await outboxFor(t, email)).filter((m) => m.subject.startsWith('Password sign-in'));

/** A member with an e-mail address (for the lock's e-mail and code logins). */
async function memberWithEmail() {
  const member = await t.register({ password: PASSWORD });
  const { email } = uniqueContact();
  await t.app.db.update(users).set({ email }).where(eq(users.id, member.uid));
  return { name: member.userInfo.username!, email };
}

/** `n` wrong passwords, one after another, from addresses 10.<block>.0.1.. taking turns (5 each at most). */
async function wrongSpread(name: string, n: number, block: number) {
  const codes: unknown[] = [];
  for (let i = 0; i < n; i++) codes.push((await loginFrom(`10.${block}.0.${(i % 10) + 1}`, name, WRONG)).code);
  return codes;
}

describe('password lockout per address', () => {
  it('locks only the address that sent 6 wrong passwords, for an hour; another address logs in', async () => {
    const name = (await t.register({ password: PASSWORD })).userInfo.username!;
    const a = '203.0.113.1';
    const b = '198.51.100.7';
    for (let i = 1; i <= 5; i++) expect((await loginFrom(a, name, WRONG)).code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
    const sixth = await loginFrom(a, name, WRONG);
    expect(sixth).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(sixth.msg).toContain('60 minutes');
    expect((await loginFrom(a, name, PASSWORD)).code).toBe('ACCOUNT_LOCKED');
    // Someone else's guesses do not keep the member out.
    expect((await loginFrom(b, name, PASSWORD)).code).toBe(0);
    expect((await loginFrom(a, name, PASSWORD)).code).toBe('ACCOUNT_LOCKED');
    t.clock.advance(HOUR);
    expect((await loginFrom(a, name, PASSWORD)).code).toBe(0);
  });

  it('answers an account that does not exist exactly like one that does, across addresses', async () => {
    const real = (await t.register({ password: PASSWORD })).userInfo.username!;
    const ghost = uniqueName('ghost');
    const answers = async (name: string) => {
      const out: unknown[] = [];
      for (let i = 0; i < 40; i++) {
        const answer = await loginFrom(`10.99.0.${i % 7}`, name, WRONG);
        out.push([answer.code, answer.msg]);
      }
      return out;
    };
    expect(await answers(ghost)).toEqual(await answers(real));
  });

  it('counts wrong old passwords of a password change toward the lock of their address', async () => {
    const member = await t.register({ password: PASSWORD });
    const name = member.userInfo.username!;
    const change = (oldPassword: string) =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/user/kh/updatePwd',
          headers: { 'uni-id-token': member.vk_uni_token.token },
          payload: { oldPassword, newPassword: 'Fresh_456' },
          remoteAddress: '203.0.113.9',
        })
        .then((r) => r.json());
    for (let i = 1; i <= 5; i++) expect((await change(WRONG)).code).toBe('OLD_PASSWORD_WRONG');
    expect((await change(WRONG)).code).toBe('ACCOUNT_LOCKED');
    expect((await change(PASSWORD)).code).toBe('ACCOUNT_LOCKED');
    expect((await loginFrom('203.0.113.9', name, PASSWORD)).code).toBe('ACCOUNT_LOCKED');
    expect((await loginFrom('203.0.113.10', name, PASSWORD)).code).toBe(0);
  });
});

describe('password lockout of every address', () => {
  it('locks every address for 15 minutes after 30 wrong passwords within an hour, and tells the member once', async () => {
    const { name, email } = await memberWithEmail();
    const codes = await wrongSpread(name, 30, 1);
    expect(count(codes, 'ACCOUNT_OR_PASSWORD_WRONG')).toBe(29);
    expect(codes[29]).toBe('ACCOUNT_LOCKED');
    const fresh = await loginFrom('192.0.2.200', name, PASSWORD);
    expect(fresh).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(fresh.msg).toContain('15 minutes');
    const mails = await lockMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('15 minutes');

    t.clock.advance(15 * MINUTE - 1);
    expect((await loginFrom('192.0.2.200', name, PASSWORD)).code).toBe('ACCOUNT_LOCKED');
    t.clock.advance(1);
    expect((await loginFrom('192.0.2.200', name, PASSWORD)).code).toBe(0);
    // The hour started afresh with the lock: one more mistake does not lock again.
    expect((await loginFrom('192.0.2.201', name, WRONG)).code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
    expect(await lockMails(email)).toHaveLength(1);
  });

  it('compares at most 30 of 90 wrong passwords sent at once from 30 addresses, and mails once', async () => {
    const { name, email } = await memberWithEmail();
    checks.wrong = 0;
    const codes = codesOf(
      await Promise.all(Array.from({ length: 90 }, (_, i) => loginFrom(`10.2.${i % 30}.1`, name, WRONG))),
    );
    expect(checks.wrong).toBeLessThanOrEqual(30);
    expect(count(codes, 'ACCOUNT_OR_PASSWORD_WRONG')).toBe(29);
    expect(count(codes, 'ACCOUNT_LOCKED')).toBe(61);
    expect((await loginFrom('10.3.0.1', name, PASSWORD)).code).toBe('ACCOUNT_LOCKED');
    expect(await lockMails(email)).toHaveLength(1);
  });

  it('keeps code login open while password login is locked everywhere', async () => {
    const { name, email } = await memberWithEmail();
    await wrongSpread(name, 30, 4);
    expect((await loginFrom('10.4.1.1', name, PASSWORD)).code).toBe('ACCOUNT_LOCKED');
    expect((await t.call(accountCalls.sendEmailCode, { email, type: 'login' })).code).toBe(0);
    const byCode = await t.call(accountCalls.loginByEmail, { email, code: await latestCode(t, email) });
    expect(byCode.code).toBe(0);
  });

  it('counts over a sliding hour', async () => {
    const { name, email } = await memberWithEmail();
    expect(count(await wrongSpread(name, 20, 5), 'ACCOUNT_LOCKED')).toBe(0);
    t.clock.advance(40 * MINUTE);
    expect(count(await wrongSpread(name, 9, 6), 'ACCOUNT_LOCKED')).toBe(0);
    // 29 within the hour; twenty of them leave it.
    t.clock.advance(20 * MINUTE);
    expect(count(await wrongSpread(name, 2, 7), 'ACCOUNT_LOCKED')).toBe(0);
    expect((await loginFrom('10.8.0.1', name, PASSWORD)).code).toBe(0);
    expect(await lockMails(email)).toHaveLength(0);
    // 9 + 2 within the hour: 19 more lock.
    expect((await wrongSpread(name, 19, 9)).at(-1)).toBe('ACCOUNT_LOCKED');
    expect(await lockMails(email)).toHaveLength(1);
  });

  it('locks a name no account has for every address alike', async () => {
    const ghost = uniqueName('ghost');
    const codes = await wrongSpread(ghost, 30, 10);
    expect(codes[29]).toBe('ACCOUNT_LOCKED');
    expect((await loginFrom('10.11.0.1', ghost, WRONG)).msg).toContain('15 minutes');
  });

  it('lifts every lock when the password is reset by code', async () => {
    const { name, email } = await memberWithEmail();
    await wrongSpread(name, 30, 12);
    for (let i = 0; i < 6; i++) await loginFrom('10.13.0.1', name, WRONG);
    expect((await t.call(accountCalls.sendEmailCode, { email, type: 'reset' })).code).toBe(0);
    const code = await latestCode(t, email);
    const reset = await t.call(accountCalls.resetPasswordByEmail, {
      email,
      code,
      password: 'Fresh_456',
      password2: 'Fresh_456',
    });
    expect(reset.code).toBe(0);
    expect((await loginFrom('10.13.0.1', name, 'Fresh_456')).code).toBe(0);
  });

  it("writes the e-mail in the language the member's app last used, else the studio's (never the guesser's)", async () => {
    // Through the settings call, as staff would (it also forgets the remembered studio row).
    const admin = await buildAdmin(t);
    const setLocale = async (default_locale: 'en' | 'zh-Hant') =>
      expect((await t.call(adminMerchantCalls.save, { default_locale }, { token: admin.token })).code).toBe(0);
    await setLocale('zh-Hant');
    try {
      const simplified = await memberWithEmail();
      await t.app.db.update(users).set({ locale: 'zh-Hans' }).where(eq(users.email, simplified.email));
      await wrongSpread(simplified.name, 30, 14);
      const [mail] = await outboxFor(t, simplified.email);
      expect(mail).toMatchObject({ channel: 'email', subject: expect.stringContaining('密码登录已暂停') });

      const unknown = await memberWithEmail();
      await t.app.db.update(users).set({ locale: null }).where(eq(users.email, unknown.email));
      await wrongSpread(unknown.name, 30, 14);
      const [studios] = await outboxFor(t, unknown.email);
      expect(studios).toMatchObject({ channel: 'email', subject: expect.stringContaining('密碼登入已暫停') });
      expect(studios!.body).toContain('15 分鐘');
    } finally {
      await setLocale('en');
    }
  });
});
