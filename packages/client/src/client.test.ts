import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createClient } from './client';

const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));

function setUp(valid = true) {
  const fetchMock = vi.fn<typeof fetch>();
  const session = { isValid: vi.fn(() => valid), saveToken: vi.fn(), clear: vi.fn() };
  const showError = vi.fn();
  const onLoginRequired = vi.fn();
  const ended = vi.fn();
  const client = createClient({
    endpoint: '/api/router',
    headers: () => ({ 'vk-platform': 'test' }),
    session,
    showError,
    onLoginRequired,
    text: (key) => `text:${key}`,
    beginLoading: () => ended,
    fetch: fetchMock,
  });
  return { client, fetchMock, session, showError, onLoginRequired, ended };
}

let t: ReturnType<typeof setUp>;
beforeEach(() => {
  t = setUp();
});

describe('createClient', () => {
  it('posts {url, data} to the endpoint with the app headers and counts the call as loading', async () => {
    t.fetchMock.mockReturnValue(answer({ code: 0, msg: 'ok', x: 1 }));
    await expect(t.client.callFunction('client/pub.x', { a: 1 })).resolves.toMatchObject({ code: 0, x: 1 });
    const [url, init] = t.fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/router');
    expect(JSON.parse(String(init?.body))).toEqual({ url: 'client/pub.x', data: { a: 1 } });
    expect(init?.headers).toMatchObject({ 'content-type': 'application/json', 'vk-platform': 'test' });
    expect(t.ended).toHaveBeenCalledOnce();
  });

  it('refuses a member-only call locally with 30204 and asks for login', async () => {
    t = setUp(false);
    const error = await t.client.callFunction('user/kh/getMyUserInfo').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 30204, msg: 'text:common.api.localTokenCheck' });
    expect(t.fetchMock).not.toHaveBeenCalled();
    expect(t.session.clear).toHaveBeenCalledOnce();
    expect(t.onLoginRequired).toHaveBeenCalledOnce();
  });

  it('keeps a renewed token from any answer', async () => {
    t.fetchMock.mockReturnValue(answer({ code: 0, msg: 'ok', vk_uni_token: { token: 'tok-2', tokenExpired: 42 } }));
    await t.client.callFunction('user/kh/getMyUserInfo');
    expect(t.session.saveToken).toHaveBeenCalledWith({ token: 'tok-2', tokenExpired: 42 });
  });

  it('shows a failure as the app shows it: alert, toast, or nothing', async () => {
    t.fetchMock.mockImplementation(() => answer({ code: 'RATE_LIMITED', msg: 'Slow down' }));
    await t.client.callFunction('client/pub.x').catch(() => {});
    await t.client.callFunction('client/pub.x', {}, { toastOnly: true }).catch(() => {});
    await t.client.callFunction('client/pub.x', {}, { silent: true }).catch(() => {});
    expect(t.showError.mock.calls).toEqual([
      ['Slow down', 'alert'],
      ['Slow down', 'toast'],
    ]);
  });

  it('falls back to the catalogue text of the error name', async () => {
    t.fetchMock.mockReturnValue(answer({ code: 'BALANCE_INSUFFICIENT', msg: '' }));
    const error = await t.client.callFunction('client/pub.x', {}, { silent: true }).catch((e: unknown) => e);
    expect((error as ApiError).msg).toBe('text:errors.BALANCE_INSUFFICIENT');
  });

  it('ends the session and asks for login on a token error', async () => {
    t.fetchMock.mockReturnValue(answer({ code: 30203, msg: 'token expired' }));
    await t.client.callFunction('user/kh/getMyUserInfo').catch(() => {});
    expect(t.session.clear).toHaveBeenCalledOnce();
    expect(t.onLoginRequired).toHaveBeenCalledOnce();
    expect(t.showError).toHaveBeenCalledWith('token expired', 'toast');
  });

  it('retries network failures and 90001 when asked, and reports one without retries', async () => {
    t.fetchMock
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockReturnValueOnce(answer({ code: 90001, msg: 'busy' }))
      .mockReturnValueOnce(answer({ code: 0, msg: 'ok' }));
    await expect(t.client.callFunction('client/pub.x', {}, { retries: 3 })).resolves.toMatchObject({ code: 0 });
    expect(t.fetchMock).toHaveBeenCalledTimes(3);
    t.fetchMock.mockReset().mockRejectedValue(new TypeError('offline'));
    const error = await t.client.callFunction('client/pub.x', {}, { silent: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', msg: 'text:common.api.networkError' });
  });

  it('abandons a call after its timeout', async () => {
    vi.useFakeTimers();
    try {
      t.fetchMock.mockImplementation(
        (_url, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      );
      const pending = t.client.callFunction('client/pub.x', {}, { silent: true, timeout: 5000 }).catch((e) => e);
      await vi.advanceTimersByTimeAsync(5000);
      expect(await pending).toMatchObject({ code: 'TIMEOUT', msg: 'text:common.api.timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives query options keyed by url and input, silent and uncounted', async () => {
    t.fetchMock.mockReturnValue(answer({ code: 'X', msg: 'no' }));
    const options = t.client.callQuery({ url: 'client/pub.y' } as never, { a: 1 } as never);
    expect(options.queryKey).toEqual(['client/pub.y', { a: 1 }]);
    await (options.queryFn as unknown as (c: { signal: AbortSignal }) => Promise<unknown>)({
      signal: new AbortController().signal,
    }).catch(() => {});
    expect(t.showError).not.toHaveBeenCalled();
    expect(t.ended).not.toHaveBeenCalled();
  });
});
