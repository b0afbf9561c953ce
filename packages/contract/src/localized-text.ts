import { z } from 'zod';
import { FALLBACK_LOCALE, LOCALES, type Locale } from './locale';

/**
 * A studio-authored text in several languages (a course's name, a room's address...): a value per
 * locale, any of them missing. Every module that stores such a text uses this type.
 */
export type LocalizedText = Partial<Record<Locale, string>>;

export const localeSchema = z.enum(LOCALES);

/** Per-locale values as answered to staff (e.g. a course's `name_i18n`); keys other than the app's locales are refused. */
export const localizedTextSchema = z.partialRecord(localeSchema, z.string());

/**
 * An admin input for a translatable text: a plain string, as these calls always took (it sets the
 * studio's default language's value), or per-locale values, each checked by `value` (a name's
 * length...). Per-locale values must name at least one locale.
 */
export function localizedInput<T extends z.ZodType<string, string>>(value: T) {
  return z.union([
    value,
    z
      .partialRecord(localeSchema, value)
      .refine((values) => Object.keys(values).length > 0, { message: 'At least one locale is required' }),
  ]);
}

/** The other script of the same language: a reader of Traditional Chinese reads Simplified before English, and back. */
const SAME_LANGUAGE: Partial<Record<Locale, Locale>> = { 'zh-Hans': 'zh-Hant', 'zh-Hant': 'zh-Hans' };

/** The text's value in `locale`, else in the same language's other script; '' when neither is written. */
export function ownOrSameLanguage(text: LocalizedText, locale: Locale): string {
  const sibling = SAME_LANGUAGE[locale];
  return text[locale] || (sibling && text[sibling]) || '';
}

/**
 * The text to show in `locale`: its own value, else the same language's other script (zh-Hant ↔
 * zh-Hans), else the fallback locale's (the studio's default language), else any value there is. An
 * empty value counts as missing, so a translation left blank falls back instead of showing nothing.
 */
export function localize(
  text: LocalizedText | null | undefined,
  locale: Locale,
  fallbackLocale: Locale = FALLBACK_LOCALE,
): string {
  if (!text) return '';
  return ownOrSameLanguage(text, locale) || text[fallbackLocale] || LOCALES.map((l) => text[l]).find(Boolean) || '';
}

/**
 * How an admin's input changes a stored text. A plain string sets the default language's value and
 * keeps the translations already there; per-locale values replace them all (blank ones dropped).
 * `value` is the default language's text (falling back like `localize`), for the plain text column
 * that search, sorting and readers that ask for no locale use.
 */
export function applyLocalizedInput(
  input: string | LocalizedText,
  defaultLocale: Locale,
  existing: LocalizedText = {},
): { value: string; values: LocalizedText } {
  const values: LocalizedText =
    typeof input === 'string'
      ? { ...existing, [defaultLocale]: input }
      : Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== ''));
  return { value: localize(values, defaultLocale, defaultLocale), values };
}
