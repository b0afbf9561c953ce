import {
  abbreviateNumber,
  CURRENCY_SYMBOLS,
  DEFAULT_CURRENCY,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTimeAgo,
} from '@studio/contract/format';
import { resolveLocale } from '@studio/contract/locale';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMchInfo } from '@/shared/merchant/mch-info';

type Time = string | number | Date;

/** The contract's formatters bound to the current language and the merchant's currency and timezone. */
export function useFormat() {
  const { i18n } = useTranslation();
  const { data } = useMchInfo();
  const locale = resolveLocale(i18n.language);
  const currency = data?.mchInfo.currency || DEFAULT_CURRENCY;
  const tz = data?.mchInfo.timezone;
  return useMemo(
    () => ({
      money: (minor: number) => formatMoney(minor, currency),
      /** The studio's currency as a sign ("£"), for icons that stand for paying. */
      currencySymbol: CURRENCY_SYMBOLS[currency.toUpperCase()] ?? currency.toUpperCase(),
      dateTime: (time: Time) => formatDateTime(time, locale, tz),
      date: (time: Time) => formatDate(time, locale, tz),
      timeAgo: (time: Time, now: Time = Date.now()) => formatTimeAgo(time, now, locale, tz),
      count: (value: number) => abbreviateNumber(value, locale),
    }),
    [currency, locale, tz],
  );
}
