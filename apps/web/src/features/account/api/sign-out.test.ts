import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { base64UrlToBytes } from '@/shared/push/push-device';
import { useLifeData } from '@/shared/store/life-data';
import { FAKE_ENDPOINT, installFakePush, removeFakePush } from '@/testing/fake-push';
import { signOut } from './sign-out';

const sent: { url: string; data: Record<string, unknown>; token: string | null }[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(async (_input, init) => {
    const { url, data } = JSON.parse(String(init?.body)) as { url: string; data: Record<string, unknown> };
    const token = new Headers(init?.headers).get('uni-id-token');
    sent.push({ url, data, token });
    return new Response(JSON.stringify({ code: 0, msg: 'ok' }));
  }),
);

beforeEach(() => {
  sent.length = 0;
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));
});
afterEach(removeFakePush);
afterAll(() => vi.unstubAllGlobals());

describe('signing out', () => {
  it("ends this device's push subscription first, while the token still works", async () => {
    const device = installFakePush('granted', base64UrlToBytes(`BN${'x-_7'.repeat(21)}A`));
    await signOut();
    expect(device.unsubscribed).toEqual([FAKE_ENDPOINT]);
    expect(sent.map((c) => c.url)).toEqual(['client/push.unsubscribe', 'user/pub/logout']);
    expect(sent[0]).toMatchObject({ data: { endpoint: FAKE_ENDPOINT }, token: 'tok' });
    expect(useLifeData.getState().user.uni_id_token).toBeNull();
  });

  it('only logs out where this device has no push', async () => {
    installFakePush('granted');
    await signOut();
    expect(sent.map((c) => c.url)).toEqual(['user/pub/logout']);
  });
});
