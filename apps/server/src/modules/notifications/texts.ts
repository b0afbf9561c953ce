import { closeSentence, formatDate, formatDateTime, formatMoney } from '@studio/contract/format';
import type { Locale } from '@studio/contract/locale';
import type { NOTICE_DERIVED_PARAMS } from '@studio/contract/notifications';

/*
 * The params of a notice's texts (contract NOTICE_TEXTS), for one reader: the data's own strings and
 * numbers, and the derived ones (NOTICE_DERIVED_PARAMS) formatted in the reader's language, the
 * studio's timezone and currency. Rendered when read, so a member who switches language reads old
 * notices in the new one.
 */

type Phrases = Record<Locale, string>;

/** Where refunded money goes (refundApproved's `to`); anything else reads as back to the card. */
const REFUND_DESTINATION: Record<'wallet' | 'desk' | 'card' | 'none', Phrases> = {
  wallet: {
    en: 'The money is back in your wallet.',
    'zh-Hans': '款项已退回你的钱包余额。',
    'zh-Hant': '款項已退回你的錢包餘額。',
  },
  desk: {
    en: 'Please collect it at the studio desk.',
    'zh-Hans': '请到门店前台领取退款。',
    'zh-Hant': '請到門店櫃檯領取退款。',
  },
  card: {
    en: 'It goes back to the card or account you paid with; your bank may take a few days to show it.',
    'zh-Hans': '款项将原路退回你的支付账户，到账时间以银行为准。',
    'zh-Hant': '款項將原路退回你的付款帳戶，入帳時間以銀行為準。',
  },
  none: {
    en: 'Any points or coupon you used have been returned.',
    'zh-Hans': '使用的积分或优惠券已退回。',
    'zh-Hant': '使用的積分或優惠券已退回。',
  },
};

/** Staff's message with a refund, introduced after the sentence before it. */
const STUDIO_MESSAGE: Record<Locale, (message: string) => string> = {
  en: (message) => ` Message from the studio: “${message}”`,
  'zh-Hans': (message) => `商家留言：“${message}”`,
  'zh-Hant': (message) => `商家留言：「${message}」`,
};

const CREDITS: Record<Locale, (n: number) => string> = {
  en: (n) => `${n} ${n === 1 ? 'credit' : 'credits'}`,
  'zh-Hans': (n) => `${n} 次课时`,
  'zh-Hant': (n) => `${n} 次課時`,
};

const VALIDITY: Record<Locale, { until: (date: string) => string; forever: string }> = {
  en: { until: (date) => `valid until ${date}`, forever: 'with no expiry date' },
  'zh-Hans': { until: (date) => `有效期至 ${date}`, forever: '长期有效' },
  'zh-Hant': { until: (date) => `有效期至 ${date}`, forever: '長期有效' },
};

type DerivedParam = keyof typeof NOTICE_DERIVED_PARAMS;

/** A notice's text params in `locale`: its data's strings and numbers, and the derived params its fields allow. */
export function noticeParams(
  data: Record<string, unknown>,
  locale: Locale,
  timezone: string,
  currency: string,
): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
  }
  // A reason staff wrote is quoted as a sentence: "sorry!" keeps its "!" and gets no "." after it.
  if (typeof data.reason === 'string') params.reason = closeSentence(data.reason, locale);
  // A name staff wrote in several languages (`name_i18n`) reads in the reader's, when it has one.
  for (const [key, value] of Object.entries(data)) {
    const text = key.endsWith('_i18n') && value && typeof value === 'object' ? (value as Phrases)[locale] : undefined;
    if (typeof text === 'string' && text !== '') params[key.slice(0, -'_i18n'.length)] = text;
  }
  const derived: Partial<Record<DerivedParam, string>> = {};
  const { starts_at, amount, expires_at, remaining, class_count, to, message } = data;
  if (typeof starts_at === 'string') derived.when = formatDateTime(starts_at, locale, timezone);
  if (typeof amount === 'number') derived.amount = formatMoney(amount, currency);
  if (typeof expires_at === 'string') {
    derived.deadline = formatDateTime(expires_at, locale, timezone);
    derived.date = formatDate(expires_at, locale, timezone);
  }
  if ('expires_at' in data) {
    derived.validity =
      typeof expires_at === 'string' ? VALIDITY[locale].until(derived.date!) : VALIDITY[locale].forever;
  }
  const credits = typeof remaining === 'number' ? remaining : class_count;
  if (typeof credits === 'number') derived.credits = CREDITS[locale](credits);
  if (typeof to === 'string') {
    derived.destination = REFUND_DESTINATION[Object.hasOwn(REFUND_DESTINATION, to) ? (to as 'wallet') : 'card'][locale];
  }
  // Every notice that may carry a message reads without one when staff wrote none (or before they could).
  derived.studio_message = typeof message === 'string' && message.trim() ? STUDIO_MESSAGE[locale](message.trim()) : '';
  return { ...params, ...derived };
}
