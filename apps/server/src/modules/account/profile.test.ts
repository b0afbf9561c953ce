import { accountCalls, type CodePurpose } from '@studio/contract/account';
import type { CallDef, CallOutput } from '@studio/contract/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY } from '../../platform/clock';
import { type CallAnswer, type CallOptions, createTestApp, type TestApp } from '../../testing/test-app';
import { users } from './schema';
import { latestCode, uniqueContact, wrongCode } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_AUTH_PER_MIN: 100_000 } });
});
afterAll(() => t.close());

type Info = CallOutput<typeof accountCalls.getMyUserInfo>;
/**
 * A call whose input is built for either kind of contact (`{ [kind]: target }`), which no single
 * input type describes: sent unchecked, answered with the call's type.
 */
const callFor = <C extends CallDef>(def: C, data: Record<string, unknown>, options?: CallOptions) =>
  t.callRaw(def.url, data, options) as Promise<CallAnswer<C>>;
const nextMinute = () => t.clock.advance(60_000);
const login = (username: string, password: string) => t.call(accountCalls.login, { username, password });

/** A member who signed up by e-mail code only: no username, no password. */
async function codeOnlyMember() {
  const { email } = uniqueContact();
  await t.call(accountCalls.sendEmailCode, { email, type: 'login' });
  const res = await t.call(accountCalls.loginByEmail, { email, code: await latestCode(t, email) });
  nextMinute(); // so that the test may send this address another code at once
  return { ...res, email, token: res.vk_uni_token.token };
}

async function sendCode(kind: 'email' | 'mobile', target: string, type: CodePurpose, token: string) {
  const res =
    kind === 'email'
      ? await t.call(accountCalls.sendEmailCode, { email: target, type }, { token })
      : await t.call(accountCalls.sendSmsCode, { mobile: target, type }, { token });
  expect(res.code, JSON.stringify(res)).toBe(0);
  return latestCode(t, target);
}

describe('user/kh/updatePwd', () => {
  it('changes the password, ends the other sessions, keeps this one and answers a fresh token', async () => {
    const member = await t.register();
    const name = member.userInfo.username!;
    const other = (await login(name, member.password)).vk_uni_token.token;
    const notify = vi.spyOn(t.app.realtime, 'notifyUser');
    try {
      const res = await t.call(
        accountCalls.updatePwd,
        { oldPassword: member.password, newPassword: 'Changed_1', password2: 'Changed_1' },
        { token: member.vk_uni_token.token },
      );
      expect(res.code).toBe(0);
      expect(res.vk_uni_token.token).not.toBe(member.vk_uni_token.token);
      expect(notify).toHaveBeenCalledWith(member.uid, {
        type: 'forceLogout',
        data: { reason: 'password_changed' },
      });
      expect((await t.call(accountCalls.getMyUserInfo, {}, { token: other })).code).toBe(30202);
      expect((await t.call(accountCalls.getMyUserInfo, {}, { token: member.vk_uni_token.token })).code).toBe(0);
      expect((await t.call(accountCalls.getMyUserInfo, {}, { token: res.vk_uni_token.token })).code).toBe(0);
      expect((await login(name, member.password)).code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
      expect((await login(name, 'Changed_1')).code).toBe(0);
    } finally {
      notify.mockRestore();
    }
  });

  it('refuses a wrong current password and counts it toward the login lock', async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    const attempt = { oldPassword: 'Wrong1234', newPassword: 'Changed_1' };
    for (let i = 0; i < 5; i++) {
      expect((await t.call(accountCalls.updatePwd, attempt, { token })).code).toBe('OLD_PASSWORD_WRONG');
    }
    expect((await t.call(accountCalls.updatePwd, attempt, { token })).code).toBe('ACCOUNT_LOCKED');
    expect((await login(member.userInfo.username!, member.password)).code).toBe('ACCOUNT_LOCKED');
    const zh = await t.call(accountCalls.updatePwd, attempt, { token, locale: 'zh-Hans' });
    expect(zh.msg).toMatch(/^密码错误次数过多/);
  });

  it('refuses a member who has no password yet (they reset it by code)', async () => {
    const member = await codeOnlyMember();
    const res = await t.call(
      accountCalls.updatePwd,
      { oldPassword: 'x', newPassword: 'Changed_1' },
      { token: member.token },
    );
    expect(res.code).toBe('OLD_PASSWORD_WRONG');
  });

  it.each([
    [{ oldPassword: 'Secret123', newPassword: '1bad_pass' }, 'newPassword'],
    [{ oldPassword: 'Secret123', newPassword: 'Good_pass', password2: 'Good_pasz' }, 'password2'],
    [{ oldPassword: '', newPassword: 'Good_pass' }, 'oldPassword'],
    [{ newPassword: 'Good_pass' }, 'oldPassword'],
  ])('refuses %o naming %s', async (data, field) => {
    const member = await t.register();
    const res = await t.callRaw(accountCalls.updatePwd.url, data, { token: member.vk_uni_token.token });
    expect(res).toMatchObject({ code: 'INVALID_PARAM', field });
  });

  it('needs a token', async () => {
    const res = await t.call(accountCalls.updatePwd, { oldPassword: 'Secret123', newPassword: 'Changed_1' });
    expect(res.code).toBe(30204);
    expect(res.msg).toContain('token');
  });
});

