import { notificationCalls } from '@studio/contract/notifications';
import { adminOrderCalls, ORDER_STATUS, orderCalls, type RefundLinesInput } from '@studio/contract/orders';
import { verifyCalls } from '@studio/contract/teacher';
import { adminIntegralCalls, integralCalls, walletCalls } from '@studio/contract/wallet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { buildCoupon, claimCoupon } from '../coupons/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { expectLedgersBalanced } from '../wallet/testing';
import { credit, placeOrder, stockOf } from './testing';

/* Issue 24, "Refunds both sides": the member chooses the units of each line they send back, the server prices them. */

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

/**
 * A member who bought 3 blocks at £10 and 2 straps at £15 for pickup, with a £5 coupon and 200 points
 * (£2): £60 − £7 = £53 paid from a wallet of £100. What was paid for goods (£53) is shared 1:1 by the
 * two lines' values: £26.50 each, a block £8.83 (the last £8.84), a strap £13.25.
 */
async function paidOrder(options: { coupon?: boolean; points?: boolean } = { coupon: true, points: true }) {
  const goods = await buildGoods(t, admin.token, {
    name: 'Cork',
    sku_list: [
      { sku_name: 'Block', price: 1000, stock: 10, weight: 300 },
      { sku_name: 'Strap', price: 1500, stock: 10, weight: 100 },
    ],
  });
  const [block, strap] = goods.sku_list.map((s) => s._id) as [string, string];
  const m = await buildMember(t);
  await credit(t, admin.token, m.id, 10_000);
  await t.call(adminIntegralCalls.adjust, { user_id: m.id, amount: 500, reason: 'Gift' }, { token: admin.token });
  const copy = options.coupon ? await claimCoupon(t, m.token, (await buildCoupon(t, admin.token))._id) : undefined;
  const { order_no, pay_amount } = await placeOrder(t, m.token, {
    items: [
      { sku_id: block, buy_num: 3 },
      { sku_id: strap, buy_num: 2 },
    ],
    delivery: 'pickup',
    use_points: options.points ? 200 : 0,
    coupon_id: copy?._id,
  });
  const paid = await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
  expect(paid.code, paid.msg).toBe(0);
  return { m, order_no, pay_amount, block, strap };
}

const wallet = async (token: string) => (await t.call(walletCalls.getBalance, {}, { token })).balance;
const points = async (token: string) => (await t.call(integralCalls.getBalance, {}, { token })).balance;
const apply = (token: string, order_no: string, lines?: RefundLinesInput, locale?: 'en' | 'zh-Hans' | 'zh-Hant') =>
  t.call(orderCalls.applyRefund, { order_no, reason: 'Not what I expected', lines }, { token, locale });
const approve = (order_no: string, extra: { amount?: number; message?: string } = {}) =>
  t.call(adminOrderCalls.approveRefund, { order_no, ...extra }, { token: admin.token });

