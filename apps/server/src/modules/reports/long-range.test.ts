import { adminOrderCalls, orderCalls } from '@studio/contract/orders';
import { adminReportCalls } from '@studio/contract/reports';
import { adminReservationCalls, reservationCalls } from '@studio/contract/reservations';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../platform/clock';
import { rowsOf } from '../../platform/report-sql';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { credit, placeOrder, setPayTypes } from '../orders/testing';
import {
  buildAdmin,
  buildCourse,
  buildMember,
  buildPackage,
  buildRoom,
  buildSession,
  buildTeacher,
  setMerchant,
  type TestMember,
} from '../schedule/testing';
import { coursePackage, sellAtDesk } from './testing';

/*
 * Issue 26, the reports over a long range (more than two months: one pass over the indexes, grouped,
 * rather than by class or by order): the same numbers as a week's range holding the same classes and
 * sales, and the classes' numbers (read from booked_count and the partial indexes) the same as
 * counting every booking, after bookings, cancellations in time and late, a check-in and no-shows.
 */

const clock = new TestClock('2026-05-25T10:00:00.000Z');
let t: TestApp;
let admin: TestMember;
const week = { from: '2026-06-01', to: '2026-06-07' };
const long = { from: '2026-03-01', to: '2026-08-31' };

beforeAll(async () => {
  t = await createTestApp({ clock });
  await setMerchant(t, { tokenTtlDays: 365 });
  admin = await buildAdmin(t);
  await setPayTypes(t, admin.token, ['balance', 'offline']);
  const teacher = await buildTeacher(t);
  const course = await buildCourse(t);
  const room = await buildRoom(t, { capacity: 10 });
  const m = [await buildMember(t), await buildMember(t), await buildMember(t), await buildMember(t)];
  for (const who of m) await buildPackage(t, who.id, { classCount: 10 });
  const session = (startsAt: string, capacity: number) =>
    buildSession(t, {
      startsAt: new Date(startsAt),
      courseId: course.id,
      teacherId: teacher.id,
      roomId: room.id,
      capacity,
    });
  const book = async (who: TestMember, session_id: string) => {
    const res = await t.call(reservationCalls.book, { session_id }, { token: who.token });
    expect(res.code, res.msg).toBe(0);
    return res.reservation._id;
  };

  const tuesday = await session('2026-06-02T09:00:00.000Z', 4);
  const wednesday = await session('2026-06-03T17:00:00.000Z', 2);
  const kept = await book(m[0]!, tuesday.id);
  await book(m[1]!, tuesday.id);
  const inTime = await book(m[2]!, tuesday.id);
  const late = await book(m[3]!, tuesday.id);
  await book(m[0]!, wednesday.id);
  const wednesdayLate = await book(m[1]!, wednesday.id);
  expect((await t.call(reservationCalls.joinWaitlist, { session_id: wednesday.id }, { token: m[2]!.token })).code).toBe(
    0,
  );
  expect((await t.call(reservationCalls.cancelBooking, { reservation_id: inTime }, { token: m[2]!.token })).code).toBe(
    0,
  );
  clock.set('2026-06-02T08:30:00.000Z');
  expect((await t.call(adminReservationCalls.cancelReservation, { _id: late }, { token: admin.token })).code).toBe(0);
  clock.set('2026-06-02T08:55:00.000Z');
  expect((await t.call(adminReservationCalls.checkIn, { _id: kept }, { token: admin.token })).code).toBe(0);
  clock.set('2026-06-03T16:30:00.000Z');
  // Late, by staff for the member: a seat freed half an hour before (the waitlisted member may take it).
  expect(
    (await t.call(adminReservationCalls.cancelReservation, { _id: wednesdayLate }, { token: admin.token })).code,
  ).toBe(0);

  // Sales: a package at the desk, and a goods order paid and then refunded.
  const pkg = await coursePackage(t, admin, { price: 9000, classes: 10 });
  await sellAtDesk(t, admin, m[0]!.id, pkg.skuId, 'cash');
  const buyer = await buildMember(t);
  await credit(t, admin.token, buyer.id, 9000);
  const goods = await buildGoods(t, admin.token, { sku_list: [{ sku_name: 'Mat', price: 3000, stock: 10 }] });
  const { order_no } = await placeOrder(t, buyer.token, {
    items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 2 }],
    delivery: 'pickup',
  });
  expect((await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: buyer.token })).code).toBe(0);
  clock.set('2026-06-04T09:00:00.000Z');
  expect((await t.call(orderCalls.applyRefund, { order_no, reason: 'Too thin' }, { token: buyer.token })).code).toBe(0);
  expect((await t.call(adminOrderCalls.approveRefund, { order_no }, { token: admin.token })).code).toBe(0);
  clock.set('2026-06-10T12:00:00.000Z');
});
afterAll(() => t.close());

