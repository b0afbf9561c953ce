import type { DomainEventName } from '@studio/contract/domain-events';
import { adminMerchantCalls, type merchantSaveInput } from '@studio/contract/merchant';
import { adminOrderCalls, orderCalls } from '@studio/contract/orders';
import { adminPackageCalls } from '@studio/contract/packages';
import { reservationCalls } from '@studio/contract/reservations';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { runSweep } from '../../testing/sweeps';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { buildCoupon, claimCoupon } from '../coupons/testing';
import { buildAdmin, buildMember, buildPackage, buildSession, type TestMember } from '../schedule/testing';
import { eventRecorder, placeOrder } from './testing';

/*
 * The "soon" notices no single change makes (issue 22): an unpaid order about to cancel itself, a
 * package with credits left about to expire, a coupon about to expire unused, and a package whose
 * last credit a booking took. Each is told once (claimed with its event in one unit of work), not at
 * all when the studio's setting is 0, and once when two instances sweep at the same moment.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let other: FastifyInstance;
let admin: TestMember;
let restore: () => void;
const { seen, install } = eventRecorder();

beforeAll(async () => {
  t = await createTestApp();
  other = await t.anotherInstance();
  restore = install();
});
// A fresh admin each time: the clock moves weeks, past a login's life.
beforeEach(async () => {
  admin = await buildAdmin(t);
});
afterAll(async () => {
  restore();
  await t.close();
});

/** A sweep the app registers, by name, as the sweeper runs it. */
const run = (name: string) => runSweep(t.app, name, t.clock.now());
/** The sweep on this instance and another at the same moment: how many rows each told. */
const runTwice = (name: string) =>
  Promise.all([runSweep(t.app, name, t.clock.now()), runSweep(other, name, t.clock.now())]);

/** The payloads of `name` emitted about `key` (the value of `field`). */
const told = (name: DomainEventName, field: string, key: string) =>
  seen.filter((e) => e.name === name && (e.payload as Record<string, unknown>)[field] === key).map((e) => e.payload);

async function settings(values: z.input<typeof merchantSaveInput>) {
  admin = await buildAdmin(t);
  const res = await t.call(adminMerchantCalls.save, values, { token: admin.token });
  expect(res.code, res.msg).toBe(0);
}

describe('an unpaid order about to cancel itself (unpaid_notice_minutes)', () => {
  const order = async (m: TestMember) => {
    const goods = await buildGoods(t, admin.token);
    return placeOrder(t, m.token, { items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }], delivery: 'pickup' });
  };

  it('is told once, 10 minutes before the 30-minute countdown ends', async () => {
    const m = await buildMember(t);
    const { order_no, expires_at } = await order(m);
    expect(await run('orders.tellExpiring')).toBe(0);
    t.clock.advance(19 * MINUTE);
    expect(await run('orders.tellExpiring')).toBe(0);
    t.clock.advance(MINUTE);
    expect(await run('orders.tellExpiring')).toBe(1);
    expect(await run('orders.tellExpiring')).toBe(0);
    expect(told('order.expiringSoon', 'order_no', order_no)).toEqual([
      { order_no, user_id: m.id, amount: 1250, expires_at, pay_type: null },
    ]);
    t.clock.advance(11 * MINUTE);
  });

  it('two instances sweeping at once tell each order once', async () => {
    const m = await buildMember(t);
    const orders = [await order(m), await order(m), await order(m)];
    t.clock.advance(25 * MINUTE);
    const counts = await runTwice('orders.tellExpiring');
    expect(counts[0] + counts[1]).toBe(3);
    for (const { order_no } of orders) expect(told('order.expiringSoon', 'order_no', order_no)).toHaveLength(1);
    t.clock.advance(6 * MINUTE);
  });

  it('a desk deadline extended by staff is told again before the new deadline', async () => {
    const m = await buildMember(t);
    const { order_no } = await order(m);
    await t.call(orderCalls.pay, { order_no, pay_type: 'offline' }, { token: m.token });
    // The desk deadline (48 h from placing) replaced the countdown: not told at 20 minutes.
    t.clock.advance(20 * MINUTE);
    expect(await run('orders.tellExpiring')).toBe(0);
    t.clock.advance(48 * HOUR - 30 * MINUTE);
    expect(await run('orders.tellExpiring')).toBe(1);
    const extended = await t.call(adminOrderCalls.extendDeadline, { order_no, hours: 2 }, { token: admin.token });
    expect(extended.code, extended.msg).toBe(0);
    expect(await run('orders.tellExpiring')).toBe(0);
    t.clock.advance(2 * HOUR);
    expect(await run('orders.tellExpiring')).toBe(1);
    expect(told('order.expiringSoon', 'order_no', order_no).map((p) => (p as { pay_type: string }).pay_type)).toEqual([
      'offline',
      'offline',
    ]);
    await t.call(orderCalls.cancel, { order_no }, { token: m.token });
  });

  it('is not told when the setting is 0', async () => {
    await settings({ unpaid_notice_minutes: 0 });
    try {
      const m = await buildMember(t);
      const { order_no } = await order(m);
      t.clock.advance(25 * MINUTE);
      expect(await run('orders.tellExpiring')).toBe(0);
      expect(told('order.expiringSoon', 'order_no', order_no)).toEqual([]);
    } finally {
      await settings({ unpaid_notice_minutes: 10 });
    }
    t.clock.advance(6 * MINUTE);
  });
});

