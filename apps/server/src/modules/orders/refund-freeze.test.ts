import { ORDER_MOVES, ORDER_REFUND_MOVES, type OrderMove } from '@studio/contract/flow';
import { adminOrderCalls, ORDER_STATUS, orderCalls } from '@studio/contract/orders';
import { verifyCalls } from '@studio/contract/teacher';
import { integralCalls } from '@studio/contract/wallet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { receiveDueOrders } from './staff';
import { buildAddress, credit, placeOrder } from './testing';

/* Issue 21 item 3: while a refund is pending, only deciding or withdrawing it moves the order. */

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
const DAY = 86_400_000;

/** A member's paid order of one £12.50 item (express to their address, or pickup), paid from the wallet. */
async function paidOrder(delivery: 'express' | 'pickup' = 'express', m?: TestMember) {
  const goods = await buildGoods(t, admin.token);
  const member = m ?? (await buildMember(t));
  if (!m) {
    await buildAddress(t, member.token);
    await credit(t, admin.token, member.id, 10_000);
  }
  const { order_no } = await placeOrder(t, member.token, {
    items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }],
    delivery,
  });
  const paid = await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: member.token });
  expect(paid.code, paid.msg).toBe(0);
  return { m: member, order_no, pickupCode: paid.order!.pickup_code };
}

const ship = (order_no: string) =>
  t.callRaw(
    adminOrderCalls.ship.url,
    { order_no, express_name: 'Royal Mail', express_no: 'RM1' },
    { token: admin.token },
  );
const apply = (token: string, order_no: string) =>
  t.callRaw(orderCalls.applyRefund.url, { order_no, reason: 'Arrived broken' }, { token });
const info = async (token: string, order_no: string) =>
  (await t.call(orderCalls.getInfo, { order_no }, { token })).orderInfo;
const points = async (token: string) => (await t.call(integralCalls.getBalance, {}, { token })).balance;

async function shippedOrder() {
  const o = await paidOrder();
  expect((await ship(o.order_no)).code).toBe(0);
  return o;
}

describe('the order flow table', () => {
  it('lets only the refund’s own moves start while a refund is pending', () => {
    const fromPending = (Object.keys(ORDER_MOVES) as OrderMove[]).filter((move) =>
      (ORDER_MOVES[move].from as readonly string[]).includes('refund_requested'),
    );
    expect(fromPending.sort()).toEqual([...ORDER_REFUND_MOVES].sort());
  });
});

