import { ERRORS, type ErrorName } from '@studio/contract/errors';
import { LOCALES, type Locale } from '@studio/contract/locale';

type Catalogue = Record<string, unknown>;

/**
 * Every `locales/<lng>/<file>.json`; a file's name is the first segment of its keys, so
 * `locales/en/account.json` holds `account.*`. Add a feature's catalogue by adding a file per locale.
 */
const files = import.meta.glob<Catalogue>('./locales/*/*.json', { eager: true, import: 'default' });

/** The `errors.*` catalogue of one locale, taken from the contract so messages are written once. */
export function errorCatalogue(locale: Locale): Record<ErrorName, string> {
  const entries = (Object.keys(ERRORS) as ErrorName[]).map(
    // The contract writes placeholders as {name}; i18next reads {{name}}.
    (name) => [name, ERRORS[name].msg[locale].replace(/\{(\w+)\}/g, '{{$1}}')] as const,
  );
  return Object.fromEntries(entries) as Record<ErrorName, string>;
}

/** Catalogues by locale and file name, as found on disk (for the catalogue check). */
export function cataloguesByLocale(): Record<Locale, Record<string, Catalogue>> {
  const out = Object.fromEntries(LOCALES.map((l) => [l, {}])) as Record<Locale, Record<string, Catalogue>>;
  for (const [path, catalogue] of Object.entries(files)) {
    const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, locale, file] = match as unknown as [string, Locale, string];
    if (out[locale]) out[locale][file] = catalogue;
  }
  return out;
}

export function buildResources(): Record<Locale, { translation: Catalogue }> {
  const byLocale = cataloguesByLocale();
  const entries = LOCALES.map((locale) => [
    locale,
    { translation: { ...byLocale[locale], errors: errorCatalogue(locale) } },
  ]);
  return Object.fromEntries(entries);
}