describe('refunds of chosen lines', () => {
  it('the member chooses units; the server prices them with the coupon and points shared out; the rest refunds it to the penny', async () => {
    const { m, order_no, pay_amount, block, strap } = await paidOrder();
    expect(pay_amount).toBe(5300);
    expect([await wallet(m.token), await points(m.token)]).toEqual([4700, 300]);
    expect([await stockOf(t, block), await stockOf(t, strap)]).toEqual([7, 8]);

    // Shown live while choosing: one block, then everything.
    const preview = (lines?: RefundLinesInput) =>
      t.call(orderCalls.previewRefund, { order_no, lines }, { token: m.token });
    expect((await preview([{ sku_id: block, quantity: 1 }])).quote).toEqual({
      lines: [{ sku_id: block, quantity: 1, amount: 883 }],
      amount: 883,
      freight: 0,
      full: false,
    });
    expect((await preview()).quote).toMatchObject({ amount: 5300, full: true });

    const applied = await apply(m.token, order_no, [
      { sku_id: block, quantity: 1 },
      { sku_id: strap, quantity: 1 },
    ]);
    expect(applied.code, applied.msg).toBe(0);
    expect(applied.order.refund).toMatchObject({
      status: 'pending',
      requested_amount: 883 + 1325,
      lines: [
        { sku_id: block, quantity: 1, amount: 883 },
        { sku_id: strap, quantity: 1, amount: 1325 },
      ],
    });

    const approved = await approve(order_no, { message: 'Sorry about the strap' });
    expect(approved.code, approved.msg).toBe(0);
    expect(approved.order).toMatchObject({
      // Back to waiting at the desk: the rest is still the member's.
      status: S.paid,
      refunded_amount: 2208,
      refund: { status: 'approved', approved_amount: 2208, message: 'Sorry about the strap' },
      lines: [
        { sku_id: block, buy_num: 3, refunded_num: 1 },
        { sku_id: strap, buy_num: 2, refunded_num: 1 },
      ],
    });
    expect(approved.order.actions).toContain('apply_refund');
    // The timeline keeps the refund: not just "Paid" again.
    expect(approved.order.timeline.at(-1)).toMatchObject({
      status: S.paid,
      refund: { outcome: 'approved', amount: 2208, to: 'wallet' },
    });
    expect(await wallet(m.token)).toBe(4700 + 2208);
    // Unshipped: the units sent back are on the shelf again, the others are not.
    expect([await stockOf(t, block), await stockOf(t, strap)]).toEqual([8, 9]);
    // The points used follow the goods' value sent back: 200 × £25 / £60 = 83.
    expect(await points(m.token)).toBe(300 + 83);

    // The member reads the message on the order and in the notice.
    const info = await t.call(orderCalls.getInfo, { order_no }, { token: m.token });
    expect(info.orderInfo.refund?.message).toBe('Sorry about the strap');
    const { rows } = await t.call(notificationCalls.getMyNotifications, {}, { token: m.token });
    expect(rows.find((r) => r.type === 'refundApproved')?.body).toBe(
      `Your refund of £22.08 for order ${order_no} has been approved. The money is back in your wallet. Message from the studio: “Sorry about the strap”`,
    );

    // What is left: 2 blocks and a strap; asking for more is refused by name, in the member's language.
    expect(await apply(m.token, order_no, [{ sku_id: block, quantity: 3 }])).toMatchObject({
      code: 'REFUND_QUANTITY_TOO_MANY',
      msg: 'Only 2 of Cork · Block can still be refunded',
      sku_id: block,
      left: 2,
    });
    expect(await apply(m.token, order_no, [{ sku_id: strap, quantity: 2 }], 'zh-Hans')).toMatchObject({
      code: 'REFUND_QUANTITY_TOO_MANY',
      msg: 'Cork · Strap 最多还能退 1 件',
    });
    expect(await apply(m.token, order_no, [{ sku_id: 'nope', quantity: 1 }], 'zh-Hant')).toMatchObject({
      code: 'REFUND_LINE_NOT_FOUND',
      msg: '該訂單中沒有此商品',
    });
    expect(
      await t.callRaw(
        orderCalls.applyRefund.url,
        {
          order_no,
          reason: 'Twice',
          lines: [
            { sku_id: block, quantity: 1 },
            { sku_id: block, quantity: 1 },
          ],
        },
        { token: m.token },
      ),
    ).toMatchObject({ code: 'INVALID_PARAM' });
    // The member's amount is never read: an unknown field is refused.
    expect(
      await t.callRaw(orderCalls.applyRefund.url, { order_no, reason: 'Mine', amount: 5300 }, { token: m.token }),
    ).toMatchObject({ code: 'INVALID_PARAM' });

    // The rest (no lines named: all that is left) refunds the order, to the penny paid.
    const rest = await apply(m.token, order_no);
    expect(rest.order.refund).toMatchObject({
      requested_amount: 5300 - 2208,
      lines: [
        { sku_id: block, quantity: 2, amount: 883 + 884 },
        { sku_id: strap, quantity: 1, amount: 1325 },
      ],
    });
    const done = await approve(order_no);
    expect(done.order).toMatchObject({
      status: S.refunded,
      status_name: 'refunded',
      refunded_amount: 5300,
      lines: [{ refunded_num: 3 }, { refunded_num: 2 }],
    });
    expect(done.order.timeline.map((e) => [e.status, e.refund?.outcome ?? null, e.refund?.amount ?? null])).toEqual([
      [S.unpaid, null, null],
      [S.paid, null, null],
      [S.refund_requested, null, null],
      [S.paid, 'approved', 2208],
      [S.refund_requested, null, null],
      [S.refunded, 'approved', 3092],
    ]);
    expect(await wallet(m.token)).toBe(10_000);
    expect(await points(m.token)).toBe(500);
    expect([await stockOf(t, block), await stockOf(t, strap)]).toEqual([10, 10]);
    await expectLedgersBalanced(t);
  });

  it('staff may pay back less than the units come to, never more; the units count as refunded', async () => {
    const { m, order_no, block } = await paidOrder({});
    await apply(m.token, order_no, [{ sku_id: block, quantity: 1 }]);
    expect(await approve(order_no, { amount: 1001 })).toMatchObject({
      code: 'REFUND_AMOUNT_INVALID',
      msg: 'The refund may be at most 10.00',
      max: 1000,
    });
    const part = await approve(order_no, { amount: 600, message: 'The block came back chipped' });
    expect(part.order).toMatchObject({ status: S.paid, refunded_amount: 600, lines: [{ refunded_num: 1 }, {}] });
    expect(await wallet(m.token)).toBe(10_000 - 6000 + 600);
    // The next application prices what is left, not what staff kept.
    expect((await t.call(orderCalls.previewRefund, { order_no }, { token: m.token })).quote.amount).toBe(5000);
  });

  it('refused or withdrawn, the timeline says so and staff’s reason is the message', async () => {
    const { m, order_no, strap } = await paidOrder({});
    await apply(m.token, order_no, [{ sku_id: strap, quantity: 2 }]);
    await t.call(orderCalls.cancelRefund, { order_no }, { token: m.token });
    await apply(m.token, order_no, [{ sku_id: strap, quantity: 2 }]);
    const refused = await t.call(
      adminOrderCalls.refuseRefund,
      { order_no, reason: 'Straps cannot be returned once cut' },
      { token: admin.token },
    );
    expect(refused.order).toMatchObject({
      status: S.paid,
      refunded_amount: 0,
      refund: { status: 'refused', message: 'Straps cannot be returned once cut' },
      lines: [{ refunded_num: 0 }, { refunded_num: 0 }],
    });
    expect(refused.order.timeline.map((e) => e.refund?.outcome ?? null)).toEqual([
      null,
      null,
      null,
      'cancelled',
      null,
      'refused',
    ]);
  });

  it('applications racing for the same units: one waits, and no line is ever refunded beyond what was bought', async () => {
    const { m, order_no, block } = await paidOrder({});
    const units = [{ sku_id: block, quantity: 2 }];
    const first = await Promise.all(Array.from({ length: 5 }, () => apply(m.token, order_no, units)));
    expect(first.filter((a) => a.code === 0)).toHaveLength(1);
    expect(first.filter((a) => a.code !== 0).every((a) => a.code === 'REFUND_ALREADY_REQUESTED')).toBe(true);
    // An approval racing a new application for the same units: whichever comes first, the other
    // application is refused (still waiting, or too many units now).
    const [approved, again] = await Promise.all([approve(order_no), apply(m.token, order_no, units)]);
    expect(approved.code, approved.msg).toBe(0);
    expect(['REFUND_ALREADY_REQUESTED', 'REFUND_QUANTITY_TOO_MANY']).toContain(again.code);
    // One block left: five applications for it, approvals racing; it goes back once.
    const last = await Promise.all(
      Array.from({ length: 5 }, () => apply(m.token, order_no, [{ sku_id: block, quantity: 1 }])),
    );
    expect(last.filter((a) => a.code === 0)).toHaveLength(1);
    const approvals = await Promise.all(Array.from({ length: 4 }, () => approve(order_no)));
    expect(approvals.filter((a) => a.code === 0)).toHaveLength(1);
    const info = await t.call(orderCalls.getInfo, { order_no }, { token: m.token });
    expect(info.orderInfo.lines[0]).toMatchObject({ buy_num: 3, refunded_num: 3 });
    expect(info.orderInfo.refunded_amount).toBe(3000);
    expect(await wallet(m.token)).toBe(10_000 - 6000 + 3000);
    expect(await stockOf(t, block)).toBe(10);
    expect(await apply(m.token, order_no, [{ sku_id: block, quantity: 1 }])).toMatchObject({
      code: 'REFUND_QUANTITY_TOO_MANY',
      left: 0,
    });
    await expectLedgersBalanced(t);
  });

  it('points: earned on what was paid and kept, reversed in proportion to the money refunded after', async () => {
    const { m, order_no, block } = await paidOrder({});
    // A block refunded before pickup: the order then earns on £50, not £60.
    await apply(m.token, order_no, [{ sku_id: block, quantity: 1 }]);
    await approve(order_no);
    const info = await t.call(orderCalls.getInfo, { order_no }, { token: m.token });
    const staff = await buildAdmin(t);
    expect((await t.call(verifyCalls.scan, { code: info.orderInfo.pickup_code! }, { token: staff.token })).code).toBe(
      0,
    );
    expect(await points(m.token)).toBe(500 + 50);
    // Completed, a strap back (£15 of the £50 kept): 15 of the 50 points go.
    await apply(m.token, order_no, [{ sku_id: info.orderInfo.lines[1]!.sku_id, quantity: 1 }]);
    const part = await approve(order_no);
    expect(part.order).toMatchObject({ status: S.completed, refunded_amount: 2500 });
    expect(await points(m.token)).toBe(500 + 50 - 15);
    // Completed goods are not restocked.
    expect(await stockOf(t, block)).toBe(8);
    // The rest: all of them.
    await apply(m.token, order_no);
    await approve(order_no);
    expect(await points(m.token)).toBe(500);
    const ledger = await t.call(integralCalls.getLedger, {}, { token: m.token });
    expect(ledger.rows.filter((r) => r.ref === order_no).map((r) => [r.kind, r.amount])).toEqual([
      ['reversed', -35],
      ['reversed', -15],
      ['earned', 50],
    ]);
    await expectLedgersBalanced(t);
  });
});
