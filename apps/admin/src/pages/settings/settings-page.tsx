import { toMajorUnits, toMinorUnits } from '@studio/contract/format';
import { LOCALE_NAMES, LOCALES } from '@studio/contract/locale';
import {
  adminMerchantCalls,
  merchantSaveInput,
  SHOP_RULES,
  STUDIO_CURRENCIES,
  STUDIO_RULES,
  type StudioRule,
} from '@studio/contract/merchant';
import { ENABLEABLE_PAY_TYPES } from '@studio/contract/payments';
import { TOP_UP_MAX, TOP_UP_MIN } from '@studio/contract/wallet';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Flex, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { callQuery } from '@/shared/api/client';
import { requiredRule, zodRule } from '@/shared/forms/forms';
import { LocalizedFields, localizedValue, optionalLocalizedValue } from '@/shared/forms/localized-fields';
import { ImageUpload } from '@/shared/ui/image-upload';
import { Page, QueryState } from '@/shared/ui/page';
import { CountrySelect } from './country-select';
import { InvitationsCard } from './invitations-card';
import { NOTIFICATION_RULES } from './notification-changes';
import { NotificationsCard } from './notifications-card';
import { ServiceCenterCard } from './service-center-card';
import { type Merchant, RuleField, useSaveStudio } from './settings-form';
import { WebViewCard } from './web-view-card';

/** The rules of the Rules card: every studio rule but those about notices (in Notifications). */
const RULE_NAMES = (Object.keys(STUDIO_RULES) as StudioRule[]).filter(
  (name) => !(NOTIFICATION_RULES as readonly StudioRule[]).includes(name),
);

/** Time zones this browser knows, for the picker (the server checks the name again). */
const TIME_ZONES: string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf(key: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return ['Europe/London', 'Asia/Shanghai', 'Asia/Hong_Kong', 'America/New_York'];
  }
})();

/** The studio's information and its rules, with their defaults; `#payments` opens at the Payments card. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const merchant = useQuery(callQuery(adminMerchantCalls.get, {}));
  const { hash } = useLocation();
  const loaded = merchant.data !== undefined;
  useEffect(() => {
    if (loaded && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
  return (
    <Page title={t('title')}>
      <QueryState query={merchant}>
        {(data) => (
          <Flex vertical gap={16}>
            <StudioCard merchant={data.merchant} />
            <RulesCard merchant={data.merchant} />
            <NotificationsCard merchant={data.merchant} />
            <InvitationsCard merchant={data.merchant} />
            <WebViewCard merchant={data.merchant} />
            <ServiceCenterCard merchant={data.merchant} />
            <PaymentsCard merchant={data.merchant} />
          </Flex>
        )}
      </QueryState>
    </Page>
  );
}

interface StudioFields {
  name: Record<string, string>;
  description: Record<string, string>;
  address: Record<string, string>;
  phone: string;
  logo: string | null;
  currency: (typeof STUDIO_CURRENCIES)[number];
  timezone: string;
  country: string;
  default_locale: (typeof LOCALES)[number];
}

function StudioCard({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<StudioFields>();
  const save = useSaveStudio(form);
  return (
    <Card size="small" title={t('studio.title')}>
      <Form<StudioFields>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{
          name: merchant.name_i18n,
          description: merchant.description_i18n,
          address: merchant.address_i18n,
          phone: merchant.phone,
          logo: merchant.logo || null,
          currency: merchant.currency as StudioFields['currency'],
          timezone: merchant.timezone,
          country: merchant.country,
          default_locale: merchant.default_locale,
        }}
        onFinish={(f) =>
          save.mutate({
            name: localizedValue(f.name),
            description: optionalLocalizedValue(f.description) ?? '',
            address: optionalLocalizedValue(f.address) ?? '',
            phone: f.phone ?? '',
            logo: f.logo ?? '',
            currency: f.currency,
            timezone: f.timezone,
            country: f.country,
            default_locale: f.default_locale,
          })
        }
      >
        <LocalizedFields name="name" label={t('studio.name')} required maxLength={64} />
        <Form.Item name="logo" label={t('studio.logo')}>
          <ImageUpload label={t('studio.logo')} />
        </Form.Item>
        <LocalizedFields name="address" label={t('studio.address')} maxLength={200} />
        <LocalizedFields name="description" label={t('studio.description')} maxLength={1000} multiline />
        <Form.Item name="phone" label={t('studio.phone')} rules={[zodRule(merchantSaveInput.shape.phone)]}>
          <Input maxLength={40} style={{ maxWidth: 280 }} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="currency" label={t('studio.currency')} rules={[requiredRule()]}>
            <Select style={{ width: 160 }} options={STUDIO_CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item name="timezone" label={t('studio.timezone')} rules={[requiredRule()]}>
            <Select showSearch style={{ width: 260 }} options={TIME_ZONES.map((z) => ({ value: z, label: z }))} />
          </Form.Item>
          <Form.Item
            name="country"
            label={t('studio.country')}
            extra={t('studio.countryHelp')}
            rules={[requiredRule()]}
          >
            <CountrySelect />
          </Form.Item>
          <Form.Item name="default_locale" label={t('studio.defaultLocale')} extra={t('studio.defaultLocaleHelp')}>
            <Select style={{ width: 180 }} options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))} />
          </Form.Item>
        </Flex>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('studio.save')}
        </Button>
      </Form>
    </Card>
  );
}

type RuleFields = Partial<Record<StudioRule, number>>;

function RulesCard({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<RuleFields>();
  const save = useSaveStudio(form);
  return (
    <Card size="small" title={t('rules.title')}>
      <Form<RuleFields>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{
          booking_window_days: merchant.booking_window_days,
          cancel_window_hours: merchant.cancel_window_hours,
          token_ttl_days: merchant.token_ttl_days,
          order_auto_cancel_minutes: merchant.order_auto_cancel_minutes,
          ...Object.fromEntries(
            SHOP_RULES.filter((name) => RULE_NAMES.includes(name)).map((name) => [name, merchant[name]]),
          ),
        }}
        onFinish={(f) => save.mutate(f)}
      >
        {RULE_NAMES.map((name) => (
          <RuleField key={name} name={name} form={form} />
        ))}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('rules.save')}
        </Button>
      </Form>
    </Card>
  );
}

interface PaymentFields {
  pay_types: (typeof ENABLEABLE_PAY_TYPES)[number][];
  /** Pounds as staff type them. */
  top_up_presets: (number | string)[];
}

