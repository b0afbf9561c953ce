import type { OrderRecord } from '@studio/contract/orders';
import { orderStatusNameOf } from '@studio/contract/orders';
import { refundStepText } from '@studio/contract/refunds';
import { Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/format/use-format';
import { OrderStatus } from './order-status';

/** The order's history, newest first: each status it reached, and what each refund decided. */
export function OrderTimeline({ order }: { order: OrderRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  const events = [...order.timeline].reverse();
  return (
    <section className="card" aria-labelledby="timeline-title">
      <h2 className="section-title" id="timeline-title">
        {t('orders.info.timeline')}
      </h2>
      <Steps direction="vertical" current={0}>
        {events.map((e, i) => {
          const refund = refundStepText(e.refund, t, format.money, 'orders.timeline');
          return (
            <Steps.Step
              // biome-ignore lint/suspicious/noArrayIndexKey: a history never reorders; two steps may share a status and an instant.
              key={i}
              title={
                refund ? (
                  <span className={`order-status ${e.refund?.outcome === 'approved' ? 'is-success' : ''}`}>
                    {refund}
                  </span>
                ) : (
                  <OrderStatus order={{ status_name: orderStatusNameOf(e.status), delivery: order.delivery }} />
                )
              }
              description={format.dateTime(e.at)}
            />
          );
        })}
      </Steps>
    </section>
  );
}
