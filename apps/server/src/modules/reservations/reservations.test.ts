import { notificationCalls } from '@studio/contract/notifications';
import { adminReservationCalls, reservationCalls } from '@studio/contract/reservations';
import type { SessionRecord } from '@studio/contract/schedule';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY, HOUR } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { findPackage } from '../packages/service';
import { findSession } from '../schedule/service';
import {
  buildAdmin,
  buildCourse,
  buildMember,
  buildPackage,
  buildSession,
  setMerchant,
  type TestMember,
} from '../schedule/testing';
import { findReservation, getSchedule } from './read-models';
import { sweepEndedReservations, sweepStartedWaitlists } from './sweeps';
import { findEntry } from './waitlist-repo';

let t: TestApp;
let admin: TestMember;
const START = '2026-11-22T09:00:00.000Z';
/** A package that expires (in 90 days), so the server's own pick prefers it to a long-term one. */
const SOON = { mode: 'rule', delay_days: 0, valid_days: 90 } as const;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

const book = (m: TestMember, session_id: string, package_id?: string) =>
  t.call(reservationCalls.book, { session_id, ...(package_id ? { package_id } : {}) }, { token: m.token });
const cancel = (m: TestMember, reservation_id: string) =>
  t.call(reservationCalls.cancelBooking, { reservation_id }, { token: m.token });
const join = (m: TestMember, session_id: string, package_id?: string) =>
  t.call(reservationCalls.joinWaitlist, { session_id, ...(package_id ? { package_id } : {}) }, { token: m.token });
const leave = (m: TestMember, entry_id: string) =>
  t.call(reservationCalls.leaveWaitlist, { entry_id }, { token: m.token });
const detail = (id: string, m?: TestMember) =>
  t.call(reservationCalls.getSessionDetail, { _id: id }, { token: m?.token });

/** A member holding a long-term package of `credits`. */
async function memberWithCredits(credits = 10) {
  const m = await buildMember(t);
  const pkg = await buildPackage(t, m.id, { classCount: credits });
  return { ...m, packageId: pkg.id };
}

/** A session whose seats are all taken by fresh members. */
async function fullSession(capacity = 1) {
  const session = await buildSession(t, { capacity });
  for (let i = 0; i < capacity; i++) {
    const m = await memberWithCredits();
    expect((await book(m, session.id)).code).toBe(0);
  }
  return session;
}

