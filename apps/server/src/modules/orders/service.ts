import type { AddressRecord } from '@studio/contract/addresses';
import { transition } from '@studio/contract/flow';
import type { Locale } from '@studio/contract/locale';
import {
  type adminOrderListInput,
  type DeliveryAddress,
  ORDER_FLOW,
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  type OrderPreview,
  type OrderRecord,
  type OrderStatusName,
  type OrderTab,
  type orderInput,
  orderStatusNameOf,
} from '@studio/contract/orders';
import type { PayType, ProviderRedirect } from '@studio/contract/payments';
import type { ReviewItemInput } from '@studio/contract/reviews';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId, randomCode, randomDigits } from '../../platform/ids';
import { type Page, pageOf } from '../../platform/paging';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import { runUnitOfWork, type UnitOfWorkDeps, type Work } from '../../platform/unit-of-work';
import { uploadedImage } from '../account/service';
import { auditBy, recordAudit } from '../audit/service';
import { removeCheckedOut } from '../cart/service';
import { holdStock, returnStock } from '../catalog/service';
import { returnOrderCoupon, spendCoupon } from '../coupons/service';
import { getMerchant, MERCHANT_ID, shopSettingsOf } from '../merchant/service';
import { issuePackage } from '../packages/service';
import {
  cardProvidersOf,
  type PaymentRow,
  recordSettledPayment,
  type Settler,
  startCardPayment,
  usablePayTypes,
} from '../payments/service';
import { writeReviews } from '../reviews/service';
import { creditOrderPoints, postPointsEntry, postWalletEntry } from '../wallet/service';
import { assertCheckoutable, priceOrder } from './pricing';
import { adminOrderRecords, orderRecords } from './records';
import * as repo from './repo';
import { orderEvents, orderLines, orders } from './schema';

/*
 * Orders (RULES.md "Orders"). Every status change locks the order row and goes through ORDER_FLOW.
 * Lock order within a transaction (unit-of-work.ts): a payment row, then the order, then SKUs (by
 * id), then packages, then the wallet account.
 */

const S = ORDER_STATUS;
const MINUTE = 60_000;
const DAY = 86_400_000;

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

/** Moves a locked order to `to` through ORDER_FLOW, writes its timeline and tells the member (outbox). */
export async function move(work: Work, order: repo.OrderRow, to: OrderStatusName, now: Date, m: Move = {}) {
  transition(ORDER_FLOW, orderStatusNameOf(order.status), to, () => refuse(m.locale, order.status));
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
  await work.pushDurable(
    order.userId,
    { type: 'orderChanged', data: { order_no: order.id, status: S[to] }, id: newId() },
    now,
  );
  return moved!;
}

export async function lockOwn(tx: Tx, userId: string, orderNo: string): Promise<repo.OrderRow> {
  const row = await repo.lockOrder(tx, orderNo);
  if (!row || row.userId !== userId) fail('ORDER_NOT_FOUND');
  return row!;
}

async function lockAny(tx: Tx, orderNo: string): Promise<repo.OrderRow> {
  return (await repo.lockOrder(tx, orderNo)) ?? fail('ORDER_NOT_FOUND');
}

