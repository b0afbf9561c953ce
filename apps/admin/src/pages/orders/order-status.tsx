import { resolveLocale } from '@studio/contract/locale';
import { ORDER_STATUS_LABELS, type OrderRecord, type OrderStatusName } from '@studio/contract/orders';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ClampedText } from '@/shared/table/cells';

const COLORS: Partial<Record<OrderStatusName, string>> = {
  unpaid: 'orange',
  paid: 'blue',
  preparing: 'blue',
  partially_shipped: 'cyan',
  shipped: 'cyan',
  received: 'green',
  completed: 'green',
  refund_requested: 'magenta',
};

/** An order's status as a tag, in the contract's words for the staff member's language. */
export function OrderStatusTag({ order }: { order: Pick<OrderRecord, 'status_name'> }) {
  const { i18n } = useTranslation();
  return (
    <Tag color={COLORS[order.status_name]}>{ORDER_STATUS_LABELS[order.status_name][resolveLocale(i18n.language)]}</Tag>
  );
}

/** An order's items in a list cell: the first goods item, and how many more. */
export function orderItemsText(t: TFunction, order: Pick<OrderRecord, 'lines'>): string {
  return order.lines.length > 1
    ? t('linesMore', { name: order.lines[0]?.goods_name, count: order.lines.length - 1 })
    : (order.lines[0]?.goods_name ?? '');
}

/**
 * An order's items in a table cell of a set width: the first goods item's name in at most two lines,
 * then how many more, which the cut never hides.
 */
export function OrderItemsCell({
  order,
  secondary = false,
  minWidth,
}: {
  order: Pick<OrderRecord, 'lines'>;
  secondary?: boolean;
  /** In a column without a width, the narrowest it may get (ClampedText). */
  minWidth?: number;
}) {
  const { t } = useTranslation('orders');
  const more = order.lines.length - 1;
  return (
    <div className={secondary ? 'secondary-text' : undefined}>
      <ClampedText text={order.lines[0]?.goods_name ?? ''} secondary={secondary} minWidth={minWidth} />
      {more > 0 && <div className="secondary-text">{t('moreLines', { count: more })}</div>}
    </div>
  );
}
