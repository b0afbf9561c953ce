import { accountCalls, type CodePurpose } from '@studio/contract/account';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../platform/clock';
import { afterCommit, replaceSubscribersForTest } from '../../platform/events';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { listCodes } from './codes';
import { users } from './schema';
import { latestCode, outboxFor, uniqueContact, wrongCode } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_AUTH_PER_MIN: 100_000 } });
});
afterAll(() => t.close());

/** Moves past the one-send-per-minute rule, so that a test may send to the same target again. */
const nextMinute = () => t.clock.advance(60_000);

const sendEmail = (email: string, type: CodePurpose, token?: string) =>
  t.call(accountCalls.sendEmailCode, { email, type }, { token });
const sendSms = (mobile: string, type: CodePurpose, token?: string) =>
  t.call(accountCalls.sendSmsCode, { mobile, type }, { token });
const loginByEmail = (email: string, code: string) => t.call(accountCalls.loginByEmail, { email, code });
const loginBySms = (mobile: string, code: string) => t.call(accountCalls.loginBySms, { mobile, code });

/** Six wrong passwords from this test's address: password login is locked there, the right one refused. */
async function lockPasswordLogin(username: string, password: string) {
  for (let i = 0; i < 6; i++) await t.call(accountCalls.login, { username, password: 'Wrong1234' });
  expect((await t.call(accountCalls.login, { username, password })).code).toBe('ACCOUNT_LOCKED');
}

describe('sending codes', () => {
  it('sends a 6-digit code that no answer contains and the database keeps only as a hash', async () => {
    const { email } = uniqueContact();
    const res = await sendEmail(email, 'login');
    expect(res).toEqual({ code: 0, msg: 'ok' });
    const code = await latestCode(t, email);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await listCodes(t.app.db, 'email', email);
    expect(row).toMatchObject({ purpose: 'login', attempts: 0, usedAt: null });
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(10 * MINUTE);
    const [message] = await outboxFor(t, email);
    expect(message).toMatchObject({ channel: 'email', status: 'recorded' });
    expect(message!.subject).toContain('verification code');
  });

  it('allows one send per target per 60 seconds, whatever the purpose, and says how long to wait', async () => {
    const { email, mobile } = uniqueContact();
    expect((await sendEmail(email, 'login')).code).toBe(0);
    t.clock.advance(20_000);
    const early = await sendEmail(email, 'reset');
    expect(early).toMatchObject({ code: 'CODE_TOO_FREQUENT', seconds: 40 });
    expect(early.msg).toContain('40 seconds');
    // Another target is not affected.
    expect((await sendSms(mobile, 'login')).code).toBe(0);
    t.clock.advance(39_000);
    expect((await sendEmail(email, 'login')).code).toBe('CODE_TOO_FREQUENT');
    t.clock.advance(1_000);
    expect((await sendEmail(email, 'login')).code).toBe(0);
    expect(await outboxFor(t, email)).toHaveLength(2);
  });

  it('lets only one of several racing sends to a target through', async () => {
    const { email } = uniqueContact();
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendEmail(email, 'login')));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 'CODE_TOO_FREQUENT')).toHaveLength(4);
    expect(await listCodes(t.app.db, 'email', email)).toHaveLength(1);
  });

  it.each([
    ['sendEmailCode', { email: 'not-an-email', type: 'login' }, 'email'],
    ['sendEmailCode', { email: 'a@b.co', type: 'signup' }, 'type'],
    ['sendEmailCode', { email: 'a@b.co' }, 'type'],
    ['sendSmsCode', { mobile: 'call me', type: 'login' }, 'mobile'],
    ['sendSmsCode', { mobile: '12345', type: 'login' }, 'mobile'],
    ['loginByEmail', { email: 'a@b.co', code: '12345' }, 'code'],
    ['loginBySms', { mobile: '13812345678', code: '12345a' }, 'code'],
    ['resetPasswordByEmail', { email: 'a@b.co', code: '123456', password: '1abcdef' }, 'password'],
    [
      'resetPasswordByMobile',
      { mobile: '13812345678', code: '123456', password: 'Secret123', password2: 'Secret124' },
      'password2',
    ],
  ])('%s refuses %o, naming the field', async (fn, data, field) => {
    expect(await t.callRaw(`user/pub/${fn}`, data)).toMatchObject({ code: 'INVALID_PARAM', field });
  });

  it.each(['12345678901', '1381234567'])('sendSmsCode refuses %s: no mobile of the studio country', async (mobile) => {
    expect(await t.callRaw('user/pub/sendSmsCode', { mobile, type: 'login' })).toMatchObject({
      code: 'MOBILE_INVALID',
    });
  });

  it('writes the message in the language of the client', async () => {
    const { email } = uniqueContact();
    await t.call(accountCalls.sendEmailCode, { email, type: 'login' }, { locale: 'zh-Hans' });
    const [message] = await outboxFor(t, email);
    expect(message!.body).toMatch(/验证码是 \d{6}，10 分钟内有效/);
  });

  it('needs a token for bind and unbind codes, and checks whose address it is', async () => {
    const owner = await t.register();
    const other = await t.register();
    const { email } = uniqueContact();
    await t.app.db.update(users).set({ email }).where(eq(users.id, owner.uid));

    expect((await sendEmail(uniqueContact().email, 'bind')).code).toBe(30204);
    expect((await sendEmail(email, 'unbind')).code).toBe(30204);
    expect((await sendEmail(email, 'bind', other.vk_uni_token.token)).code).toBe('EMAIL_TAKEN');
    expect((await sendEmail(email, 'unbind', other.vk_uni_token.token)).code).toBe('EMAIL_NOT_BOUND');
    expect(await outboxFor(t, email)).toHaveLength(0);
    expect((await sendEmail(email, 'unbind', owner.vk_uni_token.token)).code).toBe(0);
    expect(await outboxFor(t, email)).toHaveLength(1);
  });
});