describe('user/kh/resetPwd (first password of a code-login account)', () => {
  it('sets the password, which then logs in, and ends the other sessions', async () => {
    const member = await codeOnlyMember();
    await t.call(accountCalls.sendEmailCode, { email: member.email, type: 'login' });
    const other = await t.call(accountCalls.loginByEmail, {
      email: member.email,
      code: await latestCode(t, member.email),
    });
    const res = await t.call(
      accountCalls.resetPwd,
      { newPassword: 'First_pass1', password2: 'First_pass1' },
      { token: member.token },
    );
    expect(res).toMatchObject({ code: 0, userInfo: { _id: member.uid, hasPassword: true } });
    expect(res.vk_uni_token.token).not.toBe(member.token);
    expect((await t.call(accountCalls.getMyUserInfo, {}, { token: res.vk_uni_token.token })).code).toBe(0);
    expect((await t.call(accountCalls.getMyUserInfo, {}, { token: other.vk_uni_token.token })).code).toBe(30202);
    expect((await login(member.email, 'First_pass1')).uid).toBe(member.uid);
  });

  it('refuses an account that has a password, in the caller language, and leaves the password as it was', async () => {
    const member = await t.register();
    const res = await t.call(
      accountCalls.resetPwd,
      { newPassword: 'Taken_over1' },
      { token: member.vk_uni_token.token, locale: 'zh-Hans' },
    );
    expect(res).toMatchObject({ code: 'PASSWORD_ALREADY_SET', msg: '该账号已设置密码，请使用原密码修改' });
    expect((await login(member.userInfo.username ?? '', 'Taken_over1')).code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
    expect((await login(member.userInfo.username ?? '', 'Secret123')).code).toBe(0);
  });

  it('lets exactly one of many racing first passwords through', async () => {
    const member = await codeOnlyMember();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.call(accountCalls.resetPwd, { newPassword: `Racer_${i}x` }, { token: member.token }),
      ),
    );
    const winners = answers.flatMap((a, i) => (a.code === 0 ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.code === 'PASSWORD_ALREADY_SET')).toHaveLength(11);
    expect((await login(member.email, `Racer_${winners[0]}x`)).uid).toBe(member.uid);
  });

  it.each([
    [{ newPassword: '1bad_pass' }, 'newPassword'],
    [{ newPassword: 'Good_pass', password2: 'Good_pasz' }, 'password2'],
    [{ newPassword: 'Good_pass', oldPassword: 'x' }, 'oldPassword'],
  ])('refuses %o naming %s', async (data, field) => {
    const member = await codeOnlyMember();
    expect(await t.call(accountCalls.resetPwd, data, { token: member.token })).toMatchObject({
      code: 'INVALID_PARAM',
      field,
    });
  });

  it('needs a token', async () => {
    const res = await t.call(accountCalls.resetPwd, { newPassword: 'Good_pass' });
    expect(res.code).toBe(30204);
  });
});

