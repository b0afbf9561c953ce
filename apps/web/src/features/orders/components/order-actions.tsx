import type { OrderRecord } from '@studio/contract/orders';
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { navigateTo } from '@/shared/navigation/navigation';
import { showToast } from '@/shared/ui/feedback';
import { cancelOrder, confirmReceipt, orderLinks } from '../api/orders';

/** The actions of spec section 4 that the order's status allows, as the server lists them. */
export function OrderActions({ order, compact = false }: { order: OrderRecord; compact?: boolean }) {
  const { t } = useTranslation();
  const size = compact ? 'small' : 'middle';
  const [cancel, cancelling] = useLockedAction(async () => {
    const ok = await Dialog.confirm({
      content: t('orders.actions.cancelConfirm'),
      confirmText: t('orders.actions.cancel'),
      cancelText: t('orders.actions.keep'),
    });
    if (!ok) return;
    await cancelOrder(order.order_no);
    showToast(t('orders.actions.cancelled'));
  });
  const [receive, receiving] = useLockedAction(async () => {
    const ok = await Dialog.confirm({
      content: t('orders.actions.receiveConfirm'),
      confirmText: t('orders.actions.confirmReceipt'),
      cancelText: t('orders.actions.notYet'),
    });
    if (!ok) return;
    await confirmReceipt(order.order_no);
    showToast(t('orders.actions.received'));
  });
  if (order.actions.length === 0) return null;
  return (
    <div className="order-actions">
      {order.actions.includes('cancel') && (
        <Button size={size} fill="outline" loading={cancelling} onClick={() => void cancel()}>
          {t('orders.actions.cancel')}
        </Button>
      )}
      {order.actions.includes('logistics') && (
        <Button size={size} fill="outline" onClick={() => navigateTo(orderLinks.express(order.order_no))}>
          {t('orders.actions.logistics')}
        </Button>
      )}
      {order.actions.includes('pickup_code') && compact && (
        <Button size={size} color="primary" fill="outline" onClick={() => navigateTo(orderLinks.info(order.order_no))}>
          {t('orders.actions.pickupCode')}
        </Button>
      )}
      {order.actions.includes('confirm_receipt') && (
        <Button size={size} color="primary" loading={receiving} onClick={() => void receive()}>
          {t('orders.actions.confirmReceipt')}
        </Button>
      )}
      {order.actions.includes('pay') && (
        <Button size={size} color="primary" onClick={() => navigateTo(orderLinks.pay(order.order_no))}>
          {t('orders.actions.pay')}
        </Button>
      )}
    </div>
  );
}
