import { canMoveOrder, type OrderMove } from '@studio/contract/flow';
import type { Locale } from '@studio/contract/locale';
import {
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  type OrderRecord,
  type OrderStatusName,
  orderStatusNameOf,
} from '@studio/contract/orders';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId, randomCode } from '../../platform/ids';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import { runUnitOfWork, type Work } from '../../platform/unit-of-work';
import { auditBy, recordAudit } from '../audit/service';
import { returnStock } from '../catalog/service';
import { returnOrderCoupon } from '../coupons/checkout';
import { getMerchant, shopSettingsOf } from '../merchant/service';
import { issuePackage } from '../packages/service';
import { creditOrderPoints, postPointsEntry } from '../wallet/service';
import { adminOrderRecords, orderRecords } from './records';
import * as repo from './repo';
import { orderEvents, orders } from './schema';

/*
 * How an order moves (RULES.md "Orders"). Every status change locks the order row and names its move
 * in ORDER_MOVES (contract flow.ts): a move that does not start from the order's status is refused.
 * Lock order within a transaction (unit-of-work.ts): a payment row, then the order, then SKUs (by
 * id), then packages, then the wallet account.
 */

const S = ORDER_STATUS;
const _MINUTE = 60_000;
const _DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Moving an order
// ---------------------------------------------------------------------------------------------

export function refuse(locale: Locale | undefined, status: number): never {
  return fail(
    'ORDER_STATUS_CHANGED',
    { status: ORDER_STATUS_LABELS[orderStatusNameOf(status)][locale ?? 'en'] },
    { status },
  );
}

export interface Move {
  set?: Partial<typeof orders.$inferInsert>;
  note?: string;
  actorId?: string | null;
  locale?: Locale;
}

/**
 * Moves a locked order to `to` by `via` (ORDER_MOVES), writes its timeline and tells the member
 * (outbox). A move that does not start from the order's status, or cannot end in `to`, is refused.
 */
export async function move(
  work: Work,
  order: repo.OrderRow,
  via: OrderMove,
  to: OrderStatusName,
  now: Date,
  m: Move = {},
) {
  if (!canMoveOrder(via, orderStatusNameOf(order.status), to)) refuse(m.locale, order.status);
  const [moved] = await work.tx
    .update(orders)
    .set({ ...m.set, status: S[to], updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  await work.tx
    .insert(orderEvents)
    .values({ id: newId(), orderId: order.id, status: S[to], note: m.note ?? '', actorId: m.actorId ?? null, at: now });
  if (to === 'completed') {
    const perUnit = shopSettingsOf(await getMerchant(work.tx)).points_per_unit;
    await creditOrderPoints(work.tx, { id: order.id, userId: order.userId, paid: order.payAmount }, perUnit, now);
  }
  await work.emit('order.moved', { order_no: order.id, user_id: order.userId, status: S[to], move: via }, now);
  return moved!;
}

export async function lockOwn(tx: Tx, userId: string, orderNo: string): Promise<repo.OrderRow> {
  const row = await repo.lockOrder(tx, orderNo);
  if (!row || row.userId !== userId) fail('ORDER_NOT_FOUND');
  return row!;
}

export async function lockAny(tx: Tx, orderNo: string): Promise<repo.OrderRow> {
  return (await repo.lockOrder(tx, orderNo)) ?? fail('ORDER_NOT_FOUND');
}

/** Marks a locked unpaid order paid; a course-package order issues its packages and completes at once. */
export async function markPaid(work: Work, order: repo.OrderRow, payType: string, now: Date, actorId?: string) {
  let pickupCode: string | null = null;
  if (order.delivery === 'pickup') {
    do pickupCode = randomCode(10);
    while (await repo.findByPickupCode(work.tx, pickupCode));
  }
  let paid = await move(work, order, 'pay', 'paid', now, {
    set: { paidAt: now, payType, expiresAt: null, pickupCode },
    actorId,
  });
  if (order.kind === 'package') {
    const lines = (await repo.linesOf(work.tx, [order.id])).get(order.id) ?? [];
    for (const line of lines) {
      if (!line.terms) continue;
      for (let i = 0; i < line.buyNum; i++) {
        await issuePackage(work.tx, {
          userId: order.userId,
          name: Object.keys(line.goodsNameI18n).length ? line.goodsNameI18n : line.goodsName,
          classCount: line.terms.classCount,
          validity: line.terms.validity,
          courseIds: line.terms.courseIds,
          goodsId: line.goodsId,
          source: 'order',
          sourceId: order.id,
          now,
        });
      }
    }
    paid = await move(work, paid, 'issue_packages', 'completed', now, { set: { completedAt: now } });
  }
  return paid;
}

export async function cancel(work: Work, order: repo.OrderRow, now: Date, reason: string, m: Move = {}) {
  const cancelled = await move(work, order, 'cancel', 'cancelled', now, {
    ...m,
    note: reason,
    set: { cancelledAt: now, cancelReason: reason, expiresAt: null },
  });
  const lines = (await repo.linesOf(work.tx, [order.id])).get(order.id) ?? [];
  await returnStock(
    work.tx,
    lines.map((l) => ({ skuId: l.skuId, quantity: l.buyNum })),
    now,
  );
  // Cancelled before payment: the coupon and the points it spent go back (lock order: coupons, then points).
  if (order.couponId) await returnOrderCoupon(work.tx, order.id);
  if (order.pointsUsed > 0) {
    await postPointsEntry(work.tx, {
      userId: order.userId,
      amount: order.pointsUsed,
      kind: 'returned',
      key: `points_returned:${order.id}`,
      ref: order.id,
      at: now,
    });
  }
  return cancelled;
}

export async function changeOwn(
  ctx: AuthedContext,
  orderNo: string,
  change: (work: Work, order: repo.OrderRow, now: Date) => Promise<repo.OrderRow>,
): Promise<OrderRecord> {
  const now = ctx.clock.now();
  const row = await runUnitOfWork(ctx, async (work) =>
    change(work, await lockOwn(work.tx, ctx.user.uid, orderNo), now),
  );
  return (await orderRecords(ctx.db, [row], ctx.locale))[0]!;
}

/** The member cancels an unpaid order; its stock goes back. */
export async function receive(work: Work, order: repo.OrderRow, now: Date, m: Move) {
  const received = await move(work, order, 'receive', 'received', now, { ...m, set: { autoReceiveAt: null } });
  return move(work, received, 'complete', 'completed', now, { ...m, set: { completedAt: now } });
}

/** Verification staff scan a pickup code: the paid pickup order completes. Null when no order has the code. */
export async function staffChange(
  ctx: CallContext,
  orderNo: string,
  change: (work: Work, order: repo.OrderRow, now: Date) => Promise<repo.OrderRow>,
) {
  const now = ctx.clock.now();
  const row = await runUnitOfWork(ctx, async (work) => {
    const order = await lockAny(work.tx, orderNo);
    const after = await change(work, order, now);
    await recordAudit(work.tx, auditBy(ctx), {
      objectType: 'order',
      objectId: order.id,
      before: { status: order.status, expires_at: order.expiresAt?.toISOString() ?? null },
      after: {
        status: after.status,
        expires_at: after.expiresAt?.toISOString() ?? null,
        express_name: after.expressName,
        express_no: after.expressNo,
        reason: after.cancelReason,
      },
    });
    return after;
  });
  return (await adminOrderRecords(ctx.db, [row], ctx.locale))[0]!;
}

/** The front desk received an offline payment. */
