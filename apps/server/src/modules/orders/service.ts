import type { AddressRecord } from '@studio/contract/addresses';
import type { DomainEventPayload } from '@studio/contract/domain-events';
import {
  type DeliveryAddress,
  ORDER_STATUS,
  type OrderPreview,
  type OrderRecord,
  type OrderTab,
  type orderInput,
} from '@studio/contract/orders';
import type { PayType, ProviderRedirect } from '@studio/contract/payments';
import type { ReviewItemInput } from '@studio/contract/reviews';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId, randomDigits } from '../../platform/ids';
import { type Page, pageOf } from '../../platform/paging';
import type { AuthedContext } from '../../platform/protocol';
import { runUnitOfWork, type Work } from '../../platform/unit-of-work';
import { uploadedImage } from '../account';
import { removeCheckedOut } from '../cart';
import { holdStock } from '../catalog';
import { spendCoupon } from '../coupons';
import { getMerchant, MERCHANT_ID, shopSettingsOf, studioRow } from '../merchant';
import {
  cardProvidersOf,
  openCardPayment,
  recordSettledPayment,
  reserveCardPayment,
  usablePayTypes,
} from '../payments';
import { writeReviews } from '../reviews';
import { creditWallet, postPointsEntry, postWalletEntry } from '../wallet';
import { cancel, changeOwn, lockOwn, markPaid, receive, refuse } from './flow';
import { orderListCache } from './list-cache';
import { assertCheckoutable, type Draft, priceOrder } from './pricing';
import { orderRecords } from './records';
import * as repo from './repo';
import { orderEvents, orderLines, orders } from './schema';

/* Orders for members: checkout, paying, their orders and what they may do with them (flow.ts moves them). */

const S = ORDER_STATUS;
const MINUTE = 60_000;
const HOUR = 3_600_000;

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
export function newOrderNo(now: Date, timezone: string): string {
  return `${dateFormatOf(timezone).format(now).replaceAll('-', '')}${randomDigits(10)}`;
}

/** One formatter per timezone: making one is costly (5 % of an order's server time when made per order). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormatOf(timezone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timezone, format);
  }
  return format;
}

/**
 * Writes a priced, unpaid order: its row, a snapshot of every line, and its first timeline entry.
 * With a `saleKey` (a desk sale's request id) it writes nothing and answers null when an order
 * holds that key already (or another transaction is writing one: this waits for it).
 */
export async function writeOrder(
  tx: Tx,
  draft: Draft,
  o: {
    orderNo: string;
    userId: string;
    remark: string;
    expiresAt: Date | null;
    actorId: string;
    now: Date;
    saleKey?: string;
  },
): Promise<repo.OrderRow | null> {
  const row = {
    id: o.orderNo,
    userId: o.userId,
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
    remark: o.remark,
    expiresAt: o.expiresAt,
    saleKey: o.saleKey ?? null,
    createdAt: o.now,
    updatedAt: o.now,
  };
  const lines = draft.lines.map((l, position) => ({
    orderId: o.orderNo,
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
  }));
  // A member's checkout: prepared statements (repo.insertPlacedOrder); a desk sale, keyed, as built.
  if (!o.saleKey) return repo.insertPlacedOrder(tx, row, lines, { id: newId(), actorId: o.actorId });
  const [written] = await tx.insert(orders).values(row).onConflictDoNothing({ target: orders.saleKey }).returning();
  if (!written) return null;
  await tx.insert(orderLines).values(lines);
  await tx
    .insert(orderEvents)
    .values({ id: newId(), orderId: o.orderNo, status: S.unpaid, actorId: o.actorId, at: o.now });
  return written;
}

/**
 * Places an order: prices it from the tables, holds its stock (one conditional update per SKU, in
 * SKU-id order), writes the snapshot of every line, and takes the lines out of the cart when they
 * came from it, all in one transaction. It cancels itself when unpaid after the studio's countdown.
 * A member holds at most max_unpaid_orders unpaid orders (counted under a lock of the member's checkouts).
 */
