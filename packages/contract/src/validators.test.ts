import { describe, expect, it } from 'vitest';
import { accountCalls } from './account';
import {
  account,
  birthday,
  code6,
  email,
  isFutureDate,
  isoDate,
  isoDateTime,
  mobile,
  nickname,
  password,
  username,
  yearMonth,
} from './validators';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('account validators (spec section 5)', () => {
  it.each([
    ['abcdef', true],
    ['a_2345', true],
    [`a${'1'.repeat(17)}`, true],
    ['abcde', false],
    [`a${'1'.repeat(18)}`, false],
    ['1abcdef', false],
    ['_abcdef', false],
    ['abc@def', false],
    ['abc def', false],
  ])('password %s → %s', (value, valid) => expect(ok(password, value)).toBe(valid));

  it.each([
    ['abcd', true],
    ['a-b_c', true],
    [`a${'b'.repeat(31)}`, true],
    ['abc', false],
    [`a${'b'.repeat(32)}`, false],
    ['1abc', false],
    ['ab.cd', false],
    ['ab@cd', false],
  ])('username %s → %s', (value, valid) => expect(ok(username, value)).toBe(valid));

  // The shape only: whether it is a mobile of the studio's country is phone.ts's (phone.test.ts).
  it.each([
    ['13812345678', true],
    ['07700 900123', true],
    ['+44 7700 900123', true],
    ['+8613812345678', true],
    ['(020) 7946-0000', true],
    ['12345', false],
    ['+44 7700 900123 ext', false],
    ['07700 9OO123', false],
  ])('mobile %s → %s', (value, valid) => expect(ok(mobile, value)).toBe(valid));

  it.each([
    ['a@b.co', true],
    [' a@b.co ', true],
    ['a@b', false],
    ['a b@c.de', false],
    ['@b.co', false],
  ])('email %s → %s', (value, valid) => expect(ok(email, value)).toBe(valid));

  it.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
  ])('code %s → %s', (value, valid) => expect(ok(code6, value)).toBe(valid));

  it('trims a nickname and refuses an empty one', () => {
    expect(nickname.parse('  Lily ')).toBe('Lily');
    expect(ok(nickname, '   ')).toBe(false);
    expect(ok(account, 'abc')).toBe(false);
  });

  it.each([
    ['1990-05-17', true],
    ['1900-01-01', true],
    ['1899-12-31', false],
    ['1990-02-30', false],
    ['17/05/1990', false],
  ])('birthday %s → %s', (value, valid) => expect(ok(birthday, value)).toBe(valid));

  it('treats a date as future only once it is after today everywhere on Earth', () => {
    const now = new Date('2026-11-22T11:00:00Z'); // 01:00 on the 23rd at UTC+14
    expect(isFutureDate('2026-11-22', now)).toBe(false);
    expect(isFutureDate('2026-11-23', now)).toBe(false); // already the 23rd at UTC+14
    expect(isFutureDate('2026-11-24', now)).toBe(true);
  });

  it('requires the agreement and matching passwords to register', () => {
    const base = { username: 'alice', password: 'Secret123', agree: true };
    expect(accountCalls.register.input.safeParse(base).success).toBe(true);
    expect(accountCalls.register.input.safeParse({ ...base, agree: false }).success).toBe(false);
    expect(accountCalls.register.input.safeParse({ ...base, password2: 'Secret124' }).success).toBe(false);
  });
});

describe('dates and times', () => {
  it.each([
    ['isoDate', isoDate, '1900-01-01', true],
    ['isoDate', isoDate, '2999-12-31', true],
    ['isoDate', isoDate, '1899-12-31', false],
    ['isoDate', isoDate, '3000-01-01', false],
    ['isoDate', isoDate, '9999-12-31', false],
    ['isoDateTime', isoDateTime, '2026-11-23T09:00:00+08:00', true],
    ['isoDateTime', isoDateTime, '2999-12-31T23:59:59-12:00', true],
    ['isoDateTime', isoDateTime, '9999-12-31T23:59:59-12:00', false],
    ['isoDateTime', isoDateTime, '0001-01-01T00:00:00+14:00', false],
    ['isoDateTime', isoDateTime, '2026-11-23T09:00:00', false],
    ['yearMonth', yearMonth, '2026-11', true],
    ['yearMonth', yearMonth, '9999-12', false],
    ['yearMonth', yearMonth, '2026-13', false],
  ] as const)('%s %s → %s', (_name, schema, value, valid) => {
    expect(ok(schema, value)).toBe(valid);
  });
});
