import { SANDBOX_NOTIFY_PATH, SANDBOX_SIGNATURE_HEADER, STRIPE_NOTIFY_PATH } from '@studio/contract/payments';
import Stripe from 'stripe';
import type { RawRoute } from '../../platform/raw-routes';
import { confirmPayment } from './confirmations';
import { logNotification } from './notifications';
import { confirmRefund } from './refunds';
import { receiveSandboxNotification } from './sandbox';
import { readStripeEvent, stripeClient } from './stripe';

/**
 * `POST /api/pay/notify/sandbox`: the sandbox provider's notification, its signature over the raw
 * body (so the body is read as text, never re-serialized); and `POST /api/pay/notify/stripe`, Stripe's
 * webhook, checked by the SDK's constructEvent. 200 means "received, do not send again". A signed
 * body of the wrong shape is a 400 (`bad_body`), logged, never a 500 (notifications.ts).
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
        let body: unknown;
        try {
          body = stripe.webhooks.constructEvent(raw, typeof signature === 'string' ? signature : '', secret);
        } catch (err) {
          if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
            // The reason only: the error also carries the header and the body.
            req.log.warn({ reason: err.message }, 'Stripe webhook refused: the signature does not verify');
            return reply.status(400).send({ received: false, outcome: 'bad_signature' });
          }
          // Signed, but not JSON (or a kind of event this endpoint does not take): malformed below.
          body = undefined;
        }
        const notice = readStripeEvent(body);
        const work = { db: deps.db, deps: deps.deps, log: req.log };
        switch (notice.kind) {
          case 'malformed':
            logNotification(
              req.log,
              { provider: 'stripe', ...notice, outcome: 'bad_body' },
              'Stripe webhook refused: a signed body that is not an event of the documented shape',
            );
            return reply.status(400).send({ received: false, outcome: 'bad_body' });
          case 'unknown':
            logNotification(
              req.log,
              { provider: 'stripe', ...notice, outcome: 'ignored' },
              'Stripe webhook acknowledged: an event type the app does not act on',
            );
            return reply.send({ received: true, outcome: 'ignored' });
          case 'ignored':
            return reply.send({ received: true, outcome: 'ignored' });
          case 'refund': {
            const outcome = await confirmRefund(work, notice.confirmation, deps.clock.now());
            return reply.status(outcome === 'unknown_refund' ? 400 : 200).send({ received: true, outcome });
          }
          case 'payment': {
            const outcome = await confirmPayment(work, notice.confirmation, deps.clock.now());
            const refused = outcome === 'unknown_payment' || outcome === 'amount_mismatch';
            return reply.status(refused ? 400 : 200).send({ received: !refused, outcome });
          }
        }
      });
    });
  },
};
