import { LOCALE_NAMES, LOCALES } from '@studio/contract/locale';
import type { LocalizedText } from '@studio/contract/localized-text';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

/**
 * A studio-authored text in every language the member app speaks: one input per language, under
 * `name.<locale>` of the form. `required`: at least one language must be filled.
 */
export function LocalizedFields({
  name,
  label,
  required = false,
  maxLength,
  multiline = false,
}: {
  name: string;
  label: string;
  required?: boolean;
  maxLength?: number;
  multiline?: boolean;
}) {
  const { t } = useTranslation();
  const atLeastOne: Rule = ({ getFieldValue }) => ({
    validator: async () => {
      const values = (getFieldValue(name) ?? {}) as LocalizedText;
      if (!required || LOCALES.some((l) => values[l]?.trim())) return;
      throw new Error(t('validation:oneLanguage'));
    },
  });
  return (
    <fieldset className="localized-fields">
      <legend>{label}</legend>
      <div className={multiline ? undefined : 'localized-row'}>
        {LOCALES.map((locale, index) => (
          <Form.Item
            key={locale}
            name={[name, locale]}
            label={LOCALE_NAMES[locale]}
            rules={index === 0 ? [atLeastOne, { max: maxLength }] : [{ max: maxLength }]}
            dependencies={index === 0 ? LOCALES.slice(1).map((l) => [name, l]) : undefined}
          >
            {multiline ? <Input.TextArea rows={3} maxLength={maxLength} /> : <Input maxLength={maxLength} />}
          </Form.Item>
        ))}
      </div>
    </fieldset>
  );
}

/** What a save call takes for such a text: the filled languages only. */
export function localizedValue(values: LocalizedText | undefined): LocalizedText {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));
}

/** The same for an optional text: nothing at all (left as it is) when no language is filled. */
export function optionalLocalizedValue(values: LocalizedText | undefined): LocalizedText | undefined {
  const filled = localizedValue(values);
  return Object.keys(filled).length > 0 ? filled : undefined;
}