describe('a pending refund freezes the order', () => {
  it('confirming receipt is refused, earns nothing, and the application can still be decided', async () => {
    const { m, order_no } = await shippedOrder();
    expect((await apply(m.token, order_no)).code).toBe(0);
    const confirmed = await t.callRaw(orderCalls.confirmReceipt.url, { order_no }, { token: m.token });
    expect(confirmed).toMatchObject({ code: 'ORDER_STATUS_CHANGED', status: S.refund_requested });
    const order = await info(m.token, order_no);
    expect(order).toMatchObject({ status: S.refund_requested, refund: { status: 'pending' } });
    expect(order.timeline.map((e) => e.status)).toEqual([0, 1, 4, -2]);
    expect(await points(m.token)).toBe(0);
    // Staff refuse it: the order goes back to shipped, and the member may confirm receipt then.
    const refused = await t.call(
      adminOrderCalls.refuseRefund,
      { order_no, reason: 'Photos show no damage' },
      { token: admin.token },
    );
    expect(refused.order).toMatchObject({ status: S.shipped, refund: { status: 'refused' } });
    const received = await t.call(orderCalls.confirmReceipt, { order_no }, { token: m.token });
    expect(received.order.status).toBe(S.completed);
    expect(await points(m.token)).toBe(12);
  });

  it('staff cannot ship it; approving it still refunds the order', async () => {
    const { m, order_no } = await paidOrder();
    expect((await apply(m.token, order_no)).code).toBe(0);
    expect(await ship(order_no)).toMatchObject({ code: 'ORDER_STATUS_CHANGED' });
    expect(await info(m.token, order_no)).toMatchObject({ status: S.refund_requested, express_info: null });
    const approved = await t.call(adminOrderCalls.approveRefund, { order_no }, { token: admin.token });
    expect(approved.order).toMatchObject({ status: S.refunded, refund: { status: 'approved' } });
  });

  it('a pickup code is not honoured; the member may withdraw the application and pick up then', async () => {
    const { m, order_no, pickupCode } = await paidOrder('pickup');
    expect((await apply(m.token, order_no)).code).toBe(0);
    expect(await t.callRaw(verifyCalls.scan.url, { code: pickupCode }, { token: admin.token })).toMatchObject({
      code: 'ORDER_STATUS_CHANGED',
    });
    const withdrawn = await t.call(orderCalls.cancelRefund, { order_no }, { token: m.token });
    expect(withdrawn.order.status).toBe(S.paid);
    const scanned = await t.call(verifyCalls.scan, { code: pickupCode! }, { token: admin.token });
    expect(scanned).toMatchObject({ kind: 'order', order: { status: S.completed } });
  });

  it('a second application while one waits is a named refusal, and changes nothing', async () => {
    const { m, order_no } = await shippedOrder();
    expect((await apply(m.token, order_no)).code).toBe(0);
    const before = await info(m.token, order_no);
    expect(await apply(m.token, order_no)).toMatchObject({ code: 'REFUND_ALREADY_REQUESTED' });
    expect(await info(m.token, order_no)).toEqual(before);
    const twice = await Promise.all([apply(m.token, order_no), apply(m.token, order_no)]);
    expect(twice.map((r) => r.code)).toEqual(['REFUND_ALREADY_REQUESTED', 'REFUND_ALREADY_REQUESTED']);
  });

  it('the automatic receipt sweep skips it', async () => {
    const { m, order_no } = await shippedOrder();
    expect((await apply(m.token, order_no)).code).toBe(0);
    t.clock.advance(11 * DAY);
    await receiveDueOrders({ db: t.app.db, deps: t.app.deps }, t.clock.now());
    // Days later: a fresh login for staff.
    const staff = await buildAdmin(t);
    const staffInfo = async () => (await t.call(adminOrderCalls.getInfo, { order_no }, { token: staff.token })).order;
    expect(await staffInfo()).toMatchObject({ status: S.refund_requested, refund: { status: 'pending' } });
    // Refused, the order is shipped again and the sweep may receive it.
    const refused = await t.call(adminOrderCalls.refuseRefund, { order_no, reason: 'No' }, { token: staff.token });
    expect(refused.order.status).toBe(S.shipped);
    await receiveDueOrders({ db: t.app.db, deps: t.app.deps }, t.clock.now());
    expect((await staffInfo()).status).toBe(S.completed);
  });

  it('“confirm receipt” and “refund” tapped together: either order of events, never a stuck application', async () => {
    const m = await buildMember(t);
    await buildAddress(t, m.token);
    await credit(t, admin.token, m.id, 100_000);
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const { order_no } = await paidOrder('express', m);
      expect((await ship(order_no)).code).toBe(0);
      // Fired together, each first in turn.
      const confirm = () => t.callRaw(orderCalls.confirmReceipt.url, { order_no }, { token: m.token });
      const [confirmed, applied] =
        i % 2 === 0
          ? await Promise.all([confirm(), apply(m.token, order_no)])
          : await Promise.all([apply(m.token, order_no), confirm()]).then(([a, c]) => [c, a] as const);
      // The refund was applied for, either from shipped (receipt refused) or after completion.
      expect(applied.code).toBe(0);
      expect([0, 'ORDER_STATUS_CHANGED']).toContain(confirmed.code);
      seen.add(String(confirmed.code));
      const order = await info(m.token, order_no);
      expect(order).toMatchObject({ status: S.refund_requested, refund: { status: 'pending' } });
      expect(order.timeline.at(-1)!.status).toBe(S.refund_requested);
      // The application can be decided: cancelling it sends the order back to where it really was.
      const withdrawn = await t.call(orderCalls.cancelRefund, { order_no }, { token: m.token });
      expect(withdrawn.order.status).toBe(confirmed.code === 0 ? S.completed : S.shipped);
    }
    // Both ways round happened.
    expect([...seen].sort()).toEqual(['0', 'ORDER_STATUS_CHANGED']);
  });
});
