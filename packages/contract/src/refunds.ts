import { z } from 'zod';
import { NO_PAYMENT, payType } from './payments';
import { isoDateTime } from './validators';

/*
 * Refunds (RULES.md "Orders": refund). A member applies from a paid order (it moves to −2) with a
 * reason, up to REFUND_MAX_IMAGES photos and the units of its lines they send back; the server
 * prices them (refundAmountRules below); they may cancel while it waits; staff approve (with a
 * message to the member, paying back at most what the application comes to) or refuse with a
 * reason. The money goes back to where it came from through the payments module; each refund is a
 * row of its own pointing at the payment.
 *
 * What units are worth (the server's orders/refund-amounts.ts): each line's share of what was paid
 * for goods (pay amount − freight, split across the lines in proportion to their price × quantity,
 * so the coupon and the points are shared out too), each unit of a line an equal part of it (the
 * pennies that do not divide go with the line's last units); the freight goes back with the last
 * units of the order. Never more than is left of the payment.
 */

export const REFUND_STATUSES = ['pending', 'approved', 'refused', 'cancelled'] as const;
export const refundStatus = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof refundStatus>;

/** The money side of a refund, per payment returned: settled at once (wallet, desk) or when the provider confirms. */
export const PAYMENT_REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentRefundStatus = (typeof PAYMENT_REFUND_STATUSES)[number];

/** How staff pay back a refund its provider refused: at the desk, or to the member's wallet. */
export const REPAY_METHODS = ['offline', 'balance'] as const;

/**
 * Where refunded money goes: the wallet (credited at once), the desk (handed back at the studio), the
 * card or account that paid (through its provider; it may take days), none (nothing was paid in
 * money: points or a coupon paid it).
 */
export const REFUND_DESTINATIONS = ['wallet', 'desk', 'card', 'none'] as const;
export const refundDestination = z.enum(REFUND_DESTINATIONS);
export type RefundDestination = z.infer<typeof refundDestination>;

export const REFUND_REASON_MAX = 200;
/** What staff may write to the member when they approve a refund. */
export const REFUND_MESSAGE_MAX = 200;
export const REFUND_MAX_IMAGES = 9;

/** Units of one order line in a refund (an order holds one line per SKU), and what they come to. */
export const refundLine = z.object({
  sku_id: z.string(),
  quantity: z.number().int(),
  amount: z.number().int(),
});
export type RefundLine = z.infer<typeof refundLine>;

/** What a choice of units comes to (client/order.previewRefund), as the application would store it. */
export const refundQuote = z.object({
  lines: z.array(refundLine),
  /** What goes back: the lines' amounts, plus the freight when these are the order's last units. */
  amount: z.number().int(),
  /** Included in `amount`: the freight, when these are the order's last units. */
  freight: z.number().int(),
  /** Whether these are all the units left: approved, the order is refunded. */
  full: z.boolean(),
});
export type RefundQuote = z.infer<typeof refundQuote>;

/**
 * A refund's mark on the order's timeline: an application approved (how much went back, and where),
 * refused or withdrawn. The entry's status is where the order stood after it.
 */
export const orderEventRefund = z.object({
  outcome: z.enum(['approved', 'refused', 'cancelled']),
  amount: z.number().int(),
  to: refundDestination.nullable(),
});
export type OrderEventRefund = z.infer<typeof orderEventRefund>;

/**
 * What a refund step of an order's history says, in either app: "Refunded £10.20 to wallet" (or at
 * the desk, or to the original payment method), "Refund declined", "Refund withdrawn". `catalogue` is
 * where the app keeps those messages (keys `<outcome>`, `approvedNothing`, `refunded.<to>`); null for
 * a step that is a status only.
 */
export function refundStepText(
  refund: OrderEventRefund | null,
  t: (key: string, options?: Record<string, unknown>) => string,
  money: (amount: number) => string,
  catalogue: string,
): string | null {
  if (!refund) return null;
  if (refund.outcome !== 'approved') return t(`${catalogue}.${refund.outcome}`);
  if (refund.to === 'none' || refund.amount === 0) return t(`${catalogue}.approvedNothing`);
  return t(`${catalogue}.refunded.${refund.to ?? 'unknown'}`, { amount: money(refund.amount) });
}

export const refundRecord = z.object({
  _id: z.string(),
  status: refundStatus,
  reason: z.string(),
  images: z.array(z.string()),
  /** The units sent back, per line, and what each came to (empty for an application of the whole order made before lines were chosen). */
  lines: z.array(refundLine),
  /** What the chosen units came to when the member applied. */
  requested_amount: z.number().int(),
  /** What staff approved (null until then). */
  approved_amount: z.number().int().nullable(),
  refuse_reason: z.string(),
  /** What staff wrote to the member when they decided: the approval's message, or the refusal's reason. */
  message: z.string(),
  created_at: isoDateTime,
  decided_at: isoDateTime.nullable(),
  /**
   * Where the approved money stands: `pending` on its way (a card refund its provider has not
   * confirmed yet), `succeeded` back, `failed` refused by the provider (staff then pay it back
   * another way: `admin/order.repayRefund`). Null until approved, or when nothing was to go back.
   */
  money: z
    .object({
      status: z.enum(PAYMENT_REFUND_STATUSES),
      /** Where it goes back: the method that paid, or the desk or the wallet when staff repaid it. */
      method: z.union([payType, z.literal(NO_PAYMENT)]),
    })
    .nullable(),
});
export type RefundRecord = z.infer<typeof refundRecord>;
