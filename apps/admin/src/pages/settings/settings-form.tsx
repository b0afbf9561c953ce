import { useCallMutation } from '@studio/client/mutation';
import {
  adminMerchantCalls,
  merchantCalls,
  merchantSaveInput,
  STUDIO_RULES,
  type StudioRule,
} from '@studio/contract/merchant';
import { App, Button, Flex, Form, type FormInstance, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '@/shared/api/client';
import { requiredRule, showSaveError, zodRule } from '@/shared/forms/forms';

/** The studio as admin/merchant.get answers it. */
export type Merchant = z.infer<typeof adminMerchantCalls.get.output>['merchant'];
export type MerchantChange = z.input<typeof merchantSaveInput>;

const refresh = [[adminMerchantCalls.get.url], [merchantCalls.getMchInfo.url]] as const;

/** Saves a change of the studio (admin/merchant.save): "Settings saved", or the error beside its field. */
export function useSaveStudio(form: FormInstance) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  return useCallMutation((input: MerchantChange) => call(adminMerchantCalls.save, input, { silent: true }), {
    invalidates: refresh,
    onSuccess: () => void message.success(t('saved')),
    onError: (error) => showSaveError(form, error),
  });
}

/**
 * One studio rule as a number field inside a Form: its label, unit, bounds and default (with "Use
 * the default"), and a line of help (settings `rules.<name>.*`).
 */
export function RuleField({ name, form }: { name: StudioRule; form: FormInstance }) {
  const { t } = useTranslation('settings');
  const bounds = STUDIO_RULES[name];
  return (
    <Form.Item label={t(`rules.${name}.label`)} required>
      <Flex gap={12} align="center" wrap>
        <Form.Item name={name} noStyle rules={[requiredRule(), zodRule(merchantSaveInput.shape[name])]}>
          <InputNumber
            min={bounds.min}
            max={bounds.max}
            precision={0}
            aria-label={t(`rules.${name}.label`)}
            addonAfter={t(`rules.${name}.unit`)}
            style={{ width: 200 }}
          />
        </Form.Item>
        <span className="secondary-text">
          {t('rules.defaultIs', { value: bounds.default, unit: t(`rules.${name}.unit`) })}
        </span>
        <Button type="link" size="small" onClick={() => form.setFieldValue(name, bounds.default)}>
          {t('rules.reset')}
        </Button>
      </Flex>
      <div className="secondary-text">{t(`rules.${name}.help`, { min: bounds.min, max: bounds.max })}</div>
    </Form.Item>
  );
}
