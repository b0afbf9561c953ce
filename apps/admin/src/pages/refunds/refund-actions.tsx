import { useCallMutation } from '@studio/client/mutation';
import { toMajorUnits, toMinorUnits } from '@studio/contract/format';
import { type AdminOrderRecord, adminOrderCalls } from '@studio/contract/orders';
import { REFUND_MESSAGE_MAX, REFUND_REASON_MAX, type REPAY_METHODS } from '@studio/contract/refunds';
import { App, Button, Form, Input, List, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { requiredRule } from '@/shared/forms/forms';
import { MoneyInput } from '@/shared/forms/money-input';
import { usePermission } from '@/shared/session/permissions';

type RepayMethod = (typeof REPAY_METHODS)[number];

const INVALIDATES = [[adminOrderCalls.getRefunds.url], [adminOrderCalls.getList.url], [adminOrderCalls.getInfo.url]];

/**
 * Approve a waiting refund application (the units the member sends back and what the server priced
 * them at, or less, with a message to the member) or refuse it (with a reason the member reads);
 * once approved, pay back another way what the payment provider refused. Each asks first and says
 * what will happen; the server decides once however often it is pressed.
 */
export function RefundActions({ order }: { order: AdminOrderRecord }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const format = useFormat();
  const [dialog, setDialog] = useState<'approve' | 'refuse' | null>(null);
  const [approveForm] = Form.useForm<{ amount: number; message?: string }>();
  const [refuseForm] = Form.useForm<{ reason: string }>();
  // What the application's units came to (the server prices them again when approving).
  const requested = order.refund?.requested_amount ?? 0;
  // The order page shows this to orders.manage staff too: only refunds.manage may decide.
  const mayDecide = usePermission('refunds.manage');
  const approve = useCallMutation(
    ({ amount, message }: { amount: number; message: string }) =>
      call(adminOrderCalls.approveRefund, {
        order_no: order.order_no,
        message,
        ...(amount === requested ? {} : { amount }),
      }),
    {
      invalidates: INVALIDATES,
      onSuccess: () => {
        void message.success(t('refunds.approved'));
        setDialog(null);
      },
    },
  );
  const refuse = useCallMutation(
    (reason: string) => call(adminOrderCalls.refuseRefund, { order_no: order.order_no, reason }),
    {
      invalidates: INVALIDATES,
      onSuccess: () => {
        void message.success(t('refunds.refused'));
        setDialog(null);
      },
    },
  );
  if (mayDecide && order.refund?.money?.status === 'failed') return <RepayActions order={order} />;
  if (!mayDecide || order.refund?.status !== 'pending' || order.status_name !== 'refund_requested') return null;
  return (
    <>
      <Space size={4}>
        <Button type="primary" size="small" onClick={() => setDialog('approve')}>
          {t('refunds.approve')}
        </Button>
        <Button danger size="small" onClick={() => setDialog('refuse')}>
          {t('refunds.refuse')}
        </Button>
      </Space>
      <Modal
        open={dialog === 'approve'}
        title={t('refunds.approveTitle', { order: order.order_no })}
        okText={t('refunds.approve')}
        confirmLoading={approve.isPending}
        onOk={() => approveForm.submit()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Form
          form={approveForm}
          layout="vertical"
          initialValues={{ amount: toMajorUnits(requested), message: '' }}
          onFinish={(f) => approve.mutate({ amount: toMinorUnits(f.amount), message: (f.message ?? '').trim() })}
        >
          <p>
            {t('refunds.approveHelp', {
              amount: format.money(requested),
              method: order.pay_type ? t(`payTypes.${order.pay_type}`) : '—',
            })}
          </p>
          <RefundLines order={order} />
          <Form.Item
            name="amount"
            label={t('refunds.amount')}
            rules={[requiredRule()]}
            extra={t('refunds.partialHelp')}
          >
            <MoneyInput min={requested > 0 ? 0.01 : 0} max={toMajorUnits(requested)} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="message"
            label={t('refunds.message')}
            extra={t('refunds.messageHelp')}
            rules={[{ max: REFUND_MESSAGE_MAX }]}
          >
            <Input.TextArea rows={3} maxLength={REFUND_MESSAGE_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={dialog === 'refuse'}
        title={t('refunds.refuseTitle', { order: order.order_no })}
        okText={t('refunds.refuse')}
        okButtonProps={{ danger: true }}
        confirmLoading={refuse.isPending}
        onOk={() => refuseForm.submit()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Form form={refuseForm} layout="vertical" onFinish={(f) => refuse.mutate(f.reason.trim())}>
          <p>{t('refunds.refuseHelp')}</p>
          <Form.Item
            name="reason"
            label={t('refunds.refuseReason')}
            rules={[requiredRule(), { max: REFUND_REASON_MAX }]}
          >
            <Input.TextArea rows={3} maxLength={REFUND_REASON_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/**
 * The units an application sends back, each with what it came to; whether they are the order's last
 * (approving then refunds the order). An application made before lines were chosen sends back all.
 */
function RefundLines({ order }: { order: AdminOrderRecord }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const lines = order.refund?.lines ?? [];
  const applied = new Map(lines.map((l) => [l.sku_id, l.quantity]));
  const last =
    lines.length === 0 || order.lines.every((l) => l.refunded_num + (applied.get(l.sku_id) ?? 0) >= l.buy_num);
  return (
    <>
      {lines.length > 0 && (
        <List
          size="small"
          bordered
          header={t('refunds.linesTitle')}
          dataSource={lines}
          renderItem={(l) => {
            const line = order.lines.find((o) => o.sku_id === l.sku_id);
            return (
              <List.Item extra={<span className="figures">{format.money(l.amount)}</span>}>
                {t('refunds.line', {
                  name: line ? [line.goods_name, line.sku_name].filter(Boolean).join(' · ') : l.sku_id,
                  count: l.quantity,
                })}
              </List.Item>
            );
          }}
          style={{ marginBottom: 16 }}
        />
      )}
      <p>{t(last ? 'refunds.lastItems' : 'refunds.someItems')}</p>
    </>
  );
}

/** A refund its provider refused: record it handed back at the desk, or credit it to the member's wallet. */
function RepayActions({ order }: { order: AdminOrderRecord }) {
  const { t } = useTranslation('orders');
  const { message, modal } = App.useApp();
  const format = useFormat();
  const amount = format.money(order.refund?.approved_amount ?? 0);
  const repay = useCallMutation(
    (method: RepayMethod) => call(adminOrderCalls.repayRefund, { order_no: order.order_no, method }),
    { invalidates: INVALIDATES, onSuccess: () => void message.success(t('refunds.repaid')) },
  );
  const ask = (method: RepayMethod) =>
    modal.confirm({
      title: t('refunds.repayTitle', { amount, order: order.order_no }),
      content: t(method === 'offline' ? 'refunds.repayDeskHelp' : 'refunds.repayWalletHelp', { amount }),
      okText: t(method === 'offline' ? 'refunds.repayDesk' : 'refunds.repayWallet'),
      onOk: () => repay.mutateAsync(method),
    });
  return (
    <Space size={4} wrap>
      <Button size="small" loading={repay.isPending} onClick={() => ask('offline')}>
        {t('refunds.repayDesk')}
      </Button>
      <Button size="small" loading={repay.isPending} onClick={() => ask('balance')}>
        {t('refunds.repayWallet')}
      </Button>
    </Space>
  );
}
