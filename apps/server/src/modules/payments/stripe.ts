import Stripe from 'stripe';
import { z } from 'zod';
import { getMerchant } from '../merchant';
import type { Confirmation } from './confirmations';
import { issuesOf, providerAmount, providerText } from './notifications';
import type { RefundConfirmation } from './refunds';
import type { PaymentProvider } from './service';

/*
 * The Stripe adapter (DESIGN.md "Money"): a Checkout Session created with the payment's id as the
 * idempotency key and the order number in its metadata; the payment is settled only from a webhook
 * whose signature `constructEvent` verified on the raw body, deduplicated on `event.id`.
 */

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where Stripe's API answers (https://api.stripe.com; a local stub in tests). */
  apiBase: string;
  /** The app's public address, for the pages Stripe sends the member back to. */
  publicUrl: string;
}

export function stripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiBase'>): Stripe {
  const base = new URL(settings.apiBase);
  return new Stripe(settings.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 10_000,
  });
}

export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = stripeClient(settings);
  return {
    name: 'stripe',
    async start(db, payment, description) {
      // The studio's currency at the moment of paying.
      const { currency } = await getMerchant(db);
      const back = (page: string) =>
        `${settings.publicUrl}${page}${page.includes('?') ? '&' : '?'}out_trade_no=${encodeURIComponent(payment.id)}`;
      const returnTo =
        payment.purpose === 'order'
          ? back(`/pages/goods/goods-order-pay?order_no=${encodeURIComponent(payment.ref)}`)
          : back('/pages/user/wallet/wallet');
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: payment.id,
          metadata: { out_trade_no: payment.id, order_no: payment.ref, purpose: payment.purpose },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: currency.toLowerCase(),
                unit_amount: payment.amount,
                product_data: { name: description },
              },
            },
          ],
          success_url: returnTo,
          cancel_url: returnTo,
        },
        { idempotencyKey: `checkout:${payment.id}` },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
      return { payUrl: session.url, providerRef: session.id };
    },
    refunder: {
      // The official refund call on the session's PaymentIntent, idempotent on the refund row's id;
      // the row's id rides in the metadata so the refund webhook finds it.
      // A refusal (a 4xx other than 429: already refunded, disputed...) is the provider's verdict and
      // fails the row; anything else (down, a timeout, 429) throws, and the sweeper asks again.
      async refund(payment, row) {
        let refund: Stripe.Refund;
        try {
          const session = await stripe.checkout.sessions.retrieve(payment.providerRef);
          const intent =
            typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
          if (!intent) return { status: 'failed', providerRef: '' };
          refund = await stripe.refunds.create(
            { payment_intent: intent, amount: row.amount, metadata: { refund_row_id: row.id, order_no: row.ref } },
            { idempotencyKey: `refund:${row.id}` },
          );
        } catch (error) {
          const status = error instanceof Stripe.errors.StripeError ? (error.statusCode ?? 0) : 0;
          if (status >= 400 && status < 500 && status !== 429) return { status: 'failed', providerRef: '' };
          throw error;
        }
        const status =
          refund.status === 'succeeded'
            ? 'succeeded'
            : refund.status === 'failed' || refund.status === 'canceled'
              ? 'failed'
              : 'pending';
        return { status, providerRef: refund.id };
      },
    },
  };
}

/*
 * A webhook's event, read with schemas of what Stripe documents (the fields this app uses, nothing
 * more) after constructEvent verified its signature: an event of a type this app acts on whose
 * object is missing, null, an array or of another shape is malformed (400); an event of any other
 * type is acknowledged without reading its object, since sending it again would change nothing.
 */

const stripeEvent = z.object({ id: providerText(255), type: z.string().min(1).max(255) });

const checkoutSession = z.object({
  client_reference_id: providerText(64).nullish(),
  metadata: z.object({ out_trade_no: providerText(64).optional() }).nullish(),
  amount_total: providerAmount.nullish(),
  payment_status: z.string().max(64).nullish(),
});

const refundObject = z.object({
  status: z.string().max(64).nullish(),
  metadata: z.object({ refund_row_id: providerText(64).optional() }).nullish(),
});

