import {
  DEFAULT_PREFERENCES,
  DELIVERY_CHANNELS,
  type DeliveryChannel,
  type NoticeChannelSettings,
  type NotificationPreferences,
  PREFERENCE_CATEGORIES,
  type PreferenceCategory,
  type Preferences,
} from '@studio/contract/channels';
import type { Config } from '../../config';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import type { AuthedContext } from '../../platform/protocol';
import { pushSenderFor } from '../../platform/web-push';
import { contactsOf } from '../account';
import { shopSettingsOf, studioRow } from '../merchant';
import * as repo from './repo';

/** A member's switches: what they set over the defaults (DEFAULT_PREFERENCES). */
export function preferencesFrom(rows: readonly repo.PreferenceRow[]): Preferences {
  const prefs = Object.fromEntries(PREFERENCE_CATEGORIES.map((c) => [c, { ...DEFAULT_PREFERENCES[c] }])) as Preferences;
  for (const r of rows) prefs[r.category][r.channel] = r.enabled;
  return prefs;
}

/** The server's VAPID public key, or null when it has none (keys neither given nor generated). */
export function vapidPublicKey(config: Config): string | null {
  try {
    return pushSenderFor(config).publicKey || null;
  } catch {
    return null;
  }
}

/** The studio's channel settings (admin/merchant.save notice_channels). */
export async function studioChannels(ctx: Parameters<typeof studioRow>[0]): Promise<NoticeChannelSettings> {
  return shopSettingsOf(await studioRow(ctx)).notice_channels;
}

async function answer(ctx: AuthedContext, db: DbOrTx): Promise<NotificationPreferences> {
  const uid = ctx.user.uid;
  const [channels, contacts, rows] = await Promise.all([
    studioChannels(ctx),
    contactsOf(db, [uid]),
    repo.preferencesOf(db, [uid]),
  ]);
  const me = contacts.get(uid) ?? fail('USER_NOT_FOUND');
  return {
    preferences: preferencesFrom(rows),
    available: {
      email: channels.email && !!me.email,
      sms: channels.sms && channels.sms_types.length > 0 && !!me.mobile,
      push: channels.push && vapidPublicKey(ctx.config) !== null,
    },
    email: me.email,
    mobile: me.mobile,
  };
}

export const getPreferences = (ctx: AuthedContext) => answer(ctx, ctx.db);

/** Moves only the switches given; answers the whole page as it is now. */
export async function setPreferences(
  ctx: AuthedContext,
  change: Partial<Record<PreferenceCategory, Partial<Record<DeliveryChannel, boolean>> | undefined>>,
): Promise<NotificationPreferences> {
  const rows = PREFERENCE_CATEGORIES.flatMap((category) =>
    DELIVERY_CHANNELS.flatMap((channel) => {
      const enabled = change[category]?.[channel];
      return enabled === undefined ? [] : [{ userId: ctx.user.uid, category, channel, enabled }];
    }),
  );
  await repo.savePreferences(ctx.db, rows, ctx.clock.now());
  return answer(ctx, ctx.db);
}

/** One-click unsubscribe: that category's e-mail off for the member. */
export async function turnEmailOff(db: DbOrTx, userId: string, category: PreferenceCategory, now: Date) {
  await repo.savePreferences(db, [{ userId, category, channel: 'email', enabled: false }], now);
}
