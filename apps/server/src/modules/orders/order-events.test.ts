import { couponCalls } from '@studio/contract/coupons';
import type { DomainEventName } from '@studio/contract/domain-events';
import { adminMerchantCalls } from '@studio/contract/merchant';
import { adminOrderCalls, ORDER_STATUS, orderCalls } from '@studio/contract/orders';
import { adminPackageCalls, packageCalls } from '@studio/contract/packages';
import { paymentCalls } from '@studio/contract/payments';
import { verifyCalls } from '@studio/contract/teacher';
import { adminIntegralCalls, integralCalls, walletCalls } from '@studio/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventRegistry, inTransaction, replaceSubscribersForTest } from '../../platform/events';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { buildCoupon, claimCoupon } from '../coupons/testing';
import { allSubscribers } from '../index';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { expectLedgersBalanced } from '../wallet/testing';
import { buildAddress, credit, eventRecorder, placeOrder, setPayTypes, stockOf } from './testing';

/*
 * The money flows on the events seam (issue 22): what each change says, with what payload, and the
 * modules that keep its invariants reacting in the same transaction, in the lock order.
 */

const DAY = 86_400_000;

let t: TestApp;
let admin: TestMember;
let restore: () => void;
/** Every event emitted in a transaction (a recorder listed after the app's subscribers). */
const { seen, install } = eventRecorder();

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  // The card payments below go through the sandbox test card, which a studio switches on itself.
  await setPayTypes(t, admin.token, ['balance', 'sandbox', 'offline']);
  restore = install();
});
afterAll(async () => {
  restore();
  await t.close();
});

/** The payloads of `name` about order (or reference) `ref`, in the order they were emitted. */
const payloadsOf = (name: DomainEventName, ref: string) =>
  seen
    .filter((e) => e.name === name)
    .map((e) => e.payload as Record<string, unknown>)
    .filter((p) => p.order_no === ref || p.ref === ref || p.payment_id === ref);

const sku = async (price = 1500, stock = 10) =>
  (await buildGoods(t, admin.token, { sku_list: [{ sku_name: 'Mat', price, stock }] })).sku_list[0]!._id;
const points = async (token: string) => (await t.call(integralCalls.getBalance, {}, { token })).balance;

