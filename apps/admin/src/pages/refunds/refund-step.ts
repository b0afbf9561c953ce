import type { OrderRecord } from '@studio/contract/orders';

type Step = OrderRecord['timeline'][number];

/**
 * A refund's step of an order's history, for staff: "Refunded £10.20 to wallet" (or at the desk, or
 * to the original payment method), "Refund declined", "Refund withdrawn"; null for a status step.
 */
export function refundStepText(
  step: Step,
  t: (key: string, options?: Record<string, unknown>) => string,
  money: (amount: number) => string,
): string | null {
  const r = step.refund;
  if (!r) return null;
  if (r.outcome !== 'approved') return t(`refundSteps.${r.outcome}`);
  if (r.to === 'none' || r.amount === 0) return t('refundSteps.approvedNothing');
  return t(`refundSteps.refunded.${r.to ?? 'unknown'}`, { amount: money(r.amount) });
}
