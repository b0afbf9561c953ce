import { z } from 'zod';
import { DEFAULT_NOTICE_CHANNELS, noticeChannelSettings } from './channels';
import { DEFAULT_SERVICE_CENTER, serviceCenterSettings } from './feedback';
import { DEFAULT_INVITE_REWARDS, inviteRewardSettings } from './invitations';
import { localeSchema, localizedInput, localizedTextSchema } from './localized-text';
import { ENABLEABLE_PAY_TYPES, payType } from './payments';
import { DEFAULT_PHONE_COUNTRY, phoneCountry } from './phone-country';
import { defineCall, noInput } from './protocol';
import { TOP_UP_MAX, TOP_UP_MIN } from './wallet';
import { DEFAULT_WEB_VIEW, webViewSettings } from './web-view';
import type { ZoneOffsets } from './zone-offsets';

/** The merchant module: the studio's public profile and settings. */

/** zone-offsets.ts's ZoneOffsets as the answer checks it. */
export const zoneOffsets = z.object({
  from: z.number(),
  until: z.number(),
  changes: z.array(z.tuple([z.number(), z.number()])).min(1),
}) satisfies z.ZodType<ZoneOffsets>;

export const mchInfo = z.object({
  /** The shop's id: the `mid` that the cart calls take. */
  _id: z.string(),
  name: z.string(),
  logo: z.string(),
  description: z.string(),
  address: z.string(),
  phone: z.string(),
  currency: z.string(),
  timezone: z.string(),
  /** The timezone's offsets from about a year ago to a year ahead; absent for a zone this server does not know. */
  utc_offsets: zoneOffsets.optional(),
  share: z.object({ title: z.string(), image: z.string() }),
  h5: z.object({ share: z.object({ title: z.string(), image: z.string() }) }),
  wechat_login_enabled: z.boolean(),
  cancel_window_hours: z.number().int(),
  booking_window_days: z.number().int(),
  /** ISO 3166 alpha-2 (setting): phone numbers without a "+" are of this country (phone.ts). */
  country: z.string(),
  /** The payment types members are offered (settings). */
  pay_types: z.array(payType),
  /** The top-up page's preset amounts, minor units. */
  top_up_presets: z.array(z.number().int()),
  /** An unpaid online order cancels itself this long after it was placed. */
  order_auto_cancel_minutes: z.number().int(),
  /** The hosts the web-view page may show inside the app (contract web-view.ts). */
  web_view: webViewSettings,
  /**
   * Test mode: members are offered a way to pay that moves no real money (the sandbox test card, or
   * Stripe with test keys). Both apps show a band while it is on.
   */
  test_mode: z.boolean(),
});
export type MchInfo = z.infer<typeof mchInfo>;

export const appInfo = z.object({ name: z.string(), version: z.string(), h5_weixin_appid: z.string() });

export const merchantCalls = {
  getMchInfo: defineCall('client/pub.getMchInfo', noInput, z.object({ mchInfo, appInfo })),
} as const;

const manage = { permission: 'settings.manage' } as const;

/**
 * The studio's rules staff may change (RULES.md *setting*), with their defaults and bounds; each is
 * read from the studio's row at the moment it applies, so a change takes effect on the next call.
 */
export const STUDIO_RULES = {
  /** Booking opens this many days before a class. */
  booking_window_days: { default: 14, min: 1, max: 90 },
  /** Members may cancel (credit back) until this many hours before a class. */
  cancel_window_hours: { default: 24, min: 0, max: 168 },
  /** A login lasts this many days (renewed in its last 3). */
  token_ttl_days: { default: 7, min: 4, max: 365 },
  /** An unpaid online order cancels itself (stock back) this many minutes after it was placed. */
  order_auto_cancel_minutes: { default: 30, min: 1, max: 1440 },
  /** A shipped order counts as received this many days after shipping unless the member confirms sooner. */
  auto_receipt_days: { default: 10, min: 1, max: 60 },
  /** Points a member earns per whole currency unit paid, credited when an order completes. */
  points_per_unit: { default: 1, min: 0, max: 100 },
  /** Points deduction (spec "per X use Y points to deduct Z"): X, in whole currency units of the order. */
  points_deduct_per_units: { default: 10, min: 1, max: 10_000 },
  /** Y: the points each step of X allows, and the points one deduction of Z costs. */
  points_deduct_points: { default: 100, min: 1, max: 100_000 },
  /** Z, in minor units (0 turns points deduction off). */
  points_deduct_value: { default: 100, min: 0, max: 100_000 },
  /** How many characters an exchange code has. */
  exchange_code_length: { default: 12, min: 8, max: 32 },
  /** Staff other than an admin adjust a wallet by at most this many whole currency units at once. */
  wallet_adjust_max_units: { default: 500, min: 1, max: 100_000 },
  /** Staff other than an admin adjust points by at most this many at once. */
  points_adjust_max: { default: 50_000, min: 1, max: 10_000_000 },
  /** An order to be paid at the desk is cancelled (stock back) this many hours after it was placed. */
  offline_pay_hours: { default: 48, min: 1, max: 720 },
  /** A member holds at most this many unpaid orders at once. */
  max_unpaid_orders: { default: 5, min: 1, max: 50 },
  /** At most this many units of one SKU in one order (a goods item may set its own). */
  max_units_per_sku: { default: 20, min: 1, max: 999 },
  /** A booked member is reminded of their class this many hours before it starts (0: no reminders). */
  class_reminder_hours: { default: 3, min: 0, max: 48 },
  /** A member is told this many minutes before their unpaid order cancels itself (0: not told). */
  unpaid_notice_minutes: { default: 10, min: 0, max: 120 },
  /** A member is told this many days before a package with credits left expires (0: not told). */
  package_expiry_notice_days: { default: 7, min: 0, max: 60 },
  /** A member is told this many days before an unused coupon expires (0: not told). */
  coupon_expiry_notice_days: { default: 3, min: 0, max: 30 },
  /** An e-mail, text or push notice is tried at most this many times before it is marked failed. */
  delivery_tries: { default: 3, min: 1, max: 10 },
  /** … its tries spread over about this many minutes (backoff doubling between them). */
  delivery_retry_minutes: { default: 30, min: 1, max: 1440 },
} as const;
export type StudioRule = keyof typeof STUDIO_RULES;

