import { FALLBACK_LOCALE, type Locale } from '@studio/contract/locale';

/*
 * The texts the frame shows before the app's code has loaded (app/shell.ts): the tab bar's, which
 * are also the headings of the tab pages that have one, in every language. They are read from the
 * catalogue files, so each is written once (the frame's chunk then carries the small common.json of
 * each language).
 */
const tabs = import.meta.glob<Record<string, string>>('./locales/*/common.json', { eager: true, import: 'tabs' });

function texts(locale: Locale): Record<string, unknown> {
  return { common: { tabs: tabs[`./locales/${locale}/common.json`] } };
}

/** The text of an i18n key the frame carries, in `locale` (else English), as i18next would give it. */
export function shellText(locale: Locale, key: string): string {
  for (const language of [locale, FALLBACK_LOCALE]) {
    let node: unknown = texts(language);
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node === 'string') return node;
  }
  throw new Error(`the frame's texts (i18n/shell-texts.ts) do not include ${key}`);
}
