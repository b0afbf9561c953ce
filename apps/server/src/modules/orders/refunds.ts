import type { Locale } from '@studio/contract/locale';
import {
  ORDER_REFUNDABLE,
  ORDER_STATUS,
  type OrderStatusName,
  orderStatusNameOf,
  type RefundLinesInput,
} from '@studio/contract/orders';
import type { RefundDestination, RefundQuote, RefundStatus } from '@studio/contract/refunds';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { textIn } from '../../platform/localized-text';
import { type Page, pageOf } from '../../platform/paging';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import type { Work } from '../../platform/unit-of-work';
import { uploadedImage } from '../account';
import { returnStock } from '../catalog';
import { orderPackagesToVoid, orderPackagesUnused, voidOrderPackages } from '../packages';
import { type PaymentRefundRow, refundableOf, refundOrderPayment, repayFailedRefund } from '../payments';
import { creditWallet, settleRefundedOrderPoints } from '../wallet';
import { changeOwn, move, refuse, staffChange } from './flow';
import { adminOrderRecords } from './records';
import { quoteRefund } from './refund-amounts';
import * as refundRepo from './refund-repo';
import * as repo from './repo';
import { orderRefunds } from './schema';

/*
 * Refunds (RULES.md "Orders": refund). Every step locks the order row first, then the waiting
 * application, so an approval racing another approval, a refusal or the member's cancel finds the
 * order already moved and changes nothing; two applications racing find one waiting. The member
 * chooses the units of each line they send back; the server prices them (refund-amounts.ts) and
 * checks them against what is left of each line when they apply and again when staff approve, so
 * no line is ever refunded beyond what was bought. The money goes back through the payments
 * module, which never returns more than was paid minus what already went back.
 */

const S = ORDER_STATUS;

/** Statuses before shipping: a refund from one of these puts the stock back on the shelf. */
const UNSHIPPED: readonly number[] = [S.paid, S.preparing];

const REFUNDABLE: readonly number[] = ORDER_REFUNDABLE.map((name) => S[name]);

/** A line's goods and SKU names in the reader's language ("Cork Mat · Natural"). */
const lineName = (line: repo.LineRow, locale: Locale | undefined) =>
  `${textIn(line.goodsName, line.goodsNameI18n, locale)} · ${textIn(line.skuName, line.skuNameI18n, locale)}`;

/**
 * What sending back `chosen` units of the order comes to (every unit left when omitted), checked
 * against what is left of each line (REFUND_LINE_NOT_FOUND, REFUND_QUANTITY_TOO_MANY), never more
 * than is left of the payment. A course-package order goes back whole (REFUND_PACKAGE_WHOLE). Under
 * the order's lock, or a read that changes nothing (the preview).
 */
async function quoteUnits(
  db: DbOrTx,
  order: repo.OrderRow,
  chosen: RefundLinesInput | undefined,
  locale: Locale | undefined,
): Promise<RefundQuote & { lines: RefundQuote['lines']; units: Map<string, number>; orderLines: repo.LineRow[] }> {
  const orderLines = (await repo.linesOf(db, [order.id])).get(order.id) ?? [];
  const refunded = await refundRepo.refundedUnits(db, order.id);
  const priced = orderLines.map((l) => ({
    skuId: l.skuId,
    price: l.price,
    buyNum: l.buyNum,
    refunded: Math.min(l.buyNum, refunded.get(l.skuId) ?? 0),
  }));
  const units = new Map<string, number>();
  if (!chosen) {
    for (const p of priced) if (p.buyNum > p.refunded) units.set(p.skuId, p.buyNum - p.refunded);
  } else {
    for (const c of chosen) {
      const i = priced.findIndex((p) => p.skuId === c.sku_id);
      if (i < 0) fail('REFUND_LINE_NOT_FOUND', undefined, { sku_id: c.sku_id });
      const left = priced[i]!.buyNum - priced[i]!.refunded;
      if (c.quantity > left) {
        fail('REFUND_QUANTITY_TOO_MANY', { name: lineName(orderLines[i]!, locale), left }, { sku_id: c.sku_id, left });
      }
      units.set(c.sku_id, c.quantity);
    }
  }
  // Every unit already refunded: the order would be refunded, so nothing is left to apply for.
  if (units.size === 0) refuse(locale, order.status);
  const quote = quoteRefund(order, priced, units);
  if (order.kind === 'package' && !quote.full) fail('REFUND_PACKAGE_WHOLE');
  const left = Math.max(0, await refundableOf(db, order.id));
  return { ...quote, amount: Math.min(quote.amount, left), units, orderLines };
}

