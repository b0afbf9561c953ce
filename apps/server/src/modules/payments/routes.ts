import { SANDBOX_NOTIFY_PATH, SANDBOX_SIGNATURE_HEADER, STRIPE_NOTIFY_PATH } from '@studio/contract/payments';
import type Stripe from 'stripe';
import type { RawRoute } from '../../platform/raw-routes';
import { confirmPayment } from './confirmations';
import { confirmRefund } from './refunds';
import { receiveSandboxNotification } from './sandbox';
import { settlers } from './settlements';
import { stripeClient, stripeConfirmation, stripeRefundConfirmation } from './stripe';

/**
 * `POST /api/pay/notify/sandbox`: the sandbox provider's notification, its signature over the raw
 * body (so the body is read as text, never re-serialized); and `POST /api/pay/notify/stripe`, Stripe's
 * webhook, checked by the SDK's constructEvent. 200 means "received, do not send again".
 */
export const paymentRoutes: RawRoute = {
  name: 'payment notifications',
  register(app, deps) {
    app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
        done(null, body),
      );
      // The sandbox test card's door exists only where the sandbox is on (the demo, tests).
      if (deps.config.SANDBOX_PAYMENTS)
        scope.post(SANDBOX_NOTIFY_PATH, async (req, reply) => {
          const raw = typeof req.body === 'string' ? req.body : '';
          const signature = req.headers[SANDBOX_SIGNATURE_HEADER];
          const answer = await receiveSandboxNotification(
            { db: deps.db, deps: deps.deps, log: req.log },
            settlers,
            deps.deps.sandboxSecret,
            raw,
            typeof signature === 'string' ? signature : undefined,
            deps.clock.now(),
          );
          return reply.status(answer.status).send({ received: answer.status === 200, outcome: answer.outcome });
        });
      // Stripe's webhook: only when Stripe is configured; otherwise nothing is there.
      const { STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: secret } = deps.config;
      if (!key || !secret) return;
      const stripe = stripeClient({ secretKey: key, apiBase: deps.config.STRIPE_API_BASE });
      scope.post(STRIPE_NOTIFY_PATH, async (req, reply) => {
        const raw = typeof req.body === 'string' ? req.body : '';
        const signature = req.headers['stripe-signature'];
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(raw, typeof signature === 'string' ? signature : '', secret);
        } catch (err) {
          req.log.warn({ err }, 'Stripe webhook refused: the signature does not verify');
          return reply.status(400).send({ received: false, outcome: 'bad_signature' });
        }
        const work = { db: deps.db, deps: deps.deps, log: req.log };
        const refund = stripeRefundConfirmation(event);
        if (refund) {
          const outcome = await confirmRefund(work, refund, deps.clock.now());
          return reply.status(outcome === 'unknown_refund' ? 400 : 200).send({ received: true, outcome });
        }
        const confirmation = stripeConfirmation(event);
        if (!confirmation) return reply.send({ received: true, outcome: 'ignored' });
        const outcome = await confirmPayment(work, settlers, confirmation, deps.clock.now());
        const refused = outcome === 'unknown_payment' || outcome === 'amount_mismatch';
        return reply.status(refused ? 400 : 200).send({ received: !refused, outcome });
      });
    });
  },
};