describe('client/course.book', () => {
  it('books a seat, takes one credit and answers the reservation with its session and a check-in code', async () => {
    const m = await memberWithCredits(5);
    const session = await buildSession(t, { capacity: 3 });
    const res = await book(m, session.id);
    expect(res.code).toBe(0);
    expect(res.reservation).toMatchObject({
      session_id: session.id,
      package_id: m.packageId,
      status: 'registered',
      checked_in_at: null,
      session: { _id: session.id, booked_count: 1, seats_left: 2, my_status: 'registered', capacity: 3 },
    });
    expect(res.reservation.code).toMatch(/^[2-9A-Z]{10}$/);
    expect((await findPackage(t.app.db, m.packageId))!.remainingCount).toBe(4);
  });

  it('needs a token', async () => {
    const session = await buildSession(t);
    expect((await t.call(reservationCalls.book, { session_id: session.id })).code).toBe(30204);
  });

  it('opens exactly bookingWindowDays before start and closes at start', async () => {
    const m = await memberWithCredits();
    const startsAt = new Date(Date.parse(START) + 20 * DAY);
    const session = await buildSession(t, { startsAt });
    t.clock.set(new Date(startsAt.getTime() - 14 * DAY - 1));
    expect(await book(m, session.id)).toMatchObject({ code: 'BOOKING_NOT_OPEN', msg: expect.stringContaining('14') });
    t.clock.set(new Date(startsAt.getTime() - 14 * DAY));
    expect((await book(m, session.id)).code).toBe(0);

    t.clock.set(startsAt);
    const other = await memberWithCredits();
    expect((await book(other, session.id)).code).toBe('BOOKING_CLOSED');
  });

  it('reads the booking window from the merchant settings', async () => {
    await setMerchant(t, { bookingWindowDays: 2 });
    try {
      const m = await memberWithCredits();
      const session = await buildSession(t, { startsAt: new Date(Date.parse(START) + 3 * DAY) });
      expect(await book(m, session.id)).toMatchObject({ code: 'BOOKING_NOT_OPEN' });
      expect((await book(m, session.id)).msg).toContain('2');
    } finally {
      await setMerchant(t, { bookingWindowDays: 14 });
    }
  });

  it('refuses a second booking of the same session (ALREADY_BOOKED) without taking a credit', async () => {
    const m = await memberWithCredits(5);
    const session = await buildSession(t);
    expect((await book(m, session.id)).code).toBe(0);
    expect((await book(m, session.id)).code).toBe('ALREADY_BOOKED');
    expect((await findPackage(t.app.db, m.packageId))!.remainingCount).toBe(4);
  });

  it('refuses unknown and cancelled sessions', async () => {
    const m = await memberWithCredits();
    expect((await book(m, 'nope')).code).toBe('SESSION_NOT_FOUND');
    const session = await buildSession(t);
    await t.call(
      adminReservationCalls.cancelSession,
      { _id: session.id, reason: 'Teacher ill' },
      { token: admin.token },
    );
    expect((await book(m, session.id)).code).toBe('SESSION_CANCELLED');
  });

  it('answers COURSE_FULL with other sessions of the same course that have seats', async () => {
    const course = await buildCourse(t);
    const full = await buildSession(t, { courseId: course.id, capacity: 1 });
    const later = await buildSession(t, { courseId: course.id, startsAt: new Date(Date.parse(START) + 4 * DAY) });
    const laterFull = await buildSession(t, {
      courseId: course.id,
      capacity: 1,
      startsAt: new Date(Date.parse(START) + 5 * DAY),
    });
    const past = await buildSession(t, { courseId: course.id, startsAt: new Date(Date.parse(START) - DAY) });
    const otherCourse = await buildSession(t);
    const first = await memberWithCredits();
    expect((await book(first, full.id)).code).toBe(0);
    expect((await book(first, laterFull.id)).code).toBe(0);
    const m = await memberWithCredits(3);
    const res = await book(m, full.id);
    expect(res.code).toBe('COURSE_FULL');
    expect(res.session_id).toBe(full.id);
    const ids = (res.suggestions as SessionRecord[]).map((s) => s._id);
    expect(ids).toEqual([later.id]);
    expect(ids).not.toContain(past.id);
    expect(ids).not.toContain(otherCourse.id);
    expect((await findPackage(t.app.db, m.packageId))!.remainingCount).toBe(3);
  });

  it('refuses a member without a payable package (PACKAGE_INVALID)', async () => {
    const m = await buildMember(t);
    const session = await buildSession(t);
    expect((await book(m, session.id)).code).toBe('PACKAGE_INVALID');
    expect((await findSession(t.app.db, session.id))!.bookedCount).toBe(0);
  });
});

describe('client/course.cancelBooking', () => {
  it('returns the credit and frees the seat until exactly 24 hours before start', async () => {
    const m = await memberWithCredits(2);
    const session = await buildSession(t, { capacity: 2 });
    const booked = await book(m, session.id);
    t.clock.set(new Date(session.startsAt.getTime() - 24 * HOUR));
    const res = await cancel(m, booked.reservation._id);
    expect(res.code).toBe(0);
    expect(res.reservation).toMatchObject({ status: 'cancelled', session: { booked_count: 0, my_status: 'none' } });
    expect(res.reservation.cancelled_at).toBe(t.clock.now().toISOString());
    expect((await findPackage(t.app.db, m.packageId))!.remainingCount).toBe(2);
  });

  it('refuses inside the window with CANCEL_WINDOW_CLOSED naming the hours', async () => {
    const m = await memberWithCredits(2);
    const session = await buildSession(t);
    const booked = await book(m, session.id);
    t.clock.set(new Date(session.startsAt.getTime() - 24 * HOUR + 1));
    const res = await cancel(m, booked.reservation._id);
    expect(res).toMatchObject({
      code: 'CANCEL_WINDOW_CLOSED',
      msg: 'Classes cannot be cancelled within 24 hours before start',
    });
    const zh = await t.call(
      reservationCalls.cancelBooking,
      { reservation_id: booked.reservation._id },
      {
        token: m.token,
        locale: 'zh-Hans',
      },
    );
    expect(zh.msg).toBe('课程开始前 24 小时内不可取消');
    expect((await findPackage(t.app.db, m.packageId))!.remainingCount).toBe(1);
  });

  it('follows the merchant cancel window setting', async () => {
    await setMerchant(t, { cancelWindowHours: 2 });
    try {
      const m = await memberWithCredits();
      const session = await buildSession(t);
      const booked = await book(m, session.id);
      t.clock.set(new Date(session.startsAt.getTime() - 3 * HOUR));
      expect((await cancel(m, booked.reservation._id)).code).toBe(0);
    } finally {
      await setMerchant(t, { cancelWindowHours: 24 });
    }
  });

  it("refuses someone else's reservation and a reservation already cancelled", async () => {
    const m = await memberWithCredits();
    const other = await memberWithCredits();
    const session = await buildSession(t);
    const booked = await book(m, session.id);
    expect((await cancel(other, booked.reservation._id)).code).toBe('RESERVATION_NOT_FOUND');
    expect((await cancel(m, booked.reservation._id)).code).toBe(0);
    expect((await cancel(m, booked.reservation._id)).code).toBe('RESERVATION_NOT_ACTIVE');
    expect((await cancel(m, 'missing')).code).toBe('RESERVATION_NOT_FOUND');
  });

  it('lets the member book again after cancelling', async () => {
    const m = await memberWithCredits(1);
    const session = await buildSession(t);
    const first = await book(m, session.id);
    await cancel(m, first.reservation._id);
    expect((await book(m, session.id)).code).toBe(0);
  });
});