/** client/order.previewRefund: what the chosen units of the member's own order would come to. */
export async function previewRefund(ctx: AuthedContext, input: { order_no: string; lines?: RefundLinesInput }) {
  const order = await repo.findOrder(ctx.db, input.order_no);
  if (!order || order.userId !== ctx.user.uid) fail('ORDER_NOT_FOUND');
  if (!REFUNDABLE.includes(order!.status)) refuse(ctx.locale, order!.status);
  const { units: _units, orderLines: _lines, ...quote } = await quoteUnits(ctx.db, order!, input.lines, ctx.locale);
  return quote;
}

/**
 * The member applies for the units they chose (every unit left when none are named): the order
 * moves to −2 until staff decide or the member cancels.
 */
export const applyRefund = (
  ctx: AuthedContext,
  input: { order_no: string; reason: string; images: string[]; lines?: RefundLinesInput },
) =>
  changeOwn(ctx, input.order_no, async (work, order, now) => {
    // One application at a time: the order is frozen at −2 until it is decided or withdrawn.
    if (order.status === S.refund_requested || (await repo.lockPendingRefund(work.tx, order.id))) {
      fail('REFUND_ALREADY_REQUESTED');
    }
    if (!REFUNDABLE.includes(order.status)) refuse(ctx.locale, order.status);
    const left = await refundableOf(work.tx, order.id);
    // Paid with nothing (points, a coupon) there is no money, but points or a package to give back.
    if (order.payAmount > 0 && left <= 0) refuse(ctx.locale, order.status);
    if (order.kind === 'package' && !(await orderPackagesUnused(work.tx, order.id))) fail('PACKAGE_ALREADY_USED');
    const quote = await quoteUnits(work.tx, order, input.lines, ctx.locale);
    const moved = await move(work, order, 'apply_refund', 'refund_requested', now, {
      actorId: ctx.user.uid,
      locale: ctx.locale,
      note: input.reason,
    });
    const id = newId();
    await work.tx.insert(orderRefunds).values({
      id,
      orderId: order.id,
      userId: order.userId,
      reason: input.reason,
      images: await Promise.all(input.images.map((url) => uploadedImage(work.tx, url, 'images', order.userId))),
      previousStatus: order.status,
      requestedAmount: quote.amount,
      createdAt: now,
    });
    await refundRepo.insertRefundLines(work.tx, id, order.id, quote.lines);
    return moved;
  });

/** Closes the waiting application and sends the order back to where it was. */
async function closeApplication(
  work: Parameters<Parameters<typeof changeOwn>[2]>[0],
  order: repo.OrderRow,
  now: Date,
  close: { status: RefundStatus; actorId?: string; refuseReason?: string; locale?: AuthedContext['locale'] },
) {
  if (order.status !== S.refund_requested) refuse(close.locale, order.status);
  const application = (await repo.lockPendingRefund(work.tx, order.id)) ?? fail('REFUND_NOT_FOUND');
  await work.tx
    .update(orderRefunds)
    .set({
      status: close.status,
      refuseReason: close.refuseReason ?? '',
      message: close.refuseReason ?? '',
      decidedAt: now,
      decidedBy: close.actorId ?? null,
    })
    .where(eq(orderRefunds.id, application.id));
  if (close.status === 'refused') {
    await work.emit(
      'refund.refused',
      { refund_id: application.id, order_no: order.id, user_id: order.userId, reason: close.refuseReason ?? '' },
      now,
    );
  }
  return move(work, order, 'close_refund', orderStatusNameOf(application.previousStatus), now, {
    actorId: close.actorId,
    locale: close.locale,
    note: close.status === 'refused' ? `refund refused: ${close.refuseReason}` : 'refund cancelled',
    refund: { outcome: close.status === 'refused' ? 'refused' : 'cancelled', amount: 0, to: null },
  });
}

export const cancelRefund = (ctx: AuthedContext, orderNo: string) =>
  changeOwn(ctx, orderNo, (work, order, now) =>
    closeApplication(work, order, now, { status: 'cancelled', actorId: ctx.user.uid, locale: ctx.locale }),
  );