const rule = (name: StudioRule) => z.number().int().min(STUDIO_RULES[name].min).max(STUDIO_RULES[name].max);

/** The shop's settings kept in the studio row's `settings` (RULES.md *setting*), with their defaults. */
export const DEFAULT_SHOP_SETTINGS = {
  /** No test card: the demo seed switches the sandbox on for its own studio only. */
  pay_types: ['balance', 'offline'] as (typeof ENABLEABLE_PAY_TYPES)[number][],
  top_up_presets: [1000, 2000, 5000, 10000],
  auto_receipt_days: STUDIO_RULES.auto_receipt_days.default,
  /** Points earned per whole currency unit paid (RULES.md: 1). */
  points_per_unit: STUDIO_RULES.points_per_unit.default,
  points_deduct_per_units: STUDIO_RULES.points_deduct_per_units.default,
  points_deduct_points: STUDIO_RULES.points_deduct_points.default,
  points_deduct_value: STUDIO_RULES.points_deduct_value.default,
  exchange_code_length: STUDIO_RULES.exchange_code_length.default,
  wallet_adjust_max_units: STUDIO_RULES.wallet_adjust_max_units.default,
  points_adjust_max: STUDIO_RULES.points_adjust_max.default,
  offline_pay_hours: STUDIO_RULES.offline_pay_hours.default,
  max_unpaid_orders: STUDIO_RULES.max_unpaid_orders.default,
  max_units_per_sku: STUDIO_RULES.max_units_per_sku.default,
  class_reminder_hours: STUDIO_RULES.class_reminder_hours.default,
  unpaid_notice_minutes: STUDIO_RULES.unpaid_notice_minutes.default,
  package_expiry_notice_days: STUDIO_RULES.package_expiry_notice_days.default,
  coupon_expiry_notice_days: STUDIO_RULES.coupon_expiry_notice_days.default,
  delivery_tries: STUDIO_RULES.delivery_tries.default,
  delivery_retry_minutes: STUDIO_RULES.delivery_retry_minutes.default,
  /** Which channels beside in-app notices the studio uses (contract channels.ts). */
  notice_channels: DEFAULT_NOTICE_CHANNELS,
  /** The studio's country, for phone numbers (phone-country.ts). */
  country: DEFAULT_PHONE_COUNTRY,
  /** The hosts the web-view page frames (contract web-view.ts). */
  web_view: DEFAULT_WEB_VIEW,
  /** Contact e-mail, opening hours, FAQ and the feedback limit (contract feedback.ts). */
  service_center: DEFAULT_SERVICE_CENTER,
  /** Invitation rewards (contract invitations.ts), off by default. */
  invite_rewards: DEFAULT_INVITE_REWARDS,
};

/** The studio rules kept in the studio row's `settings` (the others have a column each). */
export const SHOP_RULES = [
  'auto_receipt_days',
  'points_per_unit',
  'points_deduct_per_units',
  'points_deduct_points',
  'points_deduct_value',
  'exchange_code_length',
  'wallet_adjust_max_units',
  'points_adjust_max',
  'offline_pay_hours',
  'max_unpaid_orders',
  'max_units_per_sku',
  'class_reminder_hours',
  'unpaid_notice_minutes',
  'package_expiry_notice_days',
  'coupon_expiry_notice_days',
  'delivery_tries',
  'delivery_retry_minutes',
] as const satisfies readonly (StudioRule & keyof typeof DEFAULT_SHOP_SETTINGS)[];
export type ShopSettings = typeof DEFAULT_SHOP_SETTINGS;

/** The currencies prices can be shown in. */
export const STUDIO_CURRENCIES = ['GBP', 'CNY', 'USD', 'EUR'] as const;

/** An IANA time zone name this runtime knows (Europe/London, Asia/Shanghai...). */
export const timeZoneName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'timezone');

