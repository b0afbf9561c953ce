import type { DomainEventPayload } from '@studio/contract/domain-events';
import { ORDER_STATUS, orderStatusNameOf } from '@studio/contract/orders';
import type { RefundStatus } from '@studio/contract/refunds';
import { eq } from 'drizzle-orm';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
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
import * as repo from './repo';
import { orderRefunds } from './schema';

/*
 * Refunds (RULES.md "Orders": refund). Every step locks the order row first, then the waiting
 * application, so an approval racing another approval, a refusal or the member's cancel finds the
 * order already moved and changes nothing. The money goes back through the payments module, which
 * never returns more than was paid minus what already went back.
 */

const S = ORDER_STATUS;

/** Statuses before shipping: a refund from one of these puts the stock back on the shelf. */
const UNSHIPPED: readonly number[] = [S.paid, S.preparing];

/** The member applies: the order moves to −2 until staff decide or the member cancels. */
export const applyRefund = (ctx: AuthedContext, input: { order_no: string; reason: string; images: string[] }) =>
  changeOwn(ctx, input.order_no, async (work, order, now) => {
    // One application at a time: the order is frozen at −2 until it is decided or withdrawn.
    if (order.status === S.refund_requested || (await repo.lockPendingRefund(work.tx, order.id))) {
      fail('REFUND_ALREADY_REQUESTED');
    }
    const left = await refundableOf(work.tx, order.id);
    // Paid with nothing (points, a coupon) there is no money, but points or a package to give back.
    if (order.payAmount > 0 && left <= 0) refuse(ctx.locale, order.status);
    if (order.kind === 'package' && !(await orderPackagesUnused(work.tx, order.id))) fail('PACKAGE_ALREADY_USED');
    const moved = await move(work, order, 'apply_refund', 'refund_requested', now, {
      actorId: ctx.user.uid,
      locale: ctx.locale,
      note: input.reason,
    });
    await work.tx.insert(orderRefunds).values({
      id: newId(),
      orderId: order.id,
      userId: order.userId,
      reason: input.reason,
      images: await Promise.all(input.images.map((url) => uploadedImage(work.tx, url, 'images', order.userId))),
      previousStatus: order.status,
      requestedAmount: left,
      createdAt: now,
    });
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
function destinationOf(provider: string | undefined): DomainEventPayload<'refund.approved'>['to'] {
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
  refund: { id: string; amount: number; row?: PaymentRefundRow; full: boolean; repayment: boolean },
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
 * Staff pay back `amount` (default: all that is left). All of it: the order is refunded (−3), the
 * stock of unshipped goods goes back, its course packages are voided and their units go back on
 * the shelf (refused if one was used meanwhile), the points it earned are reversed and those it used returned. Less: the order goes
 * back to where it was, and the member may apply again for the rest.
 */
export const approveRefund = (ctx: CallContext, input: { order_no: string; amount?: number }) =>
  staffChange(ctx, input.order_no, async (work, order, now) => {
    if (order.status !== S.refund_requested) refuse(ctx.locale, order.status);
    const application = (await repo.lockPendingRefund(work.tx, order.id)) ?? fail('REFUND_NOT_FOUND');
    // More than is left is refused by refundOrderPayment, rolling back all of this.
    const left = await refundableOf(work.tx, order.id);
    const amount = input.amount ?? left;
    const full = amount === left;
    const lines = (await repo.linesOf(work.tx, [order.id])).get(order.id) ?? [];
    if (full && order.kind === 'package') {
      // Unused packages go back on the shelf as they are voided, once: a package voided before is
      // neither voided nor counted again (lock order: the SKUs, then the packages).
      const planned = await orderPackagesToVoid(work.tx, order.id);
      await returnStock(work.tx, packageUnitsOf(lines, planned), now);
      const voided = await voidOrderPackages(work.tx, order.id, now);
      if (voided !== planned.length) fail('PACKAGE_ALREADY_USED');
    }
    if (full && UNSHIPPED.includes(application.previousStatus) && order.delivery !== 'none') {
      await returnStock(
        work.tx,
        lines.map((l) => ({ skuId: l.skuId, quantity: l.buyNum })),
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
    if (full) await settleRefundedOrderPoints(work.tx, order, now);
    await work.tx
      .update(orderRefunds)
      .set({ status: 'approved', approvedAmount: amount, decidedAt: now, decidedBy: ctx.user?.uid ?? null })
      .where(eq(orderRefunds.id, application.id));
    await tellApproved(work, order, { id: application.id, amount, row: paidBack, full, repayment: false }, now);
    const note = `refund ${(amount / 100).toFixed(2)}`;
    return full
      ? move(work, order, 'refund', 'refunded', now, { actorId: ctx.user?.uid, locale: ctx.locale, note })
      : move(work, order, 'close_refund', orderStatusNameOf(application.previousStatus), now, {
          actorId: ctx.user?.uid,
          locale: ctx.locale,
          note,
        });
  });

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
      { id: application!.id, amount: repaid.amount, row: repaid, full, repayment: true },
      now,
    );
    return order;
  });

export async function refundQueue(ctx: CallContext, status: RefundStatus | undefined, page: Page) {
  const { rows, total } = await repo.refundQueue(ctx.db, status, page);
  return pageOf(await adminOrderRecords(ctx.db, rows, ctx.locale), total, page);
}
