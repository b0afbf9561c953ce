import Stripe from 'stripe';
import { getMerchant } from '../merchant/service';
import type { Confirmation } from './confirmations';
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

/** A refund webhook (refund.updated / refund.failed) as a confirmation, or null when it settles nothing yet. */
export function stripeRefundConfirmation(event: Stripe.Event): RefundConfirmation | null {
  if (event.type !== 'refund.updated' && event.type !== 'refund.failed') return null;
  const refund = event.data.object as Stripe.Refund;
  const refundRowId = refund.metadata?.refund_row_id;
  if (!refundRowId) return null;
  if (refund.status === 'succeeded') return { provider: 'stripe', eventId: event.id, refundRowId, status: 'succeeded' };
  if (refund.status === 'failed' || refund.status === 'canceled')
    return { provider: 'stripe', eventId: event.id, refundRowId, status: 'failed' };
  return null;
}

/** A payment webhook's confirmation, or null for an event that settles no payment. */
export function stripeConfirmation(event: Stripe.Event): Confirmation | null {
  const session = event.data.object as Stripe.Checkout.Session;
  const outTradeNo = session.client_reference_id ?? session.metadata?.out_trade_no ?? '';
  const base = { provider: 'stripe', eventId: event.id, outTradeNo, amount: session.amount_total ?? -1 };
  switch (event.type) {
    case 'checkout.session.completed':
      // Paid at once by card; delayed methods confirm with async_payment_succeeded.
      return session.payment_status === 'paid' ? { ...base, status: 'succeeded' } : null;
    case 'checkout.session.async_payment_succeeded':
      return { ...base, status: 'succeeded' };
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return { ...base, status: 'failed' };
    default:
      return null;
  }
}