/**
 * The studio as staff edit it: its info (in the caller's locale), its default language and every
 * locale's texts. Its pay_types are the ones staff switched on (mchInfo's: those members can use);
 * test mode is mchInfo's, which the whole back office reads.
 */
export const adminMerchantRecord = mchInfo.omit({ test_mode: true }).extend({
  token_ttl_days: z.number().int(),
  auto_receipt_days: z.number().int(),
  points_per_unit: z.number().int(),
  points_deduct_per_units: z.number().int(),
  points_deduct_points: z.number().int(),
  points_deduct_value: z.number().int(),
  exchange_code_length: z.number().int(),
  wallet_adjust_max_units: z.number().int(),
  points_adjust_max: z.number().int(),
  offline_pay_hours: z.number().int(),
  max_unpaid_orders: z.number().int(),
  max_units_per_sku: z.number().int(),
  class_reminder_hours: z.number().int(),
  unpaid_notice_minutes: z.number().int(),
  package_expiry_notice_days: z.number().int(),
  coupon_expiry_notice_days: z.number().int(),
  delivery_tries: z.number().int(),
  delivery_retry_minutes: z.number().int(),
  notice_channels: noticeChannelSettings,
  service_center: serviceCenterSettings,
  invite_rewards: inviteRewardSettings,
  default_locale: localeSchema,
  name_i18n: localizedTextSchema,
  description_i18n: localizedTextSchema,
  address_i18n: localizedTextSchema,
  /** The tagline (the share title; the name when empty). */
  share_title_i18n: localizedTextSchema,
});

/** Absent fields stay as they are; texts take a plain string (the default language's value) or per-locale values. */
export const merchantSaveInput = z
  .object({
    name: localizedInput(z.string().trim().min(1).max(64)).optional(),
    description: localizedInput(z.string().trim().max(1000)).optional(),
    address: localizedInput(z.string().trim().max(200)).optional(),
    share_title: localizedInput(z.string().trim().max(100)).optional(),
    /** The language staff write in, and the one shown when a text has no value in the caller's. */
    default_locale: localeSchema.optional(),
    /** An uploaded image's url (or '' for none). */
    logo: z.string().trim().max(500).optional(),
    phone: z.string().trim().max(40).optional(),
    currency: z.enum(STUDIO_CURRENCIES).optional(),
    timezone: timeZoneName.optional(),
    country: phoneCountry.optional(),
    booking_window_days: rule('booking_window_days').optional(),
    cancel_window_hours: rule('cancel_window_hours').optional(),
    token_ttl_days: rule('token_ttl_days').optional(),
    order_auto_cancel_minutes: rule('order_auto_cancel_minutes').optional(),
    auto_receipt_days: rule('auto_receipt_days').optional(),
    points_per_unit: rule('points_per_unit').optional(),
    points_deduct_per_units: rule('points_deduct_per_units').optional(),
    points_deduct_points: rule('points_deduct_points').optional(),
    points_deduct_value: rule('points_deduct_value').optional(),
    exchange_code_length: rule('exchange_code_length').optional(),
    wallet_adjust_max_units: rule('wallet_adjust_max_units').optional(),
    points_adjust_max: rule('points_adjust_max').optional(),
    offline_pay_hours: rule('offline_pay_hours').optional(),
    max_unpaid_orders: rule('max_unpaid_orders').optional(),
    max_units_per_sku: rule('max_units_per_sku').optional(),
    class_reminder_hours: rule('class_reminder_hours').optional(),
    unpaid_notice_minutes: rule('unpaid_notice_minutes').optional(),
    package_expiry_notice_days: rule('package_expiry_notice_days').optional(),
    coupon_expiry_notice_days: rule('coupon_expiry_notice_days').optional(),
    delivery_tries: rule('delivery_tries').optional(),
    delivery_retry_minutes: rule('delivery_retry_minutes').optional(),
    /** The channels' settings; absent fields stay as they are. */
    notice_channels: noticeChannelSettings.partial().strict().optional(),
    /** The web-view allow-list, replaced whole. */
    web_view: webViewSettings.optional(),
    /** The invitation rewards; absent fields stay as they are. */
    invite_rewards: inviteRewardSettings.partial().strict().optional(),
    /** The service centre's settings; absent fields stay as they are. */
    service_center: serviceCenterSettings.partial().strict().optional(),
    /** Which payment types members are offered: at least one, each once. */
    pay_types: z
      .array(z.enum(ENABLEABLE_PAY_TYPES))
      .min(1)
      .refine((v) => new Set(v).size === v.length, 'unique')
      .optional(),
    top_up_presets: z
      .array(z.number().int().min(TOP_UP_MIN).max(TOP_UP_MAX))
      .min(1)
      .max(8)
      .refine((v) => new Set(v).size === v.length, 'unique')
      .optional(),
  })
  .strict();

export const adminMerchantCalls = {
  get: defineCall('admin/merchant.get', noInput, z.object({ merchant: adminMerchantRecord }), manage),
  save: defineCall('admin/merchant.save', merchantSaveInput, z.object({ merchant: adminMerchantRecord }), manage),
} as const;
