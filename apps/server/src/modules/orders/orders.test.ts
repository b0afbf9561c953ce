import { accountCalls } from '@studio/contract/account';
import { cartCalls } from '@studio/contract/cart';
import { adminFreightCalls } from '@studio/contract/freight';
import { adminMerchantCalls } from '@studio/contract/merchant';
import { adminOrderCalls, ORDER_STATUS, orderCalls } from '@studio/contract/orders';
import { packageCalls } from '@studio/contract/packages';
import { paymentCalls } from '@studio/contract/payments';
import { verifyCalls } from '@studio/contract/teacher';
import { integralCalls, walletCalls } from '@studio/contract/wallet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditEntriesFor } from '../audit/testing';
import { buildGoods } from '../catalog/testing';
import { MERCHANT_ID } from '../merchant/service';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { expectLedgersBalanced } from '../wallet/testing';
import { cancelExpiredOrders, receiveDueOrders } from './staff';
import { buildAddress, credit, notifySandbox, placeOrder, setPayTypes, stockOf } from './testing';

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
});
// Tests move the clock by days: each gets an admin whose login is fresh.
beforeEach(async () => {
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

const sweep = () => cancelExpiredOrders({ db: t.app.db, deps: t.app.deps }, t.clock.now());

async function memberWithAddress() {
  const m = await buildMember(t);
  await buildAddress(t, m.token);
  return m;
}

async function sku(overrides: Parameters<typeof buildGoods>[2] = {}) {
  const goods = await buildGoods(t, admin.token, overrides);
  return goods.sku_list[0]!._id;
}

describe('checkout', () => {
  it('prices from the tables, holds stock, keeps a snapshot, and takes the lines out of the cart', async () => {
    const rule = await t.call(
      adminFreightCalls.save,
      {
        name: 'Parcel',
        first_weight: 1000,
        first_weight_price: 400,
        continuous_weight: 500,
        continuous_weight_price: 150,
        max_weight: 5000,
      },
      { token: admin.token },
    );
    const goods = await buildGoods(t, admin.token, {
      freight_id: rule.rule._id,
      sku_list: [{ sku_name: 'Blue', price: 2000, stock: 5, weight: 800 }],
    });
    const skuId = goods.sku_list[0]!._id;
    const m = await memberWithAddress();
    await t.call(
      cartCalls.addToCart,
      { mid: MERCHANT_ID, goods_id: goods._id, sku_id: skuId, buy_num: 2 },
      { token: m.token },
    );
    const input = { items: [{ sku_id: skuId, buy_num: 2 }], from_cart: true };
    const { preview } = await t.call(orderCalls.previewOrder, input, { token: m.token });
    // 1600 g: 400 for the first 1000 g, then ceil(600 / 500) = 2 × 150.
    expect(preview).toMatchObject({
      goods_amount: 4000,
      freight_amount: 700,
      pay_amount: 4700,
      weight: 1600,
      problems: [],
    });

    const placed = await placeOrder(t, m.token, input);
    expect(placed.pay_amount).toBe(4700);
    expect(placed.order_no).toMatch(/^\d{8}\d{10}$/);
    expect(Date.parse(placed.expires_at) - t.clock.now().getTime()).toBe(30 * 60_000);
    expect(await stockOf(t, skuId)).toBe(3);

    const { orderInfo } = await t.call(orderCalls.getInfo, { order_no: placed.order_no }, { token: m.token });
    expect(orderInfo).toMatchObject({
      status: 0,
      status_name: 'unpaid',
      delivery: 'express',
      actions: ['pay', 'cancel'],
    });
    expect(orderInfo.address?.city).toBe('London');
    expect(orderInfo.lines[0]).toMatchObject({ sku_name: 'Blue', price: 2000, buy_num: 2, amount: 4000 });
    // Later edits of the goods leave the order as it was bought.
    expect((await t.call(cartCalls.getCart, { mid: MERCHANT_ID }, { token: m.token })).list).toEqual([]);
    // Another member cannot see it.
    const other = await buildMember(t);
    expect(
      await t.callRaw(orderCalls.getInfo.url, { order_no: placed.order_no }, { token: other.token }),
    ).toMatchObject({
      code: 'ORDER_NOT_FOUND',
    });
  });

  it('says what blocks checkout, and createOrder refuses it with the named error', async () => {
    const heavy = await t.call(
      adminFreightCalls.save,
      {
        name: 'Small parcel',
        first_weight: 1000,
        first_weight_price: 400,
        continuous_weight: 1000,
        continuous_weight_price: 100,
        max_weight: 2000,
      },
      { token: admin.token },
    );
    const heavySku = await sku({
      freight_id: heavy.rule._id,
      sku_list: [{ sku_name: 'Kettlebell', price: 100, stock: 9, weight: 1500 }],
    });
    const aloneSku = await sku({ cart_rule: 1 });
    const plainSku = await sku();
    const offGoods = await buildGoods(t, admin.token, { is_on_sale: false });
    const m = await buildMember(t);
    const preview = async (input: Parameters<typeof t.call<typeof orderCalls.previewOrder>>[1]) =>
      (await t.call(orderCalls.previewOrder, input, { token: m.token })).preview.problems.map((p) => p.reason);

    expect(await preview({ items: [{ sku_id: plainSku, buy_num: 1 }] })).toEqual(['address_required']);
    expect(await preview({ items: [{ sku_id: plainSku, buy_num: 1 }], delivery: 'pickup' })).toEqual([]);
    expect(await preview({ items: [{ sku_id: plainSku, buy_num: 11 }], delivery: 'pickup' })).toEqual(['over_stock']);
    expect(
      await preview({
        items: [
          { sku_id: aloneSku, buy_num: 1 },
          { sku_id: plainSku, buy_num: 1 },
        ],
        delivery: 'pickup',
      }),
    ).toEqual(['must_buy_alone']);
    expect(await preview({ items: [{ sku_id: offGoods.sku_list[0]!._id, buy_num: 1 }], delivery: 'pickup' })).toEqual([
      'off_sale',
    ]);
    await buildAddress(t, m.token);
    expect(await preview({ items: [{ sku_id: heavySku, buy_num: 2 }] })).toEqual(['over_max_weight']);

    const refuse = (input: object) => t.callRaw(orderCalls.createOrder.url, input, { token: m.token });
    expect(await refuse({ items: [{ sku_id: heavySku, buy_num: 2 }] })).toMatchObject({ code: 'OVER_MAX_WEIGHT' });
    expect(await refuse({ items: [{ sku_id: plainSku, buy_num: 11 }] })).toMatchObject({
      code: 'STOCK_INSUFFICIENT',
      sku_id: plainSku,
      stock: 10,
    });
    expect(
      await refuse({
        items: [
          { sku_id: aloneSku, buy_num: 1 },
          { sku_id: plainSku, buy_num: 1 },
        ],
      }),
    ).toMatchObject({ code: 'MUST_BUY_ALONE' });
    expect(await refuse({ items: [{ sku_id: 'nope', buy_num: 1 }] })).toMatchObject({ code: 'PRODUCT_OFF_SALE' });
    expect(await refuse({ items: [{ sku_id: plainSku, buy_num: 0 }] })).toMatchObject({ code: 'INVALID_PARAM' });
    expect(await refuse({ items: [{ sku_id: plainSku, buy_num: 1, price: 1 }] })).toMatchObject({
      code: 'INVALID_PARAM',
    });
    expect(await stockOf(t, plainSku)).toBe(10);
  });

  it('500 orders racing for a SKU with stock 50 on two instances make exactly 50 orders, and stock ends at 0', async () => {
    const skuId = await sku({ sku_list: [{ sku_name: 'Hot', price: 500, stock: 50 }] });
    const members = await Promise.all(Array.from({ length: 10 }, () => buildMember(t)));
    // Each member may hold 50 unpaid orders here: the race is for the stock, not the members' limit.
    await t.call(adminMerchantCalls.save, { max_unpaid_orders: 50 }, { token: admin.token });
    // Half the orders through a second server instance (on PostgreSQL with a pool of its own).
    const other = await t.anotherInstance();
    const viaOther = async (token: string, data: unknown) =>
      (
        await other.inject({
          method: 'POST',
          url: '/api/router',
          headers: { 'content-type': 'application/json', 'uni-id-token': token },
          payload: { url: orderCalls.createOrder.url, data },
        })
      ).json() as { code: number | string };
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, i) => {
        const data = { items: [{ sku_id: skuId, buy_num: 1 }], delivery: 'pickup' };
        const token = members[i % 10]!.token;
        return i % 2 ? viaOther(token, data) : t.callRaw(orderCalls.createOrder.url, data, { token });
      }),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(50);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.code === 'STOCK_INSUFFICIENT')).toBe(true);
    expect(await stockOf(t, skuId)).toBe(0);
    await t.call(adminMerchantCalls.save, { max_unpaid_orders: 5 }, { token: admin.token });
  });
});

