import { z } from 'zod';
import { cardPayType, providerRedirect } from './payments';
import { defineCall, noInput } from './protocol';
import { id, isoDateTime, paged, pageQuery } from './validators';

/*
 * The wallet module (RULES.md "Money and points"): a member's balance is the sum of an append-only
 * ledger of top-ups, payments, refunds and staff adjustments, in minor units; it never goes below 0.
 */

export const WALLET_ENTRY_KINDS = ['top_up', 'payment', 'refund', 'adjustment'] as const;
export const walletEntryKind = z.enum(WALLET_ENTRY_KINDS);
export type WalletEntryKind = z.infer<typeof walletEntryKind>;

/** Points (integral): earned when an order completes, reversed on refund, used and returned at checkout, adjusted by staff. */
export const POINTS_ENTRY_KINDS = [
  'earned',
  'reversed',
  'used',
  'returned',
  'points_adjustment',
  /** An inviter's reward for a member they invited, and its reversal when that order was refunded. */
  'invite_reward',
  'invite_reversed',
] as const;
export const pointsEntryKind = z.enum(POINTS_ENTRY_KINDS);
export type PointsEntryKind = z.infer<typeof pointsEntryKind>;

export const walletEntryRecord = z.object({
  _id: z.string(),
  /** Signed: credits are positive, debits negative. */
  amount: z.number().int(),
  kind: z.union([walletEntryKind, pointsEntryKind]),
  balance_after: z.number().int(),
  /** Staff's reason for an adjustment; '' otherwise. */
  reason: z.string(),
  /** What the entry is for (an order number...); '' when nothing. */
  ref: z.string(),
  created_at: isoDateTime,
});
export type WalletEntryRecord = z.infer<typeof walletEntryRecord>;

/**
 * The most a wallet (minor units) or a points account holds: far above any real member, and far
 * below PostgreSQL's integer limit, so a balance plus any one entry never overflows the column.
 */
export const BALANCE_MAX = 1_000_000_000;

/** The most one adjustment moves: £10,000. */
export const MAX_ADJUSTMENT = 1_000_000;

/** A custom top-up: £1 to £1000 (RULES.md). */
export const TOP_UP_MIN = 100;
export const TOP_UP_MAX = 100_000;

export const topUpInput = z
  .object({
    amount: z.number().int().min(TOP_UP_MIN).max(TOP_UP_MAX),
    /** The top-up agreement must be accepted first (spec section 5). */
    agree: z.literal(true, 'agreementRequired'),
    pay_type: cardPayType,
  })
  .strict();

export const walletCalls = {
  getBalance: defineCall('client/wallet.getBalance', noInput, z.object({ balance: z.number().int() })),
  getLedger: defineCall('client/wallet.getLedger', z.object(pageQuery).strict(), paged(walletEntryRecord)),
  /** Credited only when the provider confirms, once however often it does. */
  topUp: defineCall('client/wallet.topUp', topUpInput, providerRedirect),
} as const;

/** The member's points (integral), a ledger like the wallet's. */
export const integralCalls = {
  getBalance: defineCall('client/integral.getBalance', noInput, z.object({ balance: z.number().int() })),
  getLedger: defineCall('client/integral.getLedger', z.object(pageQuery).strict(), paged(walletEntryRecord)),
} as const;

const manage = { permission: 'orders.manage' } as const;

/** A staff adjustment of a member's balance (money or points): signed, never 0, with a reason. */
export const adjustmentInput = z
  .object({
    user_id: id,
    amount: z
      .number()
      .int()
      .min(-MAX_ADJUSTMENT)
      .max(MAX_ADJUSTMENT)
      .refine((n) => n !== 0, 'nonZero'),
    reason: z.string().trim().min(1).max(200),
  })
  .strict();

/** A member's entries for the back office, their balance, and the most staff other than an admin adjust at once. */
const adminLedger = paged(walletEntryRecord).extend({
  balance: z.number().int(),
  /** The studio's per-adjustment ceiling (minor units, or points): above it only an admin adjusts. */
  adjust_max: z.number().int(),
});

export const adminWalletCalls = {
  /** Credits (amount > 0) or debits a member's wallet, never below 0; audited with the reason. */
  adjust: defineCall(
    'admin/wallet.adjust',
    adjustmentInput,
    z.object({ balance: z.number().int(), entry: walletEntryRecord }),
    manage,
  ),
  getLedger: defineCall(
    'admin/wallet.getLedger',
    z.object({ ...pageQuery, user_id: id }).strict(),
    adminLedger,
    manage,
  ),
} as const;

/** The same for points (the member page's points adjustment). */
export const adminIntegralCalls = {
  adjust: defineCall(
    'admin/integral.adjust',
    adjustmentInput,
    z.object({ balance: z.number().int(), entry: walletEntryRecord }),
    manage,
  ),
  getLedger: defineCall(
    'admin/integral.getLedger',
    z.object({ ...pageQuery, user_id: id }).strict(),
    adminLedger,
    manage,
  ),
} as const;
