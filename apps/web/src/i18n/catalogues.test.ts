// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERRORS } from '@studio/contract/errors';
import { LOCALES } from '@studio/contract/locale';
import { VALIDATION_KEYS } from '@studio/contract/validators';
import { describe, expect, it } from 'vitest';
import { loadAllCatalogues, translationOf } from './resources';

const srcDir = fileURLToPath(new URL('..', import.meta.url));

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value !== 'object' || value === null) return { [prefix]: String(value) };
  return Object.entries(value).reduce<Record<string, string>>(
    (out, [key, child]) => Object.assign(out, flatten(child, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Keys the code uses literally: t('a.b'), i18n.t('a.b'), i18nKey="a.b", and table entries whose
 * property name ends in Key (titleKey: 'a.b', labelKey: 'a.b'). Keys built at run time
 * (`errors.${name}`, `validation.${key}`) are covered by the contract checks below.
 */
const KEY_PATTERNS = [
  /\bt\(\s*['"`]([\w-]+(?:\.[\w-]+)+)['"`]/g,
  /\bi18nKey=["']([\w-]+(?:\.[\w-]+)+)["']/g,
  /\b\w+Key:\s*['"]([\w-]+(?:\.[\w-]+)+)['"]/g,
];

function usedKeys(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of KEY_PATTERNS) {
      for (const match of text.matchAll(pattern)) found.set(match[1] as string, relative(srcDir, file));
    }
  }
  return found;
}

const catalogues = await loadAllCatalogues();
const flat = Object.fromEntries(LOCALES.map((l) => [l, flatten(translationOf(l, catalogues[l]))])) as Record<
  (typeof LOCALES)[number],
  Record<string, string>
>;

describe('translation catalogues', () => {
  it('exist for every locale with the same files', () => {
    const files = Object.keys(catalogues.en.files).sort();
    expect(files.length).toBeGreaterThan(0);
    for (const locale of LOCALES) expect(Object.keys(catalogues[locale].files).sort(), locale).toEqual(files);
  });

  it("carry antd-mobile's texts in each locale's own language", () => {
    expect(catalogues.en.antd.common.confirm).toBe('Confirm');
    expect(catalogues['zh-Hans'].antd.common.confirm).toBe('确定');
    expect(catalogues['zh-Hant'].antd.common.confirm).toBe('確定');
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the keys of en', (locale) => {
    const missing = Object.keys(flat.en).filter((k) => !(k in flat[locale]));
    const extra = Object.keys(flat[locale]).filter((k) => !(k in flat.en));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s uses the same {{placeholders}} as en', (locale) => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const differing = Object.keys(flat.en).filter(
      (k) => JSON.stringify(placeholders(flat.en[k] ?? '')) !== JSON.stringify(placeholders(flat[locale][k] ?? '')),
    );
    expect(differing).toEqual([]);
  });

  it('has no empty translations', () => {
    const empty = LOCALES.flatMap((l) =>
      Object.keys(flat[l])
        .filter((k) => !flat[l][k]?.trim())
        .map((k) => `${l}:${k}`),
    );
    expect(empty).toEqual([]);
  });

  it('translates every key the code uses, in every locale', () => {
    const keys = usedKeys();
    expect(keys.size).toBeGreaterThan(20);
    const missing = LOCALES.flatMap((locale) =>
      [...keys]
        // A counted text (t(key, { count })) is found under its plural forms (key_one, key_other).
        .filter(([key]) => !(key in flat[locale]) && !(`${key}_other` in flat[locale]))
        .map(([key, file]) => `${locale}: ${key} (${file})`),
    );
    expect(missing).toEqual([]);
  });

  it('translates every validation message of the contract', () => {
    const missing = LOCALES.flatMap((l) =>
      VALIDATION_KEYS.filter((k) => !flat[l][`validation.${k}`]).map((k) => `${l}:${k}`),
    );
    expect(missing).toEqual([]);
  });

  it('takes every error message from the contract', () => {
    for (const locale of LOCALES) {
      for (const name of Object.keys(ERRORS) as (keyof typeof ERRORS)[]) {
        expect(flat[locale][`errors.${name}`]).toBe(ERRORS[name].msg[locale].replace(/\{(\w+)\}/g, '{{$1}}'));
      }
    }
  });
});

describe('wording', () => {
  /** Mainland terms and the ones Traditional Chinese readers (Taiwan, Hong Kong) use instead. */
  const MAINLAND_TERMS: [RegExp, string][] = [
    [/手機號(?!碼)/, '手機號碼'],
    [/郵箱/, '電子郵件'],
    [/信息/, '資訊'],
    [/默認/, '預設'],
    [/登錄/, '登入'],
    [/賬號|賬戶/, '帳號'],
    [/視頻/, '影片'],
    [/用戶/, '使用者'],
    [/獲取/, '取得'],
    [/設置/, '設定'],
    [/數據/, '資料'],
    [/網絡/, '網路'],
    [/短信/, '簡訊'],
    [/聯繫/, '聯絡'],
  ];

  it.each(MAINLAND_TERMS)('zh-Hant says no %s (but %s)', (term) => {
    expect(Object.entries(flat['zh-Hant']).filter(([, text]) => term.test(text))).toEqual([]);
  });

  it.each(LOCALES)('%s names the schedule page as its tab', (locale) => {
    expect(flat[locale]['classes.schedule.title']).toBe(flat[locale]['common.tabs.reservation']);
  });

  it('English links accounts rather than binding them', () => {
    expect(Object.entries(flat.en).filter(([, text]) => /\b(bind|bound)\b/i.test(text))).toEqual([]);
  });
});
