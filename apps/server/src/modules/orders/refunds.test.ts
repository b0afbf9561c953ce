import { adminUserCalls } from '@studio/contract/account';
import { adminMerchantCalls } from '@studio/contract/merchant';
import { adminOrderCalls, ORDER_STATUS, orderCalls } from '@studio/contract/orders';
import { adminPackageCalls, packageCalls } from '@studio/contract/packages';
import { reservationCalls } from '@studio/contract/reservations';
import { verifyCalls } from '@studio/contract/teacher';
import { adminIntegralCalls, integralCalls, walletCalls } from '@studio/contract/wallet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { buildCoupon, claimCoupon } from '../coupons/testing';
import { buildAdmin, buildMember, buildSession, type TestMember } from '../schedule/testing';
import { expectLedgersBalanced } from '../wallet/testing';
import { credit, placeOrder, stockOf } from './testing';

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

/** A member who bought `buy_num` of a £30 item for pickup and paid from their wallet. */
async function paidOrder(options: { points?: number; coupon?: boolean } = {}) {
  const goods = await buildGoods(t, admin.token, { sku_list: [{ sku_name: 'Mat', price: 3000, stock: 10 }] });
  const skuId = goods.sku_list[0]!._id;
  const m = await buildMember(t);
  await credit(t, admin.token, m.id, 5000);
  if (options.points) {
    await t.call(
      adminIntegralCalls.adjust,
      { user_id: m.id, amount: options.points, reason: 'Gift' },
      { token: admin.token },
    );
  }
  const copy = options.coupon ? await claimCoupon(t, m.token, (await buildCoupon(t, admin.token))._id) : undefined;
  const { order_no, pay_amount } = await placeOrder(t, m.token, {
    items: [{ sku_id: skuId, buy_num: 1 }],
    delivery: 'pickup',
    use_points: options.points ? 200 : 0,
    coupon_id: copy?._id,
  });
  const paid = await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
  expect(paid.code, paid.msg).toBe(0);
  return { m, order_no, pay_amount, skuId, copy };
}

const wallet = async (token: string) => (await t.call(walletCalls.getBalance, {}, { token })).balance;
const points = async (token: string) => (await t.call(integralCalls.getBalance, {}, { token })).balance;
const apply = (token: string, order_no: string, reason = 'Wrong colour') =>
  t.call(orderCalls.applyRefund, { order_no, reason }, { token });

