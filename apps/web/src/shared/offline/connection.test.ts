import { ApiError } from '@studio/client/api-error';
import { onlineManager } from '@tanstack/react-query';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { callFunction } from '@/shared/api/call-function';
import '@/shared/api/query-client';
import { isOnline, resetConnectionForTest } from './connection';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterAll(() => vi.unstubAllGlobals());

const answer = (body: Record<string, unknown>, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
/** What fetch does on a phone with no network. */
const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));
const urlOf = (input: RequestInfo | URL) => String(input);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  resetConnectionForTest();
  fetchMock.mockReset();
});
afterEach(() => {
  resetConnectionForTest();
  vi.useRealTimers();
});

describe('the connection', () => {
  it('follows the browser: offline and online events, and TanStack Query with it', () => {
    window.dispatchEvent(new Event('offline'));
    expect(isOnline()).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(isOnline()).toBe(true);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('counts a call that never reached the server as offline, until the server answers a probe', async () => {
    fetchMock.mockImplementation(noNetwork);
    const failed = await callFunction('client/pub.getMchInfo', {}, { silent: true }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).isNetwork).toBe(true);
    expect(isOnline()).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);

    // The first probe, 5 s later, still finds no network; the next, 10 s after it, gets through.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchMock).toHaveBeenLastCalledWith('/healthz', { cache: 'no-store' });
    expect(isOnline()).toBe(false);
    fetchMock.mockImplementation((input) =>
      urlOf(input) === '/healthz' ? answer({ status: 'ok' }) : answer({ code: 0, msg: 'ok' }),
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(isOnline()).toBe(true);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('counts any answer as reached, a refusal too, and a gateway error as not', async () => {
    fetchMock.mockImplementationOnce(noNetwork);
    await callFunction('client/pub.getMchInfo', {}, { silent: true }).catch(() => undefined);
    expect(isOnline()).toBe(false);

    fetchMock.mockImplementationOnce(() => answer({ code: 'INVALID_PARAM', msg: 'no' }));
    await callFunction('client/pub.getMchInfo', {}, { silent: true }).catch(() => undefined);
    expect(isOnline()).toBe(true);

    fetchMock.mockImplementationOnce(() => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })));
    await callFunction('client/pub.getMchInfo', {}, { silent: true }).catch(() => undefined);
    expect(isOnline()).toBe(false);
  });

  it('says nothing about a request the page cancelled', async () => {
    fetchMock.mockImplementation((_input, init) => {
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });
    const controller = new AbortController();
    const pending = callFunction('client/pub.getMchInfo', {}, { silent: true, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeDefined();
    expect(isOnline()).toBe(true);
  });

  it('probes at once when the browser comes back online', async () => {
    fetchMock.mockImplementation(noNetwork);
    await callFunction('client/pub.getMchInfo', {}, { silent: true }).catch(() => undefined);
    window.dispatchEvent(new Event('offline'));
    fetchMock.mockImplementation(() => answer({ status: 'ok' }));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(isOnline()).toBe(true));
  });
});
