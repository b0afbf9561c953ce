// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@studio/contract/locale';
import { describe, expect, it } from 'vitest';

const localesDir = fileURLToPath(new URL('./locales', import.meta.url));

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value !== 'object' || value === null) return { [prefix]: String(value) };
  return Object.entries(value).reduce<Record<string, string>>(
    (out, [key, child]) => Object.assign(out, flatten(child, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

/** Every string of a language, keyed `<namespace>:<path>`. */
function catalogueOf(locale: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const file of readdirSync(`${localesDir}/${locale}`).sort()) {
    const namespace = file.replace(/\.json$/, '');
    const strings = flatten(JSON.parse(readFileSync(`${localesDir}/${locale}/${file}`, 'utf8')));
    for (const [key, text] of Object.entries(strings)) out[`${namespace}:${key}`] = text;
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)/g)].map((m) => m[1]).sort();
const catalogues = Object.fromEntries(LOCALES.map((locale) => [locale, catalogueOf(locale)]));
const english = catalogues.en as Record<string, string>;

describe('back-office catalogues', () => {
  it.each(LOCALES)('%s has every English key, no other, none empty', (locale) => {
    const strings = catalogues[locale] as Record<string, string>;
    expect(Object.keys(strings).sort()).toEqual(Object.keys(english).sort());
    expect(Object.entries(strings).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it.each(LOCALES)('%s uses the placeholders English uses', (locale) => {
    const strings = catalogues[locale] as Record<string, string>;
    const wrong = Object.keys(english).filter(
      (key) => placeholders(strings[key] ?? '').join() !== placeholders(english[key] ?? '').join(),
    );
    expect(wrong).toEqual([]);
  });

  it('Traditional Chinese is written in Traditional characters and Taiwan terms', () => {
    const hans = catalogues['zh-Hans'] as Record<string, string>;
    const hant = catalogues['zh-Hant'] as Record<string, string>;
    // Characters that exist only in Simplified, and mainland terms the member app's zh-Hant avoids.
    const simplifiedOnly = /[后这个说为们时设发钮语击户请输码选删线项页订单编辑显]|账号|郵箱|許可權|退出登入/;
    expect(Object.entries(hant).filter(([, text]) => simplifiedOnly.test(text))).toEqual([]);
    // Changed where Simplified and Traditional differ ("会员" → "會員").
    expect(hant['common:menu.members']).not.toBe(hans['common:menu.members']);
  });
});
