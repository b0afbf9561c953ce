import { accountCalls } from '@studio/contract/account';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { users } from './schema';
import { latestCode, outboxFor, uniqueContact } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A member with a password and an e-mail address, whose app last spoke `locale`. */
async function memberWithEmail(locale: 'en' | 'zh-Hans' | null = null) {
  const member = await t.register();
  const { email } = uniqueContact();
  await t.app.db.update(users).set({ email, locale }).where(eq(users.id, member.uid));
  return { member, email };
}

const passwordMails = async (email: string) =>
  (await outboxFor(t, email)).filter((m) => /password was|密码已/.test(m.subject));

describe('a replaced password is told to the holder by e-mail (security mail always goes)', () => {
  it('tells of a change, in the language the member’s app last used', async () => {
    const { member, email } = await memberWithEmail('zh-Hans');
    const res = await t.call(
      accountCalls.updatePwd,
      { oldPassword: member.password, newPassword: 'Fresh_2026' },
      { token: member.vk_uni_token.token },
    );
    expect(res.code).toBe(0);
    const mails = await passwordMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/账号密码已修改$/);
    expect(mails[0]!.body).toContain('其他设备上的登录已退出');
  });

  it('tells of a reset with a code, and nothing is sent for a wrong old password', async () => {
    const { member, email } = await memberWithEmail('en');
    const wrong = await t.call(
      accountCalls.updatePwd,
      { oldPassword: 'not_it_99', newPassword: 'Fresh_2026' },
      { token: member.vk_uni_token.token },
    );
    expect(wrong.code).not.toBe(0);
    expect(await passwordMails(email)).toHaveLength(0);

    expect((await t.call(accountCalls.sendEmailCode, { email, type: 'reset' })).code).toBe(0);
    const code = await latestCode(t, email);
    const reset = await t.call(accountCalls.resetPasswordByEmail, {
      email,
      code,
      password: 'Again_2026',
      password2: 'Again_2026',
    });
    expect(reset.code).toBe(0);
    const mails = await passwordMails(email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/password was reset$/)]);
    expect(mails[0]!.body).toContain('reset with a code');
  });

  it('sends nothing when the account has no e-mail address, and the change still succeeds', async () => {
    const member = await t.register();
    const before = await t.app.db.select().from(users).where(eq(users.id, member.uid));
    expect(before[0]!.email).toBeNull();
    const res = await t.call(
      accountCalls.updatePwd,
      { oldPassword: member.password, newPassword: 'Fresh_2026' },
      { token: member.vk_uni_token.token },
    );
    expect(res.code).toBe(0);
  });
});
