import { z } from 'zod';
import { NOTICE_CATEGORY_OF, type NoticeType } from './notifications';
import { defineCall, noInput, noOutput } from './protocol';
import { id, isoDateTime, paged, pageQuery } from './validators';

/*
 * Reaching members outside the app: e-mail, SMS and Web Push, chosen per member by category ×
 * channel (in-app is always on). A notice is delivered once per channel and target (an address, a
 * number, a device), retried with backoff, and logged for staff (admin/delivery.*).
 */

/** What a member chooses to hear about; every notice type and announcements belong to one. */
export const PREFERENCE_CATEGORIES = ['classes', 'orders', 'studio', 'offers'] as const;
export type PreferenceCategory = (typeof PREFERENCE_CATEGORIES)[number];

/** The channels beside the in-app notice centre (which is always on). */
export const DELIVERY_CHANNELS = ['email', 'sms', 'push'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export type Preferences = Record<PreferenceCategory, Record<DeliveryChannel, boolean>>;

/** RULES.md: classes, orders and the studio's announcements on; offers off. SMS only ever carries urgent class notices. */
export const DEFAULT_PREFERENCES: Preferences = {
  classes: { email: true, sms: true, push: true },
  orders: { email: true, sms: false, push: true },
  studio: { email: true, sms: false, push: true },
  offers: { email: false, sms: false, push: false },
};

/** The notice types urgent enough for a text message, each switched on by the studio (notice_channels.sms_types). */
export const SMS_NOTICE_TYPES = [
  'sessionCancelled',
  'reservationCancelled',
  'waitlistPromoted',
  'classReminder',
] as const;
export type SmsNoticeType = (typeof SMS_NOTICE_TYPES)[number];

/** The preference category of a notice type ('announcement' is the studio's); coupons about to lapse are offers. */
export function preferenceCategoryOf(type: string): PreferenceCategory {
  if (type === 'couponExpiring') return 'offers';
  return Object.hasOwn(NOTICE_CATEGORY_OF, type) ? NOTICE_CATEGORY_OF[type as NoticeType] : 'studio';
}

/** The studio's channel settings (admin/merchant.save `notice_channels`; kept in the studio's settings). */
export const noticeChannelSettings = z.object({
  /** E-mail notices (security mail always goes, whatever this says). */
  email: z.boolean(),
  /** Text messages cost money: off until the studio switches them on, and then only for `sms_types`. */
  sms: z.boolean(),
  sms_types: z.array(z.enum(SMS_NOTICE_TYPES)).refine((v) => new Set(v).size === v.length, 'unique'),
  push: z.boolean(),
  /** The name e-mails come from ("Lotus Yoga <no-reply@...>"); '' uses the studio's name. */
  sender_name: z.string().trim().max(64),
});
export type NoticeChannelSettings = z.infer<typeof noticeChannelSettings>;

export const DEFAULT_NOTICE_CHANNELS: NoticeChannelSettings = {
  email: true,
  sms: false,
  sms_types: ['sessionCancelled', 'reservationCancelled', 'waitlistPromoted'],
  push: true,
  sender_name: '',
};

const preferencesSchema = z.object(
  Object.fromEntries(
    PREFERENCE_CATEGORIES.map((c) => [c, z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() })]),
  ) as Record<PreferenceCategory, z.ZodObject<Record<DeliveryChannel, z.ZodBoolean>>>,
);

/** A change: only the switches given move. */
const preferencesChange = z
  .object(
    Object.fromEntries(
      PREFERENCE_CATEGORIES.map((c) => [
        c,
        z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() }).partial().strict().optional(),
      ]),
    ) as Record<PreferenceCategory, z.ZodOptional<z.ZodObject<Record<DeliveryChannel, z.ZodOptional<z.ZodBoolean>>>>>,
  )
  .strict();

/** The member's notification settings page. */
export const notificationPreferences = z.object({
  preferences: preferencesSchema,
  /**
   * Which channels can reach this member at all: the studio has them on and the member has what they
   * need (an e-mail address, a mobile number). The page greys out the others and says why.
   */
  available: z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() }),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** A browser's push subscription (PushSubscription.toJSON()). */
