import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh i18n module, launched with `saved` as the member's remembered language. */
async function launch(saved: 'en' | 'zh-Hans' | 'zh-Hant' | null) {
  vi.resetModules();
  const { useLifeData } = await import('@/shared/store/life-data');
  useLifeData.setState((s) => ({ app: { ...s.app, locale: saved } }));
  const module = await import('./i18n');
  return { ...module, useLifeData };
}

beforeEach(() => {
  localStorage.clear();
});

describe('i18n', () => {
  it('starts in English with nothing to fetch', async () => {
    const { default: i18n, i18nReady, antdLocaleOf } = await launch('en');
    expect(i18n.t('common.ok')).toBe('OK');
    await i18nReady;
    expect(antdLocaleOf(i18n.language).common.confirm).toBe('Confirm');
  });

  it('fetches a saved language before the first render', async () => {
    const { default: i18n, i18nReady, antdLocaleOf } = await launch('zh-Hant');
    await i18nReady;
    expect(i18n.language).toBe('zh-Hant');
    expect(i18n.t('common.tabs.home')).not.toBe('Home');
    expect(antdLocaleOf(i18n.language).common.confirm).toBe('確定');
    expect(document.documentElement.lang).toBe('zh-Hant');
  });

  it('switches language after fetching it, and remembers the choice', async () => {
    const { default: i18n, setLocale, antdLocaleOf, useLifeData } = await launch(null);
    await setLocale('zh-Hans');
    expect(i18n.t('common.confirm')).toBe('确定');
    expect(i18n.t('errors.SYSTEM_ERROR')).toBe('系统错误，请稍后再试');
    expect(antdLocaleOf(i18n.language).common.confirm).toBe('确定');
    expect(useLifeData.getState().app.locale).toBe('zh-Hans');
  });

  it('keeps the later of two quick choices, whichever catalogue arrives first', async () => {
    const { default: i18n, setLocale, useLifeData } = await launch('en');
    const first = setLocale('zh-Hant');
    const second = setLocale('en');
    await Promise.all([first, second]);
    expect(i18n.language).toBe('en');
    expect(useLifeData.getState().app.locale).toBe('en');
  });
});
