import type { Locale } from '@studio/contract/locale';
import { type adminOrderListInput, ORDER_STATUS } from '@studio/contract/orders';
import type { DeskMethod } from '@studio/contract/payments';
import type { z } from 'zod';
import { sweepClaimed } from '../../platform/claimed-sweep';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { pageOf } from '../../platform/paging';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import { runUnitOfWork, type UnitOfWorkDeps } from '../../platform/unit-of-work';
import { getMerchant, shopSettingsOf } from '../merchant';
import { recordSettledPayment } from '../payments';
import { cancel, markPaid, move, receive, refuse, staffChange } from './flow';
import { adminOrderRecords } from './records';
import * as repo from './repo';

/* Orders for staff (the back office's list and actions) and the orders' sweeps. */

const S = ORDER_STATUS;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Staff
// ---------------------------------------------------------------------------------------------

export async function adminListOrders(ctx: CallContext, input: z.output<typeof adminOrderListInput>) {
  const { rows, total } = await repo.listForStaff(
    ctx.db,
    {
      status: input.status,
      payType: input.pay_type,
      delivery: input.delivery,
      userId: input.user_id,
      keyword: input.keyword,
      from: input.from ? new Date(input.from) : undefined,
      to: input.to ? new Date(input.to) : undefined,
    },
    input,
  );
  return pageOf(await adminOrderRecords(ctx.db, rows, ctx.locale), total, input);
}

export async function adminGetOrder(db: DbOrTx, orderNo: string, locale?: Locale) {
  const row = (await repo.findOrder(db, orderNo)) ?? fail('ORDER_NOT_FOUND');
  return (await adminOrderRecords(db, [row], locale))[0]!;
}

/**
 * Staff took an unpaid order's money at the desk, by cash or the card terminal: the payment records
 * the method and who took it, and the audit entry the amount, the method and the member.
 */
export const markPaidOffline = (ctx: AuthedContext, input: { order_no: string; method: DeskMethod }) =>
  staffChange(
    ctx,
    input.order_no,
    async (work, order, now) => {
      if (order.userId === ctx.user.uid) fail('SELF_DESK_PAYMENT_DENIED');
      if (order.status !== S.unpaid) refuse(ctx.locale, order.status);
      await recordSettledPayment(work.tx, {
        userId: order.userId,
        purpose: 'order',
        ref: order.id,
        provider: 'offline',
        amount: order.payAmount,
        method: input.method,
        takenBy: ctx.user.uid,
        now,
      });
      return markPaid(work, order, 'offline', now, ctx.user.uid);
    },
    (order) => ({ amount: order.payAmount, method: input.method, user_id: order.userId }),
  );

/** Staff ship an express order; it counts as received after the studio's days unless confirmed sooner. */
export const shipOrder = (ctx: CallContext, input: { order_no: string; express_name: string; express_no: string }) =>
  staffChange(ctx, input.order_no, async (work, order, now) => {
    if (order.delivery !== 'express') refuse(ctx.locale, order.status);
    const days = shopSettingsOf(await getMerchant(work.tx)).auto_receipt_days;
    const shipped = await move(work, order, 'ship', 'shipped', now, {
      set: {
        expressName: input.express_name,
        expressNo: input.express_no,
        shippedAt: now,
        autoReceiveAt: new Date(now.getTime() + days * DAY),
      },
      actorId: ctx.user?.uid,
      locale: ctx.locale,
      note: `${input.express_name} ${input.express_no}`,
    });
    await work.emit(
      'order.shipped',
      { order_no: order.id, user_id: order.userId, carrier: input.express_name, tracking_no: input.express_no },
      now,
    );
    return shipped;
  });

/**
 * Staff give an order waiting for payment at the desk `hours` more: from its deadline, or from now
 * when that has passed but the sweep has not cancelled it yet. Audited (staffChange records the
 * deadline before and after).
 */
export const extendDeadline = (ctx: CallContext, input: { order_no: string; hours: number }) =>
  staffChange(ctx, input.order_no, async (work, order, now) => {
    if (order.status !== S.unpaid) refuse(ctx.locale, order.status);
    if (order.payType !== 'offline') fail('DEADLINE_NOT_EXTENDABLE');
    const from = Math.max(order.expiresAt?.getTime() ?? 0, now.getTime());
    return repo.setDeadline(work.tx, order.id, new Date(from + input.hours * HOUR), now);
  });

/** Staff cancel an unpaid order (an offline one never paid, say); its stock goes back. */
export const staffCancelOrder = (ctx: CallContext, input: { order_no: string; reason: string }) =>
  staffChange(ctx, input.order_no, (work, order, now) =>
    cancel(work, order, now, input.reason, { actorId: ctx.user?.uid, locale: ctx.locale }),
  );

// ---------------------------------------------------------------------------------------------
// Sweeps
// ---------------------------------------------------------------------------------------------

const SWEEP_BATCH = 100;

/**
 * Cancels unpaid orders whose countdown (online) or deadline (at the desk) ran out, even if nobody
 * opens them, and returns their stock, coupon and points exactly once: each is locked and
 * re-checked, so a payment, an extension or a member's cancel racing the sweep wins or loses cleanly.
 */
export async function cancelExpiredOrders(deps: UnitOfWorkDeps, now: Date): Promise<number> {
  let done = 0;
  for (;;) {
    const due = await repo.expiredUnpaid(deps.db, now, SWEEP_BATCH);
    for (const orderNo of due) {
      const cancelled = await runUnitOfWork(deps, async (work) => {
        const order = await repo.lockOrder(work.tx, orderNo);
        if (!order || order.status !== S.unpaid || !order.expiresAt || order.expiresAt > now) return false;
        await cancel(work, order, now, 'expired');
        return true;
      });
      if (cancelled) done++;
    }
    if (due.length < SWEEP_BATCH) return done;
  }
}

/**
 * Tells members of unpaid orders that cancel themselves within the studio's unpaid_notice_minutes
 * (0: off), once per order and deadline (order.expiringSoon; the claim and the event in one unit of work).
 */
export async function tellExpiringOrders(deps: UnitOfWorkDeps, now: Date): Promise<number> {
  const minutes = shopSettingsOf(await getMerchant(deps.db)).unpaid_notice_minutes;
  if (minutes <= 0) return 0;
  return sweepClaimed(deps, SWEEP_BATCH, async (work) => {
    const rows = await repo.claimExpiring(work.tx, now, minutes * MINUTE, SWEEP_BATCH);
    for (const order of rows) {
      await work.emit(
        'order.expiringSoon',
        {
          order_no: order.id,
          user_id: order.userId,
          amount: order.payAmount,
          expires_at: order.expiresAt!.toISOString(),
          pay_type: order.payType,
        },
        now,
      );
    }
    return rows;
  });
}

/** Shipped orders not confirmed in time count as received (and complete). */
export async function receiveDueOrders(deps: UnitOfWorkDeps, now: Date): Promise<number> {
  let done = 0;
  for (;;) {
    const due = await repo.dueForReceipt(deps.db, now, SWEEP_BATCH);
    for (const orderNo of due) {
      const received = await runUnitOfWork(deps, async (work) => {
        const order = await repo.lockOrder(work.tx, orderNo);
        if (!order || order.status !== S.shipped || !order.autoReceiveAt || order.autoReceiveAt > now) return false;
        await receive(work, order, now, { note: 'received automatically' });
        return true;
      });
      if (received) done++;
    }
    if (due.length < SWEEP_BATCH) return done;
  }
}
