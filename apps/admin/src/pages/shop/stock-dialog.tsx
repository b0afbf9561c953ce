import { useCallMutation } from '@studio/client/mutation';
import { adminShopCalls } from '@studio/contract/shop';
import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/shared/api/client';
import { requiredRule, showSaveError } from '@/shared/forms/forms';

export interface StockTarget {
  skuId: string;
  name: string;
  stock: number;
}

/** Stock moved by a number, with the reason kept in the audit log; never below 0. */
export function StockDialog({
  target,
  onClose,
  onAdjusted,
}: {
  target: StockTarget | null;
  onClose: () => void;
  /** The SKU's stock after the change (a form showing it updates its copy). */
  onAdjusted?: (skuId: string, stock: number) => void;
}) {
  const { t } = useTranslation('shop');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ delta: number; reason: string }>();
  const adjust = useCallMutation(
    (fields: { delta: number; reason: string }) =>
      call(adminShopCalls.adjustStock, { sku_id: target!.skuId, ...fields }, { silent: true }),
    {
      invalidates: [[adminShopCalls.getGoodsList.url], [adminShopCalls.getGoods.url]],
      onSuccess: ({ sku }) => {
        void message.success(t('stock.done', { stock: sku.stock }));
        onAdjusted?.(sku._id, sku.stock);
        form.resetFields();
        onClose();
      },
      onError: (error) => showSaveError(form, error),
    },
  );
  const delta = Form.useWatch('delta', form) ?? 0;
  return (
    <Modal
      open={target !== null}
      title={target ? t('stock.title', { name: target.name }) : ''}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={adjust.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{target && t('stock.now', { stock: target.stock, after: Math.max(0, target.stock + delta) })}</p>
      <Form form={form} layout="vertical" onFinish={(fields) => adjust.mutate(fields)} preserve={false}>
        <Form.Item
          name="delta"
          label={t('stock.delta')}
          extra={t('stock.deltaHelp')}
          rules={[
            requiredRule(),
            {
              validator: async (_, v: number | undefined) => {
                if (v === 0) throw new Error(t('stock.nonZero'));
                if (target && v !== undefined && target.stock + v < 0)
                  throw new Error(t('stock.belowZero', { stock: target.stock }));
              },
            },
          ]}
        >
          <InputNumber precision={0} min={-1_000_000} max={1_000_000} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="reason" label={t('stock.reason')} rules={[requiredRule(), { max: 200 }]}>
          <Input maxLength={200} placeholder={t('stock.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
