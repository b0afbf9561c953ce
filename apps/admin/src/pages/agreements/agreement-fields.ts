import type { AgreementText, AgreementVersionRecord } from '@studio/contract/agreements';
import { LOCALES, type Locale } from '@studio/contract/locale';

/** The editor's values: a title and HTML per language, empty strings for a language not written. */
export type AgreementFields = Record<Locale, { title: string; content: string }>;

/** The form's start: the draft's texts, else the current version's (to edit from), else nothing. */
export function fieldsOf(rows: readonly AgreementVersionRecord[]): AgreementFields {
  const start = rows.find((r) => r.published_at === null) ?? rows[0];
  return Object.fromEntries(
    LOCALES.map((l) => [l, { title: start?.texts[l]?.title ?? '', content: start?.texts[l]?.content ?? '' }]),
  ) as AgreementFields;
}

/**
 * The languages written (title and text both given) as the save call takes them; a language with only
 * one of the two is named in `incomplete`, so the form can say which field is missing.
 */
export function textsOf(fields: AgreementFields): {
  texts: Partial<Record<Locale, AgreementText>>;
  incomplete: { locale: Locale; field: 'title' | 'content' }[];
} {
  const texts: Partial<Record<Locale, AgreementText>> = {};
  const incomplete: { locale: Locale; field: 'title' | 'content' }[] = [];
  for (const locale of LOCALES) {
    const title = fields[locale]?.title.trim() ?? '';
    const content = fields[locale]?.content.trim() ?? '';
    if (title && content) texts[locale] = { title, content };
    else if (title) incomplete.push({ locale, field: 'content' });
    else if (content) incomplete.push({ locale, field: 'title' });
  }
  return { texts, incomplete };
}
