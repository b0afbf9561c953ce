import { couponCalls } from '@studio/contract/coupons';
import { adminMerchantCalls } from '@studio/contract/merchant';
import { orderCalls } from '@studio/contract/orders';
import { adminIntegralCalls, integralCalls } from '@studio/contract/wallet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { buildCoupon, claimCoupon } from '../coupons/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { expectLedgersBalanced } from '../wallet/testing';
import { pointsFor } from './pricing';
import { cancelExpiredOrders } from './staff';
import { buildAddress, placeOrder } from './testing';

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

async function memberWithPoints(points: number) {
  const m = await buildMember(t);
  await buildAddress(t, m.token);
  if (points) {
    const res = await t.call(
      adminIntegralCalls.adjust,
      { user_id: m.id, amount: points, reason: 'Welcome points' },
      { token: admin.token },
    );
    expect(res.code, res.msg).toBe(0);
  }
  return m;
}

const balance = async (token: string) => (await t.call(integralCalls.getBalance, {}, { token })).balance;

describe('points deduction rule', () => {
  const rule = { per_amount: 1000, points: 100, value: 100 };
  it('allows floor(amount / X) steps of Y points within the balance, never past the amount', () => {
    expect(pointsFor(4599, 10_000, rule)).toMatchObject({ max: 400, max_amount: 400 });
    expect(pointsFor(4599, 250, rule)).toMatchObject({ max: 200, max_amount: 200 });
    expect(pointsFor(999, 10_000, rule)).toMatchObject({ max: 0, max_amount: 0 });
    expect(pointsFor(2000, 10_000, { ...rule, value: 1500 })).toMatchObject({ max: 200, max_amount: 2000 });
    expect(pointsFor(5000, 10_000, { ...rule, value: 0 })).toMatchObject({ max: 0, max_amount: 0 });
  });
});

describe('paying with points', () => {
  it('previews the maximum, takes the points when the order is created and returns them on cancel', async () => {
    const goods = await buildGoods(t, admin.token, { sku_list: [{ sku_name: 'Mat', price: 4599, stock: 10 }] });
    const m = await memberWithPoints(1000);
    const items = [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }];
    const { preview } = await t.call(orderCalls.previewOrder, { items, delivery: 'pickup' }, { token: m.token });
    expect(preview.points).toMatchObject({ balance: 1000, max: 400, max_amount: 400, used: 0, amount: 0 });
    expect(preview.pay_amount).toBe(4599);

    const used = await t.call(
      orderCalls.previewOrder,
      { items, delivery: 'pickup', use_points: 300 },
      { token: m.token },
    );
    expect(used.preview).toMatchObject({ pay_amount: 4299, points: { used: 300, amount: 300 } });
    const over = await t.call(
      orderCalls.previewOrder,
      { items, delivery: 'pickup', use_points: 500 },
      { token: m.token },
    );
    expect(over.preview).toMatchObject({
      pay_amount: 4599,
      points: { used: 0 },
      problems: [{ reason: 'points_over_limit' }],
    });
    const step = await t.call(
      orderCalls.createOrder,
      { items, delivery: 'pickup', use_points: 150 },
      { token: m.token },
    );
    expect(step).toMatchObject({ code: 'INVALID_PARAM', field: 'use_points', reason: 'pointsStep' });

    const placed = await placeOrder(t, m.token, { items, delivery: 'pickup', use_points: 400 });
    expect(placed.pay_amount).toBe(4199);
    expect(await balance(m.token)).toBe(600);
    const info = await t.call(orderCalls.getInfo, { order_no: placed.order_no }, { token: m.token });
    expect(info.orderInfo).toMatchObject({ points_used: 400, points_amount: 400, pay_amount: 4199 });

    await t.call(orderCalls.cancel, { order_no: placed.order_no }, { token: m.token });
    expect(await balance(m.token)).toBe(1000);
    const ledger = await t.call(integralCalls.getLedger, {}, { token: m.token });
    expect(ledger.rows.map((r) => [r.kind, r.amount])).toEqual([
      ['returned', 400],
      ['used', -400],
      ['points_adjustment', 1000],
    ]);
    await expectLedgersBalanced(t);
  });

  it('the coupon comes off first, then points on what is left, and the amount never goes below 0', async () => {
    const goods = await buildGoods(t, admin.token, { sku_list: [{ sku_name: 'Block', price: 2500, stock: 10 }] });
    const coupon = await buildCoupon(t, admin.token, { coupon_rule: { min_amount: 2000, discount_amount: 500 } });
    const m = await memberWithPoints(5000);
    const copy = await claimCoupon(t, m.token, coupon._id);
    await t.call(adminMerchantCalls.save, { points_deduct_value: 1000 }, { token: admin.token });
    try {
      const { preview } = await t.call(
        orderCalls.previewOrder,
        {
          items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }],
          delivery: 'pickup',
          coupon_id: copy._id,
          use_points: 200,
        },
        { token: m.token },
      );
      // 2500 − 500 = 2000: two steps of 100 points, each worth £10, capped at the £20 left.
      expect(preview).toMatchObject({ coupon_amount: 500, points: { used: 200, amount: 2000 }, pay_amount: 0 });
    } finally {
      await t.call(adminMerchantCalls.save, { points_deduct_value: 100 }, { token: admin.token });
    }
  });

  it('an unpaid order that runs out of time gives its coupon and points back', async () => {
    const goods = await buildGoods(t, admin.token, { sku_list: [{ sku_name: 'Mat', price: 3000, stock: 10 }] });
    const coupon = await buildCoupon(t, admin.token);
    const m = await memberWithPoints(200);
    const copy = await claimCoupon(t, m.token, coupon._id);
    const placed = await placeOrder(t, m.token, {
      items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }],
      delivery: 'pickup',
      coupon_id: copy._id,
      use_points: 200,
    });
    expect(await balance(m.token)).toBe(0);
    t.clock.advance(31 * 60_000);
    expect(await cancelExpiredOrders({ db: t.app.db, deps: t.app.deps }, t.clock.now())).toBeGreaterThanOrEqual(1);
    const info = await t.call(orderCalls.getInfo, { order_no: placed.order_no }, { token: m.token });
    expect(info.orderInfo.status_name).toBe('cancelled');
    expect(await balance(m.token)).toBe(200);
    const back = await t.call(couponCalls.getDetail, { _id: copy._id }, { token: m.token });
    expect(back.member_coupon.status).toBe('usable');
    await expectLedgersBalanced(t);
  });

  it('two orders spending the same points at once: one succeeds, the balance never goes below 0', async () => {
    const goods = await buildGoods(t, admin.token, { sku_list: [{ sku_name: 'Mat', price: 3000, stock: 20 }] });
    const m = await memberWithPoints(300);
    const input = {
      items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }],
      delivery: 'pickup' as const,
      use_points: 300,
    };
    const answers = await Promise.all([
      t.call(orderCalls.createOrder, input, { token: m.token }),
      t.call(orderCalls.createOrder, input, { token: m.token }),
    ]);
    const codes = answers.map((a) => a.code).sort();
    expect(codes).toEqual([0, 'POINTS_INSUFFICIENT']);
    expect(await balance(m.token)).toBe(0);
    await expectLedgersBalanced(t);
  });
});