describe('paying', () => {
  it('by balance: refused when short, paid in one transaction with the wallet, ledgers balanced', async () => {
    const skuId = await sku();
    const m = await buildMember(t);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 2 }], delivery: 'pickup' });
    const pay = () => t.callRaw(orderCalls.pay.url, { order_no, pay_type: 'balance' }, { token: m.token });
    expect(await pay()).toMatchObject({ code: 'BALANCE_INSUFFICIENT' });
    await credit(t, admin.token, m.id, 3000);
    const paid = (await pay()) as unknown as { order: { status: number; paid_amount: number; pickup_code: string } };
    expect(paid.order).toMatchObject({ status: ORDER_STATUS.paid, paid_amount: 2500, pay_type: 'balance' });
    expect(paid.order.pickup_code).toMatch(/^[0-9A-Z]{10}$/);
    expect((await t.call(walletCalls.getBalance, {}, { token: m.token })).balance).toBe(500);
    expect(await pay()).toMatchObject({ code: 'ORDER_STATUS_CHANGED' });
    await expectLedgersBalanced(t);
  });

  it('two orders racing for a balance that pays one: one is paid, the balance never goes below 0', async () => {
    const skuId = await sku();
    const m = await buildMember(t);
    await credit(t, admin.token, m.id, 1250);
    const a = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 1 }], delivery: 'pickup' });
    const b = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 1 }], delivery: 'pickup' });
    const answers = await Promise.all(
      [a, b].map((o) =>
        t.callRaw(orderCalls.pay.url, { order_no: o.order_no, pay_type: 'balance' }, { token: m.token }),
      ),
    );
    expect(answers.map((x) => x.code).sort()).toEqual([0, 'BALANCE_INSUFFICIENT'].sort());
    expect((await t.call(walletCalls.getBalance, {}, { token: m.token })).balance).toBe(0);
    await expectLedgersBalanced(t);
  });

  it('offers only the enabled payment types', async () => {
    const skuId = await sku();
    const m = await buildMember(t);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 1 }], delivery: 'pickup' });
    for (const pay_type of ['wechat', 'alipay', 'stripe']) {
      expect(await t.callRaw(orderCalls.pay.url, { order_no, pay_type }, { token: m.token })).toMatchObject({
        code: 'PAY_TYPE_DISABLED',
      });
    }
    await setPayTypes(t, admin.token, ['balance']);
    expect(await t.callRaw(orderCalls.pay.url, { order_no, pay_type: 'sandbox' }, { token: m.token })).toMatchObject({
      code: 'PAY_TYPE_DISABLED',
    });
    await setPayTypes(t, admin.token, ['balance', 'sandbox', 'offline']);
  });

  it('by the sandbox card: paid only by a signed notification, once however often it comes', async () => {
    const skuId = await sku();
    const m = await buildMember(t);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 1 }], delivery: 'pickup' });
    const started = await t.call(orderCalls.pay, { order_no, pay_type: 'sandbox' }, { token: m.token });
    const { out_trade_no, pay_url } = started as { out_trade_no: string; pay_url: string };
    expect(pay_url).toBe(`/pages/pay/sandbox?out_trade_no=${out_trade_no}`);
    // Tapping Pay again continues the same payment.
    expect((await t.call(orderCalls.pay, { order_no, pay_type: 'sandbox' }, { token: m.token })).out_trade_no).toBe(
      out_trade_no,
    );
    const body = { event_id: 'evt_1', out_trade_no, amount: 1250, status: 'succeeded' as const };
    expect((await notifySandbox(t, body, 'f'.repeat(64))).statusCode).toBe(400);
    expect((await notifySandbox(t, body, '')).statusCode).toBe(400);
    expect((await notifySandbox(t, { ...body, event_id: 'evt_0', amount: 1 })).statusCode).toBe(400);
    const info = async () => (await t.call(orderCalls.getInfo, { order_no }, { token: m.token })).orderInfo;
    expect((await info()).status).toBe(ORDER_STATUS.unpaid);

    // Ten replays of the notification and the member's own confirmation on the sandbox page, at once.
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => notifySandbox(t, body)),
      t.callRaw(paymentCalls.decideSandboxCharge.url, { out_trade_no, decision: 'succeeded' }),
    ]);
    expect(results.slice(0, 10).every((r) => (r as { statusCode: number }).statusCode === 200)).toBe(true);
    expect((await info()).paid_amount).toBe(1250);
    expect((await info()).status).toBe(ORDER_STATUS.paid);
    expect((await t.call(paymentCalls.getStatus, { out_trade_no }, { token: m.token })).payment.status).toBe(
      'succeeded',
    );
    // Nothing reached the wallet: no money was returned.
    expect((await t.call(walletCalls.getLedger, {}, { token: m.token })).rows).toEqual([]);
  });

  it('a top-up through the sandbox is credited once per confirmation, however often it comes', async () => {
    const m = await buildMember(t);
    expect(
      await t.callRaw(walletCalls.topUp.url, { amount: 2000, agree: false, pay_type: 'sandbox' }, { token: m.token }),
    ).toMatchObject({
      code: 'INVALID_PARAM',
    });
    expect(
      await t.callRaw(walletCalls.topUp.url, { amount: 99, agree: true, pay_type: 'sandbox' }, { token: m.token }),
    ).toMatchObject({
      code: 'INVALID_PARAM',
    });
    const { out_trade_no } = await t.call(
      walletCalls.topUp,
      { amount: 2000, agree: true, pay_type: 'sandbox' },
      { token: m.token },
    );
    await Promise.all([
      t.callRaw(paymentCalls.decideSandboxCharge.url, { out_trade_no, decision: 'succeeded' }),
      t.callRaw(paymentCalls.decideSandboxCharge.url, { out_trade_no, decision: 'succeeded' }),
      notifySandbox(t, { event_id: 'other-event', out_trade_no, amount: 2000, status: 'succeeded' }),
    ]);
    expect((await t.call(walletCalls.getBalance, {}, { token: m.token })).balance).toBe(2000);
    expect((await t.call(walletCalls.getLedger, {}, { token: m.token })).rows).toHaveLength(1);
    await expectLedgersBalanced(t);
  });

  it('a card payment that arrives after the order was cancelled goes to the wallet', async () => {
    const skuId = await sku();
    const m = await buildMember(t);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 1 }], delivery: 'pickup' });
    const redirect = await t.call(orderCalls.pay, { order_no, pay_type: 'sandbox' }, { token: m.token });
    await t.call(orderCalls.cancel, { order_no }, { token: m.token });
    await t.call(paymentCalls.decideSandboxCharge, { out_trade_no: redirect.out_trade_no!, decision: 'succeeded' });
    expect(
      (await t.call(paymentCalls.getStatus, { out_trade_no: redirect.out_trade_no! }, { token: m.token })).payment
        .status,
    ).toBe('returned');
    expect((await t.call(walletCalls.getBalance, {}, { token: m.token })).balance).toBe(1250);
    expect((await t.call(orderCalls.getInfo, { order_no }, { token: m.token })).orderInfo.status).toBe(
      ORDER_STATUS.cancelled,
    );
  });

  it('a declined sandbox payment leaves the order unpaid to pay again', async () => {
    const skuId = await sku();
    const m = await buildMember(t);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 1 }], delivery: 'pickup' });
    const redirect = await t.call(orderCalls.pay, { order_no, pay_type: 'sandbox' }, { token: m.token });
    const { charge } = await t.call(paymentCalls.decideSandboxCharge, {
      out_trade_no: redirect.out_trade_no!,
      decision: 'failed',
    });
    expect(charge.status).toBe('failed');
    expect((await t.call(orderCalls.getInfo, { order_no }, { token: m.token })).orderInfo.actions).toContain('pay');
  });
});

