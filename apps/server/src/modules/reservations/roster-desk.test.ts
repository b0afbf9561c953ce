import { notificationCalls } from '@studio/contract/notifications';
import type { Envelope } from '@studio/contract/protocol';
import { adminReservationCalls, type DeskSeatPay, reservationCalls } from '@studio/contract/reservations';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY, HOUR } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditEntriesFor } from '../audit/testing';
import { findPackage } from '../packages/service';
import {
  buildAdmin,
  buildCourse,
  buildMember,
  buildPackage,
  buildSession,
  setMerchant,
  type TestMember,
} from '../schedule/testing';

// The front desk adds members to a session's roster (a credit of theirs, or a drop-in paid there) and
// removes them (the credit back, the waitlist promoted), with the rules of a member's own booking.

let t: TestApp;
let admin: TestMember;
const START = '2026-11-22T09:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  await setMerchant(t, { cancelWindowHours: 24, bookingWindowDays: 14 });
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

async function memberWithCredits(credits = 5, o: Parameters<typeof buildPackage>[2] = {}) {
  const m = await buildMember(t);
  const pkg = await buildPackage(t, m.id, { classCount: credits, ...o });
  return { ...m, packageId: pkg.id };
}
const add = (sessionId: string, userId: string, pay: DeskSeatPay, token = admin.token) =>
  t.callRaw(adminReservationCalls.addToRoster.url, { session_id: sessionId, user_id: userId, pay }, { token });
const remaining = async (packageId: string) => (await findPackage(t.app.db, packageId))!.remainingCount;
const roster = (sessionId: string) =>
  t.call(adminReservationCalls.getRoster, { _id: sessionId }, { token: admin.token });
const noticesOf = async (m: TestMember) =>
  (await t.call(notificationCalls.getMyNotifications, {}, { token: m.token })).rows;

