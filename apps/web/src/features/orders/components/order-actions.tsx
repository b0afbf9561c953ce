import type { OrderRecord } from '@studio/contract/orders';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { navigateTo } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { NeedsConnectionNote } from '@/shared/offline/offline-ui';
import { useOnline } from '@/shared/offline/use-online';
import { orderLinks } from '@/shared/orders/links';
import { confirmDialog } from '@/shared/ui/confirm-dialog';
import { showToast } from '@/shared/ui/feedback';
import { cancelOrder, cancelRefund, confirmReceipt } from '../api/orders';
import { RefundSheet } from './refund-sheet';

/** The actions of spec section 4 that the order's status allows, as the server lists them. */
export function OrderActions({ order, compact = false }: { order: OrderRecord; compact?: boolean }) {
  const { t } = useTranslation();
  const size = compact ? 'small' : 'middle';
  // Every action but opening the order's own page (its pickup code, its refund) needs the server.
  const offline = !useOnline();
  const [cancel, cancelling] = useLockedAction(async () => {
    const ok = await confirmDialog({
      content: t('orders.actions.cancelConfirm'),
      confirmText: t('orders.actions.cancel'),
      cancelText: t('orders.actions.keep'),
    });
    if (!ok) return;
    await cancelOrder(order.order_no);
    showToast(t('orders.actions.cancelled'));
  });
  const [receive, receiving] = useLockedAction(async () => {
    const ok = await confirmDialog({
      content: t('orders.actions.receiveConfirm'),
      confirmText: t('orders.actions.confirmReceipt'),
      cancelText: t('orders.actions.notYet'),
    });
    if (!ok) return;
    await confirmReceipt(order.order_no);
    showToast(t('orders.actions.received'));
  });
  const [refundOpen, setRefundOpen] = useState(false);
  const [withdraw, withdrawing] = useLockedAction(async () => {
    const ok = await confirmDialog({
      content: t('orders.refund.cancelConfirm'),
      confirmText: t('orders.actions.cancelRefund'),
      cancelText: t('orders.actions.keep'),
    });
    if (!ok) return;
    await cancelRefund(order.order_no);
    showToast(t('orders.refund.cancelled'));
  });
  if (order.actions.length === 0) return null;
  const needsServer = order.actions.some((a) => a !== 'refund_details' && a !== 'pickup_code' && a !== 'invite');
  return (
    <div className="order-actions">
      {offline && needsServer && <NeedsConnectionNote className="order-actions-note" />}
      {order.actions.includes('invite') && !compact && (
        <Button size={size} fill="outline" onClick={() => navigateTo(paths.invite)}>
          {t('orders.actions.invite')}
        </Button>
      )}
      {order.actions.includes('refund_details') && compact && (
        <Button size={size} fill="outline" onClick={() => navigateTo(orderLinks.info(order.order_no))}>
          {t('orders.actions.refundDetails')}
        </Button>
      )}
      {order.actions.includes('cancel_refund') && (
        <Button size={size} fill="outline" loading={withdrawing} disabled={offline} onClick={() => void withdraw()}>
          {t('orders.actions.cancelRefund')}
        </Button>
      )}
      {order.actions.includes('apply_refund') && (
        <>
          <Button size={size} fill="outline" disabled={offline} onClick={() => setRefundOpen(true)}>
            {t('orders.actions.applyRefund')}
          </Button>
          <RefundSheet order={order} open={refundOpen} onClose={() => setRefundOpen(false)} />
        </>
      )}
      {order.actions.includes('review') && (
        <Button
          size={size}
          color="primary"
          fill="outline"
          disabled={offline}
          onClick={() => navigateTo(orderLinks.comment(order.order_no))}
        >
          {t('orders.actions.review')}
        </Button>
      )}
      {order.actions.includes('cancel') && (
        <Button size={size} fill="outline" loading={cancelling} disabled={offline} onClick={() => void cancel()}>
          {t('orders.actions.cancel')}
        </Button>
      )}
      {order.actions.includes('logistics') && (
        <Button
          size={size}
          fill="outline"
          disabled={offline}
          onClick={() => navigateTo(orderLinks.express(order.order_no))}
        >
          {t('orders.actions.logistics')}
        </Button>
      )}
      {order.actions.includes('pickup_code') && compact && (
        <Button size={size} color="primary" fill="outline" onClick={() => navigateTo(orderLinks.info(order.order_no))}>
          {t('orders.actions.pickupCode')}
        </Button>
      )}
      {order.actions.includes('confirm_receipt') && (
        <Button size={size} color="primary" loading={receiving} disabled={offline} onClick={() => void receive()}>
          {t('orders.actions.confirmReceipt')}
        </Button>
      )}
      {order.actions.includes('pay') && (
        <Button
          size={size}
          color="primary"
          disabled={offline}
          onClick={() => navigateTo(orderLinks.pay(order.order_no))}
        >
          {t('orders.actions.pay')}
        </Button>
      )}
    </div>
  );
}
