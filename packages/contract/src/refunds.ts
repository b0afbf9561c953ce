import { z } from 'zod';
import { NO_PAYMENT, payType } from './payments';
import { isoDateTime } from './validators';

/*
 * Refunds (RULES.md "Orders": refund). A member applies from a paid order (it moves to −2) with a
 * reason and up to REFUND_MAX_IMAGES photos; they may cancel while it waits; staff approve (all or
 * part of what is left to refund) or refuse with a reason. The money goes back to where it came
 * from through the payments module; each refund is a row of its own pointing at the payment.
 */

export const REFUND_STATUSES = ['pending', 'approved', 'refused', 'cancelled'] as const;
export const refundStatus = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof refundStatus>;

/** The money side of a refund, per payment returned: settled at once (wallet, desk) or when the provider confirms. */
export const PAYMENT_REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentRefundStatus = (typeof PAYMENT_REFUND_STATUSES)[number];

/** How staff pay back a refund its provider refused: at the desk, or to the member's wallet. */
export const REPAY_METHODS = ['offline', 'balance'] as const;

export const REFUND_REASON_MAX = 200;
export const REFUND_MAX_IMAGES = 9;

export const refundRecord = z.object({
  _id: z.string(),
  status: refundStatus,
  reason: z.string(),
  images: z.array(z.string()),
  /** What was left to refund when the member applied. */
  requested_amount: z.number().int(),
  /** What staff approved (null until then). */
  approved_amount: z.number().int().nullable(),
  refuse_reason: z.string(),
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
