import type { RefundRecord } from '@studio/contract/refunds';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const MONEY_COLORS = { pending: 'gold', succeeded: 'green', failed: 'red' } as const;

/**
 * Where an approved refund's money stands: on its way (a card refund its provider has not confirmed),
 * paid back, or refused by the provider, which staff then return another way.
 */
export function RefundMoneyTag({ refund }: { refund: RefundRecord | null }) {
  const { t } = useTranslation('orders');
  if (!refund?.money) return null;
  return <Tag color={MONEY_COLORS[refund.money.status]}>{t(`refunds.money.${refund.money.status}`)}</Tag>;
}
