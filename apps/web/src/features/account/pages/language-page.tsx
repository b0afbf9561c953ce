import { LOCALE_NAMES, LOCALES, type Locale, resolveLocale } from '@studio/contract/locale';
import { List, Radio } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setLocale } from '@/i18n/i18n';
import { showToast } from '@/shared/ui/feedback';

export function LanguagePage() {
  const { t, i18n } = useTranslation();
  // The tapped language shows as chosen at once, while its catalogue is fetched (English needs none).
  const [choosing, setChoosing] = useState<Locale | null>(null);
  const current = choosing ?? resolveLocale(i18n.language);

  async function choose(locale: Locale): Promise<void> {
    if (locale === current) return;
    setChoosing(locale);
    try {
      await setLocale(locale);
      // Translated with the language just chosen (this render's t still speaks the old one).
      showToast(i18n.t('account.language.changed'));
    } catch {
      showToast(i18n.t('common.api.networkError'));
    } finally {
      setChoosing((shown) => (shown === locale ? null : shown));
    }
  }

  return (
    <Radio.Group value={current} onChange={(value) => void choose(value as Locale)}>
      <List aria-label={t('account.language.title')}>
        {LOCALES.map((locale) => (
          <List.Item key={locale}>
            <Radio value={locale} block>
              <span lang={locale}>{LOCALE_NAMES[locale]}</span>
            </Radio>
          </List.Item>
        ))}
      </List>
    </Radio.Group>
  );
}
