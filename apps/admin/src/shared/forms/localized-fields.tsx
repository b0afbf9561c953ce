import { WarningOutlined } from '@ant-design/icons';
import { LOCALE_NAMES, LOCALES, type Locale, resolveLocale } from '@studio/contract/locale';
import { type LocalizedText, localize } from '@studio/contract/localized-text';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

/**
 * A studio-authored text in every language the member app speaks: one input per language, under
 * `name.<locale>` of the form. `required`: at least one language must be filled. Filled in some
 * languages and not others, it says under the inputs (without blocking the save) which languages
 * are missing and what members using them read instead.
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
  const values = Form.useWatch(name, Form.useFormInstance()) as LocalizedText | undefined;
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
      <MissingLanguages values={values} />
    </fieldset>
  );
}

/**
 * What members read for each language left empty, grouped by the language they read instead:
 * the other script of the same language first, else English (the app's fallback), else what there is.
 */
export function missingLanguages(values: LocalizedText | undefined): { missing: Locale[]; shown: Locale }[] {
  const text = Object.fromEntries(
    Object.entries(values ?? {}).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  ) as LocalizedText;
  const written = LOCALES.filter((l) => text[l]);
  if (written.length === 0) return [];
  const groups = new Map<Locale, Locale[]>();
  for (const locale of LOCALES.filter((l) => !text[l])) {
    const shownText = localize(text, locale);
    const shown = written.find((l) => text[l] === shownText) ?? written[0]!;
    groups.set(shown, [...(groups.get(shown) ?? []), locale]);
  }
  return [...groups].map(([shown, missing]) => ({ missing, shown }));
}

/** The non-blocking warning under a text written in some languages only. */
function MissingLanguages({ values }: { values: LocalizedText | undefined }) {
  const { t, i18n } = useTranslation();
  const groups = missingLanguages(values);
  if (groups.length === 0) return null;
  const list = new Intl.ListFormat(resolveLocale(i18n.language), { type: 'conjunction' });
  return (
    <div className="localized-missing" role="status">
      <WarningOutlined aria-hidden />
      <span>
        {groups
          .map(({ missing, shown }) =>
            t(missing.length === 1 ? 'validation:missingLanguage' : 'validation:missingLanguages', {
              languages: list.format(missing.map((l) => LOCALE_NAMES[l])),
              shown: LOCALE_NAMES[shown],
            }),
          )
          .join(' ')}
      </span>
    </div>
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
