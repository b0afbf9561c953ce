import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applyLocalizedInput, localize, localizedInput, localizedTextSchema } from './localized-text';

describe('localize', () => {
  const text = { en: 'Morning Vinyasa', 'zh-Hans': '晨间流瑜伽' };

  it("answers the locale's own value", () => {
    expect(localize(text, 'zh-Hans', 'en')).toBe('晨间流瑜伽');
    expect(localize(text, 'en', 'zh-Hans')).toBe('Morning Vinyasa');
  });

  it('falls back to the same language in its other script, then the fallback locale, then any value', () => {
    expect(localize(text, 'zh-Hant', 'en')).toBe('晨间流瑜伽');
    expect(localize({ en: 'Yin', 'zh-Hant': '陰瑜伽' }, 'zh-Hans', 'en')).toBe('陰瑜伽');
    expect(localize({ en: 'Yin', 'zh-Hans': '阴瑜伽' }, 'en', 'zh-Hant')).toBe('Yin');
    expect(localize({ 'zh-Hant': '晨間流瑜伽' }, 'en', 'zh-Hans')).toBe('晨間流瑜伽');
  });

  it('takes a blank value as missing', () => {
    expect(localize({ en: 'Yin Yoga', 'zh-Hans': '' }, 'zh-Hans', 'en')).toBe('Yin Yoga');
  });

  it('answers an empty string when there is no value at all', () => {
    expect(localize({}, 'en')).toBe('');
    expect(localize(null, 'zh-Hans')).toBe('');
  });
});

describe('applyLocalizedInput', () => {
  it('a plain string sets the default language and keeps the translations', () => {
    expect(applyLocalizedInput('Yin', 'en', { en: 'Old', 'zh-Hans': '阴瑜伽' })).toEqual({
      value: 'Yin',
      values: { en: 'Yin', 'zh-Hans': '阴瑜伽' },
    });
    expect(applyLocalizedInput('阴瑜伽', 'zh-Hans')).toEqual({ value: '阴瑜伽', values: { 'zh-Hans': '阴瑜伽' } });
  });

  it('per-locale values replace the stored ones; the column gets the default language or another value', () => {
    expect(applyLocalizedInput({ 'zh-Hant': '陰瑜伽', en: '' }, 'en', { en: 'Yin', 'zh-Hans': '阴瑜伽' })).toEqual({
      value: '陰瑜伽',
      values: { 'zh-Hant': '陰瑜伽' },
    });
  });
});

describe('localizedInput', () => {
  const name = localizedInput(z.string().trim().min(1).max(64));

  it('takes a plain string or per-locale values checked like the string', () => {
    expect(name.parse(' Yin ')).toBe('Yin');
    expect(name.parse({ en: 'Yin', 'zh-Hans': ' 阴瑜伽 ' })).toEqual({ en: 'Yin', 'zh-Hans': '阴瑜伽' });
    expect(name.safeParse({ en: '' }).success).toBe(false);
    expect(name.safeParse({ en: 'x'.repeat(65) }).success).toBe(false);
  });

  it('refuses an unknown locale and an empty object', () => {
    expect(name.safeParse({ fr: 'Yin' }).success).toBe(false);
    expect(name.safeParse({}).success).toBe(false);
    expect(localizedTextSchema.safeParse({ en: 'x', de: 'y' }).success).toBe(false);
  });
});