export async function createOrder(ctx: AuthedContext, input: z.output<typeof orderInput>) {
  const now = ctx.clock.now();
  // The studio row as remembered between saves (forgotten on every instance before a save answers).
  const merchant = await studioRow(ctx);
  // Priced before the transaction: its reads lock nothing, and each sees the tables as committed
  // when it runs, inside a transaction (READ COMMITTED) as outside; what must hold is checked again
  // under the locks below (stock by the conditional update, the coupon under its lock, points never
  // below 0, the unpaid count under the member's checkout lock). Outside, its reads go out together
  // and the studio row comes from memory: four round trips fewer inside the transaction.
  const draft = await priceOrder(ctx.db, ctx, ctx.user.uid, input, merchant);
  assertCheckoutable(draft);
  return runUnitOfWork(ctx, async (work) => {
    const { tx } = work;
    await holdStock(
      tx,
      draft.lines.map((l) => ({ skuId: l.sku_id, quantity: l.buy_num })),
      now,
    );
    const orderNo = newOrderNo(now, merchant.timezone);
    const expiresAt = new Date(now.getTime() + merchant.autoCancelMinutes * MINUTE);
    await writeOrder(tx, draft, {
      orderNo,
      userId: ctx.user.uid,
      remark: input.remark,
      expiresAt,
      actorId: ctx.user.uid,
      now,
    });
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
    // Last, where the lock order (unit-of-work.ts) puts the member: a member's orders placed at once
    // count each other here, one at a time, and the one past the limit rolls back.
    await repo.lockMemberCheckouts(tx, ctx.user.uid);
    const max = shopSettingsOf(merchant).max_unpaid_orders;
    if ((await repo.countUnpaid(tx, ctx.user.uid)) > max) fail('TOO_MANY_UNPAID_ORDERS', { max }, { max });
    if (input.from_cart) {
      await removeCheckedOut(
        tx,
        ctx.user.uid,
        MERCHANT_ID,
        draft.lines.map((l) => l.sku_id),
      );
    }
    await work.emit(
      'order.placed',
      { order_no: orderNo, user_id: ctx.user.uid, amount: draft.payAmount, expires_at: expiresAt.toISOString() },
      now,
    );
    return { order_no: orderNo, pay_amount: draft.payAmount, expires_at: expiresAt.toISOString() };
  });
}

/**
 * client/order.pay. balance: the wallet pays in the transaction that marks the order paid; offline:
 * the order waits for staff until its desk deadline (offline_pay_hours after it was placed); a card provider: the member is sent to its page and the
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
        // Waiting at the desk is not a free hold: the deadline runs from when it was placed, so
        // choosing the desk again never moves it (only staff extend it).
        const deadline = Math.max(
          order.expiresAt?.getTime() ?? 0,
          order.createdAt.getTime() + settings.offline_pay_hours * HOUR,
        );
        const moved = deadline !== order.expiresAt?.getTime();
        const [waiting] = await work.tx
          .update(orders)
          // A later deadline: the member is told again before it.
          .set({
            payType: 'offline',
            expiresAt: new Date(deadline),
            ...(moved ? { expiryNotifiedAt: null } : {}),
            updatedAt: now,
          })
          .where(eq(orders.id, order.id))
          .returning();
        return { paid: waiting ?? order };
      }
      default: {
        await work.tx.update(orders).set({ payType, updatedAt: now }).where(eq(orders.id, order.id));
        const card = await reserveCardPayment(work.tx, provider!, {
          ...payment,
          provider: payType,
          description: `Order ${order.id}`,
        });
        return { card };
      }
    }
  });
  if ('expired' in result) return fail('ORDER_EXPIRED');
  // The provider is called once the order's lock is let go: its answer may take seconds.
  if ('card' in result && result.card) return openCardPayment(ctx, result.card);
  return { order: (await orderRecords(ctx.db, [result.paid], ctx.locale))[0]! };
}

/**
 * What a confirmed card payment does to its order (`payment.settled` of purpose 'order', in the
 * settling transaction, which holds the payment row): pays it when it is still unpaid for that
 * amount; otherwise (cancelled meanwhile, paid another way) the money goes to the member's wallet
 * and the payment is returned (`payment.returned`).
 */
export async function applyOrderPayment(work: Work, payment: DomainEventPayload<'payment.settled'>, now: Date) {
  const order = await repo.lockOrder(work.tx, payment.ref);
  if (order && order.status === S.unpaid && order.payAmount === payment.amount) {
    await markPaid(work, order, payment.provider, now);
    return;
  }
  await creditWallet(work, {
    userId: payment.user_id,
    amount: payment.amount,
    kind: 'refund',
    key: `returned:${payment.payment_id}`,
    reason: 'order no longer payable',
    ref: payment.ref,
    at: now,
  });
  await work.emit(
    'payment.returned',
    { payment_id: payment.payment_id, user_id: payment.user_id, amount: payment.amount, ref: payment.ref },
    now,
  );
}

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

/** client/order.getList: the page from the member's list cache (list-cache.ts), built as above when stale. */
export const listOwnOrdersAnswer = (ctx: AuthedContext, tab: OrderTab, page: Page) =>
  orderListCache(ctx.db).read(
    ctx.user.uid,
    tab,
    { pageIndex: page.pageIndex, pageSize: page.pageSize },
    ctx.locale,
    () => listOwnOrders(ctx, tab, page),
  );

export const countOwnOrders = (ctx: AuthedContext) => repo.countTabs(ctx.db, ctx.user.uid);

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
