import { useCallMutation } from '@studio/client/mutation';
import { toMajorUnits, toMinorUnits } from '@studio/contract/format';
import { adjustmentRefusal } from '@studio/contract/staff-rights';
import { adminIntegralCalls, adminWalletCalls, MAX_ADJUSTMENT, type WalletEntryRecord } from '@studio/contract/wallet';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Modal, Statistic, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callQuery, errorText } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { requiredRule, showSaveError } from '@/shared/forms/forms';
import { MoneyInput } from '@/shared/forms/money-input';
import { useUser } from '@/shared/session/session';

interface AdjustFields {
  /** Pounds as typed, or points (negative takes away). */
  amount: number;
  reason: string;
}

/**
 * A member's wallet (money) or points: the balance, its latest entries, and an adjustment with a
 * reason (never below 0): never of one's own, and above the studio's ceiling only by an admin
 * (contract staff-rights.ts, as the server rules). `wallet.*` / `points.*` name the card's texts.
 */
export function WalletCard({ userId, book = 'money' }: { userId: string; book?: 'money' | 'points' }) {
  const { t } = useTranslation('members');
  const format = useFormat();
  const { message } = App.useApp();
  const calls = book === 'money' ? adminWalletCalls : adminIntegralCalls;
  const k = book === 'money' ? 'wallet' : 'points';
  const show = (n: number) => (book === 'money' ? format.money(n) : String(n));
  const ledger = useQuery(callQuery(calls.getLedger, { user_id: userId, pageIndex: 1, pageSize: 5 }));
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<AdjustFields>();
  const me = useUser();
  const limit = ledger.data?.adjust_max ?? 0;
  const minor = (amount: number) => (book === 'money' ? toMinorUnits(amount) : amount);
  const refusal = (amount: number) => (me ? adjustmentRefusal(me, userId, amount, limit) : 'ownBalance');
  const isOwn = refusal(0) === 'ownBalance';
  const isLimited = !me?.role.includes('admin');
  const limitText = t(`${k}.limit`, { max: show(limit) });
  const adjust = useCallMutation(
    (f: AdjustFields) =>
      call(calls.adjust, { user_id: userId, amount: minor(f.amount), reason: f.reason }, { silent: true }),
    {
      invalidates: [[calls.getLedger.url]],
      onSuccess: ({ balance }) => {
        void message.success(t(`${k}.done`, { balance: show(balance) }));
        form.resetFields();
        setOpen(false);
      },
      onError: (error) => showSaveError(form, error),
    },
  );
  return (
    <Card
      size="small"
      title={t(`${k}.title`)}
      style={{ marginTop: 16 }}
      extra={
        isOwn ? (
          <Typography.Text type="secondary">{t(`${k}.own`)}</Typography.Text>
        ) : (
          <Button onClick={() => setOpen(true)} disabled={!ledger.data}>
            {t(`${k}.adjust`)}
          </Button>
        )
      }
    >
      <Statistic title={t(`${k}.balance`)} value={ledger.data ? show(ledger.data.balance) : '…'} />
      <Table<WalletEntryRecord>
        size="small"
        rowKey="_id"
        pagination={false}
        loading={ledger.isPending}
        dataSource={ledger.data?.rows ?? []}
        locale={{ emptyText: <span className="secondary-text">{t(`${k}.empty`)}</span> }}
        columns={[
          { key: 'at', title: t('wallet.at'), render: (_, e) => format.dateTime(e.created_at) },
          { key: 'kind', title: t('wallet.kind'), render: (_, e) => t(`wallet.kinds.${e.kind}`) },
          { key: 'amount', title: t('wallet.amount'), align: 'right', render: (_, e) => show(e.amount) },
          { key: 'after', title: t('wallet.after'), align: 'right', render: (_, e) => show(e.balance_after) },
          { key: 'reason', title: t('wallet.reason'), render: (_, e) => e.reason || e.ref || '—' },
        ]}
      />
      <Modal
        open={open}
        title={t(`${k}.adjust`)}
        okText={t('common:actions.save')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={adjust.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} onFinish={(f) => adjust.mutate(f)}>
          <Form.Item
            name="amount"
            label={t('wallet.amount')}
            extra={
              <>
                {t(`${k}.amountHelp`)}
                {isLimited && <div>{limitText}</div>}
              </>
            }
            rules={[
              requiredRule(),
              {
                validator: (_, amount?: number) =>
                  amount != null && refusal(minor(amount)) === 'aboveLimit'
                    ? Promise.reject(new Error(errorText('ADJUSTMENT_ABOVE_LIMIT', { max: show(limit) })))
                    : Promise.resolve(),
              },
            ]}
          >
            {book === 'money' ? (
              <MoneyInput
                min={-toMajorUnits(MAX_ADJUSTMENT)}
                max={toMajorUnits(MAX_ADJUSTMENT)}
                style={{ width: 200 }}
              />
            ) : (
              <InputNumber min={-MAX_ADJUSTMENT} max={MAX_ADJUSTMENT} precision={0} style={{ width: 200 }} />
            )}
          </Form.Item>
          <Form.Item name="reason" label={t('wallet.reason')} rules={[requiredRule(), { max: 200 }]}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
