import { couponCalls } from '@studio/contract/coupons';
import { adminMerchantCalls } from '@studio/contract/merchant';
import { adminOrderCalls, ORDER_STATUS, orderCalls } from '@studio/contract/orders';
import { adminShopCalls, shopCalls } from '@studio/contract/shop';
import { adminIntegralCalls, integralCalls } from '@studio/contract/wallet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditEntriesFor } from '../audit/testing';
import { buildGoods } from '../catalog/testing';
import { buildCoupon, claimCoupon } from '../coupons/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { cancelExpiredOrders } from './staff';
import { placeOrder, stockOf } from './testing';

/* Issue 21 item 4: desk payment keeps a deadline; unpaid orders and units per order are limited. */

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

const S = ORDER_STATUS;
const HOUR = 3_600_000;
const sweep = () => cancelExpiredOrders({ db: t.app.db, deps: t.app.deps }, t.clock.now());

async function sku(stock = 10, overrides: Parameters<typeof buildGoods>[2] = {}) {
  const goods = await buildGoods(t, admin.token, {
    sku_list: [{ sku_name: 'Standard', price: 1250, stock, weight: 500 }],
    ...overrides,
  });
  return goods.sku_list[0]!._id;
}

const payOffline = (token: string, order_no: string) =>
  t.call(orderCalls.pay, { order_no, pay_type: 'offline' }, { token });
const staffInfo = async (order_no: string, token = admin.token) =>
  (await t.call(adminOrderCalls.getInfo, { order_no }, { token })).order;
const saveSettings = async (settings: Parameters<typeof t.call<typeof adminMerchantCalls.save>>[1]) => {
  const res = await t.call(adminMerchantCalls.save, settings, { token: admin.token });
  expect(res.code, res.msg).toBe(0);
};

describe('an order waiting for payment at the desk', () => {
  it('keeps a deadline from when it was placed, and is cancelled with its stock, coupon and points when it passes', async () => {
    const skuId = await sku();
    const m = await buildMember(t);
    await t.call(adminIntegralCalls.adjust, { user_id: m.id, amount: 500, reason: 'Gift' }, { token: admin.token });
    const copy = await claimCoupon(t, m.token, (await buildCoupon(t, admin.token))._id);
    const placed = await placeOrder(t, m.token, {
      items: [{ sku_id: skuId, buy_num: 3 }],
      delivery: 'pickup',
      coupon_id: copy._id,
      use_points: 100,
    });
    const placedAt = t.clock.now().getTime();
    t.clock.advance(10 * 60_000);
    const { order } = await payOffline(m.token, placed.order_no);
    expect(order).toMatchObject({ pay_type: 'offline', actions: ['cancel'] });
    expect(Date.parse(order!.expires_at!)).toBe(placedAt + 48 * HOUR);
    // Choosing the desk again does not move it.
    t.clock.advance(HOUR);
    expect(Date.parse((await payOffline(m.token, placed.order_no)).order!.expires_at!)).toBe(placedAt + 48 * HOUR);
    expect(await stockOf(t, skuId)).toBe(7);
    expect((await t.call(integralCalls.getBalance, {}, { token: m.token })).balance).toBe(400);

    t.clock.set(new Date(placedAt + 48 * HOUR - 60_000));
    expect(await sweep()).toBe(0);
    t.clock.advance(60_000);
    expect(await sweep()).toBe(1);
    const staff = await buildAdmin(t);
    expect(await staffInfo(placed.order_no, staff.token)).toMatchObject({
      status: S.cancelled,
      cancel_reason: 'expired',
      expires_at: null,
    });
    expect(await stockOf(t, skuId)).toBe(10);
    expect((await t.call(integralCalls.getBalance, {}, { token: m.token })).balance).toBe(500);
    const usable = await t.call(couponCalls.getList, { tab: 'usable' }, { token: m.token });
    expect(usable.rows.map((c) => c._id)).toEqual([copy._id]);
  });

  it('follows the studio’s offline_pay_hours', async () => {
    await saveSettings({ offline_pay_hours: 2 });
    try {
      const m = await buildMember(t);
      const { order_no } = await placeOrder(t, m.token, {
        items: [{ sku_id: await sku(), buy_num: 1 }],
        delivery: 'pickup',
      });
      const { order } = await payOffline(m.token, order_no);
      expect(Date.parse(order!.expires_at!) - t.clock.now().getTime()).toBe(2 * HOUR);
    } finally {
      await saveSettings({ offline_pay_hours: 48 });
    }
  });

  it('staff extend the deadline from the order page (audited); only a desk payment’s, only while unpaid', async () => {
    const skuId = await sku();
    const m = await buildMember(t);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 1 }], delivery: 'pickup' });
    const online = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 1 }], delivery: 'pickup' });
    const extend = (no: string, hours: number, token = admin.token) =>
      t.callRaw(adminOrderCalls.extendDeadline.url, { order_no: no, hours }, { token });
    expect(await extend(online.order_no, 24)).toMatchObject({ code: 'DEADLINE_NOT_EXTENDABLE' });
    const { order } = await payOffline(m.token, order_no);
    const deadline = Date.parse(order!.expires_at!);
    expect(await extend(order_no, 24, m.token)).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(await extend(order_no, 0)).toMatchObject({ code: 'INVALID_PARAM' });
    const extended = await t.call(adminOrderCalls.extendDeadline, { order_no, hours: 24 }, { token: admin.token });
    expect(Date.parse(extended.order.expires_at!)).toBe(deadline + 24 * HOUR);
    const [entry] = await auditEntriesFor(t.app.db, 'order', order_no);
    expect(entry).toMatchObject({
      before: { status: S.unpaid, expires_at: new Date(deadline).toISOString() },
      after: { status: S.unpaid, expires_at: new Date(deadline + 24 * HOUR).toISOString() },
    });
    // The member choosing the desk again keeps the extended deadline.
    expect(Date.parse((await payOffline(m.token, order_no)).order!.expires_at!)).toBe(deadline + 24 * HOUR);

    t.clock.set(new Date(deadline + HOUR));
    await sweep();
    const staff = await buildAdmin(t);
    expect((await staffInfo(order_no, staff.token)).status).toBe(S.unpaid);
    t.clock.set(new Date(deadline + 24 * HOUR));
    await sweep();
    expect((await staffInfo(order_no, staff.token)).status).toBe(S.cancelled);
    expect(await extend(order_no, 24, staff.token)).toMatchObject({ code: 'ORDER_STATUS_CHANGED' });
    expect(await stockOf(t, skuId)).toBe(10);
  });
});

