import { callingCodeOf, PHONE_COUNTRIES } from '@studio/contract/phone';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The studio's country (setting): every country the phone metadata knows, by name in the staff's language. */
export function CountrySelect(props: { value?: string; onChange?: (value: string) => void; id?: string }) {
  const { i18n } = useTranslation();
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return PHONE_COUNTRIES.map((code) => ({
      value: code,
      label: `${names.of(code) ?? code} (${callingCodeOf(code)})`,
    })).sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [i18n.language]);
  return <Select showSearch optionFilterProp="label" style={{ width: 280 }} options={options} {...props} />;
}