export const pushSubscriptionInput = z
  .object({
    endpoint: z.url().max(1000),
    keys: z
      .object({
        /** The browser's P-256 public key, base64url (65 bytes). */
        p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/),
        /** The 16-byte auth secret, base64url. */
        auth: z.string().regex(/^[A-Za-z0-9_-]{20,24}={0,2}$/),
      })
      .strict(),
  })
  .strict();

export const channelCalls = {
  getPreferences: defineCall('client/notice.getPreferences', noInput, notificationPreferences),
  setPreferences: defineCall(
    'client/notice.setPreferences',
    z.object({ preferences: preferencesChange }).strict(),
    notificationPreferences,
  ),
  /** The server's VAPID public key (base64url), for PushManager.subscribe; null when the studio has push off. */
  getPushConfig: defineCall('client/pub.getPushConfig', noInput, z.object({ vapid_public_key: z.string().nullable() })),
  /** This device wants push notices (a second call with the same endpoint updates its keys). */
  subscribePush: defineCall('client/push.subscribe', pushSubscriptionInput, noOutput),
  /** This device no longer wants push notices; unknown endpoints are fine. */
  unsubscribePush: defineCall(
    'client/push.unsubscribe',
    z.object({ endpoint: z.string().max(1000) }).strict(),
    noOutput,
  ),
} as const;

// ---------------------------------------------------------------------------------------------
// The app's version (spec user/pub/checkVersion)
// ---------------------------------------------------------------------------------------------

export const appVersion = z.object({
  /** The version the server serves now. */
  version: z.string(),
  /** Apps older than this must reload before going on. */
  min_version: z.string(),
  notes: z.string().optional(),
});
export type AppVersion = z.infer<typeof appVersion>;

export const versionCalls = {
  checkVersion: defineCall(
    'user/pub/checkVersion',
    z.object({ version: z.string().max(40).optional() }).strict(),
    appVersion,
  ),
} as const;

// ---------------------------------------------------------------------------------------------
// The delivery log (back office)
// ---------------------------------------------------------------------------------------------

/** pending: waiting for its (next) try; sending: a try is under way; sent; failed: gave up (tries used, or the target is gone). */
export const DELIVERY_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const deliveryRecord = z.object({
  _id: z.string(),
  /** A member's notice, or an announcement. */
  source: z.enum(['notice', 'announcement']),
  /** The notice's (or announcement's) id. */
  notice_id: z.string(),
  /** Its type (an announcement's is "announcement"). */
  type: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  channel: z.enum(DELIVERY_CHANNELS),
  /** The address, number or push service it went to (a push endpoint shows only its host). */
  target: z.string(),
  state: z.enum(DELIVERY_STATES),
  tries: z.number().int(),
  last_error: z.string().nullable(),
  next_at: isoDateTime.nullable(),
  sent_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type DeliveryRecord = z.infer<typeof deliveryRecord>;

const noticesManage = { permission: 'notices.manage' } as const;

export const adminDeliveryCalls = {
  /** Deliveries newest first, of one notice, one member, or all; filtered by channel and state. */
  getList: defineCall(
    'admin/delivery.getList',
    z
      .object({
        ...pageQuery,
        notice_id: id.optional(),
        user_id: id.optional(),
        channel: z.enum(DELIVERY_CHANNELS).optional(),
        state: z.enum(DELIVERY_STATES).optional(),
      })
      .strict(),
    paged(deliveryRecord),
    noticesManage,
  ),
  /** A failed (or sent) delivery tried again now, with fresh tries. */
  resend: defineCall(
    'admin/delivery.resend',
    z.object({ _id: id }).strict(),
    z.object({ delivery: deliveryRecord }),
    noticesManage,
  ),
} as const;

/**
 * Orders two app versions, `MAJOR.MINOR.PATCH` with an optional `+build` (ignored): negative when
 * `a` is older. Parts that are missing or not numbers count as 0.
 */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => (v.split('+')[0] ?? '').split('.').map((p) => Number.parseInt(p, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
