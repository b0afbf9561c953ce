import type { Locale } from './locale';

type Messages = Record<Locale, string>;
export interface ErrorDef {
  /** The `code` field of the envelope: a number for the platform codes of the spec, else the name. */
  code?: number;
  /** HTTP status of the answer; 200 for business failures. */
  http?: number;
  msg: Messages;
}

/** An error's message in English, Simplified and Traditional Chinese. */
export const m = (en: string, zhHans: string, zhHant: string): Messages => ({
  en,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
});
