import { adminUserCalls } from '@studio/contract/account';
import { notificationCalls } from '@studio/contract/notifications';
import { adminOrderCalls, type DeskSaleInput, ORDER_STATUS, orderCalls } from '@studio/contract/orders';
import { packageCalls } from '@studio/contract/packages';
import type { Permission } from '@studio/contract/permissions';
import { adminShopCalls } from '@studio/contract/shop';
import { integralCalls, walletCalls } from '@studio/contract/wallet';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditEntriesFor } from '../audit/testing';
import { buildGoods } from '../catalog/testing';
import { payments } from '../payments/schema';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { expectLedgersBalanced } from '../wallet/testing';
import { orders } from './schema';
import { credit, eventRecorder, placeOrder, stockOf } from './testing';

/*
 * Issue 24, the front desk's money work: desk payments split out of orders.manage (orders.desk),
 * recorded with their method and who took them; a course package sold at the desk to a member,
 * paid by cash, card terminal or their wallet, as a normal order.
 */

let t: TestApp;
let admin: TestMember;
/** The demo's front desk, with desk payments: classes, members, packages and orders.desk. */
let desk: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  desk = await staffWith(['classes.manage', 'members.manage', 'packages.manage', 'orders.desk'], 'Fran Frontdesk');
});
afterAll(() => t.close());

const S = ORDER_STATUS;

async function staffWith(permission: Permission[], nickname?: string): Promise<TestMember> {
  const m = await buildMember(t, { nickname });
  const res = await t.call(
    adminUserCalls.setRoles,
    { user_id: m.id, roles: ['member'], is_verify_staff: false, permission },
    { token: admin.token },
  );
  expect(res.code, res.msg).toBe(0);
  return m;
}

async function goodsSku(price = 1250) {
  const goods = await buildGoods(t, admin.token, {
    sku_list: [{ sku_name: 'Standard', price, stock: 10, weight: 500 }],
  });
  return goods.sku_list[0]!._id;
}

async function coursePackage(o: { price?: number; classes?: number; stock?: number; name?: string } = {}) {
  const goods = await buildGoods(t, admin.token, {
    ...(o.name ? { name: o.name } : {}),
    type: 1,
    exp_time_mode: 2,
    exp_time_rule: [0, 90],
    sku_list: [
      {
        sku_name: `${o.classes ?? 10} classes`,
        price: o.price ?? 9000,
        stock: o.stock ?? 100,
        class_count: o.classes ?? 10,
      },
    ],
  });
  return { goods, skuId: goods.sku_list[0]!._id };
}

async function setOnSale(goodsId: string, is_on_sale: boolean) {
  const res = await t.call(adminShopCalls.setOnSale, { _id: goodsId, is_on_sale }, { token: admin.token });
  expect(res.code, res.msg).toBe(0);
}

/** A member's order waiting for payment at the desk. */
async function deskOrder(member: TestMember, buy_num = 2) {
  const { order_no } = await placeOrder(t, member.token, {
    items: [{ sku_id: await goodsSku(), buy_num }],
    delivery: 'pickup',
  });
  await t.call(orderCalls.pay, { order_no, pay_type: 'offline' }, { token: member.token });
  return order_no;
}

let requests = 0;
const requestId = () => `desk-sale-${Date.now()}-${++requests}`;
const sell = (input: Omit<DeskSaleInput, 'request_id'> & { request_id?: string }, who = desk) =>
  t.callRaw(adminOrderCalls.sellPackage.url, { request_id: requestId(), ...input }, { token: who.token });

const balanceOf = async (m: TestMember) => (await t.call(walletCalls.getBalance, {}, { token: m.token })).balance;
const packagesOf = async (m: TestMember) => (await t.call(packageCalls.getMyPackages, {}, { token: m.token })).rows;

