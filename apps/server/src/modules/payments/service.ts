import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type CardPayType,
  type PaymentPurpose,
  type PaymentRecord,
  type PayType,
  type ProviderRedirect,
  SANDBOX_PAY_PATH,
  type SandboxCharge,
  type SandboxNotification,
  sandboxNotification,
} from '@studio/contract/payments';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DbOrTx, Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { randomDigits } from '../../platform/ids';
import { runUnitOfWork, type UnitOfWorkDeps, type Work } from '../../platform/unit-of-work';
import type { RefundProvider } from './refunds';
import { paymentEvents, payments, sandboxCharges } from './schema';
import { stripeProvider } from './stripe';

export type PaymentRow = typeof payments.$inferSelect;

/*
 * Payments through one provider interface. A payment row is created pending when the member chooses
 * a card provider, and settled once: every confirmation first writes its (provider, event id) row
 * (a replay finds it and changes nothing), then locks the payment row, so a webhook and a client
 * confirmation racing settle it once. What a settled payment does (an order paid, a wallet topped
 * up) is the purpose's settler, handed in by modules/payments/settlements.ts.
 *
 * Lock order: the payment row, then what its settler locks (the order, packages, the wallet).
 */

/** What a settled payment does for its purpose: 'applied', or 'returned' when it could not be (the money went to the wallet). */
export type Settler = (work: Work, payment: PaymentRow, now: Date) => Promise<'applied' | 'returned'>;
export type Settlers = Record<PaymentPurpose, Settler>;

/** A card provider's adapter: starts a payment on its side and answers where the member pays. */
export interface PaymentProvider {
  name: CardPayType;
  /** What the provider keeps beside a new payment, written in the caller's transaction (the sandbox's charge). */
  prepare?(tx: Tx, payment: PaymentRow, description: string): Promise<void>;
  /**
   * Opens the payment on the provider's side. Called after the caller's transaction has committed
   * (a network call holds no lock and no connection), and again for a payment whose first start
   * failed: the provider must answer a repeat with the same page (an idempotency key per payment).
   */
  start(db: DbOrTx, payment: PaymentRow, description: string): Promise<{ payUrl: string; providerRef?: string }>;
  /** Takes money back on the provider's side (the sandbox settles its refunds at once and has none). */
  refunder?: RefundProvider;
}

export function toPaymentRecord(row: PaymentRow): PaymentRecord {
  return {
    out_trade_no: row.id,
    purpose: row.purpose,
    ref: row.ref,
    provider: row.provider,
    amount: row.amount,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    settled_at: row.settledAt?.toISOString() ?? null,
  };
}

/** An out_trade_no: P, the date and 12 random digits (not guessable in sequence). */
function newOutTradeNo(now: Date): string {
  return `P${now.toISOString().slice(0, 10).replaceAll('-', '')}${randomDigits(12)}`;
}

interface NewPayment {
  userId: string;
  purpose: PaymentPurpose;
  ref: string;
  provider: string;
  amount: number;
  now: Date;
}

/** A payment settled as it is made (balance, offline received at the desk, nothing to pay). */
export async function recordSettledPayment(tx: Tx, p: NewPayment): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({ id: newOutTradeNo(p.now), ...p, status: 'succeeded', createdAt: p.now, settledAt: p.now })
    .returning();
  return row!;
}

/**
 * A card payment reserved in the caller's transaction: its page when it is already open, or the
 * pending row to open with the provider once that transaction has committed (openCardPayment).
 */
export type CardPaymentStart =
  | { redirect: ProviderRedirect }
  | { open: PaymentRow; provider: PaymentProvider; description: string };

/**
 * Reserves a card payment in the caller's transaction: a pending payment of the same purpose,
 * provider and amount is reused, so tapping Pay twice makes one charge, not two. Nothing here calls
 * the provider: openCardPayment does, after the commit.
 */
export async function reserveCardPayment(
  tx: Tx,
  provider: PaymentProvider,
  p: NewPayment & { description: string },
): Promise<CardPaymentStart> {
  const [pending] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.purpose, p.purpose),
        eq(payments.ref, p.ref),
        eq(payments.provider, provider.name),
        eq(payments.status, 'pending'),
        eq(payments.amount, p.amount),
        p.ref === '' ? eq(payments.userId, p.userId) : undefined,
      ),
    )
    .limit(1);
  if (pending && p.ref !== '') {
    // Opened before: the same page. Never opened (the provider failed last time): open it now.
    return pending.payUrl || provider.name === 'sandbox'
      ? { redirect: { out_trade_no: pending.id, pay_url: payUrlOf(provider, pending) } }
      : { open: pending, provider, description: p.description };
  }
  const [row] = await tx
    .insert(payments)
    .values({
      id: newOutTradeNo(p.now),
      userId: p.userId,
      purpose: p.purpose,
      ref: p.ref,
      provider: provider.name,
      amount: p.amount,
      createdAt: p.now,
    })
    .returning();
  await provider.prepare?.(tx, row!, p.description);
  return { open: row!, provider, description: p.description };
}

