import type { OrderRecord } from '@studio/contract/orders';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QrCode } from '@/shared/classes/qr-code';
import { NeedHelpLink } from '@/shared/feedback/need-help-link';
import { useFormat } from '@/shared/format/use-format';
import { SavedAt } from '@/shared/offline/offline-ui';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { PhoneText } from '@/shared/ui/phone-text';
import { useOrder } from '../api/orders';
import { Amounts } from '../components/amounts';
import { Countdown } from '../components/countdown';
import { OrderActions } from '../components/order-actions';
import { OrderLines } from '../components/order-lines';
import { OrderStatus } from '../components/order-status';
import { OrderTimeline } from '../components/order-timeline';
import { RefundProgress } from '../components/refund-progress';
import '../components/orders.css';

/** user/order/info (and course/order-info): lines, amounts, status and timeline, pickup QR, shipping. */
export function OrderInfoPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const order = useOrder(orderNo);
  if (order.isPending) return <PageSkeleton rows={3} />;
  if (order.error) return <PageError error={order.error} onRetry={() => void order.refetch()} />;
  const o = order.data.orderInfo;
  return (
    <div className="stack order-info">
      <SavedAt at={order.dataUpdatedAt} />
      <section className="card order-head" aria-labelledby="order-status">
        <h2 className="section-title" id="order-status">
          <OrderStatus order={o} />
        </h2>
        {o.expires_at && <Countdown until={o.expires_at} onEnd={() => void order.refetch()} />}
        {o.refunded_amount > 0 && o.status_name !== 'refunded' && (
          <p className="secondary">{t('orders.info.partlyRefunded', { amount: format.money(o.refunded_amount) })}</p>
        )}
        {o.status_name === 'unpaid' && o.pay_type === 'offline' && (
          <p className="secondary">{t('orders.info.offlineWaiting')}</p>
        )}
        {o.cancel_reason && o.status_name === 'cancelled' && (
          <p className="secondary">
            {t(`orders.info.cancelReason.${reasonKey(o.cancel_reason)}`, { reason: o.cancel_reason })}
          </p>
        )}
      </section>
      {o.pickup_code && (
        <section className="card pickup-card" aria-labelledby="pickup-title">
          <h2 className="section-title" id="pickup-title">
            {t('orders.info.pickupTitle')}
          </h2>
          <QrCode value={o.pickup_code} label={t('orders.info.pickupQr', { code: o.pickup_code })} />
          <p className="pickup-code figures">{o.pickup_code}</p>
          <p className="secondary">{t('orders.info.pickupHelp')}</p>
        </section>
      )}
      {o.express_info && (
        <section className="card stack-tight">
          <h2 className="section-title">{t('orders.info.shipping')}</h2>
          <p>
            {o.express_info.express_name} · <span className="figures">{o.express_info.express_no}</span>
          </p>
          {o.auto_receive_at && <AutoReceive at={o.auto_receive_at} />}
        </section>
      )}
      {o.address && (
        <section className="card address-summary">
          <EnvironmentOutline aria-hidden="true" className="address-choice-icon" />
          <div>
            <strong>
              {o.address.contact} · <PhoneText value={o.address.phone} />
            </strong>
            <p className="secondary">
              {[
                o.address.unit,
                o.address.address,
                o.address.area,
                o.address.city,
                o.address.postcode,
                o.address.country,
              ]
                .filter(Boolean)
                .join(', ')}
            </p>
          </div>
        </section>
      )}
      <section className="card" aria-label={t('orders.lines')}>
        <OrderLines lines={o.lines} />
      </section>
      <section className="card">
        <Amounts
          goods={o.goods_amount}
          freight={o.freight_amount}
          coupon={o.coupon_amount}
          points={o.points_amount}
          pointsUsed={o.points_used}
          pay={o.pay_amount}
          refunded={o.refunded_amount}
          showFreight={o.kind === 'goods'}
          paid={o.paid_at !== null}
        />
      </section>
      {o.refund && <RefundProgress order={o} />}
      <OrderFacts order={o} />
      <OrderTimeline order={o} />
      {!o.refund && (
        <p className="need-help">
          <NeedHelpLink orderNo={o.order_no} />
        </p>
      )}
      {o.actions.some((a) => a !== 'pickup_code' && a !== 'refund_details') && (
        <>
          <div className="action-bar-spacer" />
          <div className="action-bar">
            <OrderActions order={o} />
          </div>
        </>
      )}
    </div>
  );
}

const reasonKey = (reason: string) =>
  reason === 'expired' ? 'expired' : reason === 'cancelled by member' ? 'member' : 'staff';

function AutoReceive({ at }: { at: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return <p className="secondary">{t('orders.info.autoReceive', { date: format.date(at) })}</p>;
}

function OrderFacts({ order }: { order: OrderRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  const facts: [string, string][] = [
    [t('orders.info.number'), order.order_no],
    [t('orders.info.placed'), format.dateTime(order.created_at)],
  ];
  if (order.pay_type) facts.push([t('orders.info.payType'), t(`orders.payTypes.${order.pay_type}`)]);
  if (order.paid_at) facts.push([t('orders.info.paidAt'), format.dateTime(order.paid_at)]);
  if (order.delivery !== 'none') facts.push([t('orders.info.delivery'), t(`orders.delivery.${order.delivery}`)]);
  if (order.remark) facts.push([t('orders.info.remark'), order.remark]);
  return (
    <section className="card">
      <dl className="order-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="secondary">{label}</dt>
            <dd className="figures">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
