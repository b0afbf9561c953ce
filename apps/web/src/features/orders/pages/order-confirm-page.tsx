import type { AddressRecord } from '@studio/contract/addresses';
import { type CheckoutProblem, ORDER_REMARK_MAX, type OrderPreview } from '@studio/contract/orders';
import { Button, Popup, Radio, Selector, TextArea } from 'antd-mobile';
import { EnvironmentOutline, RightOutline } from 'antd-mobile-icons';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { addressLine, useAddresses } from '@/features/addresses/api/addresses';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { useFormat } from '@/shared/format/use-format';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { navigateTo, redirectTo } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { createOrder, itemsFromQuery, orderLinks, usePreview } from '../api/orders';
import { Amounts } from '../components/amounts';
import { OrderLines } from '../components/order-lines';
import '../components/orders.css';

/** goods-order-confirm: what is bought, how it arrives (express to an address, or pickup), the amounts, place the order. */
export function OrderConfirmPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [params] = useSearchParams();
  const items = itemsFromQuery(params.get('items'));
  const fromCart = params.get('from_cart') === '1';
  const [delivery, setDelivery] = useState<'express' | 'pickup'>('express');
  const [addressId, setAddressId] = useState<string | undefined>();
  const [remark, setRemark] = useState('');
  const input = { items, delivery, address_id: addressId, from_cart: fromCart };
  const preview = usePreview(input, items.length > 0);

  const [place, placing] = useLockedAction(async () => {
    const placed = await createOrder({ ...input, remark });
    await redirectTo(orderLinks.pay(placed.order_no));
  });

  if (items.length === 0) return <ClassesEmpty title={t('orders.confirm.nothing')} />;
  if (preview.isPending) return <PageSkeleton rows={3} />;
  if (preview.error) return <PageError error={preview.error} onRetry={() => void preview.refetch()} />;
  const p = preview.data.preview;
  const blocked = p.problems.length > 0;
  return (
    <div className="stack order-confirm">
      {p.kind === 'goods' ? (
        <section className="card stack-tight" aria-labelledby="delivery-title">
          <h2 className="section-title" id="delivery-title">
            {t('orders.confirm.delivery')}
          </h2>
          <Selector
            aria-labelledby="delivery-title"
            columns={2}
            value={[delivery]}
            onChange={(v) => v[0] && setDelivery(v[0])}
            options={[
              { label: t('orders.delivery.express'), value: 'express' as const },
              { label: t('orders.delivery.pickup'), value: 'pickup' as const },
            ]}
          />
          {delivery === 'express' ? (
            <AddressPicker current={p.address} onPick={setAddressId} />
          ) : (
            <p className="secondary">{t('orders.confirm.pickupNote')}</p>
          )}
        </section>
      ) : (
        <p className="card secondary">{t('orders.confirm.packageNote')}</p>
      )}
      <section className="card" aria-label={t('orders.lines')}>
        <OrderLines lines={p.lines} problems={p.problems} />
      </section>
      <section className="card stack-tight">
        <label className="field-label" htmlFor="order-remark">
          {t('orders.confirm.remark')}
        </label>
        <TextArea
          id="order-remark"
          value={remark}
          onChange={setRemark}
          maxLength={ORDER_REMARK_MAX}
          rows={2}
          placeholder={t('orders.confirm.remarkPlaceholder')}
        />
      </section>
      <section className="card">
        <Amounts
          goods={p.goods_amount}
          freight={p.freight_amount}
          pay={p.pay_amount}
          showFreight={p.kind === 'goods'}
        />
      </section>
      <div className="action-bar-spacer" />
      <div className="action-bar">
        {blocked && (
          <p className="action-bar-note is-danger" role="alert">
            {problemText(t, p.problems[0]!, p)}
          </p>
        )}
        <div className="order-bar-row">
          <span className="figures">
            {t('orders.toPay')} <strong className="order-total">{format.money(p.pay_amount)}</strong>
          </span>
          <Button color="primary" disabled={blocked} loading={placing} onClick={() => void place()}>
            {t('orders.confirm.submit')}
          </Button>
        </div>
      </div>
    </div>
  );
}

function problemText(t: TFunction, problem: CheckoutProblem, preview: OrderPreview): string {
  const line = preview.lines.find((l) => l.sku_id === problem.sku_id);
  return t(`orders.problems.${problem.reason}`, { name: line?.goods_name ?? '', stock: problem.stock ?? 0 });
}

/** The delivery address: the chosen (else default) one, changed from a sheet of the member's addresses. */
function AddressPicker({ current, onPick }: { current: AddressRecord | null; onPick: (id: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const addresses = useAddresses();
  const rows = addresses.data?.rows ?? [];
  if (!current && rows.length === 0) {
    return (
      <Button block fill="outline" color="primary" onClick={() => navigateTo(paths.addressEdit)}>
        <EnvironmentOutline aria-hidden="true" /> {t('orders.confirm.addAddress')}
      </Button>
    );
  }
  return (
    <>
      <button type="button" className="address-choice" onClick={() => setOpen(true)}>
        <EnvironmentOutline aria-hidden="true" className="address-choice-icon" />
        {current ? (
          <span className="address-choice-text">
            <strong>
              {current.contact} · {current.phone}
            </strong>
            <span className="secondary">{addressLine(current)}</span>
          </span>
        ) : (
          <span className="address-choice-text">{t('orders.confirm.chooseAddress')}</span>
        )}
        <RightOutline aria-hidden="true" />
        <span className="visually-hidden">{t('orders.confirm.changeAddress')}</span>
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="sheet">
        <h2 className="section-title">{t('orders.confirm.chooseAddress')}</h2>
        <Radio.Group
          value={current?._id}
          onChange={(v) => {
            onPick(String(v));
            setOpen(false);
          }}
        >
          <ul className="address-options">
            {rows.map((a) => (
              <li key={a._id}>
                <Radio value={a._id} block>
                  <strong>
                    {a.contact} · {a.phone}
                  </strong>
                  <span className="secondary address-option-line">{addressLine(a)}</span>
                </Radio>
              </li>
            ))}
          </ul>
        </Radio.Group>
        <Button block fill="outline" color="primary" onClick={() => navigateTo(paths.addressEdit)}>
          {t('orders.confirm.addAddress')}
        </Button>
      </Popup>
    </>
  );
}