/**
 * Opens a reserved card payment with its provider, outside any transaction, and keeps the page it
 * answers on the payment. A provider that cannot be reached answers PAYMENT_FAILED; the payment stays
 * pending, and paying again opens it under the same idempotency key.
 */
export async function openCardPayment(
  deps: { db: DbOrTx; log?: FastifyBaseLogger },
  start: CardPaymentStart,
): Promise<ProviderRedirect> {
  if ('redirect' in start) return start.redirect;
  const { open: payment, provider, description } = start;
  let started: Awaited<ReturnType<PaymentProvider['start']>>;
  try {
    started = await provider.start(deps.db, payment, description);
  } catch (error) {
    deps.log?.error({ err: error, out_trade_no: payment.id }, 'the payment provider could not open a payment');
    return fail('PAYMENT_FAILED');
  }
  await deps.db
    .update(payments)
    .set({ providerRef: started.providerRef ?? '', payUrl: started.payUrl })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
  return { out_trade_no: payment.id, pay_url: started.payUrl };
}

/** Where a pending payment continues: the sandbox's page, or the provider's own page it answered. */
function payUrlOf(provider: PaymentProvider, row: PaymentRow): string {
  return provider.name === 'sandbox' ? sandboxPayUrl(row.id) : row.payUrl;
}

export async function findPayment(db: DbOrTx, outTradeNo: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, outTradeNo));
  return row;
}

/** A member's own payment, else NOT_FOUND. */
export async function ownPaymentOrFail(db: DbOrTx, userId: string, outTradeNo: string): Promise<PaymentRow> {
  const row = await findPayment(db, outTradeNo);
  if (!row || row.userId !== userId) fail('NOT_FOUND', {}, { field: 'out_trade_no' });
  return row!;
}

/** What each order's settled payments add up to (the paid amount is never stored twice). */
export async function paidAmounts(db: DbOrTx, orderNos: readonly string[]): Promise<Map<string, number>> {
  if (!orderNos.length) return new Map();
  const rows = await db
    .select({ ref: payments.ref, paid: sql<number>`sum(${payments.amount})::int` })
    .from(payments)
    .where(and(eq(payments.purpose, 'order'), eq(payments.status, 'succeeded'), inArray(payments.ref, [...orderNos])))
    .groupBy(payments.ref);
  return new Map(rows.map((r) => [r.ref, r.paid]));
}

// ---------------------------------------------------------------------------------------------
// Confirmations
// ---------------------------------------------------------------------------------------------

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
  settlers: Settlers,
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
    const outcome = await settle(work, settlers, c, now, deps.log);
    await tx
      .update(paymentEvents)
      .set({ outcome })
      .where(and(eq(paymentEvents.provider, c.provider), eq(paymentEvents.eventId, c.eventId)));
    return outcome;
  });
}

async function settle(
  work: Work,
  settlers: Settlers,
  c: Confirmation,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<ConfirmationOutcome> {
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
  const result = await settlers[payment.purpose](work, payment, now);
  await work.tx
    .update(payments)
    .set({ status: result === 'applied' ? 'succeeded' : 'returned', settledAt: now })
    .where(eq(payments.id, payment.id));
  return result === 'applied' ? 'settled' : 'returned';
}

// ---------------------------------------------------------------------------------------------
// The sandbox provider
// ---------------------------------------------------------------------------------------------

export function sandboxPayUrl(outTradeNo: string): string {
  return `${SANDBOX_PAY_PATH}?out_trade_no=${encodeURIComponent(outTradeNo)}`;
}

export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  async prepare(tx, payment, description) {
    await tx
      .insert(sandboxCharges)
      .values({ id: payment.id, amount: payment.amount, description, createdAt: payment.createdAt });
  },
  async start(_db, payment) {
    return { payUrl: sandboxPayUrl(payment.id) };
  },
};

type ChargeRow = typeof sandboxCharges.$inferSelect;
const toCharge = (row: ChargeRow): SandboxCharge => ({
  out_trade_no: row.id,
  amount: row.amount,
  description: row.description,
  status: row.status,
});