describe('holding limits', () => {
  it('a member holds at most max_unpaid_orders unpaid orders, however many are placed at once', async () => {
    const m = await buildMember(t);
    // Different SKUs: nothing but the member's lock makes the orders wait for each other.
    const skus = await Promise.all(Array.from({ length: 7 }, () => sku()));
    const place = (skuId: string) =>
      t.callRaw(
        orderCalls.createOrder.url,
        { items: [{ sku_id: skuId, buy_num: 2 }], delivery: 'pickup' },
        {
          token: m.token,
        },
      );
    const first = await Promise.all(skus.map(place));
    expect(first.filter((r) => r.code === 0)).toHaveLength(5);
    const refused = first.filter((r) => r.code !== 0);
    expect(refused.map((r) => [r.code, r.max])).toEqual([
      ['TOO_MANY_UNPAID_ORDERS', 5],
      ['TOO_MANY_UNPAID_ORDERS', 5],
    ]);
    // A refused order held nothing.
    const stocks = await Promise.all(skus.map((s) => stockOf(t, s)));
    expect(stocks.filter((s) => s === 10)).toHaveLength(2);
    expect((await t.call(orderCalls.getCounts, {}, { token: m.token })).counts.unpaid).toBe(5);

    // At the limit, six at once: none.
    const again = await Promise.all(skus.slice(0, 6).map(place));
    expect(again.map((r) => r.code)).toEqual(Array(6).fill('TOO_MANY_UNPAID_ORDERS'));
    expect((await t.call(orderCalls.getCounts, {}, { token: m.token })).counts.unpaid).toBe(5);
    // Cancelling one frees a place.
    const placed = first.find((r) => r.code === 0) as unknown as { order_no: string };
    expect((await t.call(orderCalls.cancel, { order_no: placed.order_no }, { token: m.token })).code).toBe(0);
    expect((await place(skus[0]!)).code).toBe(0);
    expect((await place(skus[0]!)).code).toBe('TOO_MANY_UNPAID_ORDERS');
  });

  it('an order holds at most max_units_per_sku of one SKU, unless the goods sets its own limit', async () => {
    const skuId = await sku(1000);
    const m = await buildMember(t);
    const input = (buy_num: number, id = skuId) => ({
      items: [{ sku_id: id, buy_num }],
      delivery: 'pickup' as const,
    });
    // The case: the whole stock held by one desk order.
    const preview = await t.call(orderCalls.previewOrder, input(999), { token: m.token });
    expect(preview.preview.problems).toEqual([{ reason: 'over_max_per_order', sku_id: skuId, stock: 20 }]);
    const refused = await t.callRaw(orderCalls.createOrder.url, input(999), { token: m.token });
    expect(refused).toMatchObject({ code: 'OVER_MAX_PER_ORDER', sku_id: skuId, max: 20 });
    expect(refused.msg).toContain('At most 20 of');
    expect(await stockOf(t, skuId)).toBe(1000);
    expect((await t.call(orderCalls.createOrder, input(20), { token: m.token })).code).toBe(0);

    // The goods' own limit, set by staff, shown to members with the goods.
    const goods = await buildGoods(t, admin.token, {
      max_per_order: 3,
      sku_list: [{ sku_name: 'Standard', price: 1250, stock: 100, weight: 500 }],
    });
    expect(goods.max_per_order).toBe(3);
    const own = goods.sku_list[0]!._id;
    expect((await t.call(shopCalls.getGoodsDetail, { _id: goods._id })).goods.max_per_order).toBe(3);
    expect(await t.callRaw(orderCalls.createOrder.url, input(4, own), { token: m.token })).toMatchObject({
      code: 'OVER_MAX_PER_ORDER',
      max: 3,
    });
    expect((await t.call(orderCalls.createOrder, input(3, own), { token: m.token })).code).toBe(0);
    // Cleared, the studio's setting applies again (and follows it).
    const { name: _n, ...rest } = (await t.call(adminShopCalls.getGoods, { _id: goods._id }, { token: admin.token }))
      .goods;
    const cleared = await t.call(
      adminShopCalls.saveGoods,
      {
        _id: goods._id,
        name: goods.name,
        type: 0,
        is_on_sale: true,
        max_per_order: null,
        sku_list: rest.sku_list.map((s) => ({ _id: s._id, sku_name: s.sku_name, price: s.price })),
      },
      { token: admin.token },
    );
    expect(cleared.goods.max_per_order).toBeNull();
    await saveSettings({ max_units_per_sku: 7 });
    try {
      expect((await t.call(shopCalls.getGoodsDetail, { _id: goods._id })).goods.max_per_order).toBe(7);
      expect(await t.callRaw(orderCalls.createOrder.url, input(8, own), { token: m.token })).toMatchObject({
        code: 'OVER_MAX_PER_ORDER',
        max: 7,
      });
    } finally {
      await saveSettings({ max_units_per_sku: 20 });
    }
  });
});
