import { adminReservationCalls, reservationCalls } from '@studio/contract/reservations';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOUR } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditCount, auditEntriesFor } from '../audit/testing';
import { findPackage } from '../packages/service';
import { buildAdmin, buildMember, buildPackage, buildSession, setMerchant, type TestMember } from '../schedule/testing';

let t: TestApp;
let admin: TestMember;
const START = '2026-11-22T09:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  await setMerchant(t, { timezone: 'Europe/London' });
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

async function memberWithCredits(credits = 10) {
  const m = await buildMember(t);
  const pkg = await buildPackage(t, m.id, { classCount: credits });
  return { ...m, packageId: pkg.id };
}
const book = (m: TestMember, session_id: string) => t.call(reservationCalls.book, { session_id }, { token: m.token });
const asAdmin = <U extends string>(url: U, data: unknown) => t.callRaw(url, data, { token: admin.token });

describe('admin/session.update: a session’s capacity', () => {
  it('refuses a capacity below the seats booked, naming them, and changes nothing', async () => {
    const session = await buildSession(t, { capacity: 4 });
    for (let i = 0; i < 3; i++) await book(await memberWithCredits(), session.id);
    const audits = await auditCount(t.app.db);
    const refused = await asAdmin(adminReservationCalls.updateSession.url, { _id: session.id, capacity: 2 });
    expect(refused).toMatchObject({ code: 'CAPACITY_BELOW_BOOKED', booked: 3 });
    expect(refused.msg).toContain('3');
    const roster = await t.call(adminReservationCalls.getRoster, { _id: session.id }, { token: admin.token });
    expect(roster.session.capacity).toBe(4);
    expect(await auditCount(t.app.db)).toBe(audits);
  });

  it('lowers to the booked count, and raising it books the waitlist in order at once, audited', async () => {
    const session = await buildSession(t, { capacity: 2 });
    await book(await memberWithCredits(), session.id);
    await book(await memberWithCredits(), session.id);
    const first = await memberWithCredits();
    const second = await memberWithCredits();
    await t.call(reservationCalls.joinWaitlist, { session_id: session.id }, { token: first.token });
    await t.call(reservationCalls.joinWaitlist, { session_id: session.id }, { token: second.token });

    const raised = await t.call(
      adminReservationCalls.updateSession,
      { _id: session.id, capacity: 3 },
      { token: admin.token },
    );
    expect(raised.session).toMatchObject({ capacity: 3, booked_count: 3, waitlist_count: 1 });
    const roster = await t.call(adminReservationCalls.getRoster, { _id: session.id }, { token: admin.token });
    expect(roster.rows.map((r) => r.member._id)).toContain(first.id);
    expect(roster.waitlist.map((w) => w.member._id)).toEqual([second.id]);
    expect((await findPackage(t.app.db, first.packageId))?.remainingCount).toBe(9);

    const [entry] = await auditEntriesFor(t.app.db, 'session', session.id);
    expect(entry).toMatchObject({ actorId: admin.id, action: 'admin/session.update' });
    expect(entry?.before).toMatchObject({ capacity: 2 });
    expect(entry?.after).toMatchObject({ capacity: 3 });
  });

  it('refuses a cancelled or finished session and a bad capacity', async () => {
    const session = await buildSession(t, { capacity: 5 });
    expect(await asAdmin(adminReservationCalls.updateSession.url, { _id: session.id, capacity: 0 })).toMatchObject({
      code: 'INVALID_PARAM',
      field: 'capacity',
    });
    expect(await asAdmin(adminReservationCalls.updateSession.url, { _id: 'nope', capacity: 5 })).toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
    t.clock.set(new Date(session.endsAt.getTime() + HOUR));
    expect(await asAdmin(adminReservationCalls.updateSession.url, { _id: session.id, capacity: 8 })).toMatchObject({
      code: 'SESSION_STARTED',
    });
  });

  it('lets two staff raise and lower at once without ever overbooking', async () => {
    const session = await buildSession(t, { capacity: 3 });
    for (let i = 0; i < 3; i++) await book(await memberWithCredits(), session.id);
    const waiters = [await memberWithCredits(), await memberWithCredits()];
    for (const w of waiters)
      await t.call(reservationCalls.joinWaitlist, { session_id: session.id }, { token: w.token });
    const answers = await Promise.all([
      asAdmin(adminReservationCalls.updateSession.url, { _id: session.id, capacity: 5 }),
      asAdmin(adminReservationCalls.updateSession.url, { _id: session.id, capacity: 3 }),
    ]);
    const roster = await t.call(adminReservationCalls.getRoster, { _id: session.id }, { token: admin.token });
    const booked = roster.rows.filter((r) => r.status !== 'cancelled').length;
    expect(booked).toBe(roster.session.booked_count);
    expect(booked).toBeLessThanOrEqual(roster.session.capacity);
    // Either order is fine; the second may be refused if it would go under the seats the first filled.
    for (const a of answers) expect([0, 'CAPACITY_BELOW_BOOKED']).toContain(a.code);
  });
});