/** Marks a locked unpaid order paid; a course-package order issues its packages and completes at once. */
async function markPaid(work: Work, order: repo.OrderRow, payType: string, now: Date, actorId?: string) {
  let pickupCode: string | null = null;
  if (order.delivery === 'pickup') {
    do pickupCode = randomCode(10);
    while (await repo.findByPickupCode(work.tx, pickupCode));
  }
  let paid = await move(work, order, 'paid', now, {
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
    paid = await move(work, paid, 'completed', now, { set: { completedAt: now } });
  }
  return paid;
}

async function cancel(work: Work, order: repo.OrderRow, now: Date, reason: string, m: Move = {}) {
  const cancelled = await move(work, order, 'cancelled', now, {
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

// ---------------------------------------------------------------------------------------------
// Checkout
// ---------------------------------------------------------------------------------------------

export async function previewOrder(ctx: AuthedContext, input: z.output<typeof orderInput>): Promise<OrderPreview> {
  const draft = await priceOrder(ctx.db, ctx, ctx.user.uid, input);
  return {
    kind: draft.kind,
    delivery: draft.delivery,
    lines: draft.lines.map(
      ({ goodsNameI18n: _g, skuNameI18n: _s, weight: _w, terms: _t, cartRule: _c, ...line }) => line,
    ),
    address: draft.address,
    goods_amount: draft.goodsAmount,
    freight_amount: draft.freightAmount,
    coupon_amount: draft.couponAmount,
    pay_amount: draft.payAmount,
    weight: draft.weight,
    problems: draft.problems,
    coupons: draft.coupons,
    coupon_id: draft.couponId,
    points: draft.points,
  };
}

function deliveryAddressOf({ _id: _a, is_default: _d, ...address }: AddressRecord): DeliveryAddress {
  return address;
}

/** A date-prefixed order number (the studio's date) with 10 random digits: unique, not guessable in sequence. */
function newOrderNo(now: Date, timezone: string): string {
  const date = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(now)
    .replaceAll('-', '');
  return `${date}${randomDigits(10)}`;
}

/**
 * Places an order: prices it from the tables, holds its stock (one conditional update per SKU, in
 * SKU-id order), writes the snapshot of every line, and takes the lines out of the cart when they
 * came from it, all in one transaction. It cancels itself when unpaid after the studio's countdown.
 */
export async function createOrder(ctx: AuthedContext, input: z.output<typeof orderInput>) {
  const now = ctx.clock.now();
  const merchant = await getMerchant(ctx.db);
  return runUnitOfWork(ctx, async (work) => {
    const { tx } = work;
    const draft = await priceOrder(tx, ctx, ctx.user.uid, input);
    assertCheckoutable(draft);
    await holdStock(
      tx,
      draft.lines.map((l) => ({ skuId: l.sku_id, quantity: l.buy_num })),
      now,
    );
    const orderNo = newOrderNo(now, merchant.timezone);
    const expiresAt = new Date(now.getTime() + merchant.autoCancelMinutes * MINUTE);
    await tx.insert(orders).values({
      id: orderNo,
      userId: ctx.user.uid,
      mid: MERCHANT_ID,
      status: S.unpaid,
      kind: draft.kind,
      delivery: draft.delivery,
      goodsAmount: draft.goodsAmount,
      freightAmount: draft.freightAmount,
      couponId: draft.couponId,
      couponAmount: draft.couponAmount,
      pointsUsed: draft.points.used,
      pointsAmount: draft.points.amount,
      payAmount: draft.payAmount,
      address: draft.address ? deliveryAddressOf(draft.address) : null,
      remark: input.remark,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(orderLines).values(
      draft.lines.map((l, position) => ({
        orderId: orderNo,
        skuId: l.sku_id,
        position,
        goodsId: l.goods_id,
        goodsType: l.goods_type,
        goodsName: l.goods_name,
        goodsNameI18n: l.goodsNameI18n,
        skuName: l.sku_name,
        skuNameI18n: l.skuNameI18n,
        image: l.image,
        price: l.price,
        buyNum: l.buy_num,
        weight: l.weight,
        terms: l.terms,
      })),
    );
    await tx
      .insert(orderEvents)
      .values({ id: newId(), orderId: orderNo, status: S.unpaid, actorId: ctx.user.uid, at: now });
    // After the SKUs: the coupon copy (weighed again under its lock), then the points (never below 0).
    if (draft.couponId) await spendCoupon(tx, ctx.user.uid, draft.couponId, orderNo, draft.lines, now);
    if (draft.points.used > 0) {
      await postPointsEntry(tx, {
        userId: ctx.user.uid,
        amount: -draft.points.used,
        kind: 'used',
        key: `points_used:${orderNo}`,
        ref: orderNo,
        at: now,
      });
    }
    if (input.from_cart) {
      await removeCheckedOut(
        tx,
        ctx.user.uid,
        MERCHANT_ID,
        draft.lines.map((l) => l.sku_id),
      );
    }
    await work.pushDurable(
      ctx.user.uid,
      { type: 'orderChanged', data: { order_no: orderNo, status: S.unpaid }, id: newId() },
      now,
    );
    return { order_no: orderNo, pay_amount: draft.payAmount, expires_at: expiresAt.toISOString() };
  });
}

/**
 * client/order.pay. balance: the wallet pays in the transaction that marks the order paid; offline:
 * the order waits for staff (no countdown); a card provider: the member is sent to its page and the
 * order is paid when the provider confirms. An order past its countdown is cancelled instead.
 */
export async function payOrder(
  ctx: AuthedContext,
  orderNo: string,
  payType: PayType,
): Promise<{ order: OrderRecord } | ProviderRedirect> {
  const now = ctx.clock.now();
  const settings = shopSettingsOf(await getMerchant(ctx.db));
  if (!usablePayTypes(ctx.config, settings.pay_types).includes(payType)) fail('PAY_TYPE_DISABLED');
  const provider = payType === 'sandbox' || payType === 'stripe' ? cardProvidersOf(ctx.config)[payType] : undefined;
  const result = await runUnitOfWork(ctx, async (work) => {
    const order = await lockOwn(work.tx, ctx.user.uid, orderNo);
    if (order.status !== S.unpaid) refuse(ctx.locale, order.status);
    if (order.expiresAt && order.expiresAt <= now) {
      await cancel(work, order, now, 'expired');
      return { expired: true as const };
    }
    const payment = { userId: order.userId, purpose: 'order' as const, ref: order.id, amount: order.payAmount, now };
    if (order.payAmount === 0) {
      await recordSettledPayment(work.tx, { ...payment, provider: 'none' });
      return { paid: await markPaid(work, order, 'none', now, ctx.user.uid) };
    }
    switch (payType) {
      case 'balance': {
        await recordSettledPayment(work.tx, { ...payment, provider: 'balance' });
        await postWalletEntry(work.tx, {
          userId: order.userId,
          amount: -order.payAmount,
          kind: 'payment',
          key: `payment:${order.id}`,
          ref: order.id,
          at: now,
        });
        return { paid: await markPaid(work, order, 'balance', now, ctx.user.uid) };
      }
      case 'offline': {
        const [waiting] = await work.tx
          .update(orders)
          .set({ payType: 'offline', expiresAt: null, updatedAt: now })
          .where(eq(orders.id, order.id))
          .returning();
        return { paid: waiting ?? order };
      }
      default: {
        await work.tx.update(orders).set({ payType, updatedAt: now }).where(eq(orders.id, order.id));
        const redirect = await startCardPayment(work.tx, provider!, {
          ...payment,
          provider: payType,
          description: `Order ${order.id}`,
        });
        return { redirect };
      }
    }
  });
  if ('expired' in result) return fail('ORDER_EXPIRED');
  if ('redirect' in result && result.redirect) return result.redirect;
  return { order: (await orderRecords(ctx.db, [result.paid], ctx.locale))[0]! };
}

/**
 * What a confirmed card payment does to its order: pays it when it is still unpaid for that
 * amount; otherwise (cancelled meanwhile, paid another way) the money goes to the member's wallet.
 */
export const settleOrderPayment: Settler = async (work, payment: PaymentRow, now) => {
  const order = await repo.lockOrder(work.tx, payment.ref);
  if (order && order.status === S.unpaid && order.payAmount === payment.amount) {
    await markPaid(work, order, payment.provider, now);
    return 'applied';
  }
  await postWalletEntry(work.tx, {
    userId: payment.userId,
    amount: payment.amount,
    kind: 'refund',
    key: `returned:${payment.id}`,
    reason: 'order no longer payable',
    ref: payment.ref,
    at: now,
  });
  return 'returned';
};

// ---------------------------------------------------------------------------------------------
// The member's orders
// ---------------------------------------------------------------------------------------------

export async function getOwnOrder(ctx: AuthedContext, orderNo: string): Promise<OrderRecord> {
  const row = await repo.findOrder(ctx.db, orderNo);
  if (!row || row.userId !== ctx.user.uid) fail('ORDER_NOT_FOUND');
  return (await orderRecords(ctx.db, [row!], ctx.locale))[0]!;
}

export async function listOwnOrders(ctx: AuthedContext, tab: OrderTab, page: Page) {
  const { rows, total } = await repo.listForMember(ctx.db, ctx.user.uid, tab, page);
  return pageOf(await orderRecords(ctx.db, rows, ctx.locale), total, page);
}

export const countOwnOrders = (ctx: AuthedContext) => repo.countTabs(ctx.db, ctx.user.uid);

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
export const cancelOwnOrder = (ctx: AuthedContext, orderNo: string) =>
  changeOwn(ctx, orderNo, (work, order, now) =>
    cancel(work, order, now, 'cancelled by member', { actorId: ctx.user.uid, locale: ctx.locale }),
  );

/** The member reviews a completed order, once, one item per line (reviews module writes them). */
export const commentOrder = (ctx: AuthedContext, input: { order_no: string; items: ReviewItemInput[] }) =>
  changeOwn(ctx, input.order_no, async (work, order, now) => {
    if (order.status !== S.completed) fail('REVIEW_NOT_ALLOWED');
    if (order.reviewedAt) fail('ALREADY_REVIEWED');
    const lines = (await repo.linesOf(work.tx, [order.id])).get(order.id) ?? [];
    const bySku = new Map(input.items.map((i) => [i.sku_id, i]));
    if (bySku.size !== input.items.length || lines.some((l) => !bySku.has(l.skuId)) || bySku.size !== lines.length) {
      fail('INVALID_PARAM', { field: 'items' }, { field: 'items', reason: 'oneItemPerLine' });
    }
    const images = new Map<string, string[]>();
    for (const item of input.items) {
      images.set(
        item.sku_id,
        await Promise.all((item.images ?? []).map((url) => uploadedImage(work.tx, url, 'images', order.userId))),
      );
    }
    await writeReviews(
      work.tx,
      order.id,
      order.userId,
      lines.map((l) => {
        const item = bySku.get(l.skuId)!;
        return {
          goodsId: l.goodsId,
          skuId: l.skuId,
          goodsName: l.goodsName,
          skuName: l.skuName,
          skuNameI18n: l.skuNameI18n,
          rate: item.rate,
          content: item.content.trim(),
          images: images.get(l.skuId) ?? [],
        };
      }),
      now,
    );
    const [reviewed] = await work.tx
      .update(orders)
      .set({ reviewedAt: now, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    return reviewed!;
  });

/** The member received a shipped order: received, then completed. */
export const confirmReceipt = (ctx: AuthedContext, orderNo: string) =>
  changeOwn(ctx, orderNo, async (work, order, now) =>
    receive(work, order, now, { actorId: ctx.user.uid, locale: ctx.locale }),
  );

async function receive(work: Work, order: repo.OrderRow, now: Date, m: Move) {
  const received = await move(work, order, 'received', now, { ...m, set: { autoReceiveAt: null } });
  return move(work, received, 'completed', now, { ...m, set: { completedAt: now } });
}

/** Verification staff scan a pickup code: the paid pickup order completes. Null when no order has the code. */
export async function completePickup(ctx: AuthedContext, code: string): Promise<OrderRecord | null> {
  const found = await repo.findByPickupCode(ctx.db, code.toUpperCase());
  if (!found) return null;
  const now = ctx.clock.now();
  const row = await runUnitOfWork(ctx, async (work) => {
    const order = await lockAny(work.tx, found.id);
    if (order.status !== S.paid || order.delivery !== 'pickup') refuse(ctx.locale, order.status);
    return move(work, order, 'completed', now, { set: { completedAt: now }, actorId: ctx.user.uid, note: 'picked up' });
  });
  return (await orderRecords(ctx.db, [row], ctx.locale))[0]!;
}

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
      before: { status: order.status },
      after: {
        status: after.status,
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
export const markPaidOffline = (ctx: CallContext, orderNo: string) =>
  staffChange(ctx, orderNo, async (work, order, now) => {
    if (order.status !== S.unpaid) refuse(ctx.locale, order.status);
    await recordSettledPayment(work.tx, {
      userId: order.userId,
      purpose: 'order',
      ref: order.id,
      provider: 'offline',
      amount: order.payAmount,
      now,
    });
    return markPaid(work, order, 'offline', now, ctx.user?.uid);
  });

/** Staff ship an express order; it counts as received after the studio's days unless confirmed sooner. */
export const shipOrder = (ctx: CallContext, input: { order_no: string; express_name: string; express_no: string }) =>
  staffChange(ctx, input.order_no, async (work, order, now) => {
    if (order.delivery !== 'express') refuse(ctx.locale, order.status);
    const days = shopSettingsOf(await getMerchant(work.tx)).auto_receipt_days;
    return move(work, order, 'shipped', now, {
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
 * Cancels unpaid online orders whose countdown ran out, even if nobody opens them, and returns their
 * stock exactly once: each is locked and re-checked, so a payment or a member's cancel racing the
 * sweep wins or loses cleanly.
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
