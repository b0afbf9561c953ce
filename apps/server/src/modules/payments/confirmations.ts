import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { runUnitOfWork, type UnitOfWorkDeps, type Work } from '../../platform/unit-of-work';
import { paymentEvents, payments } from './schema';

/*
 * A provider's confirmation of a payment, settled once: the (provider, event id) row first, so that a
 * replay finds it and changes nothing, then the payment row locked, so that a webhook and a client
 * confirmation racing settle it once. What the money is for is its purpose's owner's business: the
 * payment says it was settled (`payment.settled`) and the orders module (an order paid) or the wallet
 * module (a top-up) applies it in the same transaction; one that cannot be applied (the order was
 * cancelled meanwhile) gives the money to the wallet and says `payment.returned`, which marks the row
 * returned (subscribers.ts).
 */

export interface Confirmation {
  provider: string;
  eventId: string;
  outTradeNo: string;
  amount: number;
  status: 'succeeded' | 'failed';
}

export type ConfirmationOutcome =
  | 'settled'
  | 'returned'
  | 'failed'
  | 'repeat'
  | 'already_settled'
  | 'unknown_payment'
  | 'amount_mismatch';

/**
 * Settles a payment from a provider's confirmation, exactly once: the event row first (a replay
 * stops here), then the payment row locked. A different amount is refused and logged; the payment
 * stays pending.
 */
export async function confirmPayment(
  deps: UnitOfWorkDeps & { log?: FastifyBaseLogger },
  c: Confirmation,
  now: Date,
): Promise<ConfirmationOutcome> {
  return runUnitOfWork(deps, async (work) => {
    const { tx } = work;
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({
        provider: c.provider,
        eventId: c.eventId,
        paymentId: c.outTradeNo,
        status: c.status,
        amount: c.amount,
        outcome: 'received',
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!fresh) return 'repeat';
    const outcome = await settle(work, c, now, deps.log);
    await tx
      .update(paymentEvents)
      .set({ outcome })
      .where(and(eq(paymentEvents.provider, c.provider), eq(paymentEvents.eventId, c.eventId)));
    return outcome;
  });
}

async function settle(work: Work, c: Confirmation, now: Date, log?: FastifyBaseLogger): Promise<ConfirmationOutcome> {
  const [payment] = await work.tx.select().from(payments).where(eq(payments.id, c.outTradeNo)).for('update');
  if (!payment || payment.provider !== c.provider) {
    log?.warn({ provider: c.provider, outTradeNo: c.outTradeNo }, 'payment confirmation for an unknown payment');
    return 'unknown_payment';
  }
  if (payment.status !== 'pending') return 'already_settled';
  if (c.amount !== payment.amount) {
    log?.warn(
      { provider: c.provider, outTradeNo: c.outTradeNo, expected: payment.amount, got: c.amount },
      'payment confirmation refused: the amount differs',
    );
    return 'amount_mismatch';
  }
  if (c.status === 'failed') {
    await work.tx.update(payments).set({ status: 'failed', settledAt: now }).where(eq(payments.id, payment.id));
    return 'failed';
  }
  await work.emit(
    'payment.settled',
    {
      payment_id: payment.id,
      purpose: payment.purpose,
      ref: payment.ref,
      user_id: payment.userId,
      amount: payment.amount,
      provider: payment.provider,
    },
    now,
  );
  // Still pending unless it was returned (markReturned): then it succeeded. After the subscribers, so
  // an order paid another way meanwhile never holds two succeeded payments (payments_one_settled_per_order).
  const [succeeded] = await work.tx
    .update(payments)
    .set({ status: 'succeeded', settledAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return succeeded ? 'settled' : 'returned';
}

/** A settled payment its purpose could not use (the money went to the wallet): the row says returned. */
export async function markReturned(work: Work, paymentId: string, now: Date): Promise<void> {
  await work.tx
    .update(payments)
    .set({ status: 'returned', settledAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
}
