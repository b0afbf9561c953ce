import type { OrderRecord } from '@studio/contract/orders';
import { useTranslation } from 'react-i18next';
import { NeedHelpLink } from '@/shared/feedback/need-help-link';
import { useFormat } from '@/shared/format/use-format';

/**
 * Where the refund stands: applied (with the reason and the units sent back), approved (the amount,
 * and where the money is: on its way, paid back, or refused by the provider: the studio then pays it
 * back another way) or refused (why); what the studio wrote to the member.
 */
export function RefundProgress({ order }: { order: OrderRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  const r = order.refund!;
  const nameOf = (skuId: string) => {
    const line = order.lines?.find((l) => l.sku_id === skuId);
    return line ? [line.goods_name, line.sku_name].filter(Boolean).join(' · ') : skuId;
  };
  return (
    <section className="card stack-tight" aria-labelledby="refund-title">
      <h2 className="section-title" id="refund-title">
        {t('orders.refund.progress')}
      </h2>
      <p>
        <strong className={r.status === 'refused' ? 'is-danger' : undefined}>
          {t(`orders.refund.status.${r.status}`)}
        </strong>
      </p>
      <dl className="order-facts">
        <div>
          <dt className="secondary">{t('orders.refund.appliedAt')}</dt>
          <dd className="figures">{format.dateTime(r.created_at)}</dd>
        </div>
        <div>
          <dt className="secondary">{t('orders.refund.reason')}</dt>
          <dd>{r.reason}</dd>
        </div>
        {r.lines.length > 0 && (
          <div>
            <dt className="secondary">{t('orders.refund.lines')}</dt>
            <dd>
              <ul className="refund-progress-lines">
                {r.lines.map((l) => (
                  <li key={l.sku_id}>
                    {nameOf(l.sku_id)} <span className="figures">× {l.quantity}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        <div>
          <dt className="secondary">{t('orders.refund.requested')}</dt>
          <dd className="figures">{format.money(r.requested_amount)}</dd>
        </div>
        {r.approved_amount !== null && (
          <div>
            {/* "Refunded" once the money is back; until then (on its way, or refused) what was approved. */}
            <dt className="secondary">
              {t(r.money?.status === 'succeeded' ? 'orders.refund.approved' : 'orders.refund.approvedAmount')}
            </dt>
            <dd className="figures">{format.money(r.approved_amount)}</dd>
          </div>
        )}
        {r.refuse_reason && (
          <div>
            <dt className="secondary">{t('orders.refund.refuseReason')}</dt>
            <dd>{r.refuse_reason}</dd>
          </div>
        )}
        {r.status === 'approved' && r.message && (
          <div>
            <dt className="secondary">{t('orders.refund.message')}</dt>
            <dd>{r.message}</dd>
          </div>
        )}
      </dl>
      {r.money && (
        <p className={r.money.status === 'failed' ? 'is-danger' : 'secondary'}>
          {t(`orders.refund.money.${r.money.status}`, { method: t(`orders.payTypes.${r.money.method}`) })}
        </p>
      )}
      <p className="need-help">
        <NeedHelpLink orderNo={order.order_no} />
      </p>
    </section>
  );
}
