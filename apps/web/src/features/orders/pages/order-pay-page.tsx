import type { PayType } from '@studio/contract/payments';
import { walletCalls } from '@studio/contract/wallet';
import { useQuery } from '@tanstack/react-query';
import { Button, PullToRefresh, Radio } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { callQuery } from '@/shared/api/call-function';
import { classLinks } from '@/shared/classes/links';
import { useFormat } from '@/shared/format/use-format';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { useMchInfo } from '@/shared/merchant/mch-info';
import { navigateTo, redirectTo } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { FOR_SESSION_PARAM, orderLinks } from '@/shared/orders/links';
import { openProvider, usePaymentStatus } from '@/shared/orders/orders';
import { showToast } from '@/shared/ui/feedback';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { invalidateOrders, offeredPayTypes, payOrder, refreshMyPackages, useOrder } from '../api/orders';
import { Countdown } from '../components/countdown';
import { OrderStatus } from '../components/order-status';
import '@/shared/ui/status-tag.css';
import '../components/orders.css';

/** Statuses in which nothing more is paid and what was bought is the member's (a pass: a package to book with). */
const SETTLED: readonly string[] = ['paid', 'preparing', 'partially_shipped', 'shipped', 'received', 'completed'];

/**
 * The method preselected: the first the studio offers that can pay this amount (never a wallet that
 * holds too little: UI.md), card or wallet before the desk; when none can, the first offered, whose
 * note says why.
 */
export function preselectPayType(offered: readonly PayType[], canPay: (p: PayType) => boolean): PayType | null {
  return offered.find((p) => p !== 'offline' && canPay(p)) ?? offered.find(canPay) ?? offered[0] ?? null;
}

/**
 * goods-order-pay / order-pay: the amount, the countdown, the studio's payment methods; back from a
 * card provider's page it waits for the provider's confirmation. Pull down to refresh. A pass bought
 * from a class page (FOR_SESSION_PARAM) offers the way back to that class once paid.
 */
export function OrderPayPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const outTradeNo = params.get('out_trade_no');
  const forSession = params.get(FOR_SESSION_PARAM);
  const order = useOrder(orderNo);
  const mch = useMchInfo();
  const balance = useQuery(callQuery(walletCalls.getBalance, {}));
  const payment = usePaymentStatus(outTradeNo);
  const offered = offeredPayTypes(mch.data?.mchInfo);
  const [chosen, setChosen] = useState<PayType | null>(null);

  const [pay, paying] = useLockedAction(async (payType: PayType) => {
    const answer = await payOrder(orderNo, payType);
    if (answer.out_trade_no && answer.pay_url) {
      const back = `${orderLinks.pay(orderNo, forSession)}&out_trade_no=${encodeURIComponent(answer.out_trade_no)}`;
      await openProvider(answer.pay_url, back);
      return;
    }
    showToast(t(payType === 'offline' ? 'orders.pay.offlineChosen' : 'orders.pay.paid'));
    // Paid for a class: this page, now paid, offers the way back to it.
    if (forSession && payType !== 'offline') return;
    await redirectTo(orderLinks.info(orderNo));
  });

  // The wallet's balance decides the method preselected: the page waits for it as for the order.
  if (order.isPending || mch.isPending || balance.isPending) return <PageSkeleton rows={2} />;
  if (order.error) return <PageError error={order.error} onRetry={() => void order.refetch()} />;
  const o = order.data.orderInfo;
  const walletShort = (balance.data?.balance ?? 0) < o.pay_amount;
  const payType = chosen ?? preselectPayType(offered, (p) => p !== 'balance' || !walletShort);
  const short = payType === 'balance' && walletShort;
  const unpaid = o.status_name === 'unpaid';
  const waiting = outTradeNo && payment.data?.payment.status === 'pending';

  return (
    <PullToRefresh onRefresh={() => invalidateOrders()}>
      <div className="stack order-pay">
        <section className="card order-pay-head" aria-labelledby="pay-amount">
          <p className="secondary">{SETTLED.includes(o.status_name) ? t('orders.amounts.paid') : t('orders.toPay')}</p>
          <p className="order-pay-amount figures" id="pay-amount">
            {format.money(o.pay_amount)}
          </p>
          {unpaid && o.expires_at && <Countdown until={o.expires_at} onEnd={() => void order.refetch()} />}
          {!unpaid && <OrderStatus order={o} />}
          {waiting && (
            <p className="secondary" role="status">
              {t('orders.pay.waiting')}
            </p>
          )}
          {outTradeNo && payment.data?.payment.status === 'failed' && unpaid && (
            <p className="is-danger" role="alert">
              {t('orders.pay.declined')}
            </p>
          )}
        </section>
        {unpaid && o.pay_type !== 'offline' ? (
          <>
            <section className="card" aria-labelledby="pay-methods">
              <h2 className="section-title" id="pay-methods">
                {t('orders.pay.method')}
              </h2>
              <Radio.Group value={payType ?? undefined} onChange={(v) => setChosen(v as PayType)}>
                <ul className="pay-methods">
                  {offered.map((p) => (
                    <li key={p}>
                      <Radio value={p} block>
                        <span className="pay-method-name">
                          {t(`orders.payTypes.${p}`)}
                          {p === 'sandbox' && (
                            <span className="status-tag tone-warning pay-test-tag">{t('orders.pay.testTag')}</span>
                          )}
                        </span>
                        <span className="secondary pay-method-note">
                          {p === 'balance'
                            ? t('orders.pay.balanceNote', { balance: format.money(balance.data?.balance ?? 0) })
                            : t(`orders.pay.notes.${p}`)}
                        </span>
                      </Radio>
                    </li>
                  ))}
                </ul>
              </Radio.Group>
            </section>
            <div className="action-bar-spacer" />
            <div className="action-bar">
              {short && (
                <p className="action-bar-note is-danger" role="alert">
                  {t('orders.pay.balanceShort')}{' '}
                  <Button fill="none" color="primary" size="mini" onClick={() => navigateTo(paths.wallet)}>
                    {t('orders.pay.topUp')}
                  </Button>
                </p>
              )}
              <Button
                block
                color="primary"
                disabled={!payType || short}
                loading={paying}
                onClick={() => {
                  if (payType) void pay(payType);
                }}
              >
                {t('orders.pay.submit', { amount: format.money(o.pay_amount) })}
              </Button>
            </div>
          </>
        ) : (
          <div className="stack">
            {forSession && SETTLED.includes(o.status_name) && (
              <>
                <p className="secondary">{t('orders.pay.backToClassNote')}</p>
                <Button
                  block
                  color="primary"
                  onClick={async () => {
                    // Paid with a card, the pass arrived while this page waited: the class page reads it afresh.
                    await refreshMyPackages();
                    await redirectTo(classLinks.session(forSession));
                  }}
                >
                  {t('orders.pay.backToClass')}
                </Button>
              </>
            )}
            <Button block color="primary" fill="outline" onClick={() => redirectTo(orderLinks.info(orderNo))}>
              {t('orders.pay.viewOrder')}
            </Button>
          </div>
        )}
      </div>
    </PullToRefresh>
  );
}