describe('admin/reservation.add: a member added at the desk', () => {
  it('takes a credit of the package expiring first, shows them on the roster, audits it and tells the member', async () => {
    const session = await buildSession(t, { capacity: 3 });
    const m = await memberWithCredits(5);
    const sooner = await buildPackage(t, m.id, {
      classCount: 2,
      validity: { mode: 'fixed', valid_from: START, valid_until: new Date(Date.parse(START) + 10 * DAY).toISOString() },
    });
    const res = (await add(session.id, m.id, { kind: 'package' })) as Envelope & {
      reservation: { _id: string; package_id: string | null; status: string };
    };
    expect(res.code).toBe(0);
    expect(res.reservation).toMatchObject({ package_id: sooner.id, status: 'registered' });
    expect(await remaining(sooner.id)).toBe(1);
    expect(await remaining(m.packageId)).toBe(5);

    const after = await roster(session.id);
    expect(after.session.booked_count).toBe(1);
    expect(after.rows).toEqual([
      expect.objectContaining({ status: 'registered', drop_in: null, member: expect.objectContaining({ _id: m.id }) }),
    ]);
    // The member sees it as their own booking, and was told.
    const mine = await t.call(reservationCalls.getMyReservations, {}, { token: m.token });
    expect(mine.rows.map((r) => r._id)).toEqual([res.reservation._id]);
    const [notice] = await noticesOf(m);
    expect(notice).toMatchObject({ type: 'reservationAdded', title: 'You are booked' });
    expect(notice?.body).toContain('The studio booked you into');

    const [entry] = await auditEntriesFor(t.app.db, 'reservation', res.reservation._id);
    expect(entry).toMatchObject({ actorId: admin.id, action: 'admin/reservation.add', before: null });
    expect(entry?.after).toMatchObject({ userId: m.id, packageId: sooner.id, bookedBy: admin.id });
  });

  it('takes the credit of the package staff chose, and lists only the packages that can pay', async () => {
    const yoga = await buildCourse(t);
    const session = await buildSession(t, { courseId: yoga.id });
    const m = await memberWithCredits(5);
    const other = await buildPackage(t, m.id, { courseIds: [(await buildCourse(t)).id] });
    const expired = await buildPackage(t, m.id, {
      validity: { mode: 'fixed', valid_from: START, valid_until: new Date(Date.parse(START) + HOUR).toISOString() },
    });
    const chosen = await buildPackage(t, m.id, { classCount: 3, courseIds: [yoga.id], name: 'Yoga 3' });
    const payable = await t.call(
      adminReservationCalls.getPayablePackages,
      { _id: session.id, user_id: m.id },
      { token: admin.token },
    );
    expect(payable.rows.map((p) => p._id).sort()).toEqual([m.packageId, chosen.id].sort());
    expect(payable.rows.map((p) => p._id)).not.toContain(other.id);
    expect(payable.rows.map((p) => p._id)).not.toContain(expired.id);

    // A package that cannot pay for this class is refused, as it would be for the member.
    expect(await add(session.id, m.id, { kind: 'package', package_id: other.id })).toMatchObject({
      code: 'PACKAGE_INVALID',
    });
    expect(await add(session.id, m.id, { kind: 'package', package_id: chosen.id })).toMatchObject({ code: 0 });
    expect(await remaining(chosen.id)).toBe(2);
    expect(await remaining(m.packageId)).toBe(5);
  });

  it('records a drop-in paid at the desk without touching any package', async () => {
    const session = await buildSession(t, { capacity: 2 });
    const m = await buildMember(t);
    const res = (await add(session.id, m.id, { kind: 'drop_in', amount: 1500, method: 'cash' })) as Envelope & {
      reservation: { _id: string; package_id: string | null };
    };
    expect(res).toMatchObject({ code: 0, reservation: { package_id: null } });
    const after = await roster(session.id);
    expect(after.rows[0]).toMatchObject({ member: { _id: m.id }, drop_in: { amount: 1500, method: 'cash' } });
    const [entry] = await auditEntriesFor(t.app.db, 'reservation', res.reservation._id);
    expect(entry?.after).toMatchObject({ dropInAmount: 1500, dropInMethod: 'cash', packageId: null });
    expect(
      await add(session.id, (await buildMember(t)).id, { kind: 'drop_in', amount: -1, method: 'cash' }),
    ).toMatchObject({ code: 'INVALID_PARAM' });
    expect(
      await add(session.id, (await buildMember(t)).id, { kind: 'drop_in', amount: 100, method: 'cheque' } as never),
    ).toMatchObject({ code: 'INVALID_PARAM' });
  });

  it('keeps the booking rules: a full class, a member booked already, no package, no such member, not yet open, started', async () => {
    const session = await buildSession(t, { capacity: 1 });
    const m = await memberWithCredits();
    expect(await add(session.id, m.id, { kind: 'package' })).toMatchObject({ code: 0 });
    expect(await add(session.id, m.id, { kind: 'drop_in', amount: 1000, method: 'card_terminal' })).toMatchObject({
      code: 'COURSE_FULL',
    });
    const roomy = await buildSession(t, { capacity: 5 });
    await t.call(reservationCalls.book, { session_id: roomy.id }, { token: m.token });
    const again = await add(roomy.id, m.id, { kind: 'package' });
    expect(again).toMatchObject({ code: 'MEMBER_ALREADY_BOOKED', msg: 'This member is already booked in this class' });
    const none = await buildMember(t);
    expect(await add(roomy.id, none.id, { kind: 'package' })).toMatchObject({ code: 'PACKAGE_INVALID' });
    expect(await add(roomy.id, 'nobody', { kind: 'package' })).toMatchObject({ code: 'USER_NOT_FOUND' });
    expect(await add('missing', m.id, { kind: 'package' })).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    const far = await buildSession(t, { startsAt: new Date(Date.parse(START) + 20 * DAY) });
    expect(await add(far.id, m.id, { kind: 'package' })).toMatchObject({ code: 'BOOKING_NOT_OPEN' });
    t.clock.set(new Date(roomy.startsAt.getTime() + 60_000));
    expect(await add(roomy.id, none.id, { kind: 'drop_in', amount: 0, method: 'cash' })).toMatchObject({
      code: 'BOOKING_CLOSED',
    });
    expect(await roster(roomy.id)).toMatchObject({ session: { booked_count: 1 } });
  });

  it('is for staff with classes.manage only', async () => {
    const session = await buildSession(t);
    const m = await memberWithCredits();
    expect(await add(session.id, m.id, { kind: 'package' }, m.token)).toMatchObject({ code: 'PERMISSION_DENIED' });
    const desk = await buildMember(t);
    await t.app.db.execute(`update users set permissions = '{classes.manage}' where id = '${desk.id}'`);
    expect(await add(session.id, m.id, { kind: 'package' }, desk.token)).toMatchObject({ code: 0 });
  });

  it('completes the member’s waitlist place', async () => {
    const session = await buildSession(t, { capacity: 1 });
    await t.call(reservationCalls.book, { session_id: session.id }, { token: (await memberWithCredits()).token });
    const waiter = await memberWithCredits();
    await t.call(reservationCalls.joinWaitlist, { session_id: session.id }, { token: waiter.token });
    // A seat the waitlist has not been offered yet (written past the service, which would promote at once).
    await t.app.db.execute(`update class_sessions set capacity = 2 where id = '${session.id}'`);
    expect(await add(session.id, waiter.id, { kind: 'drop_in', amount: 900, method: 'card_terminal' })).toMatchObject({
      code: 0,
    });
    const after = await roster(session.id);
    expect(after.waitlist).toEqual([]);
    expect(after.rows.map((r) => r.member._id)).toContain(waiter.id);
    expect(await remaining(waiter.packageId)).toBe(5);
  });
});

