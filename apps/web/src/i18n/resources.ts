import { ERRORS, type ErrorName } from '@studio/contract/errors';
import { LOCALES, type Locale } from '@studio/contract/locale';
import type { Locale as AntdLocale } from 'antd-mobile/es/locales/base';
import * as english from './locales/en';

type Catalogue = Record<string, unknown>;

/**
 * One language: `locales/<lng>/<file>.json` by file name (a file's name is the first segment of its
 * keys, so `locales/en/account.json` holds `account.*`) and antd-mobile's texts. `locales/<lng>.ts`
 * gathers them into one chunk per language. Add a feature's catalogue by adding a file per locale.
 */
export interface LocaleCatalogue {
  files: Record<string, Catalogue>;
  antd: AntdLocale;
}

// English is imported above; the others become a chunk each.
const modules = import.meta.glob<LocaleCatalogue>(['./locales/*.ts', '!./locales/en.ts']);

function byFileName(files: Record<string, Catalogue>): Record<string, Catalogue> {
  return Object.fromEntries(
    Object.entries(files).map(([path, catalogue]) => [/([^/]+)\.json$/.exec(path)?.[1] ?? path, catalogue]),
  );
}

/** English, bundled with the shell: the fallback of every other language. */
export const englishCatalogue: LocaleCatalogue = { files: byFileName(english.files), antd: english.antd };

/** A language's catalogue, fetched with its chunk; English is already here. */
export async function loadCatalogue(locale: Locale): Promise<LocaleCatalogue> {
  if (locale === 'en') return englishCatalogue;
  const load = modules[`./locales/${locale}.ts`];
  if (!load) throw new Error(`no catalogue for ${locale}`);
  const module = await load();
  return { files: byFileName(module.files), antd: module.antd };
}

/** The `errors.*` catalogue of one locale, taken from the contract so messages are written once. */
export function errorCatalogue(locale: Locale): Record<ErrorName, string> {
  const entries = (Object.keys(ERRORS) as ErrorName[]).map(
    // The contract writes placeholders as {name}; i18next reads {{name}}.
    (name) => [name, ERRORS[name].msg[locale].replace(/\{(\w+)\}/g, '{{$1}}')] as const,
  );
  return Object.fromEntries(entries) as Record<ErrorName, string>;
}

/** The i18next resource of one locale: its catalogue files and the contract's error messages. */
export function translationOf(locale: Locale, catalogue: LocaleCatalogue): Catalogue {
  return { ...catalogue.files, errors: errorCatalogue(locale) };
}

/** Every locale's catalogue, all fetched (for the catalogue check). */
export async function loadAllCatalogues(): Promise<Record<Locale, LocaleCatalogue>> {
  const entries = await Promise.all(LOCALES.map(async (locale) => [locale, await loadCatalogue(locale)] as const));
  return Object.fromEntries(entries) as Record<Locale, LocaleCatalogue>;
}
