import { adminUserCalls } from '@studio/contract/account';
import { ORDER_STATUS, orderCalls } from '@studio/contract/orders';
import { reservationCalls } from '@studio/contract/reservations';
import { verifyCalls } from '@studio/contract/teacher';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY, MINUTE } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditEntriesFor } from '../audit/testing';
import { buildGoods } from '../catalog/testing';
import { credit, placeOrder } from '../orders/testing';
import {
  buildAdmin,
  buildMember,
  buildPackage,
  buildSession,
  buildTeacher,
  type TestMember,
} from '../schedule/testing';

let t: TestApp;
let admin: TestMember;
let staff: TestMember;
const START = '2026-11-22T09:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  staff = await buildMember(t);
  const res = await t.call(
    adminUserCalls.setRoles,
    { user_id: staff.id, roles: ['member'], is_verify_staff: true },
    { token: admin.token },
  );
  expect(res.code).toBe(0);
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

const scan = (m: TestMember, code: string) => t.call(verifyCalls.scan, { code }, { token: m.token });

/** A member booked on a class starting 3 days after START; answers the reservation (with its code). */
async function booking(nickname = 'Mia Member') {
  const member = await buildMember(t, { nickname });
  await buildPackage(t, member.id);
  const session = await buildSession(t, { startsAt: new Date(Date.parse(START) + 3 * DAY) });
  const res = await t.call(reservationCalls.book, { session_id: session.id }, { token: member.token });
  expect(res.code).toBe(0);
  return { member, session, reservation: res.reservation };
}

describe('client/verify.scan', () => {
  it('checks in the member whose reservation code was scanned, for any teacher’s class', async () => {
    const { member, session, reservation } = await booking('Noah Scan');
    t.clock.set(new Date(session.startsAt.getTime() - 10 * MINUTE));
    const res = await scan(staff, reservation.code);
    expect(res.code).toBe(0);
    expect(res).toMatchObject({
      kind: 'reservation',
      reservation: {
        _id: reservation._id,
        status: 'registered',
        checked_in_at: t.clock.now().toISOString(),
        session: { _id: session.id, course_name: expect.any(String) },
        member: { _id: member.id, nickname: 'Noah Scan', avatar: null },
      },
    });
    // The member sees it too.
    const mine = await t.call(reservationCalls.getMyReservations, {}, { token: member.token });
    expect(mine.rows[0]!.checked_in_at).toBe(t.clock.now().toISOString());
  });

  it('refuses a second scan of the same code (ALREADY_CHECKED_IN)', async () => {
    const { session, reservation } = await booking();
    t.clock.set(session.startsAt);
    expect((await scan(staff, reservation.code)).code).toBe(0);
    expect((await scan(staff, reservation.code.toLowerCase())).code).toBe('ALREADY_CHECKED_IN');
  });

  it('answers CODE_NOT_FOUND for a code that names nothing', async () => {
    expect((await scan(staff, 'NOTACODE42')).code).toBe('CODE_NOT_FOUND');
  });

  it('applies the check-in window and refuses cancelled reservations', async () => {
    const { session, reservation } = await booking();
    expect(await scan(staff, reservation.code)).toMatchObject({ code: 'CHECK_IN_NOT_OPEN' });
    t.clock.set(new Date(session.endsAt.getTime() + 31 * MINUTE));
    expect((await scan(staff, reservation.code)).code).toBe('CHECK_IN_CLOSED');

    t.clock.set(START);
    const other = await booking();
    const cancelled = await t.call(
      reservationCalls.cancelBooking,
      { reservation_id: other.reservation._id },
      { token: other.member.token },
    );
    expect(cancelled.code).toBe(0);
    t.clock.set(other.session.startsAt);
    expect((await scan(staff, other.reservation.code)).code).toBe('RESERVATION_NOT_ACTIVE');
  });

  it('is for verification staff and admins only (PERMISSION_DENIED otherwise, even for teachers)', async () => {
    const { session, reservation } = await booking();
    t.clock.set(session.startsAt);
    const member = await buildMember(t);
    const teacher = await buildTeacher(t);
    expect((await scan(member, reservation.code)).code).toBe('PERMISSION_DENIED');
    expect((await scan(teacher, reservation.code)).code).toBe('PERMISSION_DENIED');
    // Refused before the code is looked at: an unknown code tells a non-staff caller nothing either.
    expect((await scan(member, 'NOTACODE42')).code).toBe('PERMISSION_DENIED');
    expect((await t.call(verifyCalls.scan, { code: reservation.code })).code).toBe(30204);
    expect((await scan(admin, reservation.code)).code).toBe(0);
  });

  it('loses the right with the flag: staff whose flag is removed are refused with the same token', async () => {
    const former = await buildMember(t);
    const setStaff = (on: boolean) =>
      t.call(
        adminUserCalls.setRoles,
        { user_id: former.id, roles: ['member'], is_verify_staff: on },
        { token: admin.token },
      );
    await setStaff(true);
    expect((await scan(former, 'NOTACODE42')).code).toBe('CODE_NOT_FOUND');
    await setStaff(false);
    expect((await scan(former, 'NOTACODE42')).code).toBe('PERMISSION_DENIED');
  });

  it('validates the code', async () => {
    expect((await scan(staff, '')).code).toBe('INVALID_PARAM');
    expect((await scan(staff, 'x'.repeat(65))).code).toBe('INVALID_PARAM');
  });
});