describe('waitlist', () => {
  it('is only for full sessions, needs a payable package and takes each member once', async () => {
    const open = await buildSession(t, { capacity: 2 });
    const m = await memberWithCredits();
    expect((await join(m, open.id)).code).toBe('WAITLIST_NOT_NEEDED');

    const full = await fullSession(1);
    const noPackage = await buildMember(t);
    expect((await join(noPackage, full.id)).code).toBe('PACKAGE_INVALID');
    const res = await join(m, full.id);
    expect(res.code).toBe(0);
    expect(res.entry).toMatchObject({ session_id: full.id, position: 1, status: 'waiting', reservation_id: null });
    expect(res.entry.session).toMatchObject({ waitlist_count: 1, my_status: 'waiting' });
    expect((await join(m, full.id)).code).toBe('ALREADY_WAITLISTED');
    expect((await join(m, 'missing')).code).toBe('SESSION_NOT_FOUND');
  });

  it('refuses a member who already has a seat, and closes at start', async () => {
    const session = await buildSession(t, { capacity: 1 });
    const m = await memberWithCredits();
    await book(m, session.id);
    expect((await join(m, session.id)).code).toBe('ALREADY_BOOKED');
    const other = await memberWithCredits();
    t.clock.set(session.startsAt);
    expect((await join(other, session.id)).code).toBe('WAITLIST_CLOSED');
  });

  it('refuses a cancelled session, and leaving once the class has started', async () => {
    const full = await fullSession(1);
    const m = await memberWithCredits();
    const entry = (await join(m, full.id)).entry;
    t.clock.set(full.startsAt);
    expect((await leave(m, entry._id)).code).toBe('WAITLIST_CLOSED');

    t.clock.set(START);
    const called = await fullSession(1);
    await t.call(adminReservationCalls.cancelSession, { _id: called.id, reason: 'Flood' }, { token: admin.token });
    expect((await join(m, called.id)).code).toBe('SESSION_CANCELLED');
  });

  it('shows 1-based positions that close up when someone ahead leaves', async () => {
    const full = await fullSession(1);
    const [a, b, c] = [await memberWithCredits(), await memberWithCredits(), await memberWithCredits()];
    const ea = (await join(a, full.id)).entry;
    const eb = (await join(b, full.id)).entry;
    const ec = (await join(c, full.id)).entry;
    expect([ea.position, eb.position, ec.position]).toEqual([1, 2, 3]);

    const left = await leave(a, ea._id);
    expect(left.entry).toMatchObject({ status: 'cancelled', position: null });
    expect((await leave(a, ea._id)).code).toBe('WAITLIST_NOT_ACTIVE');
    expect((await leave(b, ec._id)).code).toBe('WAITLIST_NOT_FOUND');

    const mine = await t.call(reservationCalls.getMyWaitlist, { status: 'waiting' }, { token: c.token });
    expect(mine.rows.map((r) => r.position)).toEqual([2]);
    expect((await detail(full.id)).session.waitlist_count).toBe(2);

    // Leaving and joining again goes to the back.
    expect((await join(a, full.id)).entry.position).toBe(3);
  });

  it('promotes the first waiting member in the cancel transaction, taking their credit and telling them', async () => {
    const session = await buildSession(t, { capacity: 1 });
    const holder = await memberWithCredits();
    const booked = await book(holder, session.id);
    const first = await memberWithCredits(4);
    const second = await memberWithCredits(4);
    const e1 = (await join(first, session.id)).entry;
    await join(second, session.id);

    const pushes = vi.spyOn(t.app.realtime, 'notifyUser');
    try {
      const res = await cancel(holder, booked.reservation._id);
      // The answer already reflects the promotion: the seat is taken again.
      expect(res.reservation.session).toMatchObject({ booked_count: 1, seats_left: 0, waitlist_count: 1 });
      const promoted = await t.call(reservationCalls.getMyReservations, {}, { token: first.token });
      expect(promoted.rows).toHaveLength(1);
      expect(promoted.rows[0]).toMatchObject({
        session_id: session.id,
        status: 'registered',
        package_id: first.packageId,
      });
      expect((await findPackage(t.app.db, first.packageId))!.remainingCount).toBe(3);
      const entries = await t.call(
        reservationCalls.getMyWaitlist,
        {},
        {
          token: first.token,
        },
      );
      expect(entries.rows[0]).toMatchObject({
        _id: e1._id,
        status: 'completed',
        reservation_id: promoted.rows[0]!._id,
      });
      const secondView = await t.call(
        reservationCalls.getMyWaitlist,
        {},
        {
          token: second.token,
        },
      );
      expect(secondView.rows[0]).toMatchObject({ status: 'waiting', position: 1 });

      expect(pushes).toHaveBeenCalledWith(first.id, {
        type: 'waitlistPromoted',
        // The outbox's id: a client that gets the push twice ignores the repeat.
        id: expect.any(String),
        data: expect.objectContaining({ session_id: session.id, reservation_id: promoted.rows[0]!._id }),
      });
      const notices = await t.call(notificationCalls.getMyNotifications, {}, { token: first.token });
      expect(notices.unread).toBe(1);
      expect(notices.rows[0]).toMatchObject({ type: 'waitlistPromoted', title: 'You got a seat', read: false });
    } finally {
      pushes.mockRestore();
    }
  });

  it('pays a promotion with the package chosen on joining, and refuses a package that cannot pay', async () => {
    const session = await buildSession(t, { capacity: 1 });
    const holder = await memberWithCredits();
    const booked = await book(holder, session.id);
    // Two packages: the server's own pick would be the one that expires first (soon), not the chosen one.
    const m = await memberWithCredits(4);
    const soon = await buildPackage(t, m.id, { classCount: 4, validity: SOON });
    const other = await buildMember(t);
    const foreign = await buildPackage(t, other.id, { classCount: 4 });
    expect((await join(m, session.id, foreign.id)).code).toBe('PACKAGE_INVALID');

    expect((await join(m, session.id, m.packageId)).code).toBe(0);
    await cancel(holder, booked.reservation._id);
    const mine = await t.call(reservationCalls.getMyReservations, {}, { token: m.token });
    expect(mine.rows[0]).toMatchObject({ session_id: session.id, package_id: m.packageId });
    expect((await findPackage(t.app.db, m.packageId))!.remainingCount).toBe(3);
    expect((await findPackage(t.app.db, soon.id))!.remainingCount).toBe(4);
  });

  it('skips waiting members without a payable package, who stay waiting and are told once', async () => {
    const session = await buildSession(t, { capacity: 2 });
    const a = await memberWithCredits();
    const b = await memberWithCredits();
    const ra = await book(a, session.id);
    const rb = await book(b, session.id);
    const broke = await memberWithCredits(1);
    const eligible = await memberWithCredits(2);
    const eBroke = (await join(broke, session.id)).entry;
    await join(eligible, session.id);
    // broke spends their only credit elsewhere.
    expect((await book(broke, (await buildSession(t)).id)).code).toBe(0);

    expect((await cancel(a, ra.reservation._id)).code).toBe(0);
    const eligibleRes = await t.call(
      reservationCalls.getMyReservations,
      {},
      {
        token: eligible.token,
      },
    );
    expect(eligibleRes.rows.map((r) => r.session_id)).toEqual([session.id]);
    const brokeView = await t.call(
      reservationCalls.getMyWaitlist,
      {},
      {
        token: broke.token,
      },
    );
    expect(brokeView.rows[0]).toMatchObject({ _id: eBroke._id, status: 'waiting', position: 1 });

    // A second freed seat with nobody eligible stays free; the skipped member is not told twice.
    expect((await cancel(b, rb.reservation._id)).code).toBe(0);
    expect((await detail(session.id)).session).toMatchObject({ booked_count: 1, seats_left: 1, waitlist_count: 1 });
    const notices = await t.call(
      notificationCalls.getMyNotifications,
      {},
      {
        token: broke.token,
      },
    );
    expect(notices.rows.map((n) => n.type)).toEqual(['waitlistSkipped']);

    // Once they hold a package again, they can take the free seat; their entry completes.
    await buildPackage(t, broke.id, { classCount: 1 });
    const direct = await book(broke, session.id);
    expect(direct.code).toBe(0);
    const after = await t.call(reservationCalls.getMyWaitlist, {}, { token: broke.token });
    expect(after.rows[0]).toMatchObject({ status: 'completed', reservation_id: direct.reservation._id });
  });

  it('does not promote once the class has started (staff cancel after start)', async () => {
    const session = await buildSession(t, { capacity: 1 });
    const holder = await memberWithCredits();
    const booked = await book(holder, session.id);
    const waiter = await memberWithCredits();
    await join(waiter, session.id);
    t.clock.set(new Date(session.startsAt.getTime() + 10 * 60_000));
    const res = await t.call(
      adminReservationCalls.cancelReservation,
      { _id: booked.reservation._id },
      { token: admin.token },
    );
    expect(res.code).toBe(0);
    expect(res.reservation.session).toMatchObject({ booked_count: 0, waitlist_count: 0 });
    const waiterView = await t.call(
      reservationCalls.getMyWaitlist,
      {},
      {
        token: waiter.token,
      },
    );
    expect(waiterView.rows[0]).toMatchObject({ status: 'cancelled', position: null });
  });
});

