import { accountCalls } from '@studio/contract/account';
import { merchantCalls } from '@studio/contract/merchant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('call protocol', () => {
  it('answers the same call in the router form and the path form', async () => {
    const viaRouter = await t.call(merchantCalls.getMchInfo);
    const viaPath = await t.app.inject({ method: 'POST', url: '/api/client/pub.getMchInfo', payload: {} });
    expect(viaRouter.code).toBe(0);
    expect(viaPath.json()).toEqual(viaRouter);
  });

  it('refuses a logged-in call without a token with 30204 and a message naming the token', async () => {
    const res = await t.call(accountCalls.getMyUserInfo);
    expect(res.code).toBe(30204);
    expect(res.msg).toContain('token');
  });

  it('names the bad field in INVALID_PARAM, in the caller language', async () => {
    const res = await t.callRaw(
      accountCalls.login.url,
      { username: 'abcd', password: 'x', extra: 1 },
      { locale: 'zh-Hans' },
    );
    expect(res).toMatchObject({ code: 'INVALID_PARAM', field: 'extra', msg: '参数错误：extra' });
  });

  it('answers FUNCTION_NOT_FOUND with 404 for unknown and private functions', async () => {
    for (const url of ['client/nothing.here', 'client/user._secret']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/router', payload: { url, data: {} } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('FUNCTION_NOT_FOUND');
    }
  });

  it('answers 400 INVALID_BODY for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/router',
      headers: { 'content-type': 'application/json' },
      payload: '{"url":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_BODY');
  });

  it('logs a member in and serves their info with the token', async () => {
    const member = await t.register();
    const info = await t.call(accountCalls.getMyUserInfo, {}, { token: member.vk_uni_token.token });
    expect(info.code).toBe(0);
    expect(info.userInfo._id).toBe(member.uid);
    expect(JSON.stringify(info)).not.toMatch(/password_?hash|scrypt/i);
  });
});