describe('user/kh/updateUser and getMyUserInfo', () => {
  it('updates nickname, gender and birthday, and getMyUserInfo and getMyInfo show them', async () => {
    const member = await codeOnlyMember();
    const update = { nickname: '  Lily  ', gender: 2 as const, birthday: '1990-05-17' };
    const res = await t.call(accountCalls.updateUser, update, { token: member.token });
    expect(res.userInfo).toMatchObject({ nickname: 'Lily', gender: 2, birthday: '1990-05-17' });
    for (const def of [accountCalls.getMyUserInfo, accountCalls.getMyInfo]) {
      const { url } = def;
      const info = await t.call(def, {}, { token: member.token });
      expect(info.userInfo, url).toMatchObject({
        _id: member.uid,
        nickname: 'Lily',
        gender: 2,
        birthday: '1990-05-17',
      });
    }
    // With a nickname the next login no longer asks for one.
    await t.call(accountCalls.sendEmailCode, { email: member.email, type: 'login' });
    const again = await t.call(accountCalls.loginByEmail, {
      email: member.email,
      code: await latestCode(t, member.email),
    });
    expect(again.needUpdateUserInfo).toBe(false);

    const cleared = await t.call(accountCalls.updateUser, { birthday: null }, { token: member.token });
    expect(cleared.userInfo).toMatchObject({ nickname: 'Lily', birthday: null });
  });

  it("accepts today's date as a birthday", async () => {
    const member = await t.register();
    const today = t.clock.now().toISOString().slice(0, 10);
    const res = await t.call(accountCalls.updateUser, { birthday: today }, { token: member.vk_uni_token.token });
    expect(res.userInfo.birthday).toBe(today);
  });

  it.each([
    [{ nickname: '   ' }, 'nickname'],
    [{ nickname: 'x'.repeat(33) }, 'nickname'],
    [{ gender: 3 }, 'gender'],
    [{ gender: '1' }, 'gender'],
    [{ birthday: '1990-02-30' }, 'birthday'],
    [{ birthday: '17/05/1990' }, 'birthday'],
    [{ birthday: '1899-12-31' }, 'birthday'],
    [{ avatar: '/x.png' }, 'avatar'],
  ])('refuses %o naming %s', async (data, field) => {
    const member = await t.register();
    const res = await t.callRaw(accountCalls.updateUser.url, data, { token: member.vk_uni_token.token });
    expect(res).toMatchObject({ code: 'INVALID_PARAM', field });
  });

  it('refuses a birthday in the future', async () => {
    const member = await t.register();
    const future = new Date(t.clock.now().getTime() + 2 * DAY).toISOString().slice(0, 10);
    const res = await t.call(accountCalls.updateUser, { birthday: future }, { token: member.vk_uni_token.token });
    expect(res).toMatchObject({ code: 'INVALID_PARAM', field: 'birthday', reason: 'birthdayFuture' });
  });

  it('needs a token', async () => {
    expect((await t.call(accountCalls.updateUser, { nickname: 'Lily' })).code).toBe(30204);
    expect((await t.call(accountCalls.getMyInfo)).code).toBe(30204);
  });
});