describe('member.registered', () => {
  it('is said once for an account registered by name and once for one a first code login creates, not for a later login', async () => {
    const joined: string[] = [];
    const restore = replaceSubscribersForTest([
      afterCommit('member.registered', 'test.joined', async (_ctx, e) => {
        joined.push(e.payload.user_id);
      }),
    ]);
    try {
      const named = await t.register();
      expect(joined).toEqual([named.uid]);
      const { email } = uniqueContact();
      await sendEmail(email, 'login');
      const first = await loginByEmail(email, await latestCode(t, email));
      nextMinute();
      await sendEmail(email, 'login');
      const again = await loginByEmail(email, await latestCode(t, email));
      expect(again.uid).toBe(first.uid);
      expect(joined).toEqual([named.uid, first.uid]);
    } finally {
      restore();
    }
  });
});

describe('loginByEmail and loginBySms', () => {
  it('creates an account for a new address, asking for a nickname, and logs the same account in later', async () => {
    const { email } = uniqueContact();
    await sendEmail(email, 'login');
    const first = await loginByEmail(email, await latestCode(t, email));
    expect(first).toMatchObject({
      code: 0,
      needUpdateUserInfo: true,
      userInfo: { email, nickname: '', username: null, hasPassword: false, role: ['member'] },
    });
    nextMinute();
    await sendEmail(email.toUpperCase(), 'login');
    const second = await loginByEmail(email, await latestCode(t, email));
    expect(second.code).toBe(0);
    expect(second.uid).toBe(first.uid);
    expect((await t.call(accountCalls.getMyUserInfo, {}, { token: second.vk_uni_token.token })).code).toBe(0);
  });

  it('logs in by SMS, creating the account with the mobile number', async () => {
    const { mobile } = uniqueContact();
    await sendSms(mobile, 'login');
    const res = await loginBySms(mobile, await latestCode(t, mobile));
    expect(res).toMatchObject({ code: 0, needUpdateUserInfo: true, userInfo: { mobile, email: null } });
  });

  it('logs in an existing member even while their password login is locked', async () => {
    const member = await t.register();
    const { mobile } = uniqueContact();
    await t.app.db.update(users).set({ mobile }).where(eq(users.id, member.uid));
    await lockPasswordLogin(member.userInfo.username!, member.password);
    await sendSms(mobile, 'login');
    const res = await loginBySms(mobile, await latestCode(t, mobile));
    expect(res).toMatchObject({ code: 0, uid: member.uid, needUpdateUserInfo: false });
  });

  it('uses a code once', async () => {
    const { email } = uniqueContact();
    await sendEmail(email, 'login');
    const code = await latestCode(t, email);
    expect((await loginByEmail(email, code)).code).toBe(0);
    expect(await loginByEmail(email, code)).toMatchObject({ code: 'CODE_INVALID', field: 'code' });
  });

  it.each([
    ['an SMS code', 'sms', 3],
    ['an e-mail code', 'email', 10],
  ] as const)('keeps %s for %i minutes', async (_case, channel, minutes) => {
    const contact = uniqueContact();
    const target = channel === 'sms' ? contact.mobile : contact.email;
    const send = () => (channel === 'sms' ? sendSms(target, 'login') : sendEmail(target, 'login'));
    const use = (code: string) => (channel === 'sms' ? loginBySms(target, code) : loginByEmail(target, code));

    await send();
    const inTime = await latestCode(t, target);
    t.clock.advance(minutes * MINUTE - 1000);
    expect((await use(inTime)).code).toBe(0);

    nextMinute();
    await send();
    const late = await latestCode(t, target);
    t.clock.advance(minutes * MINUTE);
    expect(await use(late)).toMatchObject({ code: 'CODE_INVALID', field: 'code' });
  });

  it('kills a code after 5 wrong tries', async () => {
    const { email, mobile } = uniqueContact();
    await sendEmail(email, 'login');
    const code = await latestCode(t, email);
    for (let i = 0; i < 5; i++) expect((await loginByEmail(email, wrongCode(code))).code).toBe('CODE_INVALID');
    expect((await loginByEmail(email, code)).code).toBe('CODE_INVALID');
    const [row] = await listCodes(t.app.db, 'email', email);
    expect(row?.attempts).toBe(5);

    // Four wrong tries leave the code alive.
    await sendSms(mobile, 'login');
    const smsCode = await latestCode(t, mobile);
    for (let i = 0; i < 4; i++) expect((await loginBySms(mobile, wrongCode(smsCode))).code).toBe('CODE_INVALID');
    expect((await loginBySms(mobile, smsCode)).code).toBe(0);
  });

  it('accepts only the newest code, and only for its purpose', async () => {
    const member = await t.register();
    const { email } = uniqueContact();
    await t.app.db.update(users).set({ email }).where(eq(users.id, member.uid));
    await sendEmail(email, 'reset');
    const resetCode = await latestCode(t, email);
    expect((await loginByEmail(email, resetCode)).code).toBe('CODE_INVALID');
    nextMinute();
    await sendEmail(email, 'login');
    const loginCode = await latestCode(t, email);
    const reset = { email, code: loginCode, password: 'Fresh_456' };
    expect((await t.call(accountCalls.resetPasswordByEmail, reset)).code).toBe('CODE_INVALID');

    nextMinute();
    await sendEmail(email, 'login');
    const older = await latestCode(t, email);
    nextMinute();
    await sendEmail(email, 'login');
    const newer = await latestCode(t, email);
    expect((await loginByEmail(email, older)).code).toBe(older === newer ? 0 : 'CODE_INVALID');
    if (older !== newer) expect((await loginByEmail(email, newer)).code).toBe(0);
  });

  it('refuses a disabled account without using the code up', async () => {
    const { email } = uniqueContact();
    await sendEmail(email, 'login');
    const created = await loginByEmail(email, await latestCode(t, email));
    await t.app.db.update(users).set({ disabled: true }).where(eq(users.id, created.uid));
    nextMinute();
    await sendEmail(email, 'login');
    const code = await latestCode(t, email);
    expect((await loginByEmail(email, code)).code).toBe('ACCOUNT_DISABLED');
    const [row] = await listCodes(t.app.db, 'email', email);
    expect(row?.usedAt).toBeNull();
  });
});