export async function getSandboxCharge(db: DbOrTx, outTradeNo: string): Promise<SandboxCharge> {
  const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, outTradeNo));
  if (!row) fail('NOT_FOUND', {}, { field: 'out_trade_no' });
  return toCharge(row!);
}

export function signSandbox(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

function signatureMatches(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signSandbox(secret, rawBody), 'hex'), Buffer.from(signature, 'hex'));
}

export interface NotifyAnswer {
  status: 200 | 400;
  outcome: ConfirmationOutcome | 'bad_signature' | 'bad_body';
}

/**
 * `POST /api/pay/notify/sandbox`: the sandbox provider's signed notification. A bad or missing
 * signature, or a body that is not a notification → 400 and nothing changes; a replay → 200 and
 * nothing changes; an amount that differs → 400, logged.
 */
export async function receiveSandboxNotification(
  deps: UnitOfWorkDeps & { log?: FastifyBaseLogger },
  settlers: Settlers,
  secret: string,
  rawBody: string,
  signature: string | undefined,
  now: Date,
): Promise<NotifyAnswer> {
  if (!signatureMatches(secret, rawBody, signature)) return { status: 400, outcome: 'bad_signature' };
  let body: SandboxNotification;
  try {
    body = sandboxNotification.parse(JSON.parse(rawBody));
  } catch {
    return { status: 400, outcome: 'bad_body' };
  }
  const outcome = await confirmPayment(
    deps,
    settlers,
    {
      provider: 'sandbox',
      eventId: body.event_id,
      outTradeNo: body.out_trade_no,
      amount: body.amount,
      status: body.status,
    },
    now,
  );
  return { status: outcome === 'unknown_payment' || outcome === 'amount_mismatch' ? 400 : 200, outcome };
}

/**
 * The member decides on the sandbox page. The provider records the decision once, then notifies
 * the studio the way it always does: a signed notification through the same door as any other.
 */
export async function decideSandboxCharge(
  deps: UnitOfWorkDeps & { log?: FastifyBaseLogger },
  settlers: Settlers,
  secret: string,
  input: { out_trade_no: string; decision: 'succeeded' | 'failed' },
  now: Date,
): Promise<SandboxCharge> {
  const decided = await runUnitOfWork(deps, async ({ tx }) => {
    const [row] = await tx.select().from(sandboxCharges).where(eq(sandboxCharges.id, input.out_trade_no)).for('update');
    if (!row) fail('NOT_FOUND', {}, { field: 'out_trade_no' });
    if (row!.status !== 'open') return row!;
    const [updated] = await tx
      .update(sandboxCharges)
      .set({ status: input.decision, eventId: `evt_${randomDigits(16)}`, decidedAt: now })
      .where(eq(sandboxCharges.id, row!.id))
      .returning();
    return updated!;
  });
  // Sent again on every decide after the first: a notification lost on the way is delivered the
  // next time, and one that arrived is a repeat that changes nothing.
  if (decided.status !== 'open' && decided.eventId) {
    const body = JSON.stringify({
      event_id: decided.eventId,
      out_trade_no: decided.id,
      amount: decided.amount,
      status: decided.status,
    } satisfies SandboxNotification);
    await receiveSandboxNotification(deps, settlers, secret, body, signSandbox(secret, body), now);
  }
  return toCharge(decided);
}

const providerSets = new WeakMap<Config, Partial<Record<CardPayType, PaymentProvider>>>();

/**
 * The card providers this app can use, by pay type: the sandbox test card when SANDBOX_PAYMENTS is
 * on (the demo), Stripe when its keys are configured. Built once per configuration (an app's), never shared between two apps.
 */
export function cardProvidersOf(config: Config): Partial<Record<CardPayType, PaymentProvider>> {
  let set = providerSets.get(config);
  if (!set) {
    set = config.SANDBOX_PAYMENTS ? { sandbox: sandboxProvider } : {};
    if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
      set.stripe = stripeProvider({
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        apiBase: config.STRIPE_API_BASE,
        publicUrl: publicUrlOf(config),
      });
    }
    providerSets.set(config, set);
  }
  return set;
}

export function publicUrlOf(config: Config): string {
  return (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/$/, '');
}

/** The pay types members may use: switched on by staff, and (for a card provider) configured here. */
export function usablePayTypes(config: Config, enabled: readonly string[]): PayType[] {
  const providers = cardProvidersOf(config);
  return enabled.filter(
    (p): p is PayType =>
      p === 'balance' || p === 'offline' || ((p === 'sandbox' || p === 'stripe') && Boolean(providers[p])),
  );
}
