import {
  DEFAULT_CURRENCY,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTimeAgo,
  inZone,
} from '@studio/contract/format';
import { resolveLocale } from '@studio/contract/locale';
import { merchantCalls } from '@studio/contract/merchant';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { callQuery } from '@/shared/api/client';

type Time = string | number | Date;

/** The studio's public profile (name, logo, currency, timezone), cached for the whole visit. */
export function useStudio() {
  return useQuery({ ...callQuery(merchantCalls.getMchInfo, {}), staleTime: 5 * 60_000 });
}

/** The contract's formatters bound to the back office's language and the studio's currency and timezone. */
export function useFormat() {
  const { i18n } = useTranslation();
  const { data } = useStudio();
  const locale = resolveLocale(i18n.language);
  const currency = data?.mchInfo.currency || DEFAULT_CURRENCY;
  const tz = data?.mchInfo.timezone;
  return useMemo(
    () => ({
      locale,
      timezone: tz,
      money: (minor: number) => formatMoney(minor, currency),
      dateTime: (time: Time) => formatDateTime(time, locale, tz),
      date: (time: Time) => formatDate(time, locale, tz),
      time: (time: Time) => inZone(time, tz).format('HH:mm'),
      /** YYYY-MM-DD HH:mm in the studio's timezone: for tables, where columns must line up. */
      stamp: (time: Time) => inZone(time, tz).format('YYYY-MM-DD HH:mm'),
      timeAgo: (time: Time, now: Time = Date.now()) => formatTimeAgo(time, now, locale, tz),
      number: (value: number) => value.toLocaleString(locale),
    }),
    [currency, locale, tz],
  );
}
