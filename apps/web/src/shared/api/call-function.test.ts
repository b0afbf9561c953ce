import { ApiError } from '@studio/client/api-error';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLifeData } from '@/shared/store/life-data';
import { callFunction } from './call-function';
import { beginLoading } from './loading';

vi.mock('@/shared/ui/feedback', () => ({
  showToast: vi.fn(),
  showAlert: vi.fn(),
  showLoading: vi.fn(),
  hideLoading: vi.fn(),
}));
vi.mock('@/shared/navigation/navigation', () => ({ openLogin: vi.fn() }));

const feedback = await import('@/shared/ui/feedback');
const navigation = await import('@/shared/navigation/navigation');

const fetchMock = vi.fn<typeof fetch>();
const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));
const HOUR = 3_600_000;

function signIn(expiresInMs = HOUR): void {
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok-1', uni_id_token_expired: Date.now() + expiresInMs },
  }));
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(feedback.showAlert).mockClear();
  vi.mocked(feedback.showToast).mockClear();
  vi.mocked(navigation.openLogin).mockClear();
  useLifeData.setState((s) => ({
    user: { uni_id_token: null, uni_id_token_expired: null, uni_id_user_info: null },
    app: s.app,
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('callFunction', () => {
  it('posts {url, data} to /api/router with the client headers', async () => {
    fetchMock.mockReturnValue(answer({ code: 0, msg: 'ok', mchInfo: { name: 'S' } }));
    const result = await callFunction('client/pub.getMchInfo', { a: 1 });
    expect(result).toMatchObject({ code: 0, mchInfo: { name: 'S' } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/router');
    expect(JSON.parse(String(init?.body))).toEqual({ url: 'client/pub.getMchInfo', data: { a: 1 } });
    const headers = init?.headers as Record<string, string>;
    expect(headers).toMatchObject({
      'vk-platform': 'h5',
      'vk-locale': expect.any(String),
      'vk-appid': expect.any(String),
    });
    expect(headers['vk-device-id']).toBe(useLifeData.getState().app.deviceId);
    expect(headers).not.toHaveProperty('uni-id-token');
  });

  it('sends the token when one is held', async () => {
    signIn();
    fetchMock.mockReturnValue(answer({ code: 0, msg: 'ok' }));
    await callFunction('user/kh/getMyUserInfo');
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['uni-id-token']).toBe('tok-1');
  });

  it.each([
    ['no token', () => {}],
    ['an expired token', () => signIn(-1000)],
  ])('refuses a member-only call locally with 30204 when holding %s', async (_, setUp) => {
    setUp();
    const error = await callFunction('user/kh/getMyUserInfo').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(30204);
    expect((error as ApiError).msg).toMatch(/token/);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(navigation.openLogin).toHaveBeenCalledOnce();
  });

  it('keeps a renewed token from any answer', async () => {
    signIn();
    fetchMock.mockReturnValue(answer({ code: 0, msg: 'ok', vk_uni_token: { token: 'tok-2', tokenExpired: 42 } }));
    await callFunction('user/kh/getMyUserInfo');
    expect(useLifeData.getState().user).toMatchObject({ uni_id_token: 'tok-2', uni_id_token_expired: 42 });
  });

  it('shows a failure as an alert and throws its code and message', async () => {
    fetchMock.mockReturnValue(answer({ code: 'ACCOUNT_OR_PASSWORD_WRONG', msg: 'Incorrect account or password' }));
    const error = await callFunction('user/pub/login', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ACCOUNT_OR_PASSWORD_WRONG', msg: 'Incorrect account or password' });
    expect(feedback.showAlert).toHaveBeenCalledWith('Incorrect account or password');
  });

  it('uses a toast with toastOnly and nothing with silent', async () => {
    fetchMock.mockImplementation(() => answer({ code: 'RATE_LIMITED', msg: 'Slow down' }));
    await callFunction('user/pub/sendSmsCode', {}, { toastOnly: true }).catch(() => {});
    expect(feedback.showToast).toHaveBeenCalledWith('Slow down');
    await callFunction('user/pub/sendSmsCode', {}, { silent: true }).catch(() => {});
    expect(feedback.showToast).toHaveBeenCalledTimes(1);
    expect(feedback.showAlert).not.toHaveBeenCalled();
  });

  it('falls back to the catalogue message when the server sends none', async () => {
    fetchMock.mockReturnValue(answer({ code: 'BALANCE_INSUFFICIENT', msg: '' }));
    const error = await callFunction('client/pub.x', {}, { silent: true }).catch((e: unknown) => e);
    expect((error as ApiError).msg).toBe('Insufficient balance');
  });

  it.each([
    30203,
    30202,
    1301,
    'uni-id-token-expired',
    'uni-id-check-token-failed',
    'uni-id-token-not-exist',
    'uni-id-check-device-feature-failed',
    'TOKEN_INVALID',
  ])('ends the session and opens login on the token error %s', async (code) => {
    signIn();
    fetchMock.mockReturnValue(answer({ code, msg: 'Login expired (token expired)' }));
    await callFunction('user/kh/getMyUserInfo').catch(() => {});
    expect(useLifeData.getState().user.uni_id_token).toBeNull();
    expect(navigation.openLogin).toHaveBeenCalledOnce();
    expect(feedback.showAlert).not.toHaveBeenCalled();
  });

  it('retries network failures and 90001 when asked', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockReturnValueOnce(answer({ code: 90001, msg: 'busy' }))
      .mockReturnValueOnce(answer({ code: 0, msg: 'ok' }));
    await expect(callFunction('client/pub.getMchInfo', {}, { retries: 3 })).resolves.toMatchObject({ code: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('reports a network failure without retries', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    const error = await callFunction('client/pub.getMchInfo', {}, { silent: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR' });
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe('loading indicator', () => {
  beforeEach(() => {
    vi.mocked(feedback.showLoading).mockClear();
    vi.mocked(feedback.hideLoading).mockClear();
  });

  it('shows after 800 ms and hides only when every request has finished', () => {
    vi.useFakeTimers();
    try {
      const endA = beginLoading();
      const endB = beginLoading();
      vi.advanceTimersByTime(799);
      expect(feedback.showLoading).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(feedback.showLoading).toHaveBeenCalledOnce();
      endA();
      endA();
      expect(feedback.hideLoading).not.toHaveBeenCalled();
      endB();
      expect(feedback.hideLoading).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never shows for requests that finish within 800 ms', () => {
    vi.useFakeTimers();
    try {
      beginLoading()();
      vi.advanceTimersByTime(2000);
      expect(feedback.showLoading).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
