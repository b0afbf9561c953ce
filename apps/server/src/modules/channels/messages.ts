import type { Locale } from '@studio/contract/locale';
import type { NoticeType } from '@studio/contract/notifications';

/*
 * What the channels say beside the notice itself, in the member's language, and how urgent a push is.
 */

type Phrases = Record<Locale, string>;

export const TEXTS = {
  /** The e-mail's button. */
  open: { en: 'Open in the app', 'zh-Hans': '在应用中查看', 'zh-Hant': '在應用程式中查看' },
  unsubscribeTitle: {
    en: 'Stop these e-mails?',
    'zh-Hans': '不再接收此类邮件？',
    'zh-Hant': '不再接收此類郵件？',
  },
  unsubscribeExplain: {
    en: 'You will no longer get e-mails about {category}. You can turn them back on in the app under Notifications.',
    'zh-Hans': '你将不再收到关于「{category}」的邮件。可以随时在应用的「通知设置」中重新开启。',
    'zh-Hant': '你將不再收到關於「{category}」的郵件。可以隨時在應用程式的「通知設定」中重新開啟。',
  },
  unsubscribeButton: { en: 'Unsubscribe', 'zh-Hans': '退订', 'zh-Hant': '取消訂閱' },
  unsubscribed: { en: 'Unsubscribed', 'zh-Hans': '已退订', 'zh-Hant': '已取消訂閱' },
  badLinkTitle: { en: 'Link not valid', 'zh-Hans': '链接无效', 'zh-Hant': '連結無效' },
  badLink: {
    en: 'This unsubscribe link is not valid. You can change your e-mail settings in the app under Notifications.',
    'zh-Hans': '退订链接无效。你可以在应用的「通知设置」中修改邮件设置。',
    'zh-Hant': '取消訂閱連結無效。你可以在應用程式的「通知設定」中修改郵件設定。',
  },
} satisfies Record<string, Phrases>;

/** The preference categories as the unsubscribe page names them. */
export const CATEGORY_NAMES: Record<'classes' | 'orders' | 'studio' | 'offers', Phrases> = {
  classes: { en: 'your classes', 'zh-Hans': '课程', 'zh-Hant': '課程' },
  orders: { en: 'your orders', 'zh-Hans': '订单', 'zh-Hant': '訂單' },
  studio: { en: 'studio announcements', 'zh-Hans': '门店公告', 'zh-Hant': '門店公告' },
  offers: { en: 'offers', 'zh-Hans': '优惠活动', 'zh-Hant': '優惠活動' },
};

export const say = (phrase: Phrases, locale: Locale, params: Record<string, string> = {}): string =>
  phrase[locale].replace(/\{(\w+)\}/g, (all, key: string) => params[key] ?? all);

/** How a push is sent: how long the push service keeps it for an offline device, and how urgently. */
export interface PushOptions {
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces an undelivered push of the same topic (RFC 8030 Topic: at most 32 base64url characters). */
  topic?: string;
}

const DAY_S = 24 * 3600;
/** Class notices that matter before the class starts: worth waking the phone for. */
const URGENT: ReadonlySet<string> = new Set<NoticeType>([
  'classReminder',
  'sessionCancelled',
  'reservationCancelled',
  'waitlistPromoted',
]);
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * TTL and urgency per notice type: a class notice lives until its class starts (no use after), the
 * urgent ones high; a reminder carries the topic of its reservation, so a newer one replaces it on
 * the push service; orders normal; offers and announcements low.
 */
export function pushOptionsOf(type: string, data: Record<string, unknown>, now: Date): PushOptions {
  const startsAt = typeof data.starts_at === 'string' ? Date.parse(data.starts_at) : Number.NaN;
  const untilStart = Number.isFinite(startsAt) ? Math.max(60, Math.floor((startsAt - now.getTime()) / 1000)) : DAY_S;
  if (type === 'classReminder') {
    const topic = typeof data.reservation_id === 'string' ? `reminder-${data.reservation_id}` : '';
    return { ttlSeconds: untilStart, urgency: 'high', ...(TOPIC.test(topic) && { topic }) };
  }
  if (URGENT.has(type)) return { ttlSeconds: untilStart, urgency: 'high' };
  if (type === 'announcement') return { ttlSeconds: 3 * DAY_S, urgency: 'low' };
  if (type === 'couponExpiring') return { ttlSeconds: DAY_S, urgency: 'low' };
  if (Number.isFinite(startsAt)) return { ttlSeconds: untilStart, urgency: 'normal' };
  return { ttlSeconds: DAY_S, urgency: 'normal' };
}

/** The notification's tag: a reminder of one reservation replaces its earlier one on the device too. */
export function pushTagOf(type: string, data: Record<string, unknown>, sourceId: string): string {
  if (type === 'classReminder' && typeof data.reservation_id === 'string') return `reminder-${data.reservation_id}`;
  return sourceId;
}

/** A text message: short, the studio's name first (it costs by the segment). */
export const smsTextOf = (studio: string, title: string, body: string): string =>
  `${studio ? `${studio}: ` : ''}${title}. ${body}`.slice(0, 300);

/** The lease of a try: a crash mid-send leaves the row to be tried again after it. */
export const LEASE_MS = 2 * 60_000;
export const PUSH_GONE_ERROR = 'push subscription gone (404/410)';
