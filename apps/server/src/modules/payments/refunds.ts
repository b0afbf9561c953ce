import type { PaymentRefundStatus, RefundRecord } from '@studio/contract/refunds';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { type DbOrTx, isAnyOf, preparedQuery, type Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { runUnitOfWork, type UnitOfWorkDeps, type Work } from '../../platform/unit-of-work';
import { paymentEvents, paymentRefunds, payments } from './schema';
import { cardProvidersOf, type PaymentRow } from './service';

/*
 * Refunds through the payment that took the money (RULES.md: "money back to the original method").
 * The wallet, the desk (offline), nothing-to-pay and the sandbox settle at once; a provider such as
 * Stripe is asked through its official refund call with the row's id as the idempotency key, and
 * its webhook confirms. The row is written inside the order's transaction, after the order row is
 * locked, so two approvals racing for one order pay once, and says so (`payment.refundStarted`):
 * the provider is asked by that event's after-commit subscriber (subscribers.ts, sendStartedRefund),
 * never while the transaction holds the order's lock, and never for a row a rollback or a retried
 * transaction threw away. A row the provider did not answer for stays pending without a provider
 * reference, and the event outbox asks again, with backoff, under the same key, until it answers.
 */

export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

/** What refunded money a provider has taken back on its side. */
export interface RefundProvider {
  refund(payment: PaymentRow, row: PaymentRefundRow): Promise<{ status: PaymentRefundStatus; providerRef: string }>;
}

const refundMoneyStatement = preparedQuery('order_refund_money', (db) =>
  db
    .select({
      ref: paymentRefunds.ref,
      refundId: paymentRefunds.refundId,
      status: paymentRefunds.status,
      amount: paymentRefunds.amount,
      provider: paymentRefunds.provider,
    })
    .from(paymentRefunds)
    .where(isAnyOf(paymentRefunds.ref, sql.placeholder('orderNos')))
    .orderBy(paymentRefunds.createdAt, paymentRefunds.id),
);

/** Where a refund application's money stands, and by which way it goes back. */
export type RefundMoney = NonNullable<RefundRecord['money']>;

/**
 * Per order, what has gone back (rows that did not fail: settled or on their way), and where the
 * money of each refund application stands (its latest row): one read for a page of orders, or for
 * what is left to refund of one.
 */
export async function refundMoney(
  db: DbOrTx,
  orderNos: readonly string[],
): Promise<{ refunded: Map<string, number>; moneyOf: Map<string, RefundMoney> }> {
  const refunded = new Map<string, number>();
  const moneyOf = new Map<string, RefundMoney>();
  if (!orderNos.length) return { refunded, moneyOf };
  for (const row of await refundMoneyStatement(db, { orderNos: [...orderNos] })) {
    if (row.status !== 'failed') refunded.set(row.ref, (refunded.get(row.ref) ?? 0) + row.amount);
    // An application's latest row: a failed one repaid by staff is followed by the repayment.
    moneyOf.set(row.refundId, { status: row.status, method: row.provider as RefundMoney['method'] });
  }
  return { refunded, moneyOf };
}

/**
 * The order's settled payment, if any (there is at most one: payments_one_settled_per_order). Not
 * locked: the caller holds the order's lock, which every refund of the order takes first.
 */
async function settledPayment(db: DbOrTx, orderNo: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.purpose, 'order'), eq(payments.ref, orderNo), eq(payments.status, 'succeeded')));
  return row;
}

/** An order's settled payment and what is left of it to refund: paid minus what already went back. */
async function refundable(db: DbOrTx, orderNo: string): Promise<{ payment: PaymentRow | undefined; left: number }> {
  const payment = await settledPayment(db, orderNo);
  const { refunded } = await refundMoney(db, [orderNo]);
  return { payment, left: (payment?.amount ?? 0) - (refunded.get(orderNo) ?? 0) };
}

export async function refundableOf(db: DbOrTx, orderNo: string): Promise<number> {
  return (await refundable(db, orderNo)).left;
}

/**
 * Pays `amount` of an order back through the payment that paid it, in the caller's unit of work.
 * Refuses more than is left. Answers the row written: a wallet payment's row is settled and the
 * caller credits the wallet under the row's id (so the credit happens once); a provider's waits for
 * it, asked after commit (`payment.refundStarted`).
 */
export async function refundOrderPayment(
  { tx, emit }: Work,
  config: Config,
  r: { orderNo: string; amount: number; refundId: string; now: Date },
): Promise<PaymentRefundRow> {
  const { payment, left } = await refundable(tx, r.orderNo);
  if (!payment || r.amount > left || r.amount <= 0) {
    fail('REFUND_AMOUNT_INVALID', { max: (Math.max(0, left) / 100).toFixed(2) }, { max: Math.max(0, left) });
  }
  const instant = ['balance', 'offline', 'none', 'sandbox'].includes(payment!.provider);
  const provider = instant ? undefined : refundProviderOf(config, payment!.provider);
  if (!instant && !provider) fail('REFUND_NOT_ALLOWED', { reason: `${payment!.provider} is not configured` });
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      id: `R${newId()}`,
      paymentId: payment!.id,
      ref: r.orderNo,
      refundId: r.refundId,
      provider: payment!.provider,
      amount: r.amount,
      status: instant ? 'succeeded' : 'pending',
      createdAt: r.now,
      settledAt: instant ? r.now : null,
    })
    .returning();
  if (!instant) {
    await emit(
      'payment.refundStarted',
      {
        payment_refund_id: row!.id,
        payment_id: payment!.id,
        order_no: r.orderNo,
        provider: row!.provider,
        amount: row!.amount,
      },
      r.now,
    );
  }
  return row!;
}

