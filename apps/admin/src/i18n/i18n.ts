import { FALLBACK_LOCALE, LOCALES, type Locale, resolveLocale } from '@studio/contract/locale';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The back office speaks the member app's languages: English, Simplified and Traditional Chinese.
 * Each area keeps its strings in its own namespace file,
 * `locales/<language>/<namespace>.json`; every file found here is loaded, so an area adds a file and
 * nothing else.
 */

const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

/** { en: { common: {...}, schedule: {...} }, 'zh-Hans': {...} } from the files above. */
function resourcesOf(found: Record<string, Record<string, unknown>>) {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, catalogue] of Object.entries(found)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match?.[1] || !match[2]) continue;
    resources[match[1]] ??= {};
    (resources[match[1]] as Record<string, Record<string, unknown>>)[match[2]] = catalogue;
  }
  return resources;
}

const STORAGE_KEY = 'studio-admin-locale';

function initialLocale(): Locale {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  return resolveLocale(saved ?? globalThis.navigator?.language);
}

void i18n.use(initReactI18next).init({
  resources: resourcesOf(files),
  lng: initialLocale(),
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  defaultNS: 'common',
  ns: ['common'],
  interpolation: { escapeValue: false },
  initAsync: false,
});

function markDocument(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
markDocument(i18n.language);
i18n.on('languageChanged', markDocument);

/** Switches the language and remembers it on this computer. */
export async function changeLanguage(locale: Locale): Promise<void> {
  globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