describe('a package about to expire with credits left (package_expiry_notice_days)', () => {
  const grant = async (m: TestMember, days: number, classCount = 5) => {
    const res = await t.call(
      adminPackageCalls.grantPackage,
      {
        user_id: m.id,
        name: 'Five classes',
        class_count: classCount,
        valid_until: new Date(t.clock.now().getTime() + days * DAY).toISOString(),
      },
      { token: admin.token },
    );
    expect(res.code, res.msg).toBe(0);
    return res.package;
  };

  it('is told once, 7 days before its last day; not one bought for less than that, nor one without credits', async () => {
    const m = await buildMember(t);
    const pkg = await grant(m, 30);
    const short = await grant(m, 3);
    const empty = await grant(m, 30, 1);
    await t.call(
      adminPackageCalls.adjustCredits,
      { _id: empty._id, delta: -1, reason: 'Test' },
      { token: admin.token },
    );
    t.clock.advance(22 * DAY);
    expect(await run('packages.tellExpiring')).toBe(0);
    t.clock.advance(DAY);
    expect(await run('packages.tellExpiring')).toBe(1);
    expect(await run('packages.tellExpiring')).toBe(0);
    expect(told('package.expiringSoon', 'package_id', pkg._id)).toEqual([
      {
        package_id: pkg._id,
        user_id: m.id,
        name: 'Five classes',
        name_i18n: { en: 'Five classes' },
        remaining: 5,
        expires_at: pkg.valid_until,
      },
    ]);
    expect(told('package.expiringSoon', 'package_id', short._id)).toEqual([]);
    expect(told('package.expiringSoon', 'package_id', empty._id)).toEqual([]);

    // Staff move its last day: told again before the new one.
    admin = await buildAdmin(t);
    const until = new Date(Date.parse(pkg.valid_until!) + 30 * DAY).toISOString();
    const extended = await t.call(
      adminPackageCalls.extend,
      { _id: pkg._id, valid_until: until, reason: 'Injury' },
      { token: admin.token },
    );
    expect(extended.code, extended.msg).toBe(0);
    expect(await run('packages.tellExpiring')).toBe(0);
    t.clock.advance(30 * DAY);
    expect(await run('packages.tellExpiring')).toBe(1);
    expect(told('package.expiringSoon', 'package_id', pkg._id)).toHaveLength(2);
  });

  it('two instances sweeping at once tell each package once', async () => {
    const m = await buildMember(t);
    const packages = [await grant(m, 10), await grant(m, 10), await grant(m, 10)];
    t.clock.advance(3 * DAY);
    const counts = await runTwice('packages.tellExpiring');
    expect(counts[0] + counts[1]).toBe(3);
    for (const p of packages) expect(told('package.expiringSoon', 'package_id', p._id)).toHaveLength(1);
  });

  it('is not told when the setting is 0', async () => {
    await settings({ package_expiry_notice_days: 0 });
    try {
      const m = await buildMember(t);
      const pkg = await grant(m, 10);
      t.clock.advance(5 * DAY);
      expect(await run('packages.tellExpiring')).toBe(0);
      expect(told('package.expiringSoon', 'package_id', pkg._id)).toEqual([]);
    } finally {
      await settings({ package_expiry_notice_days: 7 });
    }
  });
});