/** The classes' numbers counted from every booking of classes starting in [from, to), as the report defines them. */
async function counted(from: string, to: string) {
  const [row] = await rowsOf<Record<string, number>>(
    t.app.db,
    sql`select count(distinct s.id)::int as sessions,
        (count(r.id) filter (where r.status <> 'cancelled'))::int as booked,
        (count(r.id) filter (where r.status <> 'cancelled' and r.checked_in_at is not null))::int as check_ins,
        (count(r.id) filter (where r.status <> 'cancelled' and r.checked_in_at is null and s.ends_at <= ${clock.now().toISOString()}::timestamptz))::int as no_shows,
        (count(r.id) filter (where r.status = 'cancelled' and r.cancelled_by in ('member', 'staff')
          and r.cancelled_at > s.starts_at - interval '12 hours'))::int as late_cancels
      from class_sessions s left join reservations r on r.session_id = s.id
      where s.status <> 'cancelled' and s.starts_at >= ${from}::timestamptz and s.starts_at < ${to}::timestamptz`,
  );
  return row!;
}

describe('over a long range', () => {
  it('the classes report counts what every booking says, as a week holding the same classes does', async () => {
    const [byWeek, byMonths] = [
      await t.call(adminReportCalls.classes, week, { token: admin.token }),
      await t.call(adminReportCalls.classes, long, { token: admin.token }),
    ];
    expect(byWeek.code, byWeek.msg).toBe(0);
    const live = await counted('2026-05-31T23:00:00Z', '2026-06-07T23:00:00Z');
    // The waitlisted member took the seat freed late on Wednesday.
    expect(live).toEqual({ sessions: 2, booked: 4, check_ins: 1, no_shows: 3, late_cancels: 2 });
    expect(byWeek.total).toMatchObject({ ...live, waitlisted: 1 });
    expect(byMonths.total).toEqual(byWeek.total);
    expect(byMonths.by_course).toEqual(byWeek.by_course);
    expect(byMonths.heatmap).toEqual(byWeek.heatmap);
  });

  it('the sales report takes the same refunds off the same lines as a week does', async () => {
    const [byWeek, byMonths] = [
      await t.call(adminReportCalls.sales, week, { token: admin.token }),
      await t.call(adminReportCalls.sales, long, { token: admin.token }),
    ];
    expect(byWeek.code, byWeek.msg).toBe(0);
    expect(byWeek.items.map((i) => [i.kind, i.units, i.revenue])).toEqual([
      ['packages', 1, 9000],
      ['goods', 0, 0],
    ]);
    expect(byMonths.items).toEqual(byWeek.items);
    expect(byMonths.skus).toEqual(byWeek.skus);
    expect(byMonths.total).toEqual(byWeek.total);
  });

  it('the members report counts a year of joiners by the month they came', async () => {
    const res = await t.call(
      adminReportCalls.members,
      { from: '2025-07-01', to: '2026-06-30' },
      { token: admin.token },
    );
    expect(res.code, res.msg).toBe(0);
    const may = res.retention.find((c) => c.month === '2026-05')!;
    const [kept] = await rowsOf<{ n: number }>(
      t.app.db,
      sql`select count(distinct u.id)::int as n from users u
        join reservations r on r.user_id = u.id and r.status <> 'cancelled'
        join class_sessions s on s.id = r.session_id and s.status <> 'cancelled'
        where u.created_at >= '2026-04-30T23:00:00Z' and u.created_at < '2026-05-31T23:00:00Z'
          and s.starts_at >= '2026-05-31T23:00:00Z' and s.starts_at < '2026-06-30T23:00:00Z'`,
    );
    // Everyone but the goods buyer joined on 25 May; those with a booking kept in June came back.
    expect(kept!.n).toBeGreaterThanOrEqual(2);
    expect(may.active).toEqual([0, kept!.n / may.joined]);
  });
});