describe('cancelling', () => {
  it('the countdown cancels an unpaid order even if nobody opens it, and racing cancels return stock once', async () => {
    const skuId = await sku();
    const m = await buildMember(t);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 3 }], delivery: 'pickup' });
    expect(await stockOf(t, skuId)).toBe(7);
    t.clock.advance(29 * 60_000);
    expect(await sweep()).toBe(0);
    t.clock.advance(60_000);
    const [, byMember] = await Promise.all([
      sweep(),
      t.callRaw(orderCalls.cancel.url, { order_no }, { token: m.token }),
    ]);
    expect([0, 'ORDER_STATUS_CHANGED']).toContain(byMember.code);
    const { orderInfo } = await t.call(orderCalls.getInfo, { order_no }, { token: m.token });
    expect(orderInfo.timeline.filter((e) => e.status === ORDER_STATUS.cancelled)).toHaveLength(1);
    expect(await stockOf(t, skuId)).toBe(10);
    expect(await t.callRaw(orderCalls.pay.url, { order_no, pay_type: 'balance' }, { token: m.token })).toMatchObject({
      code: 'ORDER_STATUS_CHANGED',
    });
  });

  it('paying after the countdown cancels the order instead', async () => {
    const skuId = await sku();
    const m = await buildMember(t);
    await credit(t, admin.token, m.id, 5000);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 1 }], delivery: 'pickup' });
    t.clock.advance(31 * 60_000);
    expect(await t.callRaw(orderCalls.pay.url, { order_no, pay_type: 'balance' }, { token: m.token })).toMatchObject({
      code: 'ORDER_EXPIRED',
    });
    expect(await stockOf(t, skuId)).toBe(10);
    expect((await t.call(walletCalls.getBalance, {}, { token: m.token })).balance).toBe(5000);
  });

  it('an offline order waits for staff, who mark it paid or cancel it (audited)', async () => {
    const skuId = await sku();
    const m = await buildMember(t);
    const a = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 1 }], delivery: 'pickup' });
    const b = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 2 }], delivery: 'pickup' });
    for (const o of [a, b]) {
      const { order } = await t.call(orderCalls.pay, { order_no: o.order_no, pay_type: 'offline' }, { token: m.token });
      // Waiting at the desk until its deadline (desk-payment.test.ts), not the online countdown.
      expect(order).toMatchObject({ pay_type: 'offline', actions: ['cancel'] });
      expect(Date.parse(order!.expires_at!) - t.clock.now().getTime()).toBe(48 * 3600_000);
    }
    t.clock.advance(2 * 3600_000);
    await sweep();
    const marked = await t.call(
      adminOrderCalls.markPaid,
      { order_no: a.order_no, method: 'cash' },
      { token: admin.token },
    );
    expect(marked.order).toMatchObject({ status: ORDER_STATUS.paid, paid_amount: 1250, member: { _id: m.id } });
    const cancelled = await t.call(
      adminOrderCalls.cancel,
      { order_no: b.order_no, reason: 'Never came' },
      { token: admin.token },
    );
    expect(cancelled.order).toMatchObject({ status: ORDER_STATUS.cancelled, cancel_reason: 'Never came' });
    expect(await stockOf(t, skuId)).toBe(9);
    expect(await auditEntriesFor(t.app.db, 'order', a.order_no)).toHaveLength(1);
    expect(
      await t.callRaw(adminOrderCalls.markPaid.url, { order_no: a.order_no, method: 'cash' }, { token: m.token }),
    ).toMatchObject({
      code: 'PERMISSION_DENIED',
    });
  });
});