describe('refunds', () => {
  it('apply, cancel and apply again; approved in full the money, points and stock come back once', async () => {
    const { m, order_no, pay_amount, skuId, copy } = await paidOrder({ points: 500, coupon: true });
    // 3000 − 500 coupon − 200 points; the wallet paid the rest.
    expect(pay_amount).toBe(2300);
    expect(await wallet(m.token)).toBe(5000 - 2300);
    expect(await points(m.token)).toBe(300);
    expect(await stockOf(t, skuId)).toBe(9);

    const applied = await apply(m.token, order_no);
    expect(applied.order).toMatchObject({
      status: S.refund_requested,
      actions: ['cancel_refund', 'refund_details'],
      refund: { status: 'pending', reason: 'Wrong colour', requested_amount: 2300, money: null },
    });
    const cancelled = await t.call(orderCalls.cancelRefund, { order_no }, { token: m.token });
    expect(cancelled.order).toMatchObject({ status: S.paid, refund: { status: 'cancelled' } });
    expect(cancelled.order.actions).toContain('apply_refund');
    await apply(m.token, order_no, 'Changed my mind');

    const list = await t.call(adminOrderCalls.getRefunds, { status: 'pending' }, { token: admin.token });
    expect(list.rows.map((r) => r.order_no)).toContain(order_no);

    const approved = await t.call(adminOrderCalls.approveRefund, { order_no }, { token: admin.token });
    expect(approved.order).toMatchObject({
      status: S.refunded,
      refunded_amount: 2300,
      // Back in the wallet at once.
      refund: { status: 'approved', approved_amount: 2300, money: { status: 'succeeded', method: 'balance' } },
      actions: ['refund_details'],
    });
    expect(await wallet(m.token)).toBe(5000);
    expect(await points(m.token)).toBe(500);
    expect(await stockOf(t, skuId)).toBe(10);
    // The coupon was spent on a paid order: a refund does not give it back (RULES.md).
    expect(copy).toBeDefined();
    expect((await apply(m.token, order_no)).code).toBe('ORDER_STATUS_CHANGED');
    expect((await t.call(adminOrderCalls.approveRefund, { order_no }, { token: admin.token })).code).toBe(
      'ORDER_STATUS_CHANGED',
    );
    await expectLedgersBalanced(t);
  });

  it('staff refuse with a reason: the order goes back and nothing moves', async () => {
    const { m, order_no } = await paidOrder();
    await apply(m.token, order_no);
    const refused = await t.call(
      adminOrderCalls.refuseRefund,
      { order_no, reason: 'Already used' },
      { token: admin.token, locale: 'zh-Hans' },
    );
    expect(refused.order).toMatchObject({
      status: S.paid,
      refunded_amount: 0,
      refund: { status: 'refused', refuse_reason: 'Already used' },
    });
    expect(await wallet(m.token)).toBe(2000);
    expect((await t.call(orderCalls.cancelRefund, { order_no }, { token: m.token })).code).toBe('ORDER_STATUS_CHANGED');
  });

  it('staff may pay back less than the application comes to, never more; its units are refunded', async () => {
    const { m, order_no, skuId } = await paidOrder();
    await apply(m.token, order_no);
    const over = await t.call(adminOrderCalls.approveRefund, { order_no, amount: 3001 }, { token: admin.token });
    expect(over).toMatchObject({ code: 'REFUND_AMOUNT_INVALID', max: 3000, msg: 'The refund may be at most 30.00' });
    const part = await t.call(adminOrderCalls.approveRefund, { order_no, amount: 1000 }, { token: admin.token });
    // The one unit was the order's last: it is refunded, with what staff chose to pay back.
    expect(part.order).toMatchObject({ status: S.refunded, refunded_amount: 1000, lines: [{ refunded_num: 1 }] });
    expect(await wallet(m.token)).toBe(3000);
    expect(await stockOf(t, skuId)).toBe(10);
    expect((await apply(m.token, order_no)).code).toBe('ORDER_STATUS_CHANGED');
    await expectLedgersBalanced(t);
  });

  it('approvals racing pay once', async () => {
    const { m, order_no } = await paidOrder();
    await apply(m.token, order_no);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.call(adminOrderCalls.approveRefund, { order_no }, { token: admin.token })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.code === 'ORDER_STATUS_CHANGED')).toBe(true);
    expect(await wallet(m.token)).toBe(5000);
    const ledger = await t.call(walletCalls.getLedger, {}, { token: m.token });
    expect(ledger.rows.filter((r) => r.kind === 'refund')).toHaveLength(1);
    await expectLedgersBalanced(t);
  });

  it('a completed order gives back the points it earned', async () => {
    const { m, order_no } = await paidOrder();
    const staff = await buildAdmin(t);
    const info = await t.call(orderCalls.getInfo, { order_no }, { token: m.token });
    const scanned = await t.call(verifyCalls.scan, { code: info.orderInfo.pickup_code! }, { token: staff.token });
    expect(scanned.code, scanned.msg).toBe(0);
    expect(await points(m.token)).toBe(30);
    await apply(m.token, order_no);
    await t.call(adminOrderCalls.approveRefund, { order_no }, { token: admin.token });
    expect(await points(m.token)).toBe(0);
    const ledger = await t.call(integralCalls.getLedger, {}, { token: m.token });
    expect(ledger.rows.map((r) => [r.kind, r.amount])).toEqual([
      ['reversed', -30],
      ['earned', 30],
    ]);
  });

  it('a course package refunds only while unused, and refunding it voids it', async () => {
    const goods = await buildGoods(t, admin.token, {
      type: 1,
      sku_list: [{ sku_name: '5 classes', price: 5000, stock: 100, class_count: 5 }],
    });
    const buy = async () => {
      const m = await buildMember(t);
      await credit(t, admin.token, m.id, 5000);
      const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }] });
      await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
      return { m, order_no };
    };
    const unused = await buy();
    await apply(unused.m.token, unused.order_no);
    const done = await t.call(adminOrderCalls.approveRefund, { order_no: unused.order_no }, { token: admin.token });
    expect(done.order.status).toBe(S.refunded);
    // No longer the member's: it leaves their list (it used to stay there as "completed").
    expect((await t.call(packageCalls.getMyPackages, {}, { token: unused.m.token })).rows).toEqual([]);
    expect(await wallet(unused.m.token)).toBe(5000);
    // Staff still see it, marked refunded, and can no longer add credits or days to it.
    const staffView = await t.call(
      adminPackageCalls.getPackageList,
      { user_id: unused.m.id, pageIndex: 1, pageSize: 10 },
      { token: admin.token },
    );
    expect(staffView.rows).toHaveLength(1);
    const voided = staffView.rows[0]!;
    expect(voided).toMatchObject({ remaining_count: 0, status: 'completed' });
    expect(voided.refunded_at).not.toBeNull();
    const adjust = await t.call(
      adminPackageCalls.adjustCredits,
      { _id: voided._id, delta: 5, reason: 'Goodwill' },
      { token: admin.token },
    );
    expect(adjust).toMatchObject({ code: 'PACKAGE_REFUNDED' });
    const later = new Date(Date.parse(voided.valid_until!) + 30 * 86_400_000).toISOString();
    const extend = await t.call(
      adminPackageCalls.extend,
      { _id: voided._id, valid_until: later, reason: 'Goodwill' },
      { token: admin.token },
    );
    expect(extend).toMatchObject({ code: 'PACKAGE_REFUNDED' });
    const after = await t.call(
      adminPackageCalls.getPackageList,
      { user_id: unused.m.id, pageIndex: 1, pageSize: 10 },
      { token: admin.token },
    );
    expect(after.rows[0]).toMatchObject({ remaining_count: 0, total_count: 5, valid_until: voided.valid_until });

    const used = await buy();
    const session = await buildSession(t);
    const booked = await t.call(reservationCalls.book, { session_id: session.id }, { token: used.m.token });
    expect(booked.code, booked.msg).toBe(0);
    const refused = await apply(used.m.token, used.order_no);
    expect(refused).toMatchObject({
      code: 'PACKAGE_ALREADY_USED',
      msg: 'A class has been booked with this package, so it can no longer be refunded',
    });
  });

  it('an order paid entirely with points refunds its points (no money to send back)', async () => {
    const goods = await buildGoods(t, admin.token, { sku_list: [{ sku_name: 'Tea', price: 1000, stock: 10 }] });
    const m = await buildMember(t);
    await t.call(adminIntegralCalls.adjust, { user_id: m.id, amount: 1000, reason: 'Gift' }, { token: admin.token });
    await t.call(adminMerchantCalls.save, { points_deduct_value: 1000 }, { token: admin.token });
    try {
      const { order_no, pay_amount } = await placeOrder(t, m.token, {
        items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }],
        delivery: 'pickup',
        use_points: 100,
      });
      expect(pay_amount).toBe(0);
      const paid = await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
      expect(paid.order).toMatchObject({ status: S.paid, actions: expect.arrayContaining(['apply_refund']) });
      expect(await points(m.token)).toBe(900);
      await apply(m.token, order_no);
      const done = await t.call(adminOrderCalls.approveRefund, { order_no }, { token: admin.token });
      expect(done.order).toMatchObject({ status: S.refunded, refunded_amount: 0, refund: { approved_amount: 0 } });
      expect(await points(m.token)).toBe(1000);
      expect(await wallet(m.token)).toBe(0);
    } finally {
      await t.call(adminMerchantCalls.save, { points_deduct_value: 100 }, { token: admin.token });
    }
  });

  it('staff without refunds.manage cannot approve', async () => {
    const { m, order_no } = await paidOrder();
    await apply(m.token, order_no);
    const clerk = await buildMember(t);
    const roles = await t.call(
      adminUserCalls.setRoles,
      { user_id: clerk.id, roles: ['member'], is_verify_staff: false, permission: ['orders.manage'] },
      { token: admin.token },
    );
    expect(roles.code, roles.msg).toBe(0);
    const denied = await t.call(adminOrderCalls.approveRefund, { order_no }, { token: clerk.token });
    expect(denied.code).toBe('PERMISSION_DENIED');
    expect(await wallet(m.token)).toBe(2000);
  });
});
