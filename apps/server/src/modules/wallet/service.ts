import { formatMoney, toMinorUnits } from '@studio/contract/format';
import type { CardPayType, ProviderRedirect } from '@studio/contract/payments';
import { adjustmentRefusal } from '@studio/contract/staff-rights';
import {
  BALANCE_MAX,
  type PointsEntryKind,
  type WalletEntryKind,
  type WalletEntryRecord,
} from '@studio/contract/wallet';
import { and, between, count, desc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, preparedQuery, type Tx } from '../../platform/db';
import { balancesMemoKey } from '../../platform/deps';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { offsetOf, type Page } from '../../platform/paging';
import type { AuthedContext } from '../../platform/protocol';
import { afterCommit, runUnitOfWork, type Work } from '../../platform/unit-of-work';
import { getUserOrFail } from '../account';
import { recordTopUpAgreement } from '../agreements';
import { auditBy, recordAudit } from '../audit';
import { getMerchant, type MerchantRow, shopSettingsOf, studioRow } from '../merchant';
import { cardProvidersOf, openCardPayment, reserveCardPayment, usablePayTypes } from '../payments';
import { type Book, walletAccounts, walletLedger } from './schema';

type EntryRow = typeof walletLedger.$inferSelect;

export function toWalletEntryRecord(row: EntryRow): WalletEntryRecord {
  return {
    _id: row.id,
    amount: row.amount,
    kind: row.kind,
    balance_after: row.balanceAfter,
    reason: row.reason,
    ref: row.ref,
    created_at: row.createdAt.toISOString(),
  };
}

/** The member's balance in a book (0 before their first entry): money in minor units, or points. */
const balanceStatement = preparedQuery('wallet_balance', (db) =>
  db
    .select({ balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.userId, sql.placeholder('user')), eq(walletAccounts.book, sql.placeholder('book')))),
);

export async function readBalance(db: DbOrTx, userId: string, book: Book = 'money'): Promise<number> {
  const [row] = await balanceStatement(db, { user: userId, book });
  return row?.balance ?? 0;
}