describe('a pickup code at the desk (client/verify.lookup, then client/verify.scan)', () => {
  /** A paid pickup order of two mats and a block for a member named `nickname`; answers its code. */
  async function pickupOrder(nickname: string) {
    const goods = await buildGoods(t, admin.token, {
      name: 'Cork Block',
      sku_list: [
        { sku_name: 'Natural', price: 1200, stock: 10 },
        { sku_name: 'Dark', price: 1300, stock: 10 },
      ],
    });
    const [natural, dark] = goods.sku_list;
    const member = await buildMember(t, { nickname });
    await credit(t, admin.token, member.id, 10_000);
    const { order_no } = await placeOrder(t, member.token, {
      items: [
        { sku_id: natural!._id, buy_num: 2 },
        { sku_id: dark!._id, buy_num: 1 },
      ],
      delivery: 'pickup',
    });
    const { order } = await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: member.token });
    return { member, order_no, code: order!.pickup_code! };
  }
  const lookup = (m: TestMember, code: string) => t.call(verifyCalls.lookup, { code }, { token: m.token });

  it('shows whose order it is and what is in it, changing nothing, before it is handed over', async () => {
    const { member, order_no, code } = await pickupOrder('Iris Pickup');
    const seen = await lookup(staff, code.toLowerCase());
    expect(seen).toMatchObject({
      code: 0,
      kind: 'order',
      member: { _id: member.id, nickname: 'Iris Pickup' },
      picked_up: null,
      order: {
        order_no,
        status: ORDER_STATUS.paid,
        lines: [
          expect.objectContaining({ goods_name: 'Cork Block', sku_name: 'Natural', buy_num: 2 }),
          expect.objectContaining({ goods_name: 'Cork Block', sku_name: 'Dark', buy_num: 1 }),
        ],
      },
    });
    // Looked at, not handed over.
    expect(await lookup(staff, code)).toMatchObject({ order: { status: ORDER_STATUS.paid } });
    expect(await auditEntriesFor(t.app.db, 'order', order_no)).toHaveLength(0);
  });

  it('hands it over on confirming, audited as the staff member’s; the used code then says when and by whom', async () => {
    const { order_no, code } = await pickupOrder('Jon Pickup');
    await t.app.db.execute(`update users set nickname = 'Sam Staff' where id = '${staff.id}'`);
    t.clock.set('2026-11-22T14:05:00.000Z');
    const done = await scan(staff, code);
    expect(done).toMatchObject({ kind: 'order', order: { order_no, status: ORDER_STATUS.completed } });
    const [entry] = await auditEntriesFor(t.app.db, 'order', order_no);
    expect(entry).toMatchObject({ actorId: staff.id, action: 'client/verify.scan' });
    expect(entry?.after).toMatchObject({ status: ORDER_STATUS.completed });

    t.clock.set('2026-11-22T15:00:00.000Z');
    expect(await lookup(staff, code)).toMatchObject({
      kind: 'order',
      picked_up: { at: '2026-11-22T14:05:00.000Z', by: { _id: staff.id, nickname: 'Sam Staff' } },
    });
    const again = await t.callRaw(verifyCalls.scan.url, { code }, { token: admin.token });
    expect(again).toMatchObject({
      code: 'PICKUP_ALREADY_DONE',
      picked_up_at: '2026-11-22T14:05:00.000Z',
      by: staff.id,
    });
    expect(again.msg).toMatch(/^Already picked up: .*14:05.* by Sam Staff$/);
    const zh = await t.callRaw(verifyCalls.scan.url, { code }, { token: admin.token, locale: 'zh-Hans' });
    expect(zh.msg).toMatch(/由 Sam Staff 核销取货/);
    expect(await auditEntriesFor(t.app.db, 'order', order_no)).toHaveLength(1);
  });

  it('answers what a reservation code is, and CODE_NOT_FOUND or PERMISSION_DENIED as the scan does', async () => {
    const { member, reservation } = await booking();
    expect(await lookup(staff, reservation.code)).toMatchObject({ code: 0, kind: 'reservation' });
    expect((await t.callRaw(verifyCalls.lookup.url, { code: 'NOPE123' }, { token: staff.token })).code).toBe(
      'CODE_NOT_FOUND',
    );
    expect((await t.callRaw(verifyCalls.lookup.url, { code: reservation.code }, { token: member.token })).code).toBe(
      'PERMISSION_DENIED',
    );
  });

  it('audits check-ins by scan', async () => {
    const { session, reservation } = await booking();
    t.clock.set(new Date(session.startsAt.getTime() - 10 * MINUTE));
    await scan(staff, reservation.code);
    const [entry] = await auditEntriesFor(t.app.db, 'reservation', reservation._id);
    expect(entry).toMatchObject({ actorId: staff.id, action: 'client/verify.scan' });
  });
});
