import { FAQ_MAX, FEEDBACK_DAILY_LIMIT, type ServiceCenterSettings, WEEKDAYS } from '@studio/contract/feedback';
import { LOCALE_NAMES, LOCALES } from '@studio/contract/locale';
import { merchantSaveInput } from '@studio/contract/merchant';
import { Button, Card, Flex, Form, Input, InputNumber, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '@/shared/forms/forms';
import { type Merchant, useSaveStudio } from './settings-form';

const fields = merchantSaveInput.shape.service_center.unwrap().shape;

/** One weekday: open or closed, and its hours ("HH:mm" in the studio's timezone). */
function DayRow({ day }: { day: (typeof WEEKDAYS)[number] }) {
  const { t } = useTranslation('settings');
  const closed = Form.useWatch(['hours', day, 'closed'], Form.useFormInstance()) as boolean | undefined;
  const label = t(`serviceCenter.days.${day}`);
  return (
    <Flex gap={12} align="center" wrap className="service-center-day">
      <span style={{ width: 110 }}>{label}</span>
      <Form.Item
        name={['hours', day, 'closed']}
        valuePropName="checked"
        noStyle
        getValueProps={(v) => ({ checked: !v })}
        getValueFromEvent={(open: boolean) => !open}
      >
        <Switch aria-label={t('serviceCenter.openOn', { day: label })} />
      </Form.Item>
      <Form.Item name={['hours', day, 'open']} noStyle>
        <Input
          type="time"
          aria-label={t('serviceCenter.opensAt', { day: label })}
          disabled={closed}
          style={{ width: 130 }}
        />
      </Form.Item>
      <span aria-hidden>–</span>
      <Form.Item name={['hours', day, 'close']} noStyle>
        <Input
          type="time"
          aria-label={t('serviceCenter.closesAt', { day: label })}
          disabled={closed}
          style={{ width: 130 }}
        />
      </Form.Item>
      {closed && <span className="secondary-text">{t('serviceCenter.closed')}</span>}
    </Flex>
  );
}

/**
 * Help & contact (issue 25): the studio's e-mail, a map link, opening hours by weekday, the FAQ in
 * every language, and how many messages a member may send a day. The phone and address are the
 * studio's own (the card above).
 */
export function ServiceCenterCard({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<ServiceCenterSettings>();
  const save = useSaveStudio(form);
  return (
    <Card size="small" title={t('serviceCenter.title')} id="service-center">
      <Form<ServiceCenterSettings>
        form={form}
        layout="vertical"
        style={{ maxWidth: 860 }}
        initialValues={merchant.service_center}
        onFinish={(values) => save.mutate({ service_center: values })}
      >
        <Typography.Paragraph className="secondary-text">{t('serviceCenter.intro')}</Typography.Paragraph>
        <Flex gap={16} wrap>
          <Form.Item name="email" label={t('serviceCenter.email')} rules={[zodRule(fields.email)]}>
            <Input type="email" style={{ width: 320 }} maxLength={254} />
          </Form.Item>
          <Form.Item
            name="map_url"
            label={t('serviceCenter.mapUrl')}
            extra={t('serviceCenter.mapUrlHelp')}
            rules={[zodRule(fields.map_url)]}
          >
            <Input style={{ width: 420 }} maxLength={500} placeholder="https://" />
          </Form.Item>
        </Flex>
        <fieldset className="localized-fields">
          <legend>{t('serviceCenter.hours')}</legend>
          <Flex vertical gap={8}>
            {WEEKDAYS.map((day) => (
              <DayRow key={day} day={day} />
            ))}
          </Flex>
        </fieldset>
        <Form.List name="faq">
          {(entries, { add, remove }) => (
            <fieldset className="localized-fields">
              <legend>{t('serviceCenter.faq')}</legend>
              {entries.length === 0 && <p className="secondary-text">{t('serviceCenter.faqEmpty')}</p>}
              {entries.map((entry, index) => (
                <Card
                  key={entry.key}
                  size="small"
                  style={{ marginBottom: 12 }}
                  title={t('serviceCenter.question', { n: index + 1 })}
                  extra={
                    <Button
                      type="link"
                      danger
                      onClick={() => remove(entry.name)}
                      aria-label={t('serviceCenter.removeQuestion', { n: index + 1 })}
                    >
                      {t('serviceCenter.remove')}
                    </Button>
                  }
                >
                  {LOCALES.map((locale) => (
                    <Flex key={locale} gap={12} wrap>
                      <Form.Item
                        name={[entry.name, 'question', locale]}
                        label={`${t('serviceCenter.questionLabel')} · ${LOCALE_NAMES[locale]}`}
                        style={{ flex: '1 1 260px' }}
                      >
                        <Input maxLength={200} />
                      </Form.Item>
                      <Form.Item
                        name={[entry.name, 'answer', locale]}
                        label={`${t('serviceCenter.answerLabel')} · ${LOCALE_NAMES[locale]}`}
                        style={{ flex: '2 1 360px' }}
                      >
                        <Input.TextArea rows={2} maxLength={2000} />
                      </Form.Item>
                    </Flex>
                  ))}
                </Card>
              ))}
              {entries.length < FAQ_MAX && (
                <Button onClick={() => add({ question: {}, answer: {} })}>{t('serviceCenter.addQuestion')}</Button>
              )}
            </fieldset>
          )}
        </Form.List>
        <Form.Item
          name="feedback_daily_limit"
          label={t('serviceCenter.dailyLimit')}
          extra={t('serviceCenter.dailyLimitHelp', { value: FEEDBACK_DAILY_LIMIT.default })}
          rules={[zodRule(fields.feedback_daily_limit)]}
        >
          <InputNumber
            min={FEEDBACK_DAILY_LIMIT.min}
            max={FEEDBACK_DAILY_LIMIT.max}
            precision={0}
            addonAfter={t('serviceCenter.perDay')}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('serviceCenter.save')}
        </Button>
      </Form>
    </Card>
  );
}
