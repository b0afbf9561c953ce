import type { DomainEventPayload } from '@studio/contract/domain-events';
import { canMoveOrder, type OrderMove } from '@studio/contract/flow';
import type { Locale } from '@studio/contract/locale';
import {
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  type OrderRecord,
  type OrderStatusName,
  orderStatusNameOf,
} from '@studio/contract/orders';
import type { OrderEventRefund } from '@studio/contract/refunds';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId, randomCode } from '../../platform/ids';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import { runUnitOfWork, type Work } from '../../platform/unit-of-work';
import { auditBy, recordAudit } from '../audit';
import type { PackageTerms } from '../catalog';
import { refundMoney } from '../payments';
import { adminOrderRecords, orderRecords } from './records';
import * as repo from './repo';
import { orderEvents, orders } from './schema';

/*
 * How an order moves (RULES.md "Orders"). Every status change locks the order row and names its move
 * in ORDER_MOVES (contract flow.ts): a move that does not start from the order's status is refused.
 * What follows a move is said with a domain event, and the modules that keep its invariants react in
 * the same transaction (modules/index.ts lists them in the lock order): `order.paid` → packages
 * issued; `order.cancelled` → stock, coupon and points back; `order.completed` → points earned.
 * Lock order within a transaction (unit-of-work.ts): a payment row, then the order, then SKUs (by
 * id), then coupons, then packages, then the wallet account, then points.
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
  /** A refund decided or withdrawn by this move, for the timeline. */
  refund?: OrderEventRefund;
  actorId?: string | null;
  locale?: Locale;
}

/**
 * Moves a locked order to `to` by `via` (ORDER_MOVES), writes its timeline and says so
 * (`order.moved`; `order.completed` when it completes, which earns its points). A move that does not
 * start from the order's status, or cannot end in `to`, is refused.
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
  await work.tx.insert(orderEvents).values({
    id: newId(),
    orderId: order.id,
    status: S[to],
    note: m.note ?? '',
    refund: m.refund ?? null,
    actorId: m.actorId ?? null,
    at: now,
  });
  const ref = { order_no: order.id, user_id: order.userId };
  await work.emit('order.moved', { ...ref, status: S[to], move: via }, now);
  if (to === 'completed') {
    // Points are earned on what the member paid and kept: a part refunded before it completed earns none.
    const refunded = order.payAmount > 0 ? ((await refundMoney(work.tx, [order.id])).refunded.get(order.id) ?? 0) : 0;
    const paid = Math.max(0, order.payAmount - refunded);
    await work.emit('order.completed', { ...ref, paid, kind: order.kind }, now);
  }
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

/** A package's validity as the event carries it: every instant an ISO string. */
function validityOf(rule: PackageTerms['validity']): DomainEventPayload<'order.paid'>['packages'][number]['validity'] {
  const iso = (at: Date | string | number) => new Date(at).toISOString();
  switch (rule.mode) {
    case 'fixed':
      return { mode: 'fixed', valid_from: iso(rule.valid_from), valid_until: iso(rule.valid_until) };
    case 'rule':
      return rule;
    default:
      return { mode: 'long_term', ...(rule.valid_from === undefined ? {} : { valid_from: iso(rule.valid_from) }) };
  }
}

/**
 * Marks a locked unpaid order paid and says so (`order.paid`, with a package order's lines and their
 * terms: the packages module issues them in this transaction); a pickup order gets its code and is
 * ready at the desk; a course-package order then completes at once.
 */
export async function markPaid(work: Work, order: repo.OrderRow, payType: string, now: Date, actorId?: string) {
  let pickupCode: string | null = null;
  if (order.delivery === 'pickup') {
    do pickupCode = randomCode(10);
    while (await repo.findByPickupCode(work.tx, pickupCode));
  }
  const paid = await move(work, order, 'pay', 'paid', now, {
    set: { paidAt: now, payType, expiresAt: null, pickupCode },
    actorId,
  });
  const lines = order.kind === 'package' ? ((await repo.linesOf(work.tx, [order.id])).get(order.id) ?? []) : [];
  const ref = { order_no: order.id, user_id: order.userId };
  await work.emit(
    'order.paid',
    {
      ...ref,
      kind: order.kind,
      amount: order.payAmount,
      pay_type: payType,
      delivery: order.delivery,
      pickup_code: pickupCode,
      packages: lines.flatMap((line) =>
        line.terms
          ? [
              {
                goods_id: line.goodsId,
                name: Object.keys(line.goodsNameI18n).length ? line.goodsNameI18n : line.goodsName,
                quantity: line.buyNum,
                class_count: line.terms.classCount,
                validity: validityOf(line.terms.validity),
                course_ids: line.terms.courseIds,
              },
            ]
          : [],
      ),
    },
    now,
  );
  if (pickupCode) await work.emit('order.readyForPickup', { ...ref, pickup_code: pickupCode }, now);
  if (order.kind !== 'package') return paid;
  return move(work, paid, 'issue_packages', 'completed', now, { set: { completedAt: now } });
}

/** Cancels an unpaid order and says so (`order.cancelled`): its stock, coupon and points go back in this transaction. */
export async function cancel(work: Work, order: repo.OrderRow, now: Date, reason: string, m: Move = {}) {
  const cancelled = await move(work, order, 'cancel', 'cancelled', now, {
    ...m,
    note: reason,
    set: { cancelledAt: now, cancelReason: reason, expiresAt: null },
  });
  const lines = (await repo.linesOf(work.tx, [order.id])).get(order.id) ?? [];
  await work.emit(
    'order.cancelled',
    {
      order_no: order.id,
      user_id: order.userId,
      reason,
      lines: lines.map((l) => ({ sku_id: l.skuId, quantity: l.buyNum })),
      coupon_id: order.couponId,
      points_used: order.pointsUsed,
    },
    now,
  );
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
  /** What else the audit entry records of the change (a desk payment's amount, method and member). */
  details?: (order: repo.OrderRow) => Record<string, unknown>,
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
        ...details?.(order),
      },
    });
    return after;
  });
  return (await adminOrderRecords(ctx.db, [row], ctx.locale))[0]!;
}

/** The front desk received an offline payment. */
