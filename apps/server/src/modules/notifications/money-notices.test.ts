import { notificationCalls } from '@studio/contract/notifications';
import { adminOrderCalls, orderCalls } from '@studio/contract/orders';
import { packageCalls } from '@studio/contract/packages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { buildAddress, credit, placeOrder } from '../orders/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';

// The order, refund, package and points notices as members get them from the real flows: each
// change through its call, the notice read back in the member's language.

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

/** The member's notices as [type, body] in `locale`: oldest first, those of one moment by type. */
async function told(m: TestMember, locale = 'en') {
  const { rows } = await t.call(notificationCalls.getMyNotifications, { pageSize: 50 }, { token: m.token, locale });
  return rows
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.type.localeCompare(b.type))
    .map((r) => [r.type, r.body] as const);
}

/** The next step happens a minute later. */
const later = () => t.clock.advance(60_000);

/** A member with £100 in their wallet, and a £12.50 item to buy. */
async function shopper() {
  const goods = await buildGoods(t, admin.token, { sku_list: [{ sku_name: 'Mat', price: 1250, stock: 10 }] });
  const m = await buildMember(t);
  await buildAddress(t, m.token);
  await credit(t, admin.token, m.id, 10_000);
  return { m, skuId: goods.sku_list[0]!._id };
}

describe('money notices from the real flows', () => {
  it('an express order: paid, shipped with its tracking number, completed with its points', async () => {
    const { m, skuId } = await shopper();
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 1 }] });
    expect((await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token })).code).toBe(0);
    later();
    const shipped = await t.call(
      adminOrderCalls.ship,
      { order_no, express_name: 'Royal Mail', express_no: 'RM123GB' },
      { token: admin.token },
    );
    expect(shipped.code).toBe(0);
    later();
    expect((await t.call(orderCalls.confirmReceipt, { order_no }, { token: m.token })).code).toBe(0);

    expect(await told(m)).toEqual([
      ['orderPaid', `We received your payment of £12.50 for order ${order_no}. Thank you!`],
      ['orderShipped', `Order ${order_no} has shipped with Royal Mail. Tracking number: RM123GB.`],
      ['orderCompleted', `Order ${order_no} is complete. Thanks for shopping with us!`],
      ['pointsEarned', 'You earned 12 points. You now have 12 points.'],
    ]);
    const { rows } = await t.call(notificationCalls.getMyNotifications, {}, { token: m.token });
    expect(rows.map((r) => r.data.order_no)).toEqual([order_no, order_no, order_no, order_no]);
  });

  it('a pickup order: ready with its code; a refund refused with the reason, then approved to the wallet', async () => {
    const { m, skuId } = await shopper();
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 2 }], delivery: 'pickup' });
    const { order } = await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
    const apply = () => t.call(orderCalls.applyRefund, { order_no, reason: 'Wrong size' }, { token: m.token });
    later();
    expect((await apply()).code).toBe(0);
    const refused = await t.call(
      adminOrderCalls.refuseRefund,
      { order_no, reason: 'The mats were opened' },
      { token: admin.token },
    );
    expect(refused.code).toBe(0);
    later();
    expect((await apply()).code).toBe(0);
    expect((await t.call(adminOrderCalls.approveRefund, { order_no }, { token: admin.token })).code).toBe(0);

    expect(await told(m, 'zh-Hans')).toEqual([
      ['orderPaid', `订单 ${order_no} 已支付 £25.00，感谢你的购买！`],
      ['orderReadyForPickup', `订单 ${order_no} 已备好，请到门店前台出示取货码 ${order!.pickup_code} 领取。`],
      ['refundRefused', `你对订单 ${order_no} 的退款申请未通过：The mats were opened。如有疑问，请联系门店。`],
      ['refundApproved', `订单 ${order_no} 的退款 £25.00 已通过审核。款项已退回你的钱包余额。`],
    ]);
    const { rows } = await t.call(notificationCalls.getMyNotifications, {}, { token: m.token });
    const refunds = rows.filter((r) => r.type.startsWith('refund'));
    expect(refunds.map((r) => [r.category, typeof r.data.refund_id])).toEqual([
      ['orders', 'string'],
      ['orders', 'string'],
    ]);
  });

  it('a course package bought: paid, the package issued with its terms, points; no "order completed"', async () => {
    const goods = await buildGoods(t, admin.token, {
      type: 1,
      exp_time_mode: 2,
      exp_time_rule: [0, 90],
      sku_list: [{ sku_name: '10 classes', price: 9000, stock: 100, class_count: 10 }],
    });
    const m = await buildMember(t);
    await credit(t, admin.token, m.id, 9000);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }] });
    expect((await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token })).code).toBe(0);

    const [pkg] = (await t.call(packageCalls.getMyPackages, {}, { token: m.token })).rows;
    const notices = await told(m);
    expect(notices.map(([type]) => type)).toEqual(['orderPaid', 'packageIssued', 'pointsEarned']);
    expect(notices[1]![1]).toBe(
      `${pkg!.name} is now in your account: 10 credits, valid until 20 Feb 2027. Time to book a class!`,
    );
    const { rows } = await t.call(notificationCalls.getMyNotifications, {}, { token: m.token });
    expect(rows.find((r) => r.type === 'packageIssued')).toMatchObject({
      category: 'classes',
      data: { package_id: pkg!._id, order_no, class_count: 10 },
    });
  });
});
