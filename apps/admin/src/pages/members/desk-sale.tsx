import { ShoppingCartOutlined } from '@ant-design/icons';
import { useCallMutation } from '@studio/client/mutation';
import type { AdminUserRow } from '@studio/contract/account';
import { adminOrderCalls, DESK_SALE_METHODS, type DeskPackage, type DeskSaleMethod } from '@studio/contract/orders';
import { adminPackageCalls } from '@studio/contract/packages';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { requiredRule } from '@/shared/forms/forms';
import { showAlert } from '@/shared/ui/feedback';

interface SaleFields {
  sku_id: string;
  method: DeskSaleMethod;
}

/**
 * An id for one sale, made when its dialog opens and sent with every try of it: the server answers
 * a repeat (a retried request, a second click) with the first sale instead of selling twice.
 * getRandomValues, not randomUUID: the back office may be opened over plain http on the studio's network.
 */
export function newSaleRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Sell a package: the member page's button for staff who take payments at the desk (orders.desk). */
export function SellPackageButton({ user }: { user: AdminUserRow }) {
  const { t } = useTranslation('members');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => setOpen(true)}>
        {t('sale.sell')}
      </Button>
      {open && <SellPackageDialog user={user} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * Sells a course package on sale to the member, paid at the desk by cash or card terminal, or from
 * their wallet (offered only when it holds the price). The order it makes is an online purchase's:
 * the package is issued at once, the member told and their points earned.
 */
export function SellPackageDialog({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const { t } = useTranslation('members');
  const { message } = App.useApp();
  const format = useFormat();
  const [form] = Form.useForm<SaleFields>();
  const [requestId] = useState(newSaleRequestId);
  const options = useQuery(callQuery(adminOrderCalls.getDeskSale, { user_id: user._id }));
  const skuId = Form.useWatch('sku_id', form);
  const method = Form.useWatch('method', form);
  const packages = options.data?.packages ?? [];
  const balance = options.data?.balance ?? 0;
  const chosen = packages.find((p) => p.sku_id === skuId);
  const name = user.nickname || user.username || user._id;
  const sell = useCallMutation(
    (f: SaleFields) =>
      call(adminOrderCalls.sellPackage, { user_id: user._id, ...f, request_id: requestId }, { silent: true }),
    {
      invalidates: [
        [adminPackageCalls.getPackageList.url],
        [adminOrderCalls.getList.url],
        [adminOrderCalls.getDeskSale.url],
      ],
      onSuccess: ({ order }) => {
        void message.success(t('sale.sold', { no: order.order_no }));
        onClose();
      },
      onError: (error) => showAlert((error as Error).message),
    },
  );
  const walletShort = chosen !== undefined && balance < chosen.price;
  const methodLabel = (m: DeskSaleMethod) =>
    m === 'balance' ? t('sale.methods.balance', { balance: format.money(balance) }) : t(`sale.methods.${m}`);
  // The class count where the SKU's name does not say it already ("5 classes · 5 classes" reads as a slip).
  const packageLabel = (p: DeskPackage) =>
    [
      p.goods_name,
      p.sku_name,
      ...(p.sku_name.includes(String(p.class_count)) ? [] : [t('sale.classes', { count: p.class_count })]),
      `${format.money(p.price)}${p.stock > 0 ? '' : ` (${t('sale.soldOut')})`}`,
    ].join(' · ');

  return (
    <Modal
      open
      title={t('sale.title', { name })}
      okText={t('sale.sell')}
      cancelText={t('common:actions.cancel')}
      onCancel={onClose}
      confirmLoading={sell.isPending}
      okButtonProps={{ disabled: packages.length === 0 }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<SaleFields>
        form={form}
        layout="vertical"
        onFinish={(f) => sell.mutate(f)}
        onValuesChange={(changed: Partial<SaleFields>) => {
          // A package the wallet cannot pay for takes back a wallet chosen for the last one.
          const next = packages.find((p) => p.sku_id === changed.sku_id);
          if (next && form.getFieldValue('method') === 'balance' && balance < next.price) {
            form.setFieldValue('method', undefined);
          }
        }}
      >
        <Form.Item name="sku_id" label={t('sale.package')} rules={[requiredRule()]}>
          <Select
            loading={options.isPending}
            placeholder={t('sale.choose')}
            notFoundContent={options.isPending ? undefined : t('sale.none')}
            options={packages.map((p) => ({ value: p.sku_id, label: packageLabel(p), disabled: p.stock <= 0 }))}
          />
        </Form.Item>
        <Form.Item
          name="method"
          label={t('sale.method')}
          rules={[requiredRule()]}
          extra={walletShort ? t('sale.walletShort', { balance: format.money(balance) }) : undefined}
        >
          <Radio.Group
            options={DESK_SALE_METHODS.map((m) => ({
              value: m,
              label: methodLabel(m),
              disabled: m === 'balance' && walletShort,
            }))}
          />
        </Form.Item>
      </Form>
      {chosen && method && (
        <Alert
          type="info"
          showIcon
          title={t('sale.summary', {
            name,
            package: `${chosen.goods_name} · ${chosen.sku_name}`,
            amount: format.money(chosen.price),
            method: methodLabel(method),
          })}
        />
      )}
    </Modal>
  );
}
