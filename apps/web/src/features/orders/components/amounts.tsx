import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/format/use-format';

/** Goods, freight, what the coupon and points took off, and what is (or was) paid, as a receipt reads. */
export function Amounts({
  goods,
  freight,
  pay,
  coupon = 0,
  points = 0,
  pointsUsed = 0,
  refunded = 0,
  showFreight = true,
  freightPending = false,
  paid = false,
}: {
  goods: number;
  freight: number;
  pay: number;
  coupon?: number;
  points?: number;
  pointsUsed?: number;
  refunded?: number;
  showFreight?: boolean;
  /** Delivery is charged once an address is chosen: its line says so instead of a sum. */
  freightPending?: boolean;
  /** The order has been paid: its total reads "Paid", not "To pay". */
  paid?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <dl className="amounts figures">
      <div>
        <dt>{t('orders.amounts.goods')}</dt>
        <dd>{format.money(goods)}</dd>
      </div>
      {showFreight && (
        <div>
          <dt>{t('orders.amounts.freight')}</dt>
          <dd className={freightPending ? 'secondary' : undefined}>
            {freightPending
              ? t('orders.amounts.freightPending')
              : freight === 0
                ? t('orders.amounts.free')
                : format.money(freight)}
          </dd>
        </div>
      )}
      {coupon > 0 && (
        <div>
          <dt>{t('orders.amounts.coupon')}</dt>
          <dd>−{format.money(coupon)}</dd>
        </div>
      )}
      {points > 0 && (
        <div>
          <dt>{t('orders.amounts.points', { count: pointsUsed })}</dt>
          <dd>−{format.money(points)}</dd>
        </div>
      )}
      <div className="amounts-total">
        <dt>{t(paid ? 'orders.amounts.paid' : 'orders.amounts.pay')}</dt>
        <dd>{format.money(pay)}</dd>
      </div>
      {refunded > 0 && (
        <div>
          <dt>{t('orders.amounts.refunded')}</dt>
          <dd>{format.money(refunded)}</dd>
        </div>
      )}
    </dl>
  );
}
