import type { NoticeChannelSettings } from '@studio/contract/channels';
import type { StudioRule } from '@studio/contract/merchant';
import type { Merchant, MerchantChange } from './settings-form';

/** When members are told something (the notice sweeps' rules): shown in Notifications, not Rules. */
export const NOTICE_TIMING_RULES = [
  'class_reminder_hours',
  'unpaid_notice_minutes',
  'package_expiry_notice_days',
  'coupon_expiry_notice_days',
] as const satisfies readonly StudioRule[];

/** How hard an e-mail, text or push is tried before it is marked failed. */
export const DELIVERY_RULES = ['delivery_tries', 'delivery_retry_minutes'] as const satisfies readonly StudioRule[];

export const NOTIFICATION_RULES = [...NOTICE_TIMING_RULES, ...DELIVERY_RULES] as const;
type NotificationRule = (typeof NOTIFICATION_RULES)[number];

/** The Notifications form's values. */
export type NotificationFields = Record<NotificationRule, number> & { notice_channels: NoticeChannelSettings };

/** The form's starting values, from the studio as saved. */
export function notificationFieldsOf(merchant: Merchant): NotificationFields {
  return {
    ...(Object.fromEntries(NOTIFICATION_RULES.map((name) => [name, merchant[name]])) as Record<
      NotificationRule,
      number
    >),
    notice_channels: { ...merchant.notice_channels, sms_types: [...merchant.notice_channels.sms_types] },
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && new Set([...a, ...b]).size === a.length;

/**
 * What admin/merchant.save needs to hear: only the fields staff changed since `start` (the values
 * the form opened with, or last saved), trimmed as the server keeps them. Never a field they did not
 * touch, so a save does not put back what another member of staff changed meanwhile. Empty when
 * nothing changed.
 */
export function notificationChanges(values: NotificationFields, start: NotificationFields): MerchantChange {
  const change: MerchantChange = {};
  for (const name of NOTIFICATION_RULES) {
    if (values[name] !== start[name]) change[name] = values[name];
  }
  const now = values.notice_channels;
  const was = start.notice_channels;
  const channels: Partial<NoticeChannelSettings> = {};
  for (const key of ['email', 'sms', 'push'] as const) {
    if (now[key] !== was[key]) channels[key] = now[key];
  }
  if (!sameSet(now.sms_types, was.sms_types)) channels.sms_types = now.sms_types;
  const sender = now.sender_name.trim();
  if (sender !== was.sender_name.trim()) channels.sender_name = sender;
  if (Object.keys(channels).length > 0) change.notice_channels = channels;
  return change;
}