export const refuseRefund = (ctx: CallContext, input: { order_no: string; reason: string }) =>
  staffChange(ctx, input.order_no, (work, order, now) =>
    closeApplication(work, order, now, {
      status: 'refused',
      actorId: ctx.user?.uid,
      refuseReason: input.reason,
      locale: ctx.locale,
    }),
  );

/** A refund row paid back to the wallet is credited now, once (the ledger key is the row's id). */
async function creditIfWallet(work: Work, order: repo.OrderRow, row: PaymentRefundRow, now: Date): Promise<void> {
  if (row.provider !== 'balance') return;
  await creditWallet(work, {
    userId: order.userId,
    amount: row.amount,
    kind: 'refund',
    key: `refund:${row.id}`,
    ref: order.id,
    at: now,
  });
}

/** Where a refund row's money goes, as the member is told (`refund.approved`). */
function destinationOf(provider: string | undefined): RefundDestination {
  switch (provider) {
    case undefined:
    case 'none':
      return 'none';
    case 'balance':
      return 'wallet';
    case 'offline':
      return 'desk';
    default:
      return 'card';
  }
}

/** Says a refund was approved (or repaid another way): how much, and where the money goes. */
function tellApproved(
  work: Work,
  order: repo.OrderRow,
  refund: { id: string; amount: number; row?: PaymentRefundRow; full: boolean; repayment: boolean; message: string },
  now: Date,
) {
  return work.emit(
    'refund.approved',
    {
      refund_id: refund.id,
      order_no: order.id,
      user_id: order.userId,
      amount: refund.amount,
      to: destinationOf(refund.row?.provider),
      provider: refund.row?.provider ?? 'none',
      full: refund.full,
      repayment: refund.repayment,
      message: refund.message,
    },
    now,
  );
}

/**
 * The units of each line that packages about to be voided give back: each line's goods' packages,
 * at most the line's quantity (one package was issued per unit bought).
 */
function packageUnitsOf(lines: repo.LineRow[], voidedGoodsIds: (string | null)[]) {
  const left = new Map<string, number>();
  for (const id of voidedGoodsIds) if (id) left.set(id, (left.get(id) ?? 0) + 1);
  const units = [];
  for (const line of lines) {
    const quantity = Math.min(line.buyNum, left.get(line.goodsId) ?? 0);
    if (quantity <= 0) continue;
    left.set(line.goodsId, (left.get(line.goodsId) ?? 0) - quantity);
    units.push({ skuId: line.skuId, quantity });
  }
  return units;
}

/**
 * Staff pay back the application: what its units come to, or less (`amount`), with a message to the
 * member. Its units count as refunded: those of unshipped goods go back on the shelf, and the points
 * follow in proportion (those earned by the money refunded since the order completed, those used by
 * the goods' value sent back). The order's last units refund it (−3): its course packages are voided
 * and their units go back on the shelf (refused if one was used meanwhile), and the rest of its points
 * are settled. Otherwise the order goes back to where it was, its timeline saying what went back.
 */
