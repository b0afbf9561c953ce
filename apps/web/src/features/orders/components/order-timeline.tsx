import type { OrderRecord } from '@studio/contract/orders';
import { orderStatusNameOf } from '@studio/contract/orders';
import { Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/format/use-format';
import { OrderStatus } from './order-status';

type Step = OrderRecord['timeline'][number];

/**
 * A refund's step in the member's words: "Refunded £10.20 to wallet" (or at the desk, or to the
 * original payment method), "Refund declined", "Refund withdrawn"; null for a status step.
 */
export function refundStepText(
  step: Step,
  t: (key: string, options?: Record<string, unknown>) => string,
  money: (amount: number) => string,
): string | null {
  const r = step.refund;
  if (!r) return null;
  if (r.outcome !== 'approved') return t(`orders.timeline.${r.outcome}`);
  if (r.to === 'none' || r.amount === 0) return t('orders.timeline.approvedNothing');
  return t(`orders.timeline.refunded.${r.to ?? 'unknown'}`, { amount: money(r.amount) });
}

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
          const refund = refundStepText(e, t, format.money);
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