const balancesStatement = preparedQuery('wallet_balances', (db) =>
  db
    .select({ book: walletAccounts.book, balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(eq(walletAccounts.userId, sql.placeholder('user'))),
);

/** Both of the member's balances (0 for a book without entries), in one read. */
export async function readBalances(db: DbOrTx, userId: string): Promise<Record<Book, number>> {
  const balances: Record<Book, number> = { money: 0, points: 0 };
  for (const row of await balancesStatement(db, { user: userId })) balances[row.book] = row.balance;
  return balances;
}

export const readWalletBalance = (db: DbOrTx, userId: string) => readBalance(db, userId, 'money');

export interface WalletEntry {
  userId: string;
  /** Signed minor units (points for the points book): a credit is positive, a debit negative. */
  amount: number;
  kind: WalletEntryKind | PointsEntryKind;
  /** Unique per real-world event: the entry is written once however often it is posted. */
  key: string;
  reason?: string;
  ref?: string;
  actorId?: string;
  at: Date;
}

/**
 * Posts one ledger entry and moves the balance with it, inside the caller's transaction. An entry
 * already written under its key answers that entry (a repeat is a no-op). Otherwise one conditional
 * statement moves the balance first, only if it stays at 0 or above, so two debits racing for the
 * same money never both pass; a refused debit fails BALANCE_INSUFFICIENT and changes nothing. Only
 * then is the ledger row inserted: that UPDATE holds the account's row lock until commit, so the
 * row's `seq` is drawn under it and runs in commit order within the account (the history's order).
 * Lock order (DESIGN.md): after sessions, SKUs and coupons, before points.
 */
export function postWalletEntry(tx: Tx, entry: WalletEntry) {
  return postEntry(tx, 'money', entry);
}

/** The same for points: earned, reversed, used and returned exactly once per key, never below 0. */
export function postPointsEntry(tx: Tx, entry: WalletEntry) {
  return postEntry(tx, 'points', entry);
}

async function postEntry(
  tx: Tx,
  book: Book,
  entry: WalletEntry,
): Promise<{ entry: EntryRow; balance: number; repeated: boolean }> {
  const [seen] = await tx.select().from(walletLedger).where(eq(walletLedger.key, entry.key));
  if (seen) return { entry: seen, balance: await readBalance(tx, entry.userId, book), repeated: true };
  const account = and(eq(walletAccounts.userId, entry.userId), eq(walletAccounts.book, book));
  await tx
    .insert(walletAccounts)
    .values({ userId: entry.userId, book, balance: 0, updatedAt: entry.at })
    .onConflictDoNothing();
  const [moved] = await tx
    .update(walletAccounts)
    .set({ balance: sql`${walletAccounts.balance} + ${entry.amount}`, updatedAt: entry.at })
    .where(and(account, between(sql`${walletAccounts.balance} + ${entry.amount}`, 0, BALANCE_MAX)))
    .returning({ balance: walletAccounts.balance });
  if (!moved) {
    if (entry.amount > 0) fail('BALANCE_TOO_LARGE');
    fail(book === 'money' ? 'BALANCE_INSUFFICIENT' : 'POINTS_INSUFFICIENT');
  }
  // The member's balances, remembered for their user info on every instance, are read afresh after commit.
  const balances = balancesMemoKey(entry.userId);
  afterCommit(tx, async (unit) => unit.deps?.memo?.forget(balances), `forget:${balances}`);
  // After the UPDATE, never before it: the row's seq is drawn while that lock is held (commit order).
  const [written] = await tx
    .insert(walletLedger)
    .values({
      id: newId(),
      userId: entry.userId,
      book,
      amount: entry.amount,
      kind: entry.kind,
      balanceAfter: moved!.balance,
      key: entry.key,
      reason: entry.reason ?? '',
      ref: entry.ref ?? '',
      actorId: entry.actorId ?? null,
      createdAt: entry.at,
    })
    .onConflictDoNothing({ target: walletLedger.key })
    .returning();
  if (written) return { entry: written, balance: moved!.balance, repeated: false };
  // Posted at the same moment by another transaction: undo this move and answer its entry.
  const [undone] = await tx
    .update(walletAccounts)
    .set({ balance: sql`${walletAccounts.balance} - ${entry.amount}` })
    .where(account)
    .returning({ balance: walletAccounts.balance });
  const [existing] = await tx.select().from(walletLedger).where(eq(walletLedger.key, entry.key));
  return { entry: existing!, balance: undone!.balance, repeated: true };
}

/**
 * A member's history in a book, newest first, in the order the entries committed (`seq`, taken under
 * the account's lock), so each balance_after follows the one below it. Never by created_at: that is
 * when the request started, and requests that waited on the lock commit in another order.
 */
export async function listWalletLedger(db: DbOrTx, userId: string, page: Page, book: Book = 'money') {
  const where = and(eq(walletLedger.userId, userId), eq(walletLedger.book, book));
  const rows = await db
    .select()
    .from(walletLedger)
    .where(where)
    .orderBy(desc(walletLedger.seq))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(walletLedger).where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The studio's per-adjustment ceiling for staff other than an admin (settings wallet_adjust_max_units,
 * points_adjust_max): minor units for the wallet, points for points.
 */
export function adjustmentLimitOf(studio: MerchantRow, book: Book): number {
  const settings = shopSettingsOf(studio);
  return book === 'money' ? toMinorUnits(settings.wallet_adjust_max_units) : settings.points_adjust_max;
}

/** The ceiling as studioRow reads it (the back office's ledger shows it beside the balance). */
export const adjustmentLimit = async (ctx: AuthedContext, book: Book) => adjustmentLimitOf(await studioRow(ctx), book);

/**
 * Staff credit or debit a member's wallet (or points) with a reason, audited; never below 0. Never
 * their own (SELF_ADJUSTMENT_DENIED), and above the studio's ceiling only an admin
 * (ADJUSTMENT_ABOVE_LIMIT): contract staff-rights.ts.
 */
export async function adjustBalance(
  ctx: AuthedContext,
  book: Book,
  input: { user_id: string; amount: number; reason: string },
) {
  const studio = await studioRow(ctx);
  const limit = adjustmentLimitOf(studio, book);
  const refusal = adjustmentRefusal({ _id: ctx.user.uid, role: ctx.user.role }, input.user_id, input.amount, limit);
  if (refusal === 'ownBalance') fail('SELF_ADJUSTMENT_DENIED');
  if (refusal === 'aboveLimit') {
    fail(
      'ADJUSTMENT_ABOVE_LIMIT',
      { max: book === 'money' ? formatMoney(limit, studio.currency) : String(limit) },
      { max: limit },
    );
  }
  await getUserOrFail(ctx.db, input.user_id);
  const at = ctx.clock.now();
  return runUnitOfWork(ctx, async ({ tx }) => {
    const before = await readBalance(tx, input.user_id, book);
    const posted = await postEntry(tx, book, {
      userId: input.user_id,
      amount: input.amount,
      kind: book === 'money' ? 'adjustment' : 'points_adjustment',
      key: `adjustment:${newId()}`,
      reason: input.reason,
      actorId: ctx.user?.uid,
      at,
    });
    await recordAudit(tx, auditBy(ctx), {
      objectType: book === 'money' ? 'wallet' : 'points',
      objectId: input.user_id,
      before: { balance: before },
      after: { balance: posted.balance, amount: input.amount, reason: input.reason },
    });
    return posted;
  });
}

/**
 * client/wallet.topUp: a card payment of `amount` for the member's wallet; the balance moves only
 * when the provider confirms (`payment.settled`, subscribers.ts), once per payment however often it does.
 */
export async function startTopUp(
  ctx: AuthedContext,
  input: { amount: number; pay_type: CardPayType },
): Promise<ProviderRedirect> {
  const settings = shopSettingsOf(await getMerchant(ctx.db));
  if (!usablePayTypes(ctx.config, settings.pay_types).includes(input.pay_type)) fail('PAY_TYPE_DISABLED');
  const provider = cardProvidersOf(ctx.config)[input.pay_type];
  const now = ctx.clock.now();
  const card = await runUnitOfWork(ctx, ({ tx }) =>
    reserveCardPayment(tx, provider!, {
      userId: ctx.user.uid,
      purpose: 'top_up',
      ref: '',
      provider: input.pay_type,
      amount: input.amount,
      description: 'Wallet top-up',
      now,
    }),
  );
  // The member ticked the top-up agreement (the input's `agree`): its current version, kept with the time.
  await recordTopUpAgreement(ctx.db, ctx.user.uid, now);
  return openCardPayment(ctx, card);
}

/** Money into the member's wallet (a top-up, a refund), once per key, and the member's open apps told the new balance. */
export async function creditWallet(work: Work, entry: WalletEntry) {
  const posted = await postWalletEntry(work.tx, entry);
  await work.emit('wallet.changed', { user_id: entry.userId, balance: posted.balance }, entry.at);
  return posted;
}

/**
 * Points for a completed order (RULES.md): the studio's points_per_unit points per whole currency
 * unit paid, credited once per order (its key), in the order's transaction; the member is told
 * (`points.earned`) when there were some.
 */
export async function creditOrderPoints(work: Work, order: { id: string; userId: string; paid: number }, at: Date) {
  const perUnit = shopSettingsOf(await getMerchant(work.tx)).points_per_unit;
  const points = Math.floor(order.paid / 100) * perUnit;
  if (points <= 0) return;
  const posted = await postPointsEntry(work.tx, {
    userId: order.userId,
    amount: points,
    kind: 'earned',
    key: `earned:${order.id}`,
    ref: order.id,
    at,
  });
  if (posted.repeated) return;
  await work.emit('points.earned', { user_id: order.userId, points, balance: posted.balance, ref: order.id }, at);
}

/** The points a cancelled unpaid order spent go back, once per order (its key). */
export async function returnOrderPoints(tx: Tx, order: { id: string; userId: string; pointsUsed: number }, at: Date) {
  if (order.pointsUsed <= 0) return;
  await postPointsEntry(tx, {
    userId: order.userId,
    amount: order.pointsUsed,
    kind: 'returned',
    key: `points_returned:${order.id}`,
    ref: order.id,
    at,
  });
}

/** A part of an order's points: `part` of `whole` (all of them once part reaches whole). */
export interface PointsShare {
  part: number;
  whole: number;
}

const shareOf = (total: number, share: PointsShare) =>
  share.whole <= 0 || share.part >= share.whole ? total : Math.floor((total * Math.max(0, share.part)) / share.whole);

/**
 * A refund's points, in its transaction (RULES.md: what an order earned is reversed on refund, what
 * it used is returned): once it is approved, the order's reversals come to `earned`'s share of what
 * it earned (taken as far as the member still holds them, so a refund is never blocked by points
 * already spent) and its returns to `used`'s share of what it used. Each refund posts what its share
 * adds to those before it, once (keys of the refund's id); the order's last refund settles the rest.
 */
export async function settleRefundedOrderPoints(
  tx: Tx,
  order: { id: string; userId: string; pointsUsed: number },
  refund: { id: string; earned: PointsShare; used: PointsShare },
  at: Date,
) {
  const sums = await tx
    .select({ kind: walletLedger.kind, amount: sql<number>`sum(${walletLedger.amount})`.mapWith(Number) })
    .from(walletLedger)
    .where(and(eq(walletLedger.userId, order.userId), eq(walletLedger.book, 'points'), eq(walletLedger.ref, order.id)))
    .groupBy(walletLedger.kind);
  const sum = (kind: string) => sums.find((r) => r.kind === kind)?.amount ?? 0;
  const reverse = shareOf(sum('earned'), refund.earned) + sum('reversed');
  if (reverse > 0) {
    const take = Math.min(reverse, await readBalance(tx, order.userId, 'points'));
    if (take > 0) {
      await postPointsEntry(tx, {
        userId: order.userId,
        amount: -take,
        kind: 'reversed',
        key: `reversed:${order.id}:${refund.id}`,
        ref: order.id,
        at,
      });
    }
  }
  const give = shareOf(order.pointsUsed, refund.used) - sum('returned');
  if (give > 0) {
    await postPointsEntry(tx, {
      userId: order.userId,
      amount: give,
      kind: 'returned',
      key: `points_returned:${order.id}:${refund.id}`,
      ref: order.id,
      at,
    });
  }
}
