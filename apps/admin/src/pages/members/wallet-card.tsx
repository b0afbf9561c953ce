import { useCallMutation } from '@studio/client/mutation';
import { toMajorUnits, toMinorUnits } from '@studio/contract/format';
import { adminWalletCalls, MAX_ADJUSTMENT, type WalletEntryRecord } from '@studio/contract/wallet';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Modal, Statistic, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { requiredRule, showSaveError } from '@/shared/forms/forms';
import { MoneyInput } from '@/shared/forms/money-input';

interface AdjustFields {
  /** Pounds as typed (negative takes money away). */
  amount: number;
  reason: string;
}

/** A member's wallet: balance, its latest entries, and an adjustment with a reason (never below 0). */
export function WalletCard({ userId }: { userId: string }) {
  const { t } = useTranslation('members');
  const format = useFormat();
  const { message, modal } = App.useApp();
  const ledger = useQuery(callQuery(adminWalletCalls.getLedger, { user_id: userId, pageIndex: 1, pageSize: 5 }));
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<AdjustFields>();
  const adjust = useCallMutation(
    (f: AdjustFields) =>
      call(
        adminWalletCalls.adjust,
        { user_id: userId, amount: toMinorUnits(f.amount), reason: f.reason },
        { silent: true },
      ),
    {
      invalidates: [[adminWalletCalls.getLedger.url]],
      onSuccess: ({ balance }) => {
        void message.success(t('wallet.done', { balance: format.money(balance) }));
        form.resetFields();
        setOpen(false);
      },
      onError: (error) => showSaveError(form, error, (content) => modal.error({ content })),
    },
  );
  return (
    <Card
      size="small"
      title={t('wallet.title')}
      style={{ marginTop: 16 }}
      extra={<Button onClick={() => setOpen(true)}>{t('wallet.adjust')}</Button>}
    >
      <Statistic title={t('wallet.balance')} value={ledger.data ? format.money(ledger.data.balance) : '…'} />
      <Table<WalletEntryRecord>
        size="small"
        rowKey="_id"
        pagination={false}
        loading={ledger.isPending}
        dataSource={ledger.data?.rows ?? []}
        locale={{ emptyText: t('wallet.empty') }}
        columns={[
          { key: 'at', title: t('wallet.at'), render: (_, e) => format.dateTime(e.created_at) },
          { key: 'kind', title: t('wallet.kind'), render: (_, e) => t(`wallet.kinds.${e.kind}`) },
          { key: 'amount', title: t('wallet.amount'), align: 'right', render: (_, e) => format.money(e.amount) },
          { key: 'after', title: t('wallet.after'), align: 'right', render: (_, e) => format.money(e.balance_after) },
          { key: 'reason', title: t('wallet.reason'), render: (_, e) => e.reason || e.ref || '—' },
        ]}
      />
      <Modal
        open={open}
        title={t('wallet.adjust')}
        okText={t('common:actions.save')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={adjust.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} onFinish={(f) => adjust.mutate(f)}>
          <Form.Item name="amount" label={t('wallet.amount')} extra={t('wallet.amountHelp')} rules={[requiredRule()]}>
            <MoneyInput min={-toMajorUnits(MAX_ADJUSTMENT)} max={toMajorUnits(MAX_ADJUSTMENT)} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="reason" label={t('wallet.reason')} rules={[requiredRule(), { max: 200 }]}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
