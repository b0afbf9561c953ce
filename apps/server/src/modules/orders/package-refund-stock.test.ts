import { adminOrderCalls, ORDER_STATUS, orderCalls } from '@studio/contract/orders';
import { adminPackageCalls } from '@studio/contract/packages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { credit, placeOrder, stockOf } from './testing';

/* Issue 21 item 5: unused course packages a refund voids give their units back, once. */

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

describe('a refunded course package returns its stock', () => {
  it('stock 10 → 2 passes paid → 8 → refunded (whole) → 10, however often staff approve', async () => {
    const goods = await buildGoods(t, admin.token, {
      type: 1,
      sku_list: [{ sku_name: '5 classes', price: 5000, stock: 10, class_count: 5 }],
    });
    const skuId = goods.sku_list[0]!._id;
    const m = await buildMember(t);
    await credit(t, admin.token, m.id, 10_000);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 2 }] });
    expect((await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token })).order!.status).toBe(
      S.completed,
    );
    expect(await stockOf(t, skuId)).toBe(8);
    const apply = (lines?: { sku_id: string; quantity: number }[]) =>
      t.call(orderCalls.applyRefund, { order_no, reason: 'Moving away', lines }, { token: m.token });
    const approve = (amount?: number) =>
      t.callRaw(adminOrderCalls.approveRefund.url, { order_no, amount }, { token: admin.token });

    // A package order goes back whole: one of its two passes cannot.
    expect(await apply([{ sku_id: skuId, quantity: 1 }])).toMatchObject({ code: 'REFUND_PACKAGE_WHOLE' });
    expect(await stockOf(t, skuId)).toBe(8);

    // Approved twice at once: one refunds the order, and the units come back once.
    expect((await apply([{ sku_id: skuId, quantity: 2 }])).code).toBe(0);
    const both = await Promise.all([approve(), approve()]);
    expect(both.map((r) => r.code).sort()).toEqual([0, 'ORDER_STATUS_CHANGED']);
    expect(await stockOf(t, skuId)).toBe(10);
    expect((await approve()).code).toBe('ORDER_STATUS_CHANGED');
    expect(await stockOf(t, skuId)).toBe(10);
    const packages = await t.call(
      adminPackageCalls.getPackageList,
      { user_id: m.id, pageIndex: 1, pageSize: 10 },
      { token: admin.token },
    );
    expect(packages.rows.map((p) => [p.remaining_count, p.refunded_at !== null])).toEqual([
      [0, true],
      [0, true],
    ]);
  });

  it('two package lines of one goods give back each line’s units to its own SKU', async () => {
    const goods = await buildGoods(t, admin.token, {
      type: 1,
      sku_list: [
        { sku_name: '5 classes', price: 1000, stock: 10, class_count: 5 },
        { sku_name: '10 classes', price: 1500, stock: 10, class_count: 10 },
      ],
    });
    const [five, ten] = goods.sku_list.map((s) => s._id);
    const m = await buildMember(t);
    await credit(t, admin.token, m.id, 10_000);
    const { order_no } = await placeOrder(t, m.token, {
      items: [
        { sku_id: five!, buy_num: 1 },
        { sku_id: ten!, buy_num: 3 },
      ],
    });
    await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
    expect([await stockOf(t, five!), await stockOf(t, ten!)]).toEqual([9, 7]);
    await t.call(orderCalls.applyRefund, { order_no, reason: 'Moving away' }, { token: m.token });
    expect((await t.call(adminOrderCalls.approveRefund, { order_no }, { token: admin.token })).order.status).toBe(
      S.refunded,
    );
    expect([await stockOf(t, five!), await stockOf(t, ten!)]).toEqual([10, 10]);
  });
});
