import { FALLBACK_LOCALE, LOCALES, type Locale, resolveLocale } from '@studio/contract/locale';
import type { Locale as AntdLocale } from 'antd-mobile/es/locales/base';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { patchLifeData } from '@/shared/store/life-data';
import { initialLocale } from './initial-locale';
import { englishCatalogue, type LocaleCatalogue, loadCatalogue, translationOf } from './resources';

/** antd-mobile's texts of each language whose catalogue is here. */
const antdLocales = new Map<Locale, AntdLocale>([['en', englishCatalogue.antd]]);

void i18n.use(initReactI18next).init({
  // English only: another language's catalogue is fetched before the first render (ready, below).
  resources: { en: { translation: translationOf('en', englishCatalogue) } },
  lng: initialLocale(),
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  initAsync: false,
});

function markDocument(locale: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
markDocument(i18n.language);
i18n.on('languageChanged', markDocument);

function addCatalogue(locale: Locale, catalogue: LocaleCatalogue): void {
  i18n.addResourceBundle(locale, 'translation', translationOf(locale, catalogue), true, true);
  antdLocales.set(locale, catalogue.antd);
}

/** Fetches a language's catalogue unless it is already here. */
async function ensureCatalogue(locale: Locale): Promise<void> {
  if (antdLocales.has(locale)) return;
  addCatalogue(locale, await loadCatalogue(locale));
}

/**
 * Resolves once the launch language's catalogue is here: at once for English, after one small
 * fetch for another language. If that fetch fails the app still starts, in English.
 */
export const i18nReady: Promise<void> = ensureCatalogue(resolveLocale(i18n.language)).catch(() => {});

/** antd-mobile's texts for a language (English until that language's catalogue is here). */
export function antdLocaleOf(language: string): AntdLocale {
  return antdLocales.get(resolveLocale(language)) ?? englishCatalogue.antd;
}

let lastChosen: Locale | null = null;

/**
 * Switches the language, after fetching its catalogue, and remembers the choice for the next launch.
 * When another language is chosen while this one is still being fetched, the later choice wins.
 */
export async function setLocale(locale: Locale): Promise<void> {
  lastChosen = locale;
  await ensureCatalogue(locale);
  if (lastChosen !== locale) return;
  patchLifeData('app', { locale });
  await i18n.changeLanguage(locale);
}

export default i18n;