describe.each([
  {
    kind: 'email',
    call: 'Email',
    taken: 'EMAIL_TAKEN',
    notBound: 'EMAIL_NOT_BOUND',
    bind: accountCalls.bindEmail,
    unbind: accountCalls.unbindEmail,
    bindNew: accountCalls.bindNewEmail,
  },
  {
    kind: 'mobile',
    call: 'Mobile',
    taken: 'MOBILE_TAKEN',
    notBound: 'MOBILE_NOT_BOUND',
    bind: accountCalls.bindMobile,
    unbind: accountCalls.unbindMobile,
    bindNew: accountCalls.bindNewMobile,
  },
] as const)('binding a $kind', ({ kind, call, taken, notBound, bind, unbind, bindNew }) => {
  const fresh = () => uniqueContact()[kind];
  const bound = (res: Info) => res.userInfo[kind];

  it(`bind${call} binds an address proven by a code; then it logs in with the password`, async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    const target = fresh();
    const code = await sendCode(kind, target, 'bind', token);
    expect(await callFor(bind, { [kind]: target, code: wrongCode(code) }, { token })).toMatchObject({
      code: 'CODE_INVALID',
      field: 'code',
    });
    const res = await callFor(bind, { [kind]: target, code }, { token });
    expect(bound(res)).toBe(target);
    expect((await login(target, member.password)).uid).toBe(member.uid);

    nextMinute();
    const another = fresh();
    const next = await sendCode(kind, another, 'bind', token);
    expect((await callFor(bind, { [kind]: another, code: next }, { token })).code).toBe('ALREADY_BOUND');
  });

  it(`bind${call} refuses an address another account took after the code was sent, keeping the code`, async () => {
    const member = await t.register();
    const rival = await t.register();
    const target = fresh();
    const code = await sendCode(kind, target, 'bind', member.vk_uni_token.token);
    await t.app.db
      .update(users)
      .set({ [kind]: target })
      .where(eq(users.id, rival.uid));
    const res = await callFor(bind, { [kind]: target, code }, { token: member.vk_uni_token.token });
    expect(res.code).toBe(taken);
    await t.app.db
      .update(users)
      .set({ [kind]: null })
      .where(eq(users.id, rival.uid));
    const retry = await callFor(bind, { [kind]: target, code }, { token: member.vk_uni_token.token });
    expect(bound(retry)).toBe(target);
  });

  it(`unbind${call} removes the address with a code sent to it`, async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    const target = fresh();
    await t.app.db
      .update(users)
      .set({ [kind]: target })
      .where(eq(users.id, member.uid));
    const other = fresh();
    expect((await callFor(unbind, { [kind]: other, code: '123456' }, { token })).code).toBe(notBound);
    const code = await sendCode(kind, target, 'unbind', token);
    const res = await callFor(unbind, { [kind]: target, code }, { token });
    expect(bound(res)).toBeNull();
    expect((await callFor(unbind, { [kind]: target, code }, { token })).code).toBe(notBound);
  });

  it(`bindNew${call} moves to a new address with a code to each`, async () => {
    const member = await t.register();
    const token = member.vk_uni_token.token;
    const old = fresh();
    await t.app.db
      .update(users)
      .set({ [kind]: old })
      .where(eq(users.id, member.uid));
    const target = fresh();
    const oldCode = await sendCode(kind, old, 'unbind', token);
    const code = await sendCode(kind, target, 'bind', token);

    const same = await callFor(bindNew, { oldCode, [kind]: old, code }, { token });
    expect(same).toMatchObject({ code: 'INVALID_PARAM', field: kind });
    const wrongOld = await callFor(bindNew, { oldCode: wrongCode(oldCode), [kind]: target, code }, { token });
    expect(wrongOld).toMatchObject({ code: 'CODE_INVALID', field: 'oldCode' });
    const info = await t.call(accountCalls.getMyUserInfo, {}, { token });
    expect(bound(info)).toBe(old);

    const res = await callFor(bindNew, { oldCode, [kind]: target, code }, { token });
    expect(res.code).toBe(0);
    expect(bound(res)).toBe(target);
  });

  it(`bindNew${call} needs a bound address`, async () => {
    const member = await t.register();
    const res = await callFor(
      bindNew,
      { oldCode: '123456', [kind]: fresh(), code: '123456' },
      { token: member.vk_uni_token.token },
    );
    expect(res.code).toBe(notBound);
  });

  it(`bind${call} refuses a malformed address and needs a token`, async () => {
    const member = await t.register();
    const bad = await callFor(bind, { [kind]: 'nope', code: '123456' }, { token: member.vk_uni_token.token });
    expect(bad).toMatchObject({ code: 'INVALID_PARAM', field: kind });
    expect((await callFor(bind, { [kind]: fresh(), code: '123456' })).code).toBe(30204);
  });
});

describe('the last way to sign in', () => {
  it('refuses to unbind the only e-mail of an account without a password, and allows it once there is a mobile', async () => {
    const member = await codeOnlyMember();
    const code = await sendCode('email', member.email, 'unbind', member.token);
    const refused = await t.call(accountCalls.unbindEmail, { email: member.email, code }, { token: member.token });
    expect(refused.code).toBe('LAST_LOGIN_METHOD');
    expect(refused.msg).toContain('only way');

    const { mobile } = uniqueContact();
    const bindCode = await sendCode('mobile', mobile, 'bind', member.token);
    expect((await t.call(accountCalls.bindMobile, { mobile, code: bindCode }, { token: member.token })).code).toBe(0);
    // The unbind code was not used up by the refusal.
    const res = await t.call(accountCalls.unbindEmail, { email: member.email, code }, { token: member.token });
    expect(res.userInfo).toMatchObject({ email: null, mobile });
  });

  it('lets a member with a username and password unbind everything', async () => {
    const member = await t.register();
    const { email } = uniqueContact();
    await t.app.db.update(users).set({ email }).where(eq(users.id, member.uid));
    const code = await sendCode('email', email, 'unbind', member.vk_uni_token.token);
    const res = await t.call(accountCalls.unbindEmail, { email, code }, { token: member.vk_uni_token.token });
    expect(res.userInfo.email).toBeNull();
  });
});