describe('what the order flow says', () => {
  it('a pickup order paid from the wallet says order.paid and order.readyForPickup; picked up, order.completed and points.earned', async () => {
    const skuId = await sku(3000);
    const m = await buildMember(t);
    await credit(t, admin.token, m.id, 3000);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: skuId, buy_num: 1 }], delivery: 'pickup' });
    const { order } = await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
    const pickup_code = order!.pickup_code!;
    expect(payloadsOf('order.paid', order_no)).toEqual([
      {
        order_no,
        user_id: m.id,
        kind: 'goods',
        amount: 3000,
        pay_type: 'balance',
        delivery: 'pickup',
        pickup_code,
        packages: [],
      },
    ]);
    expect(payloadsOf('order.readyForPickup', order_no)).toEqual([{ order_no, user_id: m.id, pickup_code }]);
    expect(payloadsOf('order.completed', order_no)).toEqual([]);

    const scanned = await t.call(verifyCalls.scan, { code: pickup_code }, { token: admin.token });
    expect(scanned.code, scanned.msg).toBe(0);
    expect(payloadsOf('order.completed', order_no)).toEqual([{ order_no, user_id: m.id, paid: 3000, kind: 'goods' }]);
    // The wallet module credits the points on order.completed and says so.
    expect(payloadsOf('points.earned', order_no)).toEqual([{ user_id: m.id, points: 30, balance: 30, ref: order_no }]);
    expect(await points(m.token)).toBe(30);
  });

  it('no points earned (the studio gives none): no points.earned', async () => {
    const off = await t.call(adminMerchantCalls.save, { points_per_unit: 0 }, { token: admin.token });
    expect(off.code, off.msg).toBe(0);
    try {
      const m = await buildMember(t);
      await credit(t, admin.token, m.id, 3000);
      const { order_no } = await placeOrder(t, m.token, {
        items: [{ sku_id: await sku(3000), buy_num: 1 }],
        delivery: 'pickup',
      });
      const { order } = await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
      await t.call(verifyCalls.scan, { code: order!.pickup_code! }, { token: admin.token });
      expect(payloadsOf('order.completed', order_no)).toHaveLength(1);
      expect(payloadsOf('points.earned', order_no)).toEqual([]);
    } finally {
      await t.call(adminMerchantCalls.save, { points_per_unit: 1 }, { token: admin.token });
    }
  });

  it('shipping says order.shipped with the carrier and the tracking number', async () => {
    const m = await buildMember(t);
    await buildAddress(t, m.token);
    await credit(t, admin.token, m.id, 5000);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: await sku(), buy_num: 1 }] });
    await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
    expect(payloadsOf('order.readyForPickup', order_no)).toEqual([]);
    const shipped = await t.call(
      adminOrderCalls.ship,
      { order_no, express_name: 'Royal Mail', express_no: 'RM123456789GB' },
      { token: admin.token },
    );
    expect(shipped.code, shipped.msg).toBe(0);
    expect(payloadsOf('order.shipped', order_no)).toEqual([
      { order_no, user_id: m.id, carrier: 'Royal Mail', tracking_no: 'RM123456789GB' },
    ]);
  });

  it('a course-package order says order.paid with its lines’ terms; the packages module issues them (package.issued) and it completes', async () => {
    const goods = await buildGoods(t, admin.token, {
      name: 'Ten classes',
      type: 1,
      exp_time_mode: 2,
      exp_time_rule: [0, 90],
      sku_list: [{ sku_name: '10 classes', price: 9000, stock: 100, class_count: 10 }],
    });
    const m = await buildMember(t);
    await credit(t, admin.token, m.id, 18_000);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 2 }] });
    const { order } = await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
    expect(order?.status).toBe(ORDER_STATUS.completed);
    const [paid] = payloadsOf('order.paid', order_no);
    expect(paid).toMatchObject({ kind: 'package', delivery: 'none', pickup_code: null, amount: 18_000 });
    expect(paid!.packages).toEqual([
      {
        goods_id: goods._id,
        name: expect.anything(),
        quantity: 2,
        class_count: 10,
        validity: { mode: 'rule', delay_days: 0, valid_days: 90 },
        course_ids: [],
      },
    ]);
    const byId = (x: { package_id?: unknown }, y: { package_id?: unknown }) =>
      String(x.package_id).localeCompare(String(y.package_id));
    const issued = payloadsOf('package.issued', order_no).sort(byId);
    const mine = (await t.call(packageCalls.getMyPackages, {}, { token: m.token })).rows;
    expect(mine).toHaveLength(2);
    const expires_at = new Date(t.clock.now().getTime() + 90 * DAY).toISOString();
    expect(issued).toEqual(
      mine
        .map((p) => ({
          package_id: p._id,
          user_id: m.id,
          name: 'Ten classes',
          name_i18n: { en: 'Ten classes' },
          class_count: 10,
          expires_at,
          source: 'order',
          order_no,
        }))
        .sort(byId),
    );
    expect(payloadsOf('order.completed', order_no)).toEqual([
      { order_no, user_id: m.id, paid: 18_000, kind: 'package' },
    ]);
    expect(payloadsOf('points.earned', order_no)).toEqual([
      { user_id: m.id, points: 180, balance: 180, ref: order_no },
    ]);
  });

  it('staff granting a package says package.issued', async () => {
    const m = await buildMember(t);
    const valid_until = new Date(t.clock.now().getTime() + 30 * DAY).toISOString();
    const res = await t.call(
      adminPackageCalls.grantPackage,
      { user_id: m.id, name: 'Welcome pack', class_count: 3, valid_until },
      { token: admin.token },
    );
    expect(res.code, res.msg).toBe(0);
    const issued = seen.filter((e) => e.name === 'package.issued').map((e) => e.payload);
    expect(issued.at(-1)).toEqual({
      package_id: res.package._id,
      user_id: m.id,
      name: 'Welcome pack',
      name_i18n: { en: 'Welcome pack' },
      class_count: 3,
      expires_at: valid_until,
      source: 'grant',
      order_no: null,
    });
  });

  it('cancelling says order.cancelled with its lines, coupon and points; the catalog, coupons and wallet put them back', async () => {
    const skuId = await sku(1500);
    const coupon = await buildCoupon(t, admin.token);
    const m = await buildMember(t);
    const copy = await claimCoupon(t, m.token, coupon._id);
    await t.call(adminIntegralCalls.adjust, { user_id: m.id, amount: 1000, reason: 'Welcome' }, { token: admin.token });
    const { order_no, pay_amount } = await placeOrder(t, m.token, {
      items: [{ sku_id: skuId, buy_num: 2 }],
      delivery: 'pickup',
      coupon_id: copy._id,
      use_points: 200,
    });
    expect(pay_amount).toBe(3000 - 500 - 200);
    expect(await stockOf(t, skuId)).toBe(8);
    expect(await points(m.token)).toBe(800);

    const res = await t.call(orderCalls.cancel, { order_no }, { token: m.token });
    expect(res.code, res.msg).toBe(0);
    expect(payloadsOf('order.cancelled', order_no)).toEqual([
      {
        order_no,
        user_id: m.id,
        reason: 'cancelled by member',
        lines: [{ sku_id: skuId, quantity: 2 }],
        coupon_id: copy._id,
        points_used: 200,
      },
    ]);
    expect(await stockOf(t, skuId)).toBe(10);
    expect((await t.call(couponCalls.getDetail, { _id: copy._id }, { token: m.token })).member_coupon.status).toBe(
      'usable',
    );
    expect(await points(m.token)).toBe(1000);
    await expectLedgersBalanced(t);
  });

  it('the modules keeping an event’s invariants run in the global lock order: SKUs, coupons, packages, wallet, points', () => {
    const app = createEventRegistry(allSubscribers);
    const names = (event: DomainEventName) => app.inTransaction(event).map((s) => s.name);
    expect(names('order.cancelled')).toEqual([
      'catalog.returnStock',
      'coupons.returnOrderCoupon',
      'wallet.returnOrderPoints',
    ]);
    expect(names('payment.settled')).toEqual(['orders.applyPayment', 'wallet.applyTopUp']);
    expect(names('order.paid')).toEqual(['packages.issueBought']);
    expect(names('order.completed')).toEqual(['wallet.creditOrderPoints']);
    expect(names('payment.returned')).toEqual(['payments.markReturned']);
  });
});