/**
 * Asks the provider to pay a committed refund row back, under the row's idempotency key: a second ask
 * (a retried delivery, another instance's) gets the same refund. Nothing to do for a row the provider
 * already answered for (it has its reference) or that is settled (a webhook came first). Keeps the
 * provider's reference, and its verdict when it already has one. Throws when the provider did not
 * answer: the outbox asks again later.
 */
export async function sendStartedRefund(
  unit: Pick<UnitOfWorkDeps, 'db' | 'log'> & { config: Config },
  refundRowId: string,
  now: Date,
): Promise<void> {
  const [found] = await unit.db
    .select({ refund: paymentRefunds, payment: payments })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(paymentRefunds.id, refundRowId));
  if (found?.refund.status !== 'pending' || found.refund.providerRef !== '') return;
  const { refund: row, payment } = found;
  const provider = refundProviderOf(unit.config, row.provider);
  if (!provider) throw new Error(`refund ${row.id}: ${row.provider} is not configured`);
  let answer: Awaited<ReturnType<RefundProvider['refund']>>;
  try {
    answer = await provider.refund(payment, row);
  } catch (err) {
    unit.log?.warn({ err, refund: row.id }, 'refund not sent to the provider: asked again later');
    throw err;
  }
  await unit.db
    .update(paymentRefunds)
    .set({ providerRef: answer.providerRef })
    .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.providerRef, '')));
  if (answer.status !== 'pending') {
    await unit.db
      .update(paymentRefunds)
      .set({ status: answer.status, settledAt: now })
      .where(and(eq(paymentRefunds.id, row.id), eq(paymentRefunds.status, 'pending')));
  }
  if (answer.status === 'failed') unit.log?.warn({ refund: row.id }, 'the payment provider refused a refund');
}

/**
 * A refund application's money that its provider refused, paid back another way by staff: at the desk
 * (recorded as given back) or to the wallet (the caller credits it under the new row's id). In the
 * caller's transaction, which holds the order's lock: a second repayment finds the first and is refused.
 */
export async function repayFailedRefund(
  tx: Tx,
  r: { orderNo: string; refundId: string; method: 'offline' | 'balance'; now: Date },
): Promise<PaymentRefundRow> {
  const [last] = await tx
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.ref, r.orderNo), eq(paymentRefunds.refundId, r.refundId)))
    .orderBy(desc(paymentRefunds.createdAt), desc(paymentRefunds.id))
    .limit(1);
  if (last?.status !== 'failed') fail('REFUND_REPAY_NOT_NEEDED');
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      id: `R${newId()}`,
      paymentId: last!.paymentId,
      ref: r.orderNo,
      refundId: r.refundId,
      provider: r.method,
      amount: last!.amount,
      status: 'succeeded',
      // After the failed row, so it is the application's latest (refundMoney).
      createdAt: new Date(Math.max(r.now.getTime(), last!.createdAt.getTime() + 1)),
      settledAt: r.now,
    })
    .returning();
  return row!;
}

function refundProviderOf(config: Config, name: string): RefundProvider | undefined {
  const provider = cardProvidersOf(config)[name as 'stripe'];
  return provider?.refunder;
}

export interface RefundConfirmation {
  provider: string;
  eventId: string;
  /** The payment_refunds row's id (sent to the provider in its metadata). */
  refundRowId: string;
  status: 'succeeded' | 'failed';
}

/**
 * A provider confirms (or fails) a refund it was asked for: once per event (the event row first),
 * then the refund row moves from pending, once.
 */
export async function confirmRefund(
  deps: UnitOfWorkDeps & { log?: FastifyBaseLogger },
  c: RefundConfirmation,
  now: Date,
): Promise<'settled' | 'failed' | 'repeat' | 'already_settled' | 'unknown_refund'> {
  return runUnitOfWork(deps, async ({ tx }) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({
        provider: c.provider,
        eventId: c.eventId,
        paymentId: c.refundRowId,
        status: c.status,
        amount: 0,
        outcome: 'refund',
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!fresh) return 'repeat';
    const [row] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, c.refundRowId)).for('update');
    if (!row || row.provider !== c.provider) {
      deps.log?.warn({ provider: c.provider, refund: c.refundRowId }, 'refund confirmation for an unknown refund');
      return 'unknown_refund';
    }
    if (row.status !== 'pending') return 'already_settled';
    await tx.update(paymentRefunds).set({ status: c.status, settledAt: now }).where(eq(paymentRefunds.id, row.id));
    return c.status === 'succeeded' ? 'settled' : 'failed';
  });
}

/** The refunds of an order, oldest first (the order page shows where each stands). */
export function refundsOf(db: DbOrTx, orderNo: string): Promise<PaymentRefundRow[]> {
  return db.select().from(paymentRefunds).where(eq(paymentRefunds.ref, orderNo)).orderBy(paymentRefunds.createdAt);
}