describe('a package whose last credit a booking took', () => {
  const book = async (m: TestMember, sessionId: string) => {
    const res = await t.call(reservationCalls.book, { session_id: sessionId }, { token: m.token });
    expect(res.code, res.msg).toBe(0);
    return res.reservation;
  };

  it('is told once, by the sweep after the booking', async () => {
    const m = await buildMember(t);
    const pkg = await buildPackage(t, m.id, { classCount: 2, name: 'Two classes' });
    await book(m, (await buildSession(t)).id);
    expect(await run('packages.tellUsedUp')).toBe(0);
    await book(m, (await buildSession(t)).id);
    expect(await run('packages.tellUsedUp')).toBe(1);
    expect(await run('packages.tellUsedUp')).toBe(0);
    expect(told('package.usedUp', 'package_id', pkg.id)).toEqual([
      { package_id: pkg.id, user_id: m.id, name: 'Two classes', name_i18n: { en: 'Two classes' }, total: 2 },
    ]);
  });

  it('is told when the waitlist books the member with it', async () => {
    const session = await buildSession(t, { capacity: 1 });
    const holder = await buildMember(t);
    await buildPackage(t, holder.id, { classCount: 5 });
    const waiting = await buildMember(t);
    const pkg = await buildPackage(t, waiting.id, { classCount: 1 });
    const booked = await book(holder, session.id);
    const joined = await t.call(reservationCalls.joinWaitlist, { session_id: session.id }, { token: waiting.token });
    expect(joined.code, joined.msg).toBe(0);
    await t.call(reservationCalls.cancelBooking, { reservation_id: booked._id }, { token: holder.token });
    expect(await run('packages.tellUsedUp')).toBe(1);
    expect(told('package.usedUp', 'package_id', pkg.id)).toHaveLength(1);
  });

  it('is not told when the credit came back before the sweep, nor when staff took the credits away', async () => {
    const m = await buildMember(t);
    const returned = await buildPackage(t, m.id, { classCount: 1 });
    const reservation = await book(m, (await buildSession(t)).id);
    const cancelled = await t.call(
      reservationCalls.cancelBooking,
      { reservation_id: reservation._id },
      { token: m.token },
    );
    expect(cancelled.code, cancelled.msg).toBe(0);
    const other = await buildMember(t);
    const takenAway = await buildPackage(t, other.id, { classCount: 1 });
    await t.call(
      adminPackageCalls.adjustCredits,
      { _id: takenAway.id, delta: -1, reason: 'Test' },
      { token: admin.token },
    );
    expect(await run('packages.tellUsedUp')).toBe(0);
    expect(told('package.usedUp', 'package_id', returned.id)).toEqual([]);
    expect(told('package.usedUp', 'package_id', takenAway.id)).toEqual([]);
  });

  it('two instances sweeping at once tell each package once', async () => {
    const packages = [];
    for (let i = 0; i < 3; i++) {
      const m = await buildMember(t);
      packages.push(await buildPackage(t, m.id, { classCount: 1 }));
      await book(m, (await buildSession(t)).id);
    }
    const counts = await runTwice('packages.tellUsedUp');
    expect(counts[0] + counts[1]).toBe(3);
    for (const p of packages) expect(told('package.usedUp', 'package_id', p.id)).toHaveLength(1);
  });
});

describe('a coupon about to expire unused (coupon_expiry_notice_days)', () => {
  it('is told once, 3 days before it ends; not one spent on an order', async () => {
    const coupon = await buildCoupon(t, admin.token, { name: 'Spring ten', total: 10 });
    const m = await buildMember(t);
    const copy = await claimCoupon(t, m.token, coupon._id);
    const spender = await buildMember(t);
    const spent = await claimCoupon(t, spender.token, coupon._id);
    const goods = await buildGoods(t, admin.token, { sku_list: [{ sku_name: 'Mat', price: 3000, stock: 10 }] });
    await placeOrder(t, spender.token, {
      items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }],
      delivery: 'pickup',
      coupon_id: spent._id,
    });
    t.clock.advance(26 * DAY);
    expect(await run('coupons.tellExpiring')).toBe(0);
    t.clock.advance(DAY);
    expect(await run('coupons.tellExpiring')).toBe(1);
    expect(await run('coupons.tellExpiring')).toBe(0);
    expect(told('coupon.expiringSoon', 'coupon_id', copy._id)).toEqual([
      {
        coupon_id: copy._id,
        coupon: coupon._id,
        user_id: m.id,
        name: 'Spring ten',
        name_i18n: { en: 'Spring ten' },
        expires_at: copy.ends_at,
      },
    ]);
    expect(told('coupon.expiringSoon', 'coupon_id', spent._id)).toEqual([]);
  });

  it('two instances sweeping at once tell each copy once', async () => {
    const coupon = await buildCoupon(t, admin.token, { total: 10 });
    const copies = [];
    for (let i = 0; i < 3; i++) copies.push(await claimCoupon(t, (await buildMember(t)).token, coupon._id));
    t.clock.advance(28 * DAY);
    const counts = await runTwice('coupons.tellExpiring');
    expect(counts[0] + counts[1]).toBe(3);
    for (const c of copies) expect(told('coupon.expiringSoon', 'coupon_id', c._id)).toHaveLength(1);
  });

  it('is not told when the setting is 0', async () => {
    await settings({ coupon_expiry_notice_days: 0 });
    try {
      const coupon = await buildCoupon(t, admin.token);
      const copy = await claimCoupon(t, (await buildMember(t)).token, coupon._id);
      t.clock.advance(28 * DAY);
      expect(await run('coupons.tellExpiring')).toBe(0);
      expect(told('coupon.expiringSoon', 'coupon_id', copy._id)).toEqual([]);
    } finally {
      await settings({ coupon_expiry_notice_days: 3 });
    }
  });
});
