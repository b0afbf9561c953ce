import type { Locale } from '@studio/contract/locale';
import { type LocalizedText, ownOrSameLanguage } from '@studio/contract/localized-text';
import { jsonb } from 'drizzle-orm/pg-core';

/**
 * Studio-authored texts are stored as two columns: the plain text column holds the studio's default
 * language (so every query that searches, sorts or reads it keeps working), and this jsonb column
 * beside it (`<name>_i18n`, named explicitly: snake_case casing would make it `name_i_18n`) holds every locale's value, the default's included, as staff entered them.
 */
export const localizedValues = (name: `${string}_i18n`) => jsonb(name).$type<LocalizedText>().notNull().default({});

/**
 * A stored text in the caller's locale: the locale's own value, else the same language's other
 * script (zh-Hant ↔ zh-Hans, as `localize`), else the default-language column (which
 * applyLocalizedInput already filled from any value when the default one was missing). No locale
 * (pushes, the teacher's own editing) means the default language. Resolved in memory from the
 * columns the same statement selected: a list costs no query more per row.
 */
export function textIn(value: string, values: LocalizedText | null | undefined, locale: Locale | undefined): string {
  return (locale && values && ownOrSameLanguage(values, locale)) || value;
}