const PAYMENT_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
const REFUND_EVENTS = ['refund.updated', 'refund.failed'] as const;

/** What a verified webhook asks of the app. */
export type StripeNotice =
  | { kind: 'payment'; confirmation: Confirmation }
  | { kind: 'refund'; confirmation: RefundConfirmation }
  /** An event of a type this app does not act on: acknowledged (sending it again would not help), logged. */
  | { kind: 'unknown'; eventId: string; eventType: string }
  /** An event this app acts on that settles nothing yet (a completion still unpaid, a refund pending): acknowledged. */
  | { kind: 'ignored'; eventId: string; eventType: string }
  /** Not an event of the shape Stripe documents: refused with a 400. */
  | { kind: 'malformed'; eventId?: unknown; eventType?: unknown; issues: string[] };

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** Reads a verified webhook's body (the JSON constructEvent parsed) into what it asks. */
export function readStripeEvent(body: unknown): StripeNotice {
  const envelope = stripeEvent.safeParse(body);
  if (!envelope.success) {
    const sent = body !== null && typeof body === 'object' ? (body as { id?: unknown; type?: unknown }) : {};
    return { kind: 'malformed', eventId: sent.id, eventType: sent.type, issues: issuesOf(envelope.error) };
  }
  const { id: eventId, type: eventType } = envelope.data;
  const ignored = { kind: 'ignored', eventId, eventType } as const;
  const object = (body as { data?: { object?: unknown } }).data?.object;
  const malformed = (error: z.ZodError): StripeNotice => ({
    kind: 'malformed',
    eventId,
    eventType,
    issues: issuesOf(error).map((path) => `data.object${path === '(body)' ? '' : `.${path}`}`),
  });
  if (isOneOf(REFUND_EVENTS, eventType)) {
    const refund = refundObject.safeParse(object);
    if (!refund.success) return malformed(refund.error);
    const confirmation = stripeRefundConfirmation(eventId, refund.data);
    return confirmation ? { kind: 'refund', confirmation } : ignored;
  }
  if (isOneOf(PAYMENT_EVENTS, eventType)) {
    const session = checkoutSession.safeParse(object);
    if (!session.success) return malformed(session.error);
    const outTradeNo = session.data.client_reference_id ?? session.data.metadata?.out_trade_no;
    if (!outTradeNo) {
      return { kind: 'malformed', eventId, eventType, issues: ['data.object.client_reference_id'] };
    }
    const confirmation = stripeConfirmation(eventId, eventType, { ...session.data, outTradeNo });
    return confirmation ? { kind: 'payment', confirmation } : ignored;
  }
  return { kind: 'unknown', eventId, eventType };
}

/** A refund webhook (refund.updated / refund.failed) as a confirmation, or null when it settles nothing yet. */
function stripeRefundConfirmation(eventId: string, refund: z.infer<typeof refundObject>): RefundConfirmation | null {
  const refundRowId = refund.metadata?.refund_row_id;
  // A refund made elsewhere (Stripe's dashboard) is none of the app's.
  if (!refundRowId) return null;
  if (refund.status === 'succeeded') return { provider: 'stripe', eventId, refundRowId, status: 'succeeded' };
  if (refund.status === 'failed' || refund.status === 'canceled')
    return { provider: 'stripe', eventId, refundRowId, status: 'failed' };
  return null;
}

/** A payment webhook's confirmation, or null for an event that settles no payment (yet). */
function stripeConfirmation(
  eventId: string,
  type: (typeof PAYMENT_EVENTS)[number],
  session: z.infer<typeof checkoutSession> & { outTradeNo: string },
): Confirmation | null {
  const base = { provider: 'stripe', eventId, outTradeNo: session.outTradeNo, amount: session.amount_total ?? -1 };
  switch (type) {
    case 'checkout.session.completed':
      // Paid at once by card; delayed methods confirm with async_payment_succeeded.
      return session.payment_status === 'paid' ? { ...base, status: 'succeeded' } : null;
    case 'checkout.session.async_payment_succeeded':
      return { ...base, status: 'succeeded' };
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return { ...base, status: 'failed' };
  }
}