describe('resetPasswordByEmail and resetPasswordByMobile', () => {
  it('sets a new password, lifts the lock and ends every session', async () => {
    const member = await t.register();
    const { email } = uniqueContact();
    await t.app.db.update(users).set({ email }).where(eq(users.id, member.uid));
    await lockPasswordLogin(member.userInfo.username!, member.password);
    await sendEmail(email, 'reset');
    const res = await t.call(accountCalls.resetPasswordByEmail, {
      email,
      code: await latestCode(t, email),
      password: 'Fresh_456',
      password2: 'Fresh_456',
    });
    expect(res).toEqual({ code: 0, msg: 'ok' });
    expect((await t.call(accountCalls.getMyUserInfo, {}, { token: member.vk_uni_token.token })).code).toBe(30202);
    const name = member.userInfo.username!;
    expect((await t.call(accountCalls.login, { username: name, password: member.password })).code).toBe(
      'ACCOUNT_OR_PASSWORD_WRONG',
    );
    expect((await t.call(accountCalls.login, { username: name, password: 'Fresh_456' })).code).toBe(0);
  });

  it('resets by SMS as well', async () => {
    const member = await t.register();
    const { mobile } = uniqueContact();
    await t.app.db.update(users).set({ mobile }).where(eq(users.id, member.uid));
    await sendSms(mobile, 'reset');
    const code = await latestCode(t, mobile);
    const wrong = { mobile, code: wrongCode(code), password: 'Fresh_456' };
    expect(await t.call(accountCalls.resetPasswordByMobile, wrong)).toMatchObject({ code: 'CODE_INVALID' });
    expect((await t.call(accountCalls.resetPasswordByMobile, { ...wrong, code })).code).toBe(0);
    expect((await t.call(accountCalls.login, { username: mobile, password: 'Fresh_456' })).code).toBe(0);
  });

  it('answers an unknown address exactly like a known one, without sending anything', async () => {
    const member = await t.register();
    const known = uniqueContact().email;
    const unknown = uniqueContact().email;
    await t.app.db.update(users).set({ email: known }).where(eq(users.id, member.uid));

    const [a, b] = [await sendEmail(known, 'reset'), await sendEmail(unknown, 'reset')];
    expect(b).toEqual(a);
    expect(await outboxFor(t, known)).toHaveLength(1);
    expect(await outboxFor(t, unknown)).toHaveLength(0);
    // Even the resend interval behaves the same.
    expect(await sendEmail(unknown, 'reset')).toEqual(await sendEmail(known, 'reset'));
    const reset = await t.call(accountCalls.resetPasswordByEmail, {
      email: unknown,
      code: '123456',
      password: 'Fresh_456',
    });
    expect(reset.code).toBe('CODE_INVALID');
  });
});
