export const LOCALES = ['en', 'zh-Hans', 'zh-Hant'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en';

/** Each language named in itself, as every language picker shows it, so anyone can find theirs. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'zh-Hans': '简体中文', 'zh-Hant': '繁體中文' };

/** Maps a header value such as `zh-CN` or `zh_TW` to one of the supported locales. */
export function resolveLocale(value: string | undefined | null): Locale {
  if (!value) return FALLBACK_LOCALE;
  const v = value.toLowerCase().replace('_', '-');
  if (v.startsWith('zh-hant') || v.startsWith('zh-tw') || v.startsWith('zh-hk') || v.startsWith('zh-mo'))
    return 'zh-Hant';
  if (v.startsWith('zh')) return 'zh-Hans';
  return 'en';
}