describe('taking a payment at the desk', () => {
  it('the front desk marks a desk order paid by cash: the payment keeps the method and who took it, the audit entry the amount, method and member', async () => {
    const m = await buildMember(t);
    const order_no = await deskOrder(m);
    const marked = await t.call(adminOrderCalls.markPaid, { order_no, method: 'cash' }, { token: desk.token });
    expect(marked.code, marked.msg).toBe(0);
    expect(marked.order).toMatchObject({
      status: S.paid,
      pay_type: 'offline',
      paid_amount: 2500,
      desk_payment: { method: 'cash', taken_by: { _id: desk.id, nickname: 'Fran Frontdesk' } },
    });
    expect(marked.order.pickup_code).toBeTruthy();
    // The order page reads it the same way.
    const info = await t.call(adminOrderCalls.getInfo, { order_no }, { token: desk.token });
    expect(info.order.desk_payment).toEqual({
      method: 'cash',
      taken_by: { _id: desk.id, nickname: 'Fran Frontdesk' },
      at: t.clock.now().toISOString(),
    });
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.ref, order_no));
    expect(payment).toMatchObject({ provider: 'offline', method: 'cash', takenBy: desk.id, status: 'succeeded' });
    const [entry] = await auditEntriesFor(t.app.db, 'order', order_no);
    expect(entry).toMatchObject({
      action: 'admin/order.markPaid',
      actorId: desk.id,
      before: { status: S.unpaid },
      after: { status: S.paid, amount: 2500, method: 'cash', user_id: m.id },
    });
    // Once: a second mark finds it paid.
    expect(
      await t.callRaw(adminOrderCalls.markPaid.url, { order_no, method: 'cash' }, { token: desk.token }),
    ).toMatchObject({ code: 'ORDER_STATUS_CHANGED' });
  });

  it('by card terminal too; the method is required and named', async () => {
    const m = await buildMember(t);
    const order_no = await deskOrder(m, 1);
    for (const method of [undefined, 'cheque']) {
      expect(await t.callRaw(adminOrderCalls.markPaid.url, { order_no, method }, { token: desk.token })).toMatchObject({
        code: 'INVALID_PARAM',
      });
    }
    const marked = await t.call(adminOrderCalls.markPaid, { order_no, method: 'card_terminal' }, { token: desk.token });
    expect(marked.order.desk_payment).toMatchObject({ method: 'card_terminal', taken_by: { _id: desk.id } });
  });

  it('orders.manage holds desk payments too; staff without either are refused, and nobody takes their own', async () => {
    const manager = await staffWith(['orders.manage']);
    const classesOnly = await staffWith(['classes.manage', 'members.manage', 'packages.manage']);
    const m = await buildMember(t);
    const order_no = await deskOrder(m, 1);
    for (const who of [classesOnly, m]) {
      expect(
        await t.callRaw(adminOrderCalls.markPaid.url, { order_no, method: 'cash' }, { token: who.token }),
      ).toMatchObject({ code: 'PERMISSION_DENIED' });
    }
    // The desk reads orders but does not run them: shipping, deadlines and cancelling stay orders.manage's.
    expect(
      await t.callRaw(adminOrderCalls.cancel.url, { order_no, reason: 'No' }, { token: desk.token }),
    ).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(
      await t.callRaw(adminOrderCalls.extendDeadline.url, { order_no, hours: 2 }, { token: desk.token }),
    ).toMatchObject({ code: 'PERMISSION_DENIED' });
    const list = await t.call(adminOrderCalls.getList, { user_id: m.id }, { token: desk.token });
    expect(list.rows.map((r) => [r.order_no, r.desk_payment])).toEqual([[order_no, null]]);

    // A member of staff's own order waits for someone else.
    const own = await deskOrder(manager, 1);
    expect(
      await t.callRaw(adminOrderCalls.markPaid.url, { order_no: own, method: 'cash' }, { token: manager.token }),
    ).toMatchObject({ code: 'SELF_DESK_PAYMENT_DENIED' });
    expect(
      (await t.call(adminOrderCalls.markPaid, { order_no: own, method: 'cash' }, { token: desk.token })).code,
    ).toBe(0);
    const marked = await t.call(
      adminOrderCalls.markPaid,
      { order_no, method: 'card_terminal' },
      { token: manager.token },
    );
    expect(marked.order.desk_payment?.taken_by._id).toBe(manager.id);
  });
});

