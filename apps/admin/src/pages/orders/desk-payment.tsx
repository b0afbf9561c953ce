import { useCallMutation } from '@studio/client/mutation';
import { type AdminOrderRecord, adminOrderCalls, type DeskPaymentRecord } from '@studio/contract/orders';
import { DESK_METHODS, type DeskMethod } from '@studio/contract/payments';
import { App, Button, Form, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { requiredRule } from '@/shared/forms/forms';
import { showAlert } from '@/shared/ui/feedback';

const INVALIDATES = [[adminOrderCalls.getInfo.url], [adminOrderCalls.getList.url]];

/**
 * Mark paid: the money of an order waiting at the desk was taken, by cash or the card terminal.
 * The dialog asks which (no choice is made for the staff member) and says the amount; the server
 * records the method and who took it.
 */
export function MarkPaidButton({ order }: { order: AdminOrderRecord }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ method: DeskMethod }>();
  const markPaid = useCallMutation(
    (method: DeskMethod) => call(adminOrderCalls.markPaid, { order_no: order.order_no, method }, { silent: true }),
    {
      invalidates: INVALIDATES,
      onSuccess: () => {
        void message.success(t('markedPaid'));
        setOpen(false);
      },
      onError: (error) => showAlert((error as Error).message),
    },
  );
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('markPaid')}
      </Button>
      <Modal
        open={open}
        title={t('markPaidTitle')}
        okText={t('markPaid')}
        cancelText={t('common:actions.cancel')}
        onCancel={() => setOpen(false)}
        confirmLoading={markPaid.isPending}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} onFinish={(f) => markPaid.mutate(f.method)}>
          <p>{t('markPaidText', { amount: format.money(order.pay_amount) })}</p>
          <Form.Item name="method" label={t('desk.method')} rules={[requiredRule()]}>
            <Radio.Group options={DESK_METHODS.map((m) => ({ value: m, label: t(`desk.methods.${m}`) }))} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** How staff took the payment, and who: "Cash · taken by Fran Frontdesk, 12 Mar 2026, 10:02". */
export function DeskPaymentText({ payment }: { payment: DeskPaymentRecord }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  return (
    <span>
      {t('desk.takenBy', {
        method: t(`desk.methods.${payment.method}`),
        name: payment.taken_by.nickname || payment.taken_by._id,
        at: format.dateTime(payment.at),
      })}
    </span>
  );
}
