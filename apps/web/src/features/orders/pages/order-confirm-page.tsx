import type { AddressRecord } from '@studio/contract/addresses';
import { type CheckoutProblem, ORDER_REMARK_MAX, type OrderPreview } from '@studio/contract/orders';
import { Button, Popup, Radio, Selector, Switch, TextArea } from 'antd-mobile';
import { EnvironmentOutline, RightOutline } from 'antd-mobile-icons';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { addressLine, useAddresses } from '@/shared/addresses/addresses';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { CouponCard } from '@/shared/coupons/coupon-card';
import { useFormat } from '@/shared/format/use-format';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { navigateTo, redirectTo } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { FOR_SESSION_PARAM, itemsFromQuery, orderLinks } from '@/shared/orders/links';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { PhoneText } from '@/shared/ui/phone-text';
import { createOrder, usePreview } from '../api/orders';
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
  const [couponId, setCouponId] = useState<string | undefined>();
  const [points, setPoints] = useState(0);
  const [couponSheet, setCouponSheet] = useState(params.get('pick_coupon') === '1');
  const input = {
    items,
    delivery,
    address_id: addressId,
    from_cart: fromCart,
    coupon_id: couponId,
    use_points: points,
  };
  const preview = usePreview(input, items.length > 0);

  const [place, placing] = useLockedAction(async () => {
    const placed = await createOrder({ ...input, coupon_id: preview.data?.preview.coupon_id ?? undefined, remark });
    await redirectTo(orderLinks.pay(placed.order_no, params.get(FOR_SESSION_PARAM)));
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
      <section className="card discount-rows">
        <button type="button" className="discount-row" onClick={() => setCouponSheet(true)}>
          <span>{t('orders.confirm.coupon')}</span>
          <span className={p.coupon_amount > 0 ? 'discount-value' : 'secondary'}>
            {p.coupon_amount > 0
              ? `−${format.money(p.coupon_amount)}`
              : p.coupons.some((c) => c.usable)
                ? t('orders.confirm.couponsAvailable', { count: p.coupons.filter((c) => c.usable).length })
                : t('orders.confirm.noCoupon')}
          </span>
          <RightOutline aria-hidden="true" />
        </button>
        <PointsRow preview={p} used={points} onChange={setPoints} />
      </section>
      <section className="card">
        <Amounts
          goods={p.goods_amount}
          freight={p.freight_amount}
          coupon={p.coupon_amount}
          points={p.points.amount}
          pointsUsed={p.points.used}
          pay={p.pay_amount}
          // Pickup has no delivery line; delivery before an address is chosen says it comes with the address.
          showFreight={p.kind === 'goods' && delivery === 'express'}
          freightPending={!p.address}
        />
      </section>
      <CouponSheet
        open={couponSheet}
        preview={p}
        onClose={() => setCouponSheet(false)}
        onPick={(id) => {
          setCouponId(id);
          // The points allowed depend on what the coupon leaves: the member turns them on again.
          setPoints(0);
          setCouponSheet(false);
        }}
      />
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

/** "Use 400 points for −£4.00": on or off; off when this order allows none (with the reason). */
function PointsRow({
  preview,
  used,
  onChange,
}: {
  preview: OrderPreview;
  used: number;
  onChange: (n: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const pts = preview.points;
  if (pts.rule.value === 0) return null;
  const on = used > 0 && preview.points.used > 0;
  return (
    <div className="discount-row">
      <span id="points-label">
        {pts.max > 0
          ? t('orders.confirm.usePoints', { points: pts.max, amount: format.money(pts.max_amount) })
          : t('orders.confirm.pointsNone', { balance: pts.balance })}
        <span className="secondary points-rule">
          {t('orders.confirm.pointsRule', {
            per: format.money(pts.rule.per_amount),
            points: pts.rule.points,
            value: format.money(pts.rule.value),
          })}
        </span>
      </span>
      <Switch
        aria-labelledby="points-label"
        checked={on}
        disabled={pts.max === 0}
        onChange={(checked) => onChange(checked ? pts.max : 0)}
      />
    </div>
  );
}

/** select-coupon: the member's coupons, usable first with what each saves, then why the others cannot be used. */
function CouponSheet({
  open,
  preview,
  onClose,
  onPick,
}: {
  open: boolean;
  preview: OrderPreview;
  onClose: () => void;
  onPick: (id: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet coupon-sheet">
      <div role="dialog" aria-labelledby="coupon-sheet-title">
        <h2 className="section-title" id="coupon-sheet-title">
          {t('coupons.selectTitle')}
        </h2>
        {preview.coupons.length === 0 ? (
          <p className="secondary">{t('orders.confirm.noCoupons')}</p>
        ) : (
          <ul className="coupon-cards" aria-label={t('coupons.selectTitle')}>
            {preview.coupons.map((c) => (
              <li key={c.member_coupon._id}>
                <CouponCard
                  coupon={c.member_coupon.coupon}
                  startsAt={c.member_coupon.starts_at}
                  endsAt={c.member_coupon.ends_at}
                  muted={!c.usable}
                  onSelect={c.usable ? () => onPick(c.member_coupon._id) : undefined}
                  note={
                    c.usable ? (
                      <span className="discount-value">
                        {t('orders.confirm.saves', { amount: format.money(c.deduction) })}
                      </span>
                    ) : (
                      <span className="coupon-why">{t(`coupons.why.${c.reason}`)}</span>
                    )
                  }
                  action={
                    c.usable ? (
                      <Radio
                        aria-label={c.member_coupon.coupon.name}
                        checked={preview.coupon_id === c.member_coupon._id}
                        onChange={() => onPick(c.member_coupon._id)}
                      />
                    ) : undefined
                  }
                />
              </li>
            ))}
          </ul>
        )}
        <Button block fill="outline" onClick={() => onPick(undefined)}>
          {t('orders.confirm.noCouponChoice')}
        </Button>
      </div>
    </Popup>
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
              {current.contact} · <PhoneText value={current.phone} />
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
        <div role="dialog" aria-labelledby="address-sheet-title">
          <h2 className="section-title" id="address-sheet-title">
            {t('orders.confirm.chooseAddress')}
          </h2>
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
                      {a.contact} · <PhoneText value={a.phone} />
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
        </div>
      </Popup>
    </>
  );
}
