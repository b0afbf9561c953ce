import { paymentCalls } from '@studio/contract/payments';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call, callQuery } from '@/shared/api/call-function';
import { useFormat } from '@/shared/format/use-format';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { redirectTo, safeReturnPath } from '@/shared/navigation/navigation';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { invalidateOrders } from '../api/orders';
import '../components/orders.css';

/**
 * The sandbox provider's page: a test card for demos and tests. The member confirms or declines;
 * the provider then notifies the studio with a signed notification, as a real one would, and the
 * member goes back to where they came from.
 */
export function SandboxPayPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [params] = useSearchParams();
  const outTradeNo = params.get('out_trade_no') ?? '';
  const back = safeReturnPath(params.get('return'));
  const charge = useQuery(callQuery(paymentCalls.getSandboxCharge, { out_trade_no: outTradeNo }));
  const [decide, deciding] = useLockedAction(async (decision: 'succeeded' | 'failed') => {
    await call(paymentCalls.decideSandboxCharge, { out_trade_no: outTradeNo, decision });
    await invalidateOrders();
    await redirectTo(back);
  });
  if (charge.isPending) return <PageSkeleton rows={2} />;
  if (charge.error) return <PageError error={charge.error} onRetry={() => void charge.refetch()} />;
  const c = charge.data.charge;
  return (
    <div className="stack sandbox-page">
      <section className="card sandbox-card" aria-labelledby="sandbox-title">
        <p className="sandbox-badge">{t('orders.sandbox.badge')}</p>
        <h2 className="section-title" id="sandbox-title">
          {t('orders.sandbox.title')}
        </h2>
        <p className="secondary">{c.description}</p>
        <p className="order-pay-amount figures">{format.money(c.amount)}</p>
        <div className="sandbox-test-card figures" aria-hidden="true">
          4242 4242 4242 4242 · 12/34 · 123
        </div>
        <p className="secondary">{t('orders.sandbox.help')}</p>
      </section>
      {c.status === 'open' ? (
        <div className="stack-tight">
          <Button block color="primary" loading={deciding} onClick={() => void decide('succeeded')}>
            {t('orders.sandbox.confirm', { amount: format.money(c.amount) })}
          </Button>
          <Button block fill="outline" disabled={deciding} onClick={() => void decide('failed')}>
            {t('orders.sandbox.decline')}
          </Button>
        </div>
      ) : (
        <>
          <p className="card" role="status">
            {t(`orders.sandbox.${c.status}`)}
          </p>
          <Button block color="primary" fill="outline" onClick={() => redirectTo(back)}>
            {t('orders.sandbox.back')}
          </Button>
        </>
      )}
    </div>
  );
}
