import { resolveLocale } from '@studio/contract/locale';
import { ORDER_STATUS_LABELS, type OrderRecord } from '@studio/contract/orders';
import { useTranslation } from 'react-i18next';

const TONES: Record<string, string> = {
  unpaid: 'is-warning',
  paid: 'is-primary',
  shipped: 'is-primary',
  completed: 'is-success',
  received: 'is-success',
};

/** The order's status in the member's words (the contract's names); a paid pickup order waits to be picked up. */
export function orderStatusText(
  order: Pick<OrderRecord, 'status_name' | 'delivery'>,
  t: (key: string) => string,
  language: string,
): string {
  if (order.status_name === 'paid' && order.delivery === 'pickup') return t('orders.status.awaitingPickup');
  return ORDER_STATUS_LABELS[order.status_name][resolveLocale(language)];
}

export function OrderStatus({ order }: { order: Pick<OrderRecord, 'status_name' | 'delivery'> }) {
  const { t, i18n } = useTranslation();
  return (
    <span className={`order-status ${TONES[order.status_name] ?? ''}`}>{orderStatusText(order, t, i18n.language)}</span>
  );
}
