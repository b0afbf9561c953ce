import { trackingUrl } from '@studio/contract/carriers';
import { ORDER_STATUS, orderStatusNameOf } from '@studio/contract/orders';
import { Steps } from 'antd-mobile';
import { LinkOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormat } from '@/shared/format/use-format';
import { EmptyState, PageError, PageSkeleton } from '@/shared/ui/page-states';
import { usePhoneFormat } from '@/shared/ui/phone-text';
import { useOrder } from '../api/orders';
import { OrderStatus } from '../components/order-status';
import '../components/orders.css';

/**
 * user/order/express: the carrier, the tracking number (a link to the carrier's own tracking page when
 * the carrier is one the contract knows), and where the parcel is in the order's story.
 */
export function OrderExpressPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const formatPhone = usePhoneFormat();
  const [params] = useSearchParams();
  const order = useOrder(params.get('order_no') ?? '');
  if (order.isPending) return <PageSkeleton rows={2} />;
  if (order.error) return <PageError error={order.error} onRetry={() => void order.refetch()} />;
  const o = order.data.orderInfo;
  if (!o.express_info) return <EmptyState title={t('orders.express.none')} />;
  const { express_name: carrier, express_no: number } = o.express_info;
  const tracking = trackingUrl(carrier, number);
  return (
    <div className="stack">
      <section className="card stack-tight">
        <h2 className="section-title">{carrier}</h2>
        <p>
          {t('orders.express.number')} <strong className="figures">{number}</strong>
        </p>
        {tracking && (
          <a className="express-track" href={tracking} target="_blank" rel="noopener noreferrer">
            <LinkOutline aria-hidden="true" /> {t('orders.express.track', { carrier })}
            <span className="visually-hidden"> {t('orders.express.newWindow')}</span>
          </a>
        )}
        {o.express_info.receiver_mobile && (
          <p className="secondary">
            {t('orders.express.receiver', { phone: formatPhone(o.express_info.receiver_mobile) })}
          </p>
        )}
      </section>
      <section className="card">
        <Steps direction="vertical" current={0}>
          {o.timeline
            .filter((e) => e.status >= ORDER_STATUS.shipped)
            .reverse()
            .map((e) => (
              <Steps.Step
                key={`${e.status}-${e.at}`}
                title={<OrderStatus order={{ status_name: orderStatusNameOf(e.status), delivery: o.delivery }} />}
                description={`${format.dateTime(e.at)}${e.note ? ` · ${e.note}` : ''}`}
              />
            ))}
        </Steps>
      </section>
    </div>
  );
}
