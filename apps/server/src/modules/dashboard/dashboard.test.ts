import { adminDashboardCalls } from '@studio/contract/dashboard';
import { adminReservationCalls, reservationCalls } from '@studio/contract/reservations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildAdmin, buildMember, buildPackage, buildSession, setMerchant, type TestMember } from '../schedule/testing';

let t: TestApp;
let admin: TestMember;
// Wednesday 25 November 2026, 08:00 in London.
const NOW = '2026-11-25T08:00:00.000Z';
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  await setMerchant(t, { timezone: 'Europe/London' });
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

describe('admin/dashboard.get', () => {
  it('shows today’s classes with fill and check-ins, the week’s fill rate, new members and packages running out', async () => {
    const today = await buildSession(t, { startsAt: new Date('2026-11-25T08:30:00Z'), capacity: 4 });
    const tomorrow = await buildSession(t, { startsAt: new Date('2026-11-26T10:00:00Z'), capacity: 4 });
    await buildSession(t, { startsAt: new Date('2026-12-09T10:00:00Z'), capacity: 10 });
    const before = await t.call(adminDashboardCalls.get, {}, { token: admin.token });
    const a = await buildMember(t);
    const b = await buildMember(t);
    await buildPackage(t, a.id, { validity: { mode: 'rule', delay_days: 0, valid_days: 10 }, name: 'Ten-day pass' });
    await buildPackage(t, b.id, { validity: { mode: 'rule', delay_days: 0, valid_days: 60 } });
    const booking = await t.call(reservationCalls.book, { session_id: today.id }, { token: a.token });
    await t.call(reservationCalls.book, { session_id: today.id }, { token: b.token });
    await t.call(reservationCalls.book, { session_id: tomorrow.id }, { token: b.token });
    await t.call(adminReservationCalls.checkIn, { _id: booking.reservation._id }, { token: admin.token });

    const board = await t.call(adminDashboardCalls.get, {}, { token: admin.token });
    const row = board.today.find((s) => s._id === today.id);
    expect(row).toMatchObject({ booked_count: 2, capacity: 4, checked_in_count: 1, waitlist_count: 0 });
    expect(board.today.map((s) => s._id)).not.toContain(tomorrow.id);
    // Today's and tomorrow's are ahead; the one in two weeks is not.
    expect(board.upcoming_sessions).toBe(2);
    expect(board.fill_rate).toBeCloseTo(3 / 8);
    expect(board.new_members_this_week).toBe(before.new_members_this_week + 2);
    const expiring = board.expiring.rows.find((p) => p.user_id === a.id);
    expect(expiring).toMatchObject({ name: 'Ten-day pass', remaining_count: 9 });
    expect(board.expiring.rows.map((p) => p.user_id)).not.toContain(b.id);
  });

  it('is open to any staff member, and to nobody else', async () => {
    const desk = await buildMember(t);
    await t.app.db.execute(`update users set permissions = '{classes.manage}' where id = '${desk.id}'`);
    expect((await t.callRaw(adminDashboardCalls.get.url, {}, { token: desk.token })).code).toBe(0);
    const member = await buildMember(t);
    expect((await t.callRaw(adminDashboardCalls.get.url, {}, { token: member.token })).code).toBe('PERMISSION_DENIED');
  });

  it('says there is no fill rate when nothing is scheduled ahead', async () => {
    t.clock.set(new Date(Date.parse(NOW) + 20 * DAY + HOUR));
    // A fresh login: the first one's token has expired by then.
    const later = await buildAdmin(t);
    const board = await t.call(adminDashboardCalls.get, {}, { token: later.token });
    expect(board.code).toBe(0);
    expect(board.fill_rate).toBeNull();
    expect(board.today).toEqual([]);
    t.clock.set(NOW);
  });
});