describe('staff calls', () => {
  it('admin/reservation.cancel works inside the 24-hour window, returns the credit, promotes and tells the member', async () => {
    const session = await buildSession(t, { capacity: 1 });
    const m = await memberWithCredits(3);
    const booked = await book(m, session.id);
    const waiter = await memberWithCredits();
    await join(waiter, session.id);
    t.clock.set(new Date(session.startsAt.getTime() - HOUR));
    expect((await cancel(m, booked.reservation._id)).code).toBe('CANCEL_WINDOW_CLOSED');
    expect(
      (await t.call(adminReservationCalls.cancelReservation, { _id: booked.reservation._id }, { token: m.token })).code,
    ).toBe('PERMISSION_DENIED');
    const res = await t.call(
      adminReservationCalls.cancelReservation,
      { _id: booked.reservation._id },
      { token: admin.token },
    );
    expect(res.code).toBe(0);
    expect(res.reservation.status).toBe('cancelled');
    expect(res.reservation.session.booked_count).toBe(1);
    expect((await findPackage(t.app.db, m.packageId))!.remainingCount).toBe(3);
    const notices = await t.call(
      notificationCalls.getMyNotifications,
      {},
      {
        token: m.token,
      },
    );
    expect(notices.rows[0]!.type).toBe('reservationCancelled');
    expect(notices.rows[0]!.body).toContain('credit has been returned');
    expect(
      (await t.call(adminReservationCalls.cancelReservation, { _id: 'missing' }, { token: admin.token })).code,
    ).toBe('RESERVATION_NOT_FOUND');
  });

  it('admin/session.cancel cancels every reservation with credits back, closes the waitlist and tells everyone', async () => {
    const session = await buildSession(t, { capacity: 2 });
    const a = await memberWithCredits(5);
    const b = await memberWithCredits(5);
    const w = await memberWithCredits(5);
    await book(a, session.id);
    await book(b, session.id);
    await join(w, session.id);
    const pushes = vi.spyOn(t.app.realtime, 'notifyUser');
    try {
      const res = await t.call(
        adminReservationCalls.cancelSession,
        { _id: session.id, reason: 'Teacher ill' },
        { token: admin.token },
      );
      expect(res.session).toMatchObject({ status: 'cancelled', cancel_reason: 'Teacher ill', booked_count: 0 });
      expect(res.session.waitlist_count).toBe(0);
      for (const m of [a, b]) {
        expect((await findPackage(t.app.db, m.packageId))!.remainingCount).toBe(5);
        const mine = await t.call(
          reservationCalls.getMyReservations,
          {},
          {
            token: m.token,
          },
        );
        expect(mine.rows[0]!.status).toBe('cancelled');
      }
      const wv = await t.call(reservationCalls.getMyWaitlist, {}, { token: w.token });
      expect(wv.rows[0]!.status).toBe('cancelled');
      expect(new Set(pushes.mock.calls.map(([id]) => id))).toEqual(new Set([a.id, b.id, w.id]));
      const notice = await t.call(
        notificationCalls.getMyNotifications,
        {},
        {
          token: w.token,
        },
      );
      expect(notice.rows[0]!.body).toContain('Teacher ill');
    } finally {
      pushes.mockRestore();
    }
    const again = await t.call(
      adminReservationCalls.cancelSession,
      { _id: session.id, reason: 'x' },
      { token: admin.token },
    );
    expect(again.code).toBe('SESSION_CANCELLED');
  });

  it('admin/session.cancel refuses a session that has started', async () => {
    const session = await buildSession(t);
    t.clock.set(session.startsAt);
    const res = await t.call(
      adminReservationCalls.cancelSession,
      { _id: session.id, reason: 'late' },
      { token: admin.token },
    );
    expect(res.code).toBe('SESSION_STARTED');
    expect(
      (await t.call(adminReservationCalls.cancelSession, { _id: 'x', reason: 'r' }, { token: admin.token })).code,
    ).toBe('SESSION_NOT_FOUND');
  });

  it('admin/reservation.checkIn records attendance once and refuses cancelled reservations', async () => {
    const session = await buildSession(t);
    const m = await memberWithCredits();
    const booked = await book(m, session.id);
    t.clock.set(new Date(session.startsAt.getTime() - 10 * 60_000));
    const res = await t.call(adminReservationCalls.checkIn, { _id: booked.reservation._id }, { token: admin.token });
    expect(res.code).toBe(0);
    expect(res.reservation).toMatchObject({ status: 'registered', checked_in_at: t.clock.now().toISOString() });
    const again = await t.call(adminReservationCalls.checkIn, { _id: booked.reservation._id }, { token: admin.token });
    expect(again.code).toBe('ALREADY_CHECKED_IN');
    expect((await t.call(adminReservationCalls.checkIn, { _id: 'nope' }, { token: admin.token })).code).toBe(
      'RESERVATION_NOT_FOUND',
    );

    const other = await memberWithCredits();
    const s2 = await buildSession(t, { startsAt: new Date(session.startsAt.getTime() + DAY) });
    const r2 = await book(other, s2.id);
    await cancel(other, r2.reservation._id);
    const refused = await t.call(adminReservationCalls.checkIn, { _id: r2.reservation._id }, { token: admin.token });
    expect(refused.code).toBe('RESERVATION_NOT_ACTIVE');
  });

  it('a member cannot cancel a class they were checked in for, so the credit stays spent', async () => {
    const session = await buildSession(t, { startsAt: new Date(t.clock.now().getTime() + 5 * DAY) });
    const m = await memberWithCredits(3);
    const booked = await book(m, session.id);
    // Staff marked attendance early (their check-in has no window); the member is still outside 24 hours.
    await t.call(adminReservationCalls.checkIn, { _id: booked.reservation._id }, { token: admin.token });
    const detail = await t.call(reservationCalls.getSessionDetail, { _id: session.id }, { token: m.token });
    expect(detail).toMatchObject({ can_cancel: false, reservation: { checked_in_at: expect.any(String) } });
    const res = await cancel(m, booked.reservation._id);
    expect(res.code).toBe('ALREADY_CHECKED_IN');
    expect((await findPackage(t.app.db, m.packageId))!.remainingCount).toBe(2);
    // Staff may still call it off, credit returned: a class that did not take place.
    const staff = await t.call(
      adminReservationCalls.cancelReservation,
      { _id: booked.reservation._id },
      { token: admin.token },
    );
    expect(staff.code).toBe(0);
    expect((await findPackage(t.app.db, m.packageId))!.remainingCount).toBe(3);
  });

  it('admin/session.getRoster lists booked members with check-in state and the waitlist in order', async () => {
    const session = await buildSession(t, { capacity: 2 });
    const a = await memberWithCredits();
    const b = await memberWithCredits();
    const w1 = await memberWithCredits();
    const w2 = await memberWithCredits();
    const ra = await book(a, session.id);
    await book(b, session.id);
    await join(w1, session.id);
    await join(w2, session.id);
    await t.call(adminReservationCalls.checkIn, { _id: ra.reservation._id }, { token: admin.token });
    const roster = await t.call(adminReservationCalls.getRoster, { _id: session.id }, { token: admin.token });
    expect(roster.code).toBe(0);
    expect(roster.session.booked_count).toBe(2);
    expect(roster.rows.map((r) => [r.member._id, r.checked_in_at !== null])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
    expect(roster.waitlist.map((w) => [w.member._id, w.position])).toEqual([
      [w1.id, 1],
      [w2.id, 2],
    ]);
    expect(JSON.stringify(roster)).not.toContain(ra.reservation.code);
    const missing = await t.call(adminReservationCalls.getRoster, { _id: 'missing' }, { token: admin.token });
    expect(missing.code).toBe('SESSION_NOT_FOUND');
    const denied = await t.call(adminReservationCalls.getRoster, { _id: session.id }, { token: a.token });
    expect(denied.code).toBe('PERMISSION_DENIED');
  });
});

describe('reads', () => {
  it('pub_getSchedule answers seats, waitlist counts and my status in the date range', async () => {
    const day = new Date('2026-12-01T00:00:00.000Z');
    const course = await buildCourse(t);
    const s1 = await buildSession(t, {
      courseId: course.id,
      startsAt: new Date(day.getTime() + 9 * HOUR),
      capacity: 1,
    });
    const s2 = await buildSession(t, {
      courseId: course.id,
      startsAt: new Date(day.getTime() + 18 * HOUR),
      capacity: 5,
    });
    await buildSession(t, { courseId: course.id, startsAt: new Date(day.getTime() + 2 * DAY) });
    const m = await memberWithCredits();
    const other = await memberWithCredits();
    await book(other, s1.id);
    await join(m, s1.id);
    await book(m, s2.id);

    const anon = await t.call(reservationCalls.getSchedule, {
      date_from: '2026-12-01',
      date_to: '2026-12-01',
      course_id: course.id,
    });
    expect(anon.code).toBe(0);
    expect(anon.rows.map((r) => r._id)).toEqual([s1.id, s2.id]);
    expect(anon.rows.map((r) => r.my_status)).toEqual(['none', 'none']);
    const mine = await t.call(
      reservationCalls.getSchedule,
      { date_from: '2026-12-01', date_to: '2026-12-03', course_id: course.id },
      { token: m.token },
    );
    expect(mine.rows).toHaveLength(3);
    expect(mine.rows[0]).toMatchObject({ seats_left: 0, booked_count: 1, waitlist_count: 1, my_status: 'waiting' });
    expect(mine.rows[1]).toMatchObject({ seats_left: 4, waitlist_count: 0, my_status: 'registered' });
    expect(mine.rows[0]!.course_name).toBe(course.name);
    expect(mine.rows[0]!.starts_at).toBe('2026-12-01T09:00:00.000Z');
  });

  it('pub_getSchedule reads 100 sessions with seats and my status in one statement', async () => {
    const course = await buildCourse(t);
    const base = await buildSession(t, {
      courseId: course.id,
      startsAt: new Date('2026-12-10T06:00:00Z'),
      durationMin: 5,
      capacity: 3,
    });
    for (let i = 1; i < 100; i++) {
      await buildSession(t, {
        courseId: course.id,
        teacherId: base.teacherId,
        roomId: base.roomId,
        startsAt: new Date(Date.parse('2026-12-10T06:00:00Z') + i * 5 * 60_000),
        durationMin: 5,
        capacity: 3,
      });
    }
    t.clock.set('2026-12-01T00:00:00Z');
    const m = await memberWithCredits();
    expect((await book(m, base.id)).code).toBe(0);
    // Both drivers (pg's Pool, PGlite) take every statement through their client's query().
    const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const queries = vi.spyOn(client, 'query');
    const sessionStatements = () =>
      queries.mock.calls.filter(([q]) =>
        /from "class_sessions"/.test(typeof q === 'string' ? q : String((q as { text?: string }).text)),
      ).length;
    try {
      const rows = await getSchedule(
        t.app.db,
        { date_from: '2026-12-10', date_to: '2026-12-10', course_id: course.id },
        m.id,
        t.clock.now(),
      );
      expect(rows).toHaveLength(100);
      expect(rows[0]).toMatchObject({ _id: base.id, my_status: 'registered', seats_left: 2 });
      expect(sessionStatements()).toBe(1);
    } finally {
      queries.mockRestore();
    }
  });

  it('pub_getSchedule refuses an inverted or overlong range', async () => {
    const inverted = await t.call(reservationCalls.getSchedule, { date_from: '2026-12-05', date_to: '2026-12-01' });
    expect(inverted.code).toBe('TIME_RANGE_INVALID');
    const long = await t.call(reservationCalls.getSchedule, { date_from: '2026-01-01', date_to: '2026-12-31' });
    expect(long).toMatchObject({
      code: 'SCHEDULE_RANGE_TOO_LONG',
      msg: 'The schedule shows at most 62 days at a time',
    });
    const longZh = await t.call(
      reservationCalls.getSchedule,
      { date_from: '2026-01-01', date_to: '2026-03-05' },
      { locale: 'zh-Hant' },
    );
    expect(longZh).toMatchObject({ code: 'SCHEDULE_RANGE_TOO_LONG', msg: '課表一次最多顯示 62 天' });
    const longest = await t.call(reservationCalls.getSchedule, { date_from: '2026-01-01', date_to: '2026-03-03' });
    expect(longest.code).toBe(0);
    const bad = await t.call(reservationCalls.getSchedule, { date_from: 'tomorrow', date_to: '2026-12-31' });
    expect(bad).toMatchObject({ code: 'INVALID_PARAM', field: 'date_from' });
  });

  it('answers dates beyond the years a date may name with INVALID_PARAM, not a database error', async () => {
    const m = await memberWithCredits();
    const cases: [string, unknown, string][] = [
      ['client/course.pub_getSchedule', { date_from: '9999-12-30', date_to: '9999-12-31' }, 'date_from'],
      ['client/course.pub_getSchedule', { date_from: '0001-01-01', date_to: '0001-01-02' }, 'date_from'],
      [
        'admin/package.grant',
        { user_id: m.id, name: 'P', class_count: 1, valid_until: '9999-12-31T23:59:59-12:00' },
        'valid_until',
      ],
      [
        'admin/package.grant',
        { user_id: m.id, name: 'P', class_count: 1, valid_from: '0001-01-01T00:00:00+14:00' },
        'valid_from',
      ],
    ];
    for (const [url, data, field] of cases) {
      const res = await t.callRaw(url, data, { token: admin.token });
      expect(res, JSON.stringify(data)).toMatchObject({ code: 'INVALID_PARAM', field });
    }
  });

  it('pub_getSessionDetail answers what the member can do', async () => {
    const session = await buildSession(t, { capacity: 1 });
    const m = await memberWithCredits();
    const anon = await detail(session.id);
    expect(anon).toMatchObject({ code: 0, can_book: true, can_cancel: false, can_join_waitlist: false });
    expect(anon.cancel_deadline).toBe(new Date(session.startsAt.getTime() - 24 * HOUR).toISOString());
    await book(m, session.id);
    const mine = await detail(session.id, m);
    expect(mine).toMatchObject({ can_book: false, can_cancel: true, can_join_waitlist: false });
    expect(mine.reservation).toMatchObject({ status: 'registered' });
    const other = await memberWithCredits();
    expect(await detail(session.id, other)).toMatchObject({
      can_book: false,
      can_join_waitlist: true,
      reservation: null,
    });
    await join(other, session.id);
    expect((await detail(session.id, other)).waitlist_entry).toMatchObject({ position: 1, status: 'waiting' });
    expect((await detail('missing')).code).toBe('SESSION_NOT_FOUND');
  });

  it('getMyReservations pages, filters by status and shows ended classes as done before any sweep', async () => {
    const m = await memberWithCredits(10);
    const sessions = [];
    for (let i = 1; i <= 3; i++) {
      sessions.push(await buildSession(t, { startsAt: new Date(Date.parse(START) + i * DAY + 2 * HOUR) }));
    }
    const ids = [];
    for (const s of sessions) ids.push((await book(m, s.id)).reservation._id);
    await cancel(m, ids[2]!);

    t.clock.set(new Date(sessions[0]!.startsAt.getTime() + 2 * HOUR));
    const all = await t.call(reservationCalls.getMyReservations, { pageIndex: 1, pageSize: 2 }, { token: m.token });
    expect(all).toMatchObject({ total: 3, hasMore: true });
    const done = await t.call(reservationCalls.getMyReservations, { status: 'done' }, { token: m.token });
    expect(done.rows.map((r) => r._id)).toEqual([ids[0]]);
    const registered = await t.call(reservationCalls.getMyReservations, { status: 'registered' }, { token: m.token });
    expect(registered.rows.map((r) => r._id)).toEqual([ids[1]]);
    expect(registered.rows[0]!.session._id).toBe(sessions[1]!.id);
    const bad = await t.callRaw(reservationCalls.getMyReservations.url, { status: 'gone' }, { token: m.token });
    expect(bad.code).toBe('INVALID_PARAM');
  });
});

describe('sweeps', () => {
  it('close waitlists at start and mark reservations done after the end, idempotently', async () => {
    const session = await buildSession(t, { capacity: 1, durationMin: 60 });
    const m = await memberWithCredits();
    const w = await memberWithCredits();
    const booked = await book(m, session.id);
    const entry = (await join(w, session.id)).entry;
    const stored = async () => ({
      reservation: (await findReservation(t.app.db, booked.reservation._id))!.status,
      entry: (await findEntry(t.app.db, entry._id))!.status,
    });

    t.clock.set(new Date(session.startsAt.getTime() - 1));
    await sweepStartedWaitlists(t.app, t.clock.now());
    expect(await stored()).toEqual({ reservation: 'registered', entry: 'waiting' });
    t.clock.set(session.startsAt);
    expect(await sweepStartedWaitlists(t.app, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await sweepStartedWaitlists(t.app, t.clock.now())).toBe(0);
    await sweepEndedReservations(t.app.db, t.clock.now());
    expect(await stored()).toEqual({ reservation: 'registered', entry: 'cancelled' });

    t.clock.set(session.endsAt);
    expect(await sweepEndedReservations(t.app.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await sweepEndedReservations(t.app.db, t.clock.now())).toBe(0);
    expect(await stored()).toEqual({ reservation: 'done', entry: 'cancelled' });
    const mine = await t.call(reservationCalls.getMyReservations, {}, { token: m.token });
    expect(mine.rows[0]).toMatchObject({ _id: booked.reservation._id, status: 'done' });
    // A done reservation can no longer be cancelled, not even by staff.
    const res = await t.call(
      adminReservationCalls.cancelReservation,
      { _id: booked.reservation._id },
      { token: admin.token },
    );
    expect(res.code).toBe('RESERVATION_NOT_ACTIVE');
  });
});
