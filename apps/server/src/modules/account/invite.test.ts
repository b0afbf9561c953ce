import { accountCalls } from '@studio/contract/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const accept = (invite_code: string, token: string, locale?: string) =>
  t.call(accountCalls.acceptInvite, { invite_code }, { token, locale });
const invited = (token: string, page: Record<string, number> = {}) =>
  t.call(accountCalls.getInvitedUser, page, { token });

describe('invites', () => {
  it("setUserInviteCode answers the member's own code", async () => {
    const member = await t.register();
    const res = await t.call(accountCalls.setUserInviteCode, {}, { token: member.vk_uni_token.token });
    expect(res).toMatchObject({ code: 0, my_invite_code: member.userInfo.my_invite_code });
    expect(member.userInfo.my_invite_code).toMatch(/^[2-9A-Z]{8}$/);
  });

  it('accepts one inviter once, and the inviter sees the list newest first', async () => {
    const inviter = await t.register();
    const first = await t.register();
    const second = await t.register();
    const code = inviter.userInfo.my_invite_code;
    expect((await accept(code.toLowerCase(), first.vk_uni_token.token)).code).toBe(0);
    t.clock.advance(1000);
    expect((await accept(` ${code} `, second.vk_uni_token.token)).code).toBe(0);
    expect((await accept(code, first.vk_uni_token.token)).code).toBe('ALREADY_INVITED');

    const page = await invited(inviter.vk_uni_token.token, { pageIndex: 1, pageSize: 1 });
    expect(page).toMatchObject({ code: 0, total: 2, hasMore: true });
    expect(page.rows).toEqual([
      { _id: second.uid, nickname: second.userInfo.nickname, avatar: null, invited_at: t.clock.now().toISOString() },
    ]);
    const rest = await invited(inviter.vk_uni_token.token, { pageIndex: 2, pageSize: 1 });
    expect(rest.rows.map((r) => r._id)).toEqual([first.uid]);
    expect(rest.hasMore).toBe(false);
    expect((await invited(first.vk_uni_token.token)).total).toBe(0);
  });

  it('refuses an unknown code, my own code and a code that would make a loop', async () => {
    const a = await t.register();
    const b = await t.register();
    const c = await t.register();
    expect((await accept('NOSUCH22', a.vk_uni_token.token)).code).toBe('INVITE_CODE_INVALID');
    expect((await accept(a.userInfo.my_invite_code, a.vk_uni_token.token)).code).toBe('INVITE_CODE_INVALID');
    // a invites b, b invites c: c's code must not become a's inviter.
    expect((await accept(a.userInfo.my_invite_code, b.vk_uni_token.token)).code).toBe(0);
    expect((await accept(b.userInfo.my_invite_code, c.vk_uni_token.token)).code).toBe(0);
    const loop = await accept(c.userInfo.my_invite_code, a.vk_uni_token.token, 'zh-Hans');
    expect(loop).toMatchObject({ code: 'INVITE_CODE_INVALID', msg: '邀请码无效' });
  });

  it('validates its input and needs a token', async () => {
    const member = await t.register();
    expect(await accept('', member.vk_uni_token.token)).toMatchObject({ code: 'INVALID_PARAM', field: 'invite_code' });
    expect(await invited(member.vk_uni_token.token, { pageSize: 0 })).toMatchObject({
      code: 'INVALID_PARAM',
      field: 'pageSize',
    });
    for (const { url } of [accountCalls.acceptInvite, accountCalls.getInvitedUser, accountCalls.setUserInviteCode]) {
      expect((await t.callRaw(url, {})).code, url).toBe(30204);
    }
  });
});
