import { FALLBACK_LOCALE, type Locale } from '@studio/contract/locale';

/*
 * The texts the frame shows before the app's code has loaded (app/shell.ts): the tab bar's, which
 * are also the headings of the tab pages that have one, in every language. They are read from the
 * catalogue files, so each is written once (the frame's chunk then carries the small common.json of
 * each language).
 */
const tabs = import.meta.glob<Record<string, string>>('./locales/*/common.json', { eager: true, import: 'tabs' });

const TAB_KEY = 'common.tabs.';

/** The text of a `common.tabs.*` key in `locale` (else English), as i18next would give it. */
export function shellText(locale: Locale, key: string): string {
  const name = key.startsWith(TAB_KEY) ? key.slice(TAB_KEY.length) : undefined;
  for (const language of [locale, FALLBACK_LOCALE]) {
    const text = name && tabs[`./locales/${language}/common.json`]?.[name];
    if (text) return text;
  }
  throw new Error(`the frame's texts (i18n/shell-texts.ts) do not include ${key}`);
}