describe('admin/session.cancel by two staff at once', () => {
  it('returns every credit exactly once and audits one cancel', async () => {
    const session = await buildSession(t, { capacity: 3 });
    const members = [await memberWithCredits(5), await memberWithCredits(5), await memberWithCredits(5)];
    for (const m of members) await book(m, session.id);
    const audits = await auditCount(t.app.db);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        asAdmin(adminReservationCalls.cancelSession.url, { _id: session.id, reason: 'Teacher ill' }),
      ),
    );
    expect(answers.filter((a) => a.code === 0).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect(a.code).not.toBe('SYSTEM_ERROR');
    for (const m of members) expect((await findPackage(t.app.db, m.packageId))?.remainingCount).toBe(5);
    const roster = await t.call(adminReservationCalls.getRoster, { _id: session.id }, { token: admin.token });
    expect(roster.rows.every((r) => r.status === 'cancelled')).toBe(true);
    expect(await auditCount(t.app.db)).toBeGreaterThan(audits);
  });
});

describe('admin/session.getCalendar', () => {
  it('answers every session of the dates asked in the studio’s timezone, cancelled ones too', async () => {
    const inside = await buildSession(t, { startsAt: new Date('2026-11-24T10:00:00Z') });
    const cancelled = await buildSession(t, { startsAt: new Date('2026-11-25T10:00:00Z') });
    const outside = await buildSession(t, { startsAt: new Date('2026-11-28T10:00:00Z') });
    await t.call(
      adminReservationCalls.cancelSession,
      { _id: cancelled.id, reason: 'Teacher ill' },
      { token: admin.token },
    );
    const week = await t.call(
      adminReservationCalls.getCalendar,
      { from: '2026-11-23', to: '2026-11-27' },
      { token: admin.token },
    );
    const ids = week.rows.map((r) => r._id);
    expect(ids).toContain(inside.id);
    expect(ids).toContain(cancelled.id);
    expect(ids).not.toContain(outside.id);
    expect(week.rows.find((r) => r._id === cancelled.id)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Teacher ill',
    });
    const byRoom = await t.call(
      adminReservationCalls.getCalendar,
      { from: '2026-11-23', to: '2026-11-27', room_id: inside.roomId },
      { token: admin.token },
    );
    expect(byRoom.rows.map((r) => r._id)).toEqual([inside.id]);
  });

  it('refuses a range that ends before it starts or runs past the limit', async () => {
    expect(
      await asAdmin(adminReservationCalls.getCalendar.url, { from: '2026-11-23', to: '2026-11-20' }),
    ).toMatchObject({
      code: 'INVALID_PARAM',
      field: 'to',
    });
    expect(
      await asAdmin(adminReservationCalls.getCalendar.url, { from: '2026-01-01', to: '2026-12-31' }),
    ).toMatchObject({
      code: 'SCHEDULE_RANGE_TOO_LONG',
    });
  });
});

describe('admin/session.exportRoster', () => {
  it('writes the booked members, checked in or not, then the waitlist in order, in the studio’s time', async () => {
    const session = await buildSession(t, { capacity: 1 });
    const booked = await memberWithCredits();
    const answer = await book(booked, session.id);
    const waiter = await memberWithCredits();
    await t.call(reservationCalls.joinWaitlist, { session_id: session.id }, { token: waiter.token });
    await t.call(adminReservationCalls.checkIn, { _id: answer.reservation._id }, { token: admin.token });

    const file = await t.call(adminReservationCalls.exportRoster, { _id: session.id }, { token: admin.token });
    expect(file.filename).toMatch(/^roster-2026-11-25-\d{4}-.+\.csv$/);
    const lines = file.csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('member,member_id,status,booked_at,checked_in_at,waitlist_position');
    expect(lines[1]).toContain(booked.id);
    expect(lines[1]).toMatch(/,registered,2026-11-22 09:00,2026-11-22 09:00,$/);
    expect(lines[2]).toContain(`${waiter.id},waiting,`);
    expect(lines[2]).toMatch(/,1$/);
  });
});
