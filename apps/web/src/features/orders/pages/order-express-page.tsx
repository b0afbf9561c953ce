import { ORDER_STATUS, orderStatusNameOf } from '@studio/contract/orders';
import { Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormat } from '@/shared/format/use-format';
import { EmptyState, PageError, PageSkeleton } from '@/shared/ui/page-states';
import { useOrder } from '../api/orders';
import { OrderStatus } from '../components/order-status';
import '../components/orders.css';

/** user/order/express: the carrier, the tracking number, and where the parcel is in the order's story. */
export function OrderExpressPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [params] = useSearchParams();
  const order = useOrder(params.get('order_no') ?? '');
  if (order.isPending) return <PageSkeleton rows={2} />;
  if (order.error) return <PageError error={order.error} onRetry={() => void order.refetch()} />;
  const o = order.data.orderInfo;
  if (!o.express_info) return <EmptyState title={t('orders.express.none')} />;
  return (
    <div className="stack">
      <section className="card stack-tight">
        <h2 className="section-title">{o.express_info.express_name}</h2>
        <p>
          {t('orders.express.number')} <strong className="figures">{o.express_info.express_no}</strong>
        </p>
        {o.express_info.receiver_mobile && (
          <p className="secondary">{t('orders.express.receiver', { phone: o.express_info.receiver_mobile })}</p>
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
