import { FALLBACK_LOCALE, LOCALES, type Locale, resolveLocale } from '@studio/contract/locale';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { patchLifeData, useLifeData } from '@/shared/store/life-data';
import { buildResources } from './resources';

/** The language at launch: the member's saved choice, else the browser's (spec 1). */
function initialLocale(): Locale {
  return useLifeData.getState().app.locale ?? resolveLocale(globalThis.navigator?.language);
}

void i18n.use(initReactI18next).init({
  resources: buildResources(),
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

/** Switches the language and remembers the choice for the next launch. */
export async function setLocale(locale: Locale): Promise<void> {
  patchLifeData('app', { locale });
  await i18n.changeLanguage(locale);
}

export default i18n;
