import { formatDate, formatDateTime } from '@studio/contract/format';
import { notificationCalls } from '@studio/contract/notifications';
import { adminOrderCalls, orderCalls } from '@studio/contract/orders';
import { adminPackageCalls, packageCalls } from '@studio/contract/packages';
import { reservationCalls } from '@studio/contract/reservations';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runSweep } from '../../testing/sweeps';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { buildCoupon, claimCoupon } from '../coupons/testing';
import { buildAddress, credit, placeOrder } from '../orders/testing';
import { buildAdmin, buildMember, buildPackage, buildSession, type TestMember } from '../schedule/testing';

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

const DAY = 86_400_000;
/** The studio's timezone (the default): where the texts' dates and times are read. */
const TZ = 'Europe/London';

describe('the "soon" notices through the real sweeps', () => {
  it('an unpaid order: told before its countdown cancels it', async () => {
    const { m, skuId } = await shopper();
    const { order_no, expires_at } = await placeOrder(t, m.token, {
      items: [{ sku_id: skuId, buy_num: 1 }],
      delivery: 'pickup',
    });
    t.clock.advance(20 * 60_000);
    expect(await runSweep(t.app, 'orders.tellExpiring', t.clock.now())).toBe(1);
    expect(await told(m)).toEqual([
      [
        'orderExpiring',
        `Order ${order_no} (£12.50) is still unpaid. Pay by ${formatDateTime(expires_at, 'en', TZ)} or it will be cancelled.`,
      ],
    ]);
    await t.call(orderCalls.cancel, { order_no }, { token: m.token });
  });

  it('a package granted by staff: issued, then expiring with its credits left', async () => {
    const m = await buildMember(t);
    const valid_until = new Date(t.clock.now().getTime() + 8 * DAY).toISOString();
    const granted = await t.call(
      adminPackageCalls.grantPackage,
      { user_id: m.id, name: 'Five classes', class_count: 5, valid_until },
      { token: admin.token },
    );
    expect(granted.code, granted.msg).toBe(0);
    const until = formatDate(granted.package.valid_until!, 'zh-Hans', TZ);
    // Within the 7 days' notice the next day (the clock stays inside a login's life).
    t.clock.advance(DAY);
    expect(await runSweep(t.app, 'packages.tellExpiring', t.clock.now())).toBe(1);
    expect(await told(m, 'zh-Hans')).toEqual([
      ['packageIssued', `Five classes 已到账，共 5 次课时，有效期至 ${until}。快去预约上课吧！`],
      ['packageExpiring', `Five classes 将于 ${until} 到期，还剩 5 次课时，记得在到期前预约上课。`],
    ]);
  });

  it('a package whose last credit a booking took', async () => {
    const m = await buildMember(t);
    const pkg = await buildPackage(t, m.id, { classCount: 1, name: 'Drop-in' });
    const booked = await t.call(reservationCalls.book, { session_id: (await buildSession(t)).id }, { token: m.token });
    expect(booked.code, booked.msg).toBe(0);
    expect(await runSweep(t.app, 'packages.tellUsedUp', t.clock.now())).toBe(1);
    expect(await told(m)).toEqual([
      ['packageUsedUp', 'You have used the last credit of Drop-in. Get a new package to keep booking classes.'],
    ]);
    const { rows } = await t.call(notificationCalls.getMyNotifications, {}, { token: m.token });
    expect(rows[0]).toMatchObject({ category: 'classes', data: { package_id: pkg.id } });
  });

  it('a coupon about to expire unused', async () => {
    const coupon = await buildCoupon(t, admin.token, {
      name: 'Spring ten',
      total: 10,
      effective_time_rule: { type: 1, start_dynamic_time: 0, end_dynamic_time: 4 },
    });
    const m = await buildMember(t);
    const copy = await claimCoupon(t, m.token, coupon._id);
    t.clock.advance(DAY);
    expect(await runSweep(t.app, 'coupons.tellExpiring', t.clock.now())).toBe(1);
    expect(await told(m)).toEqual([
      [
        'couponExpiring',
        `Your coupon "Spring ten" expires on ${formatDate(copy.ends_at, 'en', TZ)}. Use it before then!`,
      ],
    ]);
    const { rows } = await t.call(notificationCalls.getMyNotifications, {}, { token: m.token });
    expect(rows[0]).toMatchObject({ category: 'orders', data: { coupon_id: copy._id } });
  });
});
