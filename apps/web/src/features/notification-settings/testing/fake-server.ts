import {
  DEFAULT_PREFERENCES,
  type NotificationPreferences,
  type PreferenceCategory,
  type Preferences,
} from '@studio/contract/channels';
import { vi } from 'vitest';
import { emptyUser, useLifeData } from '@/shared/store/life-data';

/** A VAPID public key as getPushConfig answers it: 65 bytes, base64url (with the characters base64 spells + and /). */
export const VAPID_KEY = `BN${'x-_7'.repeat(21)}A`;

export interface FakeChannelServer {
  /** What getPreferences answers; setPreferences changes its `preferences`. */
  settings: NotificationPreferences;
  vapidKey: string | null;
  /** setPreferences answers this error (an envelope code) instead of saving. */
  refuseSet: string | null;
  /** While set, setPreferences waits for it before answering (to see the page before the answer). */
  holdSet: Promise<void> | null;
  calls: { url: string; data: Record<string, unknown> }[];
}

export const memberSettings = (over: Partial<NotificationPreferences> = {}): NotificationPreferences => ({
  preferences: structuredClone(DEFAULT_PREFERENCES),
  available: { email: true, sms: false, push: true },
  email: 'ada@example.com',
  mobile: '+447700900123',
  ...over,
});

/**
 * Plays the server's channel calls behind fetch (client/notice.get/setPreferences, client/pub.getPushConfig,
 * client/push.subscribe/unsubscribe), as S1's handlers answer them per the contract.
 */
export function fakeChannelServer(): FakeChannelServer {
  const server: FakeChannelServer = {
    settings: memberSettings(),
    vapidKey: VAPID_KEY,
    refuseSet: null,
    holdSet: null,
    calls: [],
  };
  vi.stubGlobal('scrollTo', () => {});
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (_input, init) => {
      const { url, data } = JSON.parse(String(init?.body)) as { url: string; data: Record<string, unknown> };
      server.calls.push({ url, data });
      const ok = (body: object) => new Response(JSON.stringify({ code: 0, msg: 'ok', ...body }));
      switch (url) {
        case 'client/notice.getPreferences':
          return ok(server.settings);
        case 'client/notice.setPreferences': {
          await server.holdSet;
          if (server.refuseSet) return new Response(JSON.stringify({ code: server.refuseSet }));
          const change = data.preferences as Partial<Record<PreferenceCategory, Partial<Preferences['classes']>>>;
          const preferences = structuredClone(server.settings.preferences);
          for (const [category, channels] of Object.entries(change) as [PreferenceCategory, object][])
            Object.assign(preferences[category], channels);
          server.settings = { ...server.settings, preferences };
          return ok(server.settings);
        }
        case 'client/pub.getPushConfig':
          return ok({ vapid_public_key: server.vapidKey });
        case 'client/push.subscribe':
        case 'client/push.unsubscribe':
          return ok({});
        default:
          return new Response(JSON.stringify({ code: 'FUNCTION_NOT_FOUND' }));
      }
    }),
  );
  return server;
}

export const signIn = () =>
  useLifeData.setState((s) => ({
    user: { ...s.user, uni_id_token: 'tok', uni_id_token_expired: Date.now() + 3_600_000 },
  }));

export const signOut = () => useLifeData.setState({ user: emptyUser });
