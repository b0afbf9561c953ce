import { adminDeliveryCalls, channelCalls, DEFAULT_PREFERENCES } from '@studio/contract/channels';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../schedule/testing';
import { pushSubscriptions } from './schema';
import { buildReachableMember, type ChannelsKit, channelsKit, setChannels } from './testing';

let kit: ChannelsKit;
beforeAll(async () => {
  kit = await channelsKit();
});
afterAll(() => kit.close());

const validKeys = () => kit.push.subscribe().keys;
const devicesAt = (endpoint: string) =>
  kit.t.app.db
    .select({ userId: pushSubscriptions.userId, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));

describe('notification preferences', () => {
  it('answers the defaults, what can reach the member, and moves only the switches given', async () => {
    const { t } = kit;
    const m = await buildReachableMember(t);
    const first = await t.call(channelCalls.getPreferences, {}, { token: m.token });
    expect(first).toMatchObject({
      code: 0,
      preferences: DEFAULT_PREFERENCES,
      // The studio sends no text messages until it switches them on.
      available: { email: true, sms: false, push: true },
      email: m.email,
      mobile: m.mobile,
    });

    const set = await t.call(
      channelCalls.setPreferences,
      { preferences: { offers: { email: true }, classes: { push: false } } },
      { token: m.token },
    );
    expect(set.preferences.offers).toEqual({ email: true, sms: false, push: false });
    expect(set.preferences.classes).toEqual({ email: true, sms: true, push: false });
    expect(set.preferences.orders).toEqual(DEFAULT_PREFERENCES.orders);
    const again = await t.call(channelCalls.getPreferences, {}, { token: m.token });
    expect(again.preferences).toEqual(set.preferences);

    // Another member still has the defaults.
    const other = await buildMember(t);
    const theirs = await t.call(channelCalls.getPreferences, {}, { token: other.token });
    expect(theirs.preferences).toEqual(DEFAULT_PREFERENCES);
    // Without an address or a number, e-mail and SMS cannot reach them.
    await setChannels(kit, { sms: true });
    expect(theirs.available.email).toBe(false);
    expect((await t.call(channelCalls.getPreferences, {}, { token: other.token })).available).toEqual({
      email: false,
      sms: false,
      push: true,
    });
    expect((await t.call(channelCalls.getPreferences, {}, { token: m.token })).available.sms).toBe(true);
    await setChannels(kit, { sms: false });
  });

  it('refuses an unknown switch and a caller without a token', async () => {
    const m = await buildMember(kit.t);
    const bad = await kit.t.callRaw(
      'client/notice.setPreferences',
      { preferences: { classes: { fax: true } } },
      { token: m.token },
    );
    expect(bad.code).toBe('INVALID_PARAM');
    expect((await kit.t.call(channelCalls.getPreferences, {})).code).toBe(30204);
  });
});

describe('push subscriptions', () => {
  it('hands out the VAPID key while the studio sends push, and null when it does not', async () => {
    const { t } = kit;
    const on = await t.call(channelCalls.getPushConfig, {});
    expect(on.vapid_public_key).toBe(t.config.VAPID_PUBLIC_KEY);
    await setChannels(kit, { push: false });
    expect((await t.call(channelCalls.getPushConfig, {})).vapid_public_key).toBeNull();
    const m = await buildMember(t);
    const device = kit.push.subscribe();
    expect((await t.call(channelCalls.subscribePush, device, { token: m.token })).code).toBe('PUSH_OFF');
    await setChannels(kit, { push: true });
    expect((await t.call(channelCalls.subscribePush, device, { token: m.token })).code).toBe(0);
  });

  it('refuses endpoints off the push services: plain http, internal hosts, unknown hosts', async () => {
    const m = await buildMember(kit.t);
    const keys = validKeys();
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/push/1',
      'https://localhost/push/1',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.7/push',
      'https://push.evil.example/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/send/abc',
      `${kit.push.origin.replace('127.0.0.1', 'localhost')}/push/x`,
    ]) {
      const res = await kit.t.call(channelCalls.subscribePush, { endpoint, keys }, { token: m.token });
      expect(res.code, endpoint).toBe('PUSH_ENDPOINT_REFUSED');
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc123',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGuGLs0k',
      `${kit.push.origin}/push/allowed-origin`,
    ]) {
      const res = await kit.t.call(channelCalls.subscribePush, { endpoint, keys }, { token: m.token });
      expect(res.code, endpoint).toBe(0);
    }
  });

  it('keeps one row per endpoint (the same device again updates its keys and owner), and unsubscribes', async () => {
    const { t } = kit;
    const a = await buildMember(t);
    const b = await buildMember(t);
    const device = kit.push.subscribe();
    expect((await t.call(channelCalls.subscribePush, device, { token: a.token })).code).toBe(0);
    const newKeys = kit.push.subscribe().keys;
    const moved = { endpoint: device.endpoint, keys: newKeys };
    expect((await t.call(channelCalls.subscribePush, moved, { token: b.token })).code).toBe(0);
    expect(await devicesAt(device.endpoint)).toEqual([{ userId: b.id, auth: newKeys.auth }]);
    // Only the owner's unsubscribe removes it; an unknown endpoint is fine.
    await t.call(channelCalls.unsubscribePush, { endpoint: device.endpoint }, { token: a.token });
    await t.call(channelCalls.unsubscribePush, { endpoint: 'https://fcm.googleapis.com/x' }, { token: b.token });
    expect(await devicesAt(device.endpoint)).toHaveLength(1);
    expect((await t.call(channelCalls.unsubscribePush, { endpoint: device.endpoint }, { token: b.token })).code).toBe(
      0,
    );
    expect(await devicesAt(device.endpoint)).toHaveLength(0);
  });
});

describe('the delivery log is staff’s', () => {
  it('refuses a member the admin/delivery calls', async () => {
    const m = await buildMember(kit.t);
    expect((await kit.t.call(adminDeliveryCalls.getList, {}, { token: m.token })).code).toBe('PERMISSION_DENIED');
    const resend = await kit.t.call(adminDeliveryCalls.resend, { _id: 'x' }, { token: m.token });
    expect(resend.code).toBe('PERMISSION_DENIED');
    expect((await kit.t.call(adminDeliveryCalls.getList, {}, { token: kit.admin.token })).code).toBe(0);
  });
});