describe('after payment', () => {
  it('staff ship an express order; the member confirms receipt, or it is received after the studio’s days', async () => {
    const skuId = await sku();
    const m = await memberWithAddress();
    await credit(t, admin.token, m.id, 10_000);
    const orders = [];
    for (let i = 0; i < 2; i++) {
      const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 1 }] });
      await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
      orders.push(order_no);
    }
    const counts = (await t.call(orderCalls.getCounts, {}, { token: m.token })).counts;
    expect(counts).toMatchObject({ unpaid: 0, unshipped: 2, unreceived: 0 });
    for (const order_no of orders) {
      const shipped = await t.call(
        adminOrderCalls.ship,
        { order_no, express_name: 'Royal Mail', express_no: 'RM123' },
        { token: admin.token },
      );
      expect(shipped.order).toMatchObject({ status: ORDER_STATUS.shipped, express_info: { express_no: 'RM123' } });
    }
    const unreceived = await t.call(orderCalls.getList, { tab: 'unreceived' }, { token: m.token });
    expect(unreceived.rows.map((r) => r.order_no).sort()).toEqual([...orders].sort());
    expect(unreceived.rows[0]!.actions).toEqual(['confirm_receipt', 'logistics', 'apply_refund']);
    const { order } = await t.call(orderCalls.confirmReceipt, { order_no: orders[0]! }, { token: m.token });
    expect(order.status).toBe(ORDER_STATUS.completed);
    expect(order.timeline.map((e) => e.status)).toEqual([0, 1, 4, 5, 6]);
    const completed = async () => {
      const staff = await buildAdmin(t);
      const list = await t.call(
        adminOrderCalls.getList,
        { user_id: m.id, status: ORDER_STATUS.completed },
        { token: staff.token },
      );
      return list.total;
    };
    t.clock.advance(10 * 86_400_000 - 60_000);
    await receiveDueOrders({ db: t.app.db, deps: t.app.deps }, t.clock.now());
    expect(await completed()).toBe(1);
    t.clock.advance(60_000);
    await receiveDueOrders({ db: t.app.db, deps: t.app.deps }, t.clock.now());
    expect(await completed()).toBe(2);
  });

  it('a course-package order issues the package when paid and completes at once', async () => {
    const goods = await buildGoods(t, admin.token, {
      type: 1,
      exp_time_mode: 2,
      exp_time_rule: [0, 90],
      sku_list: [{ sku_name: '10 classes', price: 9000, stock: 100, class_count: 10 }],
    });
    const m = await buildMember(t);
    await credit(t, admin.token, m.id, 9000);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }] });
    const { order } = await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
    expect(order).toMatchObject({ kind: 'package', delivery: 'none', status: ORDER_STATUS.completed });
    const packages = await t.call(packageCalls.getMyPackages, {}, { token: m.token });
    expect(packages.rows).toHaveLength(1);
    expect(packages.rows[0]).toMatchObject({ total_count: 10, remaining_count: 10, status: 'unused' });
    expect(Date.parse(packages.rows[0]!.valid_until!) - t.clock.now().getTime()).toBe(90 * 86_400_000);
    // Completed: 1 point per whole pound paid, on the profile too, credited once.
    expect((await t.call(integralCalls.getBalance, {}, { token: m.token })).balance).toBe(90);
    const info = await t.call(accountCalls.getMyUserInfo, {}, { token: m.token });
    expect(info.userInfo.account_integral.balance).toBe(90);
    const ledger = await t.call(integralCalls.getLedger, {}, { token: m.token });
    expect(ledger.rows.map((r) => [r.kind, r.amount, r.ref])).toEqual([['earned', 90, order_no]]);
    await expectLedgersBalanced(t);
  });

  it('verification staff scan a pickup code and the order completes; a member cannot', async () => {
    const skuId = await sku();
    const m = await buildMember(t);
    await credit(t, admin.token, m.id, 2000);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 1 }], delivery: 'pickup' });
    const { order } = await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
    const code = order!.pickup_code!;
    expect(await t.callRaw(verifyCalls.scan.url, { code }, { token: m.token })).toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    const scanned = await t.call(verifyCalls.scan, { code }, { token: admin.token });
    expect(scanned).toMatchObject({ kind: 'order', order: { order_no, status: ORDER_STATUS.completed } });
    expect(await t.callRaw(verifyCalls.scan.url, { code }, { token: admin.token })).toMatchObject({
      code: 'PICKUP_ALREADY_DONE',
    });
  });

  it('staff list orders by status and member, and a member’s list shows only theirs', async () => {
    const skuId = await sku();
    const m = await buildMember(t);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 1 }], delivery: 'pickup' });
    const list = await t.call(adminOrderCalls.getList, { user_id: m.id, status: 0 }, { token: admin.token });
    expect(list.rows.map((r) => r.order_no)).toEqual([order_no]);
    expect((await t.call(orderCalls.getList, { tab: 'all' }, { token: m.token })).total).toBe(1);
    // A page past the end still says how many there are.
    expect(
      await t.call(orderCalls.getList, { tab: 'all', pageIndex: 2, pageSize: 1 }, { token: m.token }),
    ).toMatchObject({
      rows: [],
      total: 1,
      hasMore: false,
    });
    expect((await t.call(orderCalls.getList, { tab: 'share' }, { token: m.token })).total).toBe(0);
  });
});
