import { SMS_NOTICE_TYPES } from '@studio/contract/channels';
import { merchantSaveInput } from '@studio/contract/merchant';
import { Alert, App, Button, Card, Checkbox, Divider, Flex, Form, Input, Switch, Typography } from 'antd';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { zodRule } from '@/shared/forms/forms';
import { usePermission } from '@/shared/session/permissions';
import {
  DELIVERY_RULES,
  NOTICE_TIMING_RULES,
  type NotificationFields,
  notificationChanges,
  notificationFieldsOf,
} from './notification-changes';
import { type Merchant, RuleField, useSaveStudio } from './settings-form';

/** Sub-headings of the card: smaller than the page's, above the card's own fields. */
const SECTION_TITLE = { fontSize: 16, marginTop: 0 } as const;

const senderNameSchema = merchantSaveInput.shape.notice_channels.unwrap().shape.sender_name;

/** A channel's switch, named by its visible label, with what it does below. */
function ChannelSwitch({
  channel,
  help,
  children,
}: {
  channel: 'email' | 'sms' | 'push';
  help: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const label = t(`notifications.channels.${channel}`);
  const helpId = `notice-channel-${channel}-help`;
  return (
    <div>
      <Flex gap={12} align="center">
        <Form.Item name={['notice_channels', channel]} valuePropName="checked" noStyle>
          <Switch aria-label={label} aria-describedby={helpId} />
        </Form.Item>
        <span aria-hidden>{label}</span>
      </Flex>
      <div id={helpId} className="secondary-text" style={{ marginInlineStart: 56 }}>
        {help}
      </div>
      {children}
    </div>
  );
}

/**
 * How the studio reaches members beside the in-app notices (which always appear): which channels
 * are on, the texts' notice types, the e-mails' sender name; when members are told; how often a
 * delivery is tried. Saves only what changed.
 */
export function NotificationsCard({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const [form] = Form.useForm<NotificationFields>();
  const save = useSaveStudio(form);
  const smsOn = Form.useWatch(['notice_channels', 'sms'], form) ?? merchant.notice_channels.sms;
  const canSeeLog = usePermission('notices.manage');

  // What the form opened with, then what it last saved: a save sends only what staff changed since.
  const start = useRef(notificationFieldsOf(merchant));
  const onFinish = () => {
    // Every value the form holds, also those of fields not shown now (the texts' kinds while texts are off).
    const values = structuredClone(form.getFieldsValue(true) as NotificationFields);
    const change = notificationChanges(values, start.current);
    if (Object.keys(change).length === 0) {
      void message.info(t('notifications.unchanged'));
      return;
    }
    save.mutate(change, {
      onSuccess: () => {
        start.current = values;
      },
    });
  };

  return (
    <Card size="small" title={t('notifications.title')}>
      <Form<NotificationFields>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={notificationFieldsOf(merchant)}
        onFinish={onFinish}
      >
        <Typography.Paragraph className="secondary-text">{t('notifications.intro')}</Typography.Paragraph>
        <Typography.Title level={2} style={SECTION_TITLE}>
          {t('notifications.channelsTitle')}
        </Typography.Title>
        <Flex vertical gap={16} style={{ marginBottom: 24 }}>
          <ChannelSwitch channel="email" help={t('notifications.emailHelp')} />
          <ChannelSwitch channel="sms" help={t('notifications.smsHelp')}>
            {smsOn && (
              <div style={{ marginInlineStart: 56, marginTop: 12 }}>
                <Alert type="warning" showIcon title={t('notifications.smsCost')} style={{ marginBottom: 12 }} />
                <Form.Item name={['notice_channels', 'sms_types']} label={t('notifications.smsTypes')}>
                  <Checkbox.Group
                    className="stacked-checkboxes"
                    role="group"
                    aria-label={t('notifications.smsTypes')}
                    options={SMS_NOTICE_TYPES.map((type) => ({
                      value: type,
                      label: t(`notifications.smsTypeNames.${type}`),
                    }))}
                  />
                </Form.Item>
              </div>
            )}
          </ChannelSwitch>
          <ChannelSwitch channel="push" help={t('notifications.pushHelp')} />
        </Flex>
        <Form.Item
          name={['notice_channels', 'sender_name']}
          label={t('notifications.senderName')}
          extra={t('notifications.senderNameHelp', { name: merchant.name })}
          rules={[zodRule(senderNameSchema)]}
        >
          <Input maxLength={64} placeholder={merchant.name} style={{ maxWidth: 360 }} />
        </Form.Item>
        <Divider />
        <Typography.Title level={2} style={SECTION_TITLE}>
          {t('notifications.timingTitle')}
        </Typography.Title>
        {NOTICE_TIMING_RULES.map((name) => (
          <RuleField key={name} name={name} form={form} />
        ))}
        <Divider />
        <Typography.Title level={2} style={SECTION_TITLE}>
          {t('notifications.deliveryTitle')}
        </Typography.Title>
        <Typography.Paragraph className="secondary-text">{t('notifications.deliveryHelp')}</Typography.Paragraph>
        {canSeeLog && (
          <Typography.Paragraph>
            <Link to="/deliveries">{t('notifications.openLog')}</Link>
          </Typography.Paragraph>
        )}
        {DELIVERY_RULES.map((name) => (
          <RuleField key={name} name={name} form={form} />
        ))}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('notifications.save')}
        </Button>
      </Form>
    </Card>
  );
}