describe('refunds', () => {
  const paidPickup = async () => {
    const m = await buildMember(t);
    await credit(t, admin.token, m.id, 1500);
    const { order_no } = await placeOrder(t, m.token, {
      items: [{ sku_id: await sku(), buy_num: 1 }],
      delivery: 'pickup',
    });
    await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
    const applied = await t.call(
      orderCalls.applyRefund,
      { order_no, reason: 'Wrong size', images: [] },
      { token: m.token },
    );
    expect(applied.code, applied.msg).toBe(0);
    return { m, order_no };
  };

  it('approved: refund.approved with the amount and where it goes; refused: refund.refused with the reason', async () => {
    const approved = await paidPickup();
    const partial = await t.call(
      adminOrderCalls.approveRefund,
      { order_no: approved.order_no, amount: 500, message: 'Part of it: the box was opened' },
      { token: admin.token },
    );
    expect(partial.code, partial.msg).toBe(0);
    const [application] = payloadsOf('refund.approved', approved.order_no);
    // Its one unit sent back (full), with less paid back than it came to, and staff's message.
    expect(application).toEqual({
      refund_id: expect.any(String),
      order_no: approved.order_no,
      user_id: approved.m.id,
      amount: 500,
      to: 'wallet',
      provider: 'balance',
      full: true,
      repayment: false,
      message: 'Part of it: the box was opened',
    });
    expect((await t.call(walletCalls.getBalance, {}, { token: approved.m.token })).balance).toBe(500);

    const refused = await paidPickup();
    const res = await t.call(
      adminOrderCalls.refuseRefund,
      { order_no: refused.order_no, reason: 'Already used' },
      { token: admin.token },
    );
    expect(res.code, res.msg).toBe(0);
    expect(payloadsOf('refund.refused', refused.order_no)).toEqual([
      { refund_id: expect.any(String), order_no: refused.order_no, user_id: refused.m.id, reason: 'Already used' },
    ]);
    expect(payloadsOf('refund.approved', refused.order_no)).toEqual([]);
  });
});

describe('card payments', () => {
  it('a confirmed card payment says payment.settled and the orders module pays the order with it', async () => {
    const m = await buildMember(t);
    const { order_no } = await placeOrder(t, m.token, {
      items: [{ sku_id: await sku(), buy_num: 1 }],
      delivery: 'pickup',
    });
    const { out_trade_no } = await t.call(orderCalls.pay, { order_no, pay_type: 'sandbox' }, { token: m.token });
    await t.call(paymentCalls.decideSandboxCharge, { out_trade_no: out_trade_no!, decision: 'succeeded' });
    expect(payloadsOf('payment.settled', out_trade_no!)).toEqual([
      {
        payment_id: out_trade_no,
        purpose: 'order',
        ref: order_no,
        user_id: m.id,
        amount: 1500,
        provider: 'sandbox',
      },
    ]);
    expect(payloadsOf('order.paid', order_no)).toMatchObject([{ pay_type: 'sandbox', amount: 1500 }]);
    expect(payloadsOf('payment.returned', out_trade_no!)).toEqual([]);
    const status = await t.call(paymentCalls.getStatus, { out_trade_no: out_trade_no! }, { token: m.token });
    expect(status.payment.status).toBe('succeeded');
  });

  it('one that arrives after its order was cancelled goes to the wallet and says payment.returned', async () => {
    const m = await buildMember(t);
    const { order_no } = await placeOrder(t, m.token, {
      items: [{ sku_id: await sku(), buy_num: 1 }],
      delivery: 'pickup',
    });
    const { out_trade_no } = await t.call(orderCalls.pay, { order_no, pay_type: 'sandbox' }, { token: m.token });
    await t.call(orderCalls.cancel, { order_no }, { token: m.token });
    await t.call(paymentCalls.decideSandboxCharge, { out_trade_no: out_trade_no!, decision: 'succeeded' });
    expect(payloadsOf('payment.returned', out_trade_no!)).toEqual([
      { payment_id: out_trade_no, user_id: m.id, amount: 1500, ref: order_no },
    ]);
    const status = await t.call(paymentCalls.getStatus, { out_trade_no: out_trade_no! }, { token: m.token });
    expect(status.payment.status).toBe('returned');
    expect((await t.call(walletCalls.getBalance, {}, { token: m.token })).balance).toBe(1500);
  });
});