describe('selling a package at the desk', () => {
  it('offers the course packages on sale and the member’s wallet balance', async () => {
    const { skuId } = await coursePackage({ name: 'Desk Offer Pass', price: 4500, classes: 5 });
    const offSale = await coursePackage({ name: 'Withdrawn Pass' });
    await setOnSale(offSale.goods._id, false);
    await goodsSku();
    const m = await buildMember(t);
    await credit(t, admin.token, m.id, 3000);
    const res = await t.call(adminOrderCalls.getDeskSale, { user_id: m.id }, { token: desk.token });
    expect(res.balance).toBe(3000);
    expect(res.packages.find((p) => p.sku_id === skuId)).toEqual({
      sku_id: skuId,
      goods_id: expect.any(String),
      goods_name: 'Desk Offer Pass',
      sku_name: '5 classes',
      price: 4500,
      class_count: 5,
      stock: 100,
    });
    expect(res.packages.some((p) => p.goods_name === 'Withdrawn Pass')).toBe(false);
    expect(res.packages.every((p) => p.class_count > 0)).toBe(true);
  });

  it('by cash: a normal order, paid and completed; the package issued, points earned, the member told, audited', async () => {
    const { skuId } = await coursePackage({ price: 9000, classes: 10 });
    const m = await buildMember(t);
    const events = eventRecorder();
    const restore = events.install();
    let res: Awaited<ReturnType<typeof sell>>;
    try {
      res = await sell({ user_id: m.id, sku_id: skuId, method: 'cash' });
    } finally {
      restore();
    }
    expect(res.code, res.msg).toBe(0);
    const order = (res as unknown as { order: { order_no: string } }).order;
    expect(res).toMatchObject({
      order: {
        kind: 'package',
        delivery: 'none',
        status: S.completed,
        pay_type: 'offline',
        pay_amount: 9000,
        paid_amount: 9000,
        member: { _id: m.id },
        desk_payment: { method: 'cash', taken_by: { _id: desk.id, nickname: 'Fran Frontdesk' } },
        lines: [{ sku_id: skuId, buy_num: 1, class_count: 10 }],
      },
    });
    // The same events as an online purchase: placed by staff, paid, packages issued, completed.
    const names = events.seen.map((e) => e.name);
    expect(names).toContain('order.paid');
    expect(names).toContain('order.completed');
    const paid = events.seen.find((e) => e.name === 'order.paid')!;
    expect(paid.payload).toMatchObject({ order_no: order.order_no, user_id: m.id, amount: 9000, pay_type: 'offline' });
    // The member sees the package, their order and the points, as after buying it in the app.
    const pkgs = await packagesOf(m);
    expect(pkgs).toHaveLength(1);
    expect(pkgs[0]).toMatchObject({ total_count: 10, remaining_count: 10, status: 'unused' });
    const own = await t.call(orderCalls.getInfo, { order_no: order.order_no }, { token: m.token });
    expect(own.orderInfo).toMatchObject({ status: S.completed, kind: 'package' });
    expect((await t.call(integralCalls.getBalance, {}, { token: m.token })).balance).toBe(90);
    expect(await stockOf(t, skuId)).toBe(99);
    // Told as after an online purchase: paid, the package issued, points earned (after commit).
    const notices = await t.call(notificationCalls.getMyNotifications, {}, { token: m.token });
    expect(notices.rows.map((n) => n.type).sort()).toEqual(['orderPaid', 'packageIssued', 'pointsEarned']);
    const [entry] = await auditEntriesFor(t.app.db, 'order', order.order_no);
    expect(entry).toMatchObject({
      action: 'admin/order.sellPackage',
      actorId: desk.id,
      before: null,
      after: { status: S.completed, amount: 9000, method: 'cash', user_id: m.id, sku_id: skuId, class_count: 10 },
    });
  });

  it('by card terminal, or from the wallet through its own debit (never below 0)', async () => {
    const { skuId } = await coursePackage({ price: 6000, classes: 6 });
    const m = await buildMember(t);
    const card = await sell({ user_id: m.id, sku_id: skuId, method: 'card_terminal' });
    expect(card).toMatchObject({ order: { desk_payment: { method: 'card_terminal' }, pay_type: 'offline' } });

    await credit(t, admin.token, m.id, 5000);
    const short = await sell({ user_id: m.id, sku_id: skuId, method: 'balance' });
    expect(short).toMatchObject({ code: 'BALANCE_INSUFFICIENT' });
    // Refused whole: no order, no stock held, no package.
    expect(await stockOf(t, skuId)).toBe(99);
    expect(await packagesOf(m)).toHaveLength(1);
    expect(await balanceOf(m)).toBe(5000);

    await credit(t, admin.token, m.id, 1000);
    const wallet = await sell({ user_id: m.id, sku_id: skuId, method: 'balance' });
    expect(wallet).toMatchObject({
      order: {
        pay_type: 'balance',
        status: S.completed,
        desk_payment: { method: 'balance', taken_by: { _id: desk.id } },
      },
    });
    expect(await balanceOf(m)).toBe(0);
    expect(await packagesOf(m)).toHaveLength(2);
    const ledger = await t.call(walletCalls.getLedger, {}, { token: m.token });
    const no = (wallet as unknown as { order: { order_no: string } }).order.order_no;
    expect(ledger.rows[0]).toMatchObject({ kind: 'payment', amount: -6000, ref: no });
    await expectLedgersBalanced(t);
  });

  it('a repeat of the same request answers the first sale and takes nothing twice, even at once', async () => {
    const { skuId } = await coursePackage({ price: 3000, classes: 3 });
    const m = await buildMember(t);
    await credit(t, admin.token, m.id, 10_000);
    const request_id = requestId();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => sell({ user_id: m.id, sku_id: skuId, method: 'balance', request_id })),
    );
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0, 0]);
    const nos = new Set(answers.map((a) => (a as unknown as { order: { order_no: string } }).order.order_no));
    expect(nos.size).toBe(1);
    const again = await sell({ user_id: m.id, sku_id: skuId, method: 'balance', request_id });
    expect((again as unknown as { order: { order_no: string } }).order.order_no).toBe([...nos][0]);
    expect(await balanceOf(m)).toBe(7000);
    expect(await packagesOf(m)).toHaveLength(1);
    expect(await stockOf(t, skuId)).toBe(99);
    const rows = await t.app.db.select().from(orders).where(eq(orders.userId, m.id));
    expect(rows).toHaveLength(1);
    // The same id with another sale is a mistake, not a repeat.
    const other = await coursePackage();
    expect(await sell({ user_id: m.id, sku_id: other.skuId, method: 'cash', request_id })).toMatchObject({
      code: 'INVALID_PARAM',
      field: 'request_id',
    });
  });

  it('two sales from one wallet at once never overspend it: one is paid, the other refused whole', async () => {
    const a = await coursePackage({ price: 7000, classes: 7 });
    const b = await coursePackage({ price: 6000, classes: 6 });
    const m = await buildMember(t);
    await credit(t, admin.token, m.id, 10_000);
    const answers = await Promise.all([
      sell({ user_id: m.id, sku_id: a.skuId, method: 'balance' }),
      sell({ user_id: m.id, sku_id: b.skuId, method: 'balance' }),
    ]);
    expect(answers.map((r) => r.code).sort()).toEqual([0, 'BALANCE_INSUFFICIENT']);
    const won = answers.find((r) => r.code === 0) as unknown as { order: { pay_amount: number } };
    expect(await balanceOf(m)).toBe(10_000 - won.order.pay_amount);
    expect(await packagesOf(m)).toHaveLength(1);
    expect((await stockOf(t, a.skuId)) + (await stockOf(t, b.skuId))).toBe(199);
    const paidOrders = await t.app.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, m.id), eq(orders.status, S.completed)));
    expect(paidOrders).toHaveLength(1);
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, m.id))).toHaveLength(1);
    await expectLedgersBalanced(t);
  });

  it('sells only course packages on sale, to a member who exists, never to oneself, only with the right', async () => {
    const { goods, skuId } = await coursePackage({ price: 2000 });
    const m = await buildMember(t);
    expect(await sell({ user_id: m.id, sku_id: await goodsSku(), method: 'cash' })).toMatchObject({
      code: 'INVALID_PARAM',
      field: 'sku_id',
    });
    expect(await sell({ user_id: 'nobody-here', sku_id: skuId, method: 'cash' })).toMatchObject({
      code: 'USER_NOT_FOUND',
    });
    expect(await sell({ user_id: desk.id, sku_id: skuId, method: 'cash' })).toMatchObject({
      code: 'SELF_DESK_PAYMENT_DENIED',
    });
    const classesOnly = await staffWith(['classes.manage', 'members.manage', 'packages.manage']);
    expect(await sell({ user_id: m.id, sku_id: skuId, method: 'cash' }, classesOnly)).toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    expect(
      await t.callRaw(adminOrderCalls.getDeskSale.url, { user_id: m.id }, { token: classesOnly.token }),
    ).toMatchObject({ code: 'PERMISSION_DENIED' });
    await setOnSale(goods._id, false);
    expect(await sell({ user_id: m.id, sku_id: skuId, method: 'cash' })).toMatchObject({ code: 'PRODUCT_OFF_SALE' });
    expect(await packagesOf(m)).toHaveLength(0);
    // orders.manage sells too (it includes desk payments).
    await setOnSale(goods._id, true);
    const manager = await staffWith(['orders.manage']);
    expect((await sell({ user_id: m.id, sku_id: skuId, method: 'card_terminal' }, manager)).code).toBe(0);
  });
});
