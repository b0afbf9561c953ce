import { adminFreightCalls } from '@studio/contract/freight';
import { adminOrderCalls, ORDER_TOTAL_MAX, orderCalls } from '@studio/contract/orders';
import { adminShopCalls, STOCK_MAX } from '@studio/contract/shop';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { buildAddress, credit, placeOrder, stockOf } from './testing';

/* Issue 21 item 6: every amount, total and quantity is bounded, and refused by name. */

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

/** The dearest price staff may set (admin/goods.save). */
const PRICE_MAX = 100_000_000;

describe('amounts are bounded', () => {
  it('the admin maximum price × the most units: preview and checkout refuse it alike, by name', async () => {
    const goods = await buildGoods(t, admin.token, {
      max_per_order: 999,
      sku_list: [{ sku_name: 'Gold mat', price: PRICE_MAX, stock: STOCK_MAX, weight: 1 }],
    });
    const skuId = goods.sku_list[0]!._id;
    const m = await buildMember(t);
    const input = (buy_num: number) => ({ items: [{ sku_id: skuId, buy_num }], delivery: 'pickup' as const });
    const refusal = {
      code: 'ORDER_TOTAL_TOO_LARGE',
      max: ORDER_TOTAL_MAX,
      msg: 'An order may come to at most 10000000.00: split it into smaller orders',
    };
    expect(await t.callRaw(orderCalls.previewOrder.url, input(999), { token: m.token })).toMatchObject(refusal);
    expect(await t.callRaw(orderCalls.createOrder.url, input(999), { token: m.token })).toMatchObject(refusal);
    expect(await t.callRaw(orderCalls.createOrder.url, input(11), { token: m.token })).toMatchObject(refusal);
    expect(await stockOf(t, skuId)).toBe(STOCK_MAX);
    // Up to the maximum is an order like any other.
    const preview = await t.call(orderCalls.previewOrder, input(10), { token: m.token });
    expect(preview.preview.pay_amount).toBe(ORDER_TOTAL_MAX);
    const placed = await placeOrder(t, m.token, input(10));
    expect(placed.pay_amount).toBe(ORDER_TOTAL_MAX);
    expect(await stockOf(t, skuId)).toBe(STOCK_MAX - 10);
  });

  it('freight counts towards the total: the dearest freight rule cannot overflow an order', async () => {
    const rule = await t.call(
      adminFreightCalls.save,
      {
        name: 'Dearest',
        first_weight: 1,
        first_weight_price: 10_000_000,
        continuous_weight: 1,
        continuous_weight_price: 10_000_000,
        max_weight: 1_000_000,
      },
      { token: admin.token },
    );
    const goods = await buildGoods(t, admin.token, {
      freight_id: rule.rule._id,
      sku_list: [{ sku_name: 'Brick', price: 100, stock: 100, weight: 20_000 }],
    });
    const m = await buildMember(t);
    await buildAddress(t, m.token);
    const input = { items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 20 }], delivery: 'express' as const };
    // 400 kg: 10,000,000 + 399,999 × 10,000,000 of freight.
    expect(await t.callRaw(orderCalls.previewOrder.url, input, { token: m.token })).toMatchObject({
      code: 'ORDER_TOTAL_TOO_LARGE',
    });
    expect(await t.callRaw(orderCalls.createOrder.url, input, { token: m.token })).toMatchObject({
      code: 'ORDER_TOTAL_TOO_LARGE',
    });
  });

  it('a refund amount above any order’s total is refused by the contract, not the database', async () => {
    const goods = await buildGoods(t, admin.token);
    const m = await buildMember(t);
    await credit(t, admin.token, m.id, 5000);
    const { order_no } = await placeOrder(t, m.token, {
      items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }],
      delivery: 'pickup',
    });
    await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
    await t.call(orderCalls.applyRefund, { order_no, reason: 'Too dear' }, { token: m.token });
    for (const amount of [ORDER_TOTAL_MAX + 1, 2 ** 31, 1e15]) {
      expect(
        await t.callRaw(adminOrderCalls.approveRefund.url, { order_no, amount }, { token: admin.token }),
      ).toMatchObject({ code: 'INVALID_PARAM' });
    }
    expect(
      await t.callRaw(adminOrderCalls.approveRefund.url, { order_no, amount: ORDER_TOTAL_MAX }, { token: admin.token }),
    ).toMatchObject({ code: 'REFUND_AMOUNT_INVALID', max: 1250 });
  });

  it('stock staff add never passes STOCK_MAX, however often they add', async () => {
    const goods = await buildGoods(t, admin.token);
    const skuId = goods.sku_list[0]!._id;
    const add = (delta: number) =>
      t.callRaw(adminShopCalls.adjustStock.url, { sku_id: skuId, delta, reason: 'Delivery' }, { token: admin.token });
    expect((await add(STOCK_MAX - 10)).code).toBe(0);
    expect(await add(1)).toMatchObject({ code: 'STOCK_ABOVE_MAX', max: STOCK_MAX });
    expect(await add(STOCK_MAX)).toMatchObject({ code: 'STOCK_ABOVE_MAX' });
    expect(await add(STOCK_MAX + 1)).toMatchObject({ code: 'INVALID_PARAM' });
    expect(await stockOf(t, skuId)).toBe(STOCK_MAX);
    expect((await add(-STOCK_MAX)).code).toBe(0);
  });
});