describe('admin/reservation.cancel: a member removed from the roster', () => {
  it('returns the credit inside the member’s cancel window, promotes the first waiter and tells both', async () => {
    const session = await buildSession(t, { capacity: 1 });
    const m = await memberWithCredits(3);
    const added = (await add(session.id, m.id, { kind: 'package' })) as Envelope & { reservation: { _id: string } };
    const waiter = await memberWithCredits(2);
    await t.call(reservationCalls.joinWaitlist, { session_id: session.id }, { token: waiter.token });
    expect(await remaining(m.packageId)).toBe(2);
    t.clock.set(new Date(session.startsAt.getTime() - HOUR));
    const removed = await t.call(
      adminReservationCalls.cancelReservation,
      { _id: added.reservation._id },
      { token: admin.token },
    );
    expect(removed.reservation.status).toBe('cancelled');
    expect(await remaining(m.packageId)).toBe(3);
    const after = await roster(session.id);
    expect(after.rows.filter((r) => r.status !== 'cancelled').map((r) => r.member._id)).toEqual([waiter.id]);
    expect(await remaining(waiter.packageId)).toBe(1);
    expect((await noticesOf(m)).map((n) => n.type)).toEqual(['reservationCancelled', 'reservationAdded']);
    expect((await noticesOf(waiter)).map((n) => n.type)).toEqual(['waitlistPromoted']);
  });

  it('frees a drop-in’s seat with no package to credit', async () => {
    const session = await buildSession(t, { capacity: 1 });
    const m = await memberWithCredits(3);
    const added = (await add(session.id, m.id, { kind: 'drop_in', amount: 1200, method: 'cash' })) as Envelope & {
      reservation: { _id: string };
    };
    await t.call(adminReservationCalls.cancelReservation, { _id: added.reservation._id }, { token: admin.token });
    expect(await remaining(m.packageId)).toBe(3);
    expect((await roster(session.id)).session.booked_count).toBe(0);
  });
});

describe('the last seat', () => {
  it('goes to the desk or to the member booking at the same moment, never to both', async () => {
    const rounds = 8;
    const sessions = await Promise.all(Array.from({ length: rounds }, () => buildSession(t, { capacity: 1 })));
    const results = await Promise.all(
      sessions.map(async (session) => {
        const [online, walkIn] = [await memberWithCredits(2), await memberWithCredits(2)];
        const answers = await Promise.all([
          t.callRaw(reservationCalls.book.url, { session_id: session.id }, { token: online.token }),
          add(session.id, walkIn.id, { kind: 'package' }),
        ]);
        const credits = (await remaining(online.packageId)) + (await remaining(walkIn.packageId));
        return { session, answers, credits };
      }),
    );
    for (const { session, answers, credits } of results) {
      expect(answers.map((a) => a.code).sort()).toEqual([0, 'COURSE_FULL'].sort());
      const after = await roster(session.id);
      expect(after.session.booked_count).toBe(1);
      expect(after.rows.filter((r) => r.status === 'registered')).toHaveLength(1);
      // One credit spent between them: the refused one kept theirs.
      expect(credits).toBe(3);
    }
  });
});
