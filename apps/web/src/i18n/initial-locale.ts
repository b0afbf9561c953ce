import { type Locale, resolveLocale } from '@studio/contract/locale';
import { useLifeData } from '@/shared/store/life-data';

/** The language at launch: the member's saved choice, else the browser's (spec 1). */
export function initialLocale(): Locale {
  return useLifeData.getState().app.locale ?? resolveLocale(globalThis.navigator?.language);
}
