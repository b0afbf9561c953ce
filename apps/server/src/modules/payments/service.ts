import type {
  CardPayType,
  DeskMethod,
  PaymentPurpose,
  PaymentRecord,
  PayType,
  ProviderRedirect,
} from '@studio/contract/payments';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, publicBaseOf } from '../../config';
import { type DbOrTx, isAnyOf, preparedQuery, type Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { randomDigits } from '../../platform/ids';
import type { RefundProvider } from './refunds';
import { sandboxProvider } from './sandbox';
import { payments } from './schema';
import { stripeProvider } from './stripe';

// Another module's tests sign sandbox notifications with it.
export { signSandbox } from './sandbox';

export type PaymentRow = typeof payments.$inferSelect;

/*
 * Payments through one provider interface. A payment row is created pending when the member chooses
 * a card provider, and settled once: every confirmation first writes its (provider, event id) row
 * (a replay finds it and changes nothing), then locks the payment row, so a webhook and a client
 * confirmation racing settle it once. What a settled payment does (an order paid, a wallet topped
 * up) is up to the module that owns its purpose, which subscribes to `payment.settled`
 * (confirmations.ts): payments imports neither orders nor the wallet.
 *
 * Lock order: the payment row, then what its purpose's subscriber locks (the order, packages, the wallet).
 */

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
  /** How money taken at the desk came (an `offline` payment): cash or the card terminal. */
  method?: DeskMethod;
  /** The staff member who took it (a desk payment, a desk sale). */
  takenBy?: string;
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
  // A top-up (no ref) is a new payment each time; an order's pending payment is found again.
  const [pending] =
    p.ref === ''
      ? []
      : await tx
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.purpose, p.purpose),
              eq(payments.ref, p.ref),
              eq(payments.provider, provider.name),
              eq(payments.status, 'pending'),
              eq(payments.amount, p.amount),
            ),
          )
          .limit(1);
  if (pending) {
    // Opened before: the same page. Never opened (the provider failed last time): open it now.
    return pending.payUrl
      ? { redirect: { out_trade_no: pending.id, pay_url: pending.payUrl } }
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
const paidAmountsStatement = preparedQuery('order_paid_amounts', (db) =>
  db
    .select({ ref: payments.ref, paid: sql<number>`sum(${payments.amount})::int` })
    .from(payments)
    .where(
      and(
        eq(payments.purpose, 'order'),
        eq(payments.status, 'succeeded'),
        isAnyOf(payments.ref, sql.placeholder('orderNos')),
      ),
    )
    .groupBy(payments.ref),
);

export async function paidAmounts(db: DbOrTx, orderNos: readonly string[]): Promise<Map<string, number>> {
  if (!orderNos.length) return new Map();
  const rows = await paidAmountsStatement(db, { orderNos: [...orderNos] });
  return new Map(rows.map((r) => [r.ref, r.paid]));
}

/** A settled order payment that staff took: its provider (offline, balance), the desk method, who, when. */
export interface StaffTakenPayment {
  provider: string;
  method: DeskMethod | null;
  takenBy: string;
  settledAt: Date;
}

const staffTakenStatement = preparedQuery('order_staff_taken_payments', (db) =>
  db
    .select({
      ref: payments.ref,
      provider: payments.provider,
      method: payments.method,
      takenBy: payments.takenBy,
      settledAt: payments.settledAt,
    })
    .from(payments)
    .where(
      and(
        eq(payments.purpose, 'order'),
        eq(payments.status, 'succeeded'),
        isNotNull(payments.takenBy),
        isAnyOf(payments.ref, sql.placeholder('orderNos')),
      ),
    ),
);

/** The payments staff took for these orders (at most one settled per order), by order number. */
export async function staffTakenPayments(
  db: DbOrTx,
  orderNos: readonly string[],
): Promise<Map<string, StaffTakenPayment>> {
  if (!orderNos.length) return new Map();
  const rows = await staffTakenStatement(db, { orderNos: [...orderNos] });
  return new Map(
    rows.map((r) => [
      r.ref,
      { provider: r.provider, method: r.method, takenBy: r.takenBy!, settledAt: r.settledAt ?? new Date(0) },
    ]),
  );
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
        publicUrl: publicBaseOf(config),
      });
    }
    providerSets.set(config, set);
  }
  return set;
}

/** The pay types members may use: switched on by staff, and (for a card provider) configured here. */
export function usablePayTypes(config: Config, enabled: readonly string[]): PayType[] {
  const providers = cardProvidersOf(config);
  return enabled.filter(
    (p): p is PayType =>
      p === 'balance' || p === 'offline' || ((p === 'sandbox' || p === 'stripe') && Boolean(providers[p])),
  );
}
