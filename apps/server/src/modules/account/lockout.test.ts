import type { LoginResult } from '@studio/contract/account';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOUR } from '../../platform/clock';
import { createTestApp, type TestApp, uniqueName } from '../../testing/test-app';

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

async function login(username: string, password: string, app = t.app): Promise<LoginResult & { code: unknown }> {
  const res = await app.inject({ method: 'POST', url: '/api/user/pub/login', payload: { username, password } });
  return res.json();
}

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
