import { FALLBACK_LOCALE, type Locale } from '@studio/contract/locale';

/*
 * The texts the frame shows before the app's code has loaded (app/shell.ts): the tab bar's, which
 * are also the headings of the tab pages that have one, and the test mode band's, in every language.
 * They are read from the catalogue files, so each is written once (the frame's chunk then carries
 * those two parts of each language's common.json).
 */
const groups = {
  'common.tabs.': import.meta.glob<Record<string, string>>('./locales/*/common.json', { eager: true, import: 'tabs' }),
  'common.testMode.': import.meta.glob<Record<string, string>>('./locales/*/common.json', {
    eager: true,
    import: 'testMode',
  }),
};

/** The text of a `common.tabs.*` or `common.testMode.*` key in `locale` (else English), as i18next would give it. */
export function shellText(locale: Locale, key: string): string {
  const [prefix, texts] = Object.entries(groups).find(([group]) => key.startsWith(group)) ?? [];
  const name = prefix ? key.slice(prefix.length) : undefined;
  for (const language of [locale, FALLBACK_LOCALE]) {
    const text = name && texts?.[`./locales/${language}/common.json`]?.[name];
    if (text) return text;
  }
  throw new Error(`the frame's texts (i18n/shell-texts.ts) do not include ${key}`);
}
