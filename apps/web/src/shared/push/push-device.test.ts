import { ApiError } from '@studio/client/api-error';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { useLifeData } from '@/shared/store/life-data';
import { FAKE_ENDPOINT, installFakePush, removeFakePush } from '@/testing/fake-push';
import { base64UrlToBytes, PushDeviceError, readPushState, turnOnPush } from './push-device';

const KEY = `BN${'x-_7'.repeat(21)}A`;
const OTHER_KEY = `BP${'Q9_-'.repeat(21)}w`;

let refuse: string | null = null;
const sent: string[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url } = JSON.parse(String(init?.body)) as { url: string };
    sent.push(url);
    if (url === 'client/push.subscribe' && refuse) return new Response(JSON.stringify({ code: refuse, msg: 'no' }));
    return new Response(JSON.stringify({ code: 0, msg: 'ok' }));
  }),
);

beforeEach(() => {
  refuse = null;
  sent.length = 0;
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));
});
afterEach(removeFakePush);
afterAll(() => vi.unstubAllGlobals());

describe('base64UrlToBytes', () => {
  it.each([KEY, OTHER_KEY, 'AQID-_8', 'AQID-_8A', '', 'YQ'])('decodes %j as base64url does', (text) => {
    expect([...base64UrlToBytes(text)]).toEqual([...Buffer.from(text, 'base64url')]);
  });

  it('gives the 65 bytes of a P-256 public key', () => {
    expect(base64UrlToBytes(KEY)).toHaveLength(65);
  });
});

describe('turnOnPush', () => {
  it('replaces a subscription made with another key (the studio changed its keys)', async () => {
    const device = installFakePush('granted', base64UrlToBytes(OTHER_KEY));
    expect(await turnOnPush(KEY)).toBe('on');
    expect(device.unsubscribed).toEqual([FAKE_ENDPOINT]);
    expect([...new Uint8Array(device.subscription?.options.applicationServerKey ?? new ArrayBuffer(0))]).toEqual([
      ...base64UrlToBytes(KEY),
    ]);
    expect(sent).toEqual(['client/push.subscribe']);
  });

  it('keeps a subscription made with the same key', async () => {
    const device = installFakePush('granted', base64UrlToBytes(KEY));
    expect(await turnOnPush(KEY)).toBe('on');
    expect(device.subscribe).not.toHaveBeenCalled();
    expect(device.unsubscribed).toEqual([]);
  });

  it('leaves no browser subscription the server refused', async () => {
    refuse = 'PUSH_ENDPOINT_REFUSED';
    const device = installFakePush('default');
    await expect(turnOnPush(KEY)).rejects.toBeInstanceOf(ApiError);
    expect(device.unsubscribed).toEqual([FAKE_ENDPOINT]);
    expect(await readPushState()).toBe('off');
  });

  it('says so when the push service refuses to subscribe', async () => {
    const device = installFakePush('default');
    device.subscribe.mockRejectedValueOnce(new DOMException('push service not available', 'AbortError'));
    await expect(turnOnPush(KEY)).rejects.toBeInstanceOf(PushDeviceError);
    expect(sent).toEqual([]);
  });

  it('subscribes nothing when the member dismisses or refuses the prompt', async () => {
    const device = installFakePush('default');
    device.answer = 'default';
    expect(await turnOnPush(KEY)).toBe('off');
    device.answer = 'denied';
    expect(await turnOnPush(KEY)).toBe('denied');
    expect(device.subscribe).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });
});