/** Which payment methods members are offered, and the top-up page's preset amounts. */
function PaymentsCard({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<PaymentFields>();
  const save = useSaveStudio(form);
  return (
    <Card size="small" title={t('payments.title')} id="payments">
      <Form<PaymentFields>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{
          pay_types: merchant.pay_types.filter((p): p is PaymentFields['pay_types'][number] =>
            (ENABLEABLE_PAY_TYPES as readonly string[]).includes(p),
          ),
          top_up_presets: merchant.top_up_presets.map(toMajorUnits),
        }}
        onFinish={(f) =>
          save.mutate({ pay_types: f.pay_types, top_up_presets: f.top_up_presets.map((p) => toMinorUnits(Number(p))) })
        }
      >
        <Form.Item
          name="pay_types"
          label={t('payments.payTypes')}
          extra={t('payments.payTypesHelp')}
          rules={[
            {
              // A validator, not `required`: antd would put aria-required on the group, which has no such role.
              validator: async (_rule, value: unknown[] = []) => {
                if (value.length === 0) throw new Error(t('payments.atLeastOne'));
              },
            },
          ]}
        >
          <Checkbox.Group options={ENABLEABLE_PAY_TYPES.map((p) => ({ value: p, label: t(`payments.types.${p}`) }))} />
        </Form.Item>
        <Form.Item
          name="top_up_presets"
          label={t('payments.presets')}
          extra={t('payments.presetsHelp', { min: toMajorUnits(TOP_UP_MIN), max: toMajorUnits(TOP_UP_MAX) })}
          rules={[
            {
              validator: async (_rule, value: (number | string)[] = []) => {
                const pounds = value.map(Number);
                const ok =
                  pounds.length >= 1 &&
                  pounds.length <= 8 &&
                  new Set(pounds).size === pounds.length &&
                  pounds.every((p) => toMinorUnits(p) >= TOP_UP_MIN && toMinorUnits(p) <= TOP_UP_MAX);
                if (!ok) throw new Error(t('payments.presetsInvalid'));
              },
            },
          ]}
        >
          <Select
            mode="tags"
            aria-label={t('payments.presets')}
            style={{ maxWidth: 420 }}
            tokenSeparators={[',', ' ']}
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('payments.save')}
        </Button>
      </Form>
    </Card>
  );
}
