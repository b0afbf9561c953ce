import { adminCouponCalls } from '@studio/contract/coupons';
import type { InviteRewardSettings } from '@studio/contract/invitations';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, InputNumber, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callQuery } from '@/shared/api/client';
import { usePermission } from '@/shared/session/permissions';
import { type Merchant, useSaveStudio } from './settings-form';

/**
 * Invitation rewards (issue 25; off by default): points and/or a coupon to the inviter when the
 * invited member's first paid order completes, a welcome coupon to the invited member at registration.
 */
export function InvitationsCard({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<InviteRewardSettings>();
  const save = useSaveStudio(form);
  const canSeeCoupons = usePermission('shop.manage');
  const canSeeReport = usePermission('members.manage');
  const coupons = useQuery({
    ...callQuery(adminCouponCalls.getList, { pageIndex: 1, pageSize: 100, sort: 'created_at', order: 'desc' }),
    enabled: canSeeCoupons,
  });
  const options = [
    { value: '', label: t('invitations.noCoupon') },
    ...(coupons.data?.rows ?? []).map((c) => ({ value: c._id, label: c.name })),
  ];
  const enabled = Form.useWatch('enabled', form) ?? merchant.invite_rewards.enabled;
  return (
    <Card size="small" title={t('invitations.title')} id="invitations">
      <Form<InviteRewardSettings>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={merchant.invite_rewards}
        onFinish={(values) => save.mutate({ invite_rewards: values })}
      >
        <Typography.Paragraph className="secondary-text">{t('invitations.intro')}</Typography.Paragraph>
        <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
          <Form.Item name="enabled" valuePropName="checked" noStyle>
            <Switch aria-label={t('invitations.enabled')} />
          </Form.Item>
          <span aria-hidden>{t('invitations.enabled')}</span>
        </Flex>
        <Form.Item
          name="inviter_points"
          label={t('invitations.inviterPoints')}
          extra={t('invitations.inviterPointsHelp')}
        >
          <InputNumber min={0} max={100_000} precision={0} disabled={!enabled} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="inviter_coupon_id"
          label={t('invitations.inviterCoupon')}
          extra={t('invitations.inviterCouponHelp')}
        >
          <Select
            options={options}
            disabled={!enabled}
            style={{ maxWidth: 360 }}
            loading={coupons.isPending && canSeeCoupons}
          />
        </Form.Item>
        <Form.Item
          name="welcome_coupon_id"
          label={t('invitations.welcomeCoupon')}
          extra={t('invitations.welcomeCouponHelp')}
        >
          <Select
            options={options}
            disabled={!enabled}
            style={{ maxWidth: 360 }}
            loading={coupons.isPending && canSeeCoupons}
          />
        </Form.Item>
        <Typography.Paragraph className="secondary-text">{t('invitations.rules')}</Typography.Paragraph>
        <Flex gap={16} align="center">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('invitations.save')}
          </Button>
          {canSeeReport && <Link to="/invitations">{t('invitations.openReport')}</Link>}
        </Flex>
      </Form>
    </Card>
  );
}
