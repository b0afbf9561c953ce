import { z } from 'zod';
import { defineCall } from './protocol';
import { id, isoDateTime } from './validators';

/*
 * The payments module: every payment (an order's, a top-up's) is a row of its own, made through one
 * provider interface with an adapter per provider, and settled exactly once however many
 * confirmations arrive (a unique (provider, event id) record; the payment row locked while settled).
 * Spec section 4 names the payment types; this studio offers those switched on in its settings.
 */

/** Spec payment types, and the providers this app adds (a sandbox test card, Stripe). */
export const PAY_TYPES = ['balance', 'offline', 'sandbox', 'stripe', 'wechat', 'alipay'] as const;
export const payType = z.enum(PAY_TYPES);
export type PayType = z.infer<typeof payType>;
/** Providers whose payment happens on a page of their own (the member is sent to `pay_url`). */
export const CARD_PAY_TYPES = ['sandbox', 'stripe'] as const satisfies readonly PayType[];
export type CardPayType = (typeof CARD_PAY_TYPES)[number];
export const cardPayType = z.enum(CARD_PAY_TYPES);
/** What an order paid nothing for (a free item) is recorded as. */
export const NO_PAYMENT = 'none';

/**
 * How money was taken at the desk (an `offline` payment): notes or coins, or the studio's own card
 * terminal. Staff say which when they record it; the payment keeps it with who took it.
 */
export const DESK_METHODS = ['cash', 'card_terminal'] as const;
export const deskMethod = z.enum(DESK_METHODS);
export type DeskMethod = z.infer<typeof deskMethod>;

/** Pay types a studio may switch on; wechat and alipay exist in the spec but have no adapter here. */
export const ENABLEABLE_PAY_TYPES = ['balance', 'offline', 'sandbox', 'stripe'] as const satisfies readonly PayType[];

/**
 * pending → succeeded (applied: the order paid, the wallet topped up) | failed (declined) |
 * returned (the money came after the order could no longer take it, e.g. cancelled by its
 * countdown: it went to the member's wallet instead).
 */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'returned'] as const;
export const paymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatus>;

/** What a payment pays for. */
export const PAYMENT_PURPOSES = ['order', 'top_up'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** A payment that continues on the provider's page. */
export const providerRedirect = z.object({ out_trade_no: z.string(), pay_url: z.string() });
export type ProviderRedirect = z.infer<typeof providerRedirect>;

export const paymentRecord = z.object({
  out_trade_no: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  /** The order number of an order's payment; '' for a top-up. */
  ref: z.string(),
  provider: z.string(),
  amount: z.number().int(),
  status: paymentStatus,
  created_at: isoDateTime,
  settled_at: isoDateTime.nullable(),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;

// ---------------------------------------------------------------------------------------------
// The sandbox provider: a test card provider built in, for demos and tests
// ---------------------------------------------------------------------------------------------

/** Where the member app shows the sandbox provider's page (query: out_trade_no). */
export const SANDBOX_PAY_PATH = '/pages/pay/sandbox';
/** The notification the sandbox provider sends, signed in `x-sandbox-signature`. */
export const SANDBOX_NOTIFY_PATH = '/api/pay/notify/sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** Stripe's webhook (signed in `stripe-signature`). */
export const STRIPE_NOTIFY_PATH = '/api/pay/notify/stripe';

export const sandboxNotification = z
  .object({
    event_id: z.string().min(1).max(64),
    out_trade_no: z.string().min(1).max(64),
    amount: z.number().int().nonnegative(),
    status: z.enum(['succeeded', 'failed']),
  })
  .strict();
export type SandboxNotification = z.infer<typeof sandboxNotification>;

export const sandboxCharge = z.object({
  out_trade_no: z.string(),
  amount: z.number().int(),
  /** What is paid for, as the studio described it ("Order 2026…", "Wallet top-up"). */
  description: z.string(),
  status: z.enum(['open', 'succeeded', 'failed']),
});
export type SandboxCharge = z.infer<typeof sandboxCharge>;

export const paymentCalls = {
  /** Where a payment stands: the pay and top-up pages ask after coming back from the provider. */
  getStatus: defineCall(
    'client/pay.getStatus',
    z.object({ out_trade_no: id }).strict(),
    z.object({ payment: paymentRecord }),
  ),
  /** The sandbox provider's page reads the charge (public: a provider page knows no member). */
  getSandboxCharge: defineCall(
    'client/pub.getSandboxCharge',
    z.object({ out_trade_no: id }).strict(),
    z.object({ charge: sandboxCharge }),
  ),
  /** The member confirms or declines on the sandbox page; the provider then notifies the studio, signed. */
  decideSandboxCharge: defineCall(
    'client/pub.decideSandboxCharge',
    z.object({ out_trade_no: id, decision: z.enum(['succeeded', 'failed']) }).strict(),
    z.object({ charge: sandboxCharge }),
  ),
} as const;
