import { afterCommit, inTransaction, type Subscriber } from '../../platform/events';
import { markReturned } from './confirmations';
import { sendStartedRefund } from './refunds';

/**
 * What the payments module does when something happens: a settled payment its purpose could not use
 * is marked returned (in the settling transaction, which holds the payment row: lock order 0); a
 * refund through a provider is asked of it once its transaction has committed, at least once, each
 * ask under the refund row's id as the provider's idempotency key.
 */
export const paymentSubscribers: Subscriber[] = [
  inTransaction('payment.returned', 'payments.markReturned', (work, e) =>
    markReturned(work, e.payload.payment_id, e.at),
  ),
  afterCommit('payment.refundStarted', 'payments.sendRefund', (ctx, e) =>
    sendStartedRefund({ db: ctx.db, log: ctx.log, config: ctx.config }, e.payload.payment_refund_id, ctx.clock.now()),
  ),
];