describe('an in-transaction subscriber that fails', () => {
  /** The app's subscribers with `name` replaced by one that throws, in its place (so the lock order holds). */
  const failing = (name: string) =>
    allSubscribers.map((s) =>
      s.name === name && s.kind === 'inTransaction'
        ? inTransaction(s.on, s.name, async () => {
            throw new Error(`${name} failed`);
          })
        : s,
    );

  it('rolls the whole cancel back: the order stays unpaid, its stock, coupon and points stay taken', async () => {
    const skuId = await sku(1500);
    const coupon = await buildCoupon(t, admin.token);
    const m = await buildMember(t);
    const copy = await claimCoupon(t, m.token, coupon._id);
    await t.call(adminIntegralCalls.adjust, { user_id: m.id, amount: 1000, reason: 'Welcome' }, { token: admin.token });
    const { order_no } = await placeOrder(t, m.token, {
      items: [{ sku_id: skuId, buy_num: 2 }],
      delivery: 'pickup',
      coupon_id: copy._id,
      use_points: 200,
    });
    // The last of the three fails, after the stock and the coupon went back in the same transaction.
    const putBack = replaceSubscribersForTest(failing('wallet.returnOrderPoints'));
    let res: Awaited<ReturnType<typeof t.callRaw>>;
    try {
      res = await t.callRaw(orderCalls.cancel.url, { order_no }, { token: m.token });
    } finally {
      putBack();
    }
    expect(res.code).not.toBe(0);
    const info = await t.call(orderCalls.getInfo, { order_no }, { token: m.token });
    expect(info.orderInfo.status).toBe(ORDER_STATUS.unpaid);
    expect(await stockOf(t, skuId)).toBe(8);
    expect((await t.call(couponCalls.getDetail, { _id: copy._id }, { token: m.token })).member_coupon.status).toBe(
      'used',
    );
    expect(await points(m.token)).toBe(800);

    // With the subscriber working again, the same cancel returns all of it, once.
    expect((await t.call(orderCalls.cancel, { order_no }, { token: m.token })).code).toBe(0);
    expect(await stockOf(t, skuId)).toBe(10);
    expect(await points(m.token)).toBe(1000);
    await expectLedgersBalanced(t);
  });

  it('rolls a payment confirmation back with its event record: the provider’s next notice settles it, once', async () => {
    const m = await buildMember(t);
    const { out_trade_no } = await t.call(
      walletCalls.topUp,
      { amount: 2000, agree: true, pay_type: 'sandbox' },
      { token: m.token },
    );
    const putBack = replaceSubscribersForTest(failing('wallet.applyTopUp'));
    try {
      const res = await t.callRaw(paymentCalls.decideSandboxCharge.url, { out_trade_no, decision: 'succeeded' });
      expect(res.code).not.toBe(0);
    } finally {
      putBack();
    }
    const status = async () =>
      (await t.call(paymentCalls.getStatus, { out_trade_no }, { token: m.token })).payment.status;
    expect(await status()).toBe('pending');
    expect((await t.call(walletCalls.getBalance, {}, { token: m.token })).balance).toBe(0);
    // The sandbox sends the same notification again on the next decide: no longer a "repeat".
    await t.call(paymentCalls.decideSandboxCharge, { out_trade_no, decision: 'succeeded' });
    await t.call(paymentCalls.decideSandboxCharge, { out_trade_no, decision: 'succeeded' });
    expect(await status()).toBe('succeeded');
    expect((await t.call(walletCalls.getBalance, {}, { token: m.token })).balance).toBe(2000);
    expect((await t.call(walletCalls.getLedger, {}, { token: m.token })).rows).toHaveLength(1);
  });
});