export const approveRefund = (ctx: CallContext, input: { order_no: string; amount?: number; message?: string }) =>
  staffChange(ctx, input.order_no, async (work, order, now) => {
    if (order.status !== S.refund_requested) refuse(ctx.locale, order.status);
    const application = (await repo.lockPendingRefund(work.tx, order.id)) ?? fail('REFUND_NOT_FOUND');
    // Its units, checked again (an application made before lines were chosen sends back all that is left).
    const applied = (await refundRepo.refundLinesOfOrders(work.tx, [order.id])).filter(
      (l) => l.refundId === application.id,
    );
    const quote = await quoteUnits(
      work.tx,
      order,
      applied.length ? applied.map((l) => ({ sku_id: l.skuId, quantity: l.quantity })) : undefined,
      ctx.locale,
    );
    if (!applied.length) await refundRepo.insertRefundLines(work.tx, application.id, order.id, quote.lines);
    const amount = input.amount ?? quote.amount;
    if (amount > quote.amount) {
      fail('REFUND_AMOUNT_INVALID', { max: (quote.amount / 100).toFixed(2) }, { max: quote.amount });
    }
    const { full, orderLines: lines } = quote;
    if (full && order.kind === 'package') {
      // Unused packages go back on the shelf as they are voided, once: a package voided before is
      // neither voided nor counted again (lock order: the SKUs, then the packages).
      const planned = await orderPackagesToVoid(work.tx, order.id);
      await returnStock(work.tx, packageUnitsOf(lines, planned), now);
      const voided = await voidOrderPackages(work.tx, order.id, now);
      if (voided !== planned.length) fail('PACKAGE_ALREADY_USED');
    }
    if (UNSHIPPED.includes(application.previousStatus) && order.delivery !== 'none') {
      await returnStock(
        work.tx,
        quote.lines.map((l) => ({ skuId: l.sku_id, quantity: l.quantity })),
        now,
      );
    }
    let paidBack: PaymentRefundRow | undefined;
    if (amount > 0) {
      paidBack = await refundOrderPayment(work, ctx.config, {
        orderNo: order.id,
        amount,
        refundId: application.id,
        now,
      });
      await creditIfWallet(work, order, paidBack, now);
    }
    await settlePoints(work, order, application.id, { amount, full, units: quote.units, lines }, now);
    const message = input.message ?? '';
    await work.tx
      .update(orderRefunds)
      .set({ status: 'approved', approvedAmount: amount, message, decidedAt: now, decidedBy: ctx.user?.uid ?? null })
      .where(eq(orderRefunds.id, application.id));
    await tellApproved(
      work,
      order,
      { id: application.id, amount, row: paidBack, full, repayment: false, message },
      now,
    );
    const step = {
      actorId: ctx.user?.uid,
      locale: ctx.locale,
      note: `refund ${(amount / 100).toFixed(2)}`,
      refund: { outcome: 'approved', amount, to: destinationOf(paidBack?.provider) } as const,
    };
    const back: OrderStatusName = orderStatusNameOf(application.previousStatus);
    return full
      ? move(work, order, 'refund', 'refunded', now, step)
      : move(work, order, 'close_refund', back, now, step);
  });

/**
 * The points an approved refund settles (wallet settleRefundedOrderPoints): those earned, in
 * proportion to the money refunded since the order completed (it earned on what was paid and kept
 * then); those used, in proportion to the goods' value sent back; all of both with the last units.
 */
async function settlePoints(
  work: Work,
  order: repo.OrderRow,
  refundId: string,
  r: { amount: number; full: boolean; units: Map<string, number>; lines: repo.LineRow[] },
  now: Date,
) {
  const all = { part: 1, whole: 1 };
  if (r.full) {
    await settleRefundedOrderPoints(work.tx, order, { id: refundId, earned: all, used: all }, now);
    return;
  }
  const approved = await refundRepo.approvedAmounts(work.tx, order.id);
  const before = approved.beforeCompletion;
  const since = approved.all - before + r.amount;
  const refundedUnits = await refundRepo.refundedUnits(work.tx, order.id);
  const value = (units: (l: repo.LineRow) => number) => r.lines.reduce((n, l) => n + l.price * units(l), 0);
  await settleRefundedOrderPoints(
    work.tx,
    order,
    {
      id: refundId,
      earned: { part: since, whole: order.payAmount - before },
      used: {
        part: value((l) => (refundedUnits.get(l.skuId) ?? 0) + (r.units.get(l.skuId) ?? 0)),
        whole: value((l) => l.buyNum),
      },
    },
    now,
  );
}

/**
 * Staff pay back another way a refund its provider refused: handed back at the desk (recorded), or
 * credited to the member's wallet. The order stays where the approval put it; the refund's money
 * then stands as paid back.
 */
export const repayRefund = (ctx: CallContext, input: { order_no: string; method: 'offline' | 'balance' }) =>
  staffChange(ctx, input.order_no, async (work, order, now) => {
    const application = (await repo.latestRefunds(work.tx, [order.id])).get(order.id);
    if (application?.status !== 'approved') fail('REFUND_REPAY_NOT_NEEDED');
    const repaid = await repayFailedRefund(work.tx, {
      orderNo: order.id,
      refundId: application!.id,
      method: input.method,
      now,
    });
    await creditIfWallet(work, order, repaid, now);
    const full = order.status === S.refunded;
    await tellApproved(
      work,
      order,
      { id: application!.id, amount: repaid.amount, row: repaid, full, repayment: true, message: application!.message },
      now,
    );
    return order;
  });

export async function refundQueue(ctx: CallContext, status: RefundStatus | undefined, page: Page) {
  const { rows, total } = await repo.refundQueue(ctx.db, status, page);
  return pageOf(await adminOrderRecords(ctx.db, rows, ctx.locale), total, page);
}
