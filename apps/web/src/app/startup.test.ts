import { beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
vi.mock('@/shared/api/call-function', () => ({ call }));

const now = new Date(2025, 2, 1, 9, 0);
const loginResult = {
  uid: 'u1',
  userInfo: { _id: 'u1', nickname: 'Jane' },
  vk_uni_token: { token: 'fresh', tokenExpired: now.getTime() + 7 * 86_400_000 },
  needUpdateUserInfo: false,
};

async function load(user: { token: string | null; expired: number | null }, refreshedOn: string | null) {
  vi.resetModules();
  const { useLifeData } = await import('@/shared/store/life-data');
  useLifeData.setState((s) => ({
    app: { ...s.app, tokenRefreshedOn: refreshedOn },
    user: { uni_id_token: user.token, uni_id_token_expired: user.expired, uni_id_user_info: null },
  }));
  const { refreshSessionOncePerDay } = await import('./startup');
  return { refreshSessionOncePerDay, useLifeData };
}

beforeEach(() => {
  call.mockReset();
  call.mockResolvedValue(loginResult);
});

describe('refreshSessionOncePerDay', () => {
  it('logs in by token once a day and keeps the fresh session', async () => {
    const { refreshSessionOncePerDay, useLifeData } = await load(
      { token: 'old', expired: now.getTime() + 1000 },
      '2025-02-28',
    );
    await refreshSessionOncePerDay(now);
    await refreshSessionOncePerDay(now);
    expect(call).toHaveBeenCalledOnce();
    expect(call.mock.calls[0]?.[0]).toMatchObject({ url: 'user/pub/loginByToken' });
    expect(useLifeData.getState().user.uni_id_token).toBe('fresh');
    expect(useLifeData.getState().app.tokenRefreshedOn).toBe('2025-03-01');
  });

  it('does nothing when already refreshed today', async () => {
    const { refreshSessionOncePerDay } = await load({ token: 'old', expired: now.getTime() + 1000 }, '2025-03-01');
    await refreshSessionOncePerDay(now);
    expect(call).not.toHaveBeenCalled();
  });

  it.each([
    ['no token', { token: null, expired: null }],
    ['an expired token', { token: 'old', expired: now.getTime() - 1 }],
  ])('does nothing with %s', async (_, user) => {
    const { refreshSessionOncePerDay } = await load(user, null);
    await refreshSessionOncePerDay(now);
    expect(call).not.toHaveBeenCalled();
  });
});
