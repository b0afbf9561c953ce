import { adminUserCalls } from '@studio/contract/account';
import type { CallDef, CallInput, Envelope } from '@studio/contract/protocol';
import { adminReservationCalls, reservationCalls } from '@studio/contract/reservations';
import { teacherCalls } from '@studio/contract/teacher';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE } from '../../platform/clock';
import { type CallAnswer, createTestApp, type TestApp } from '../../testing/test-app';
import { png } from '../account/image-fixtures';
import { sniffImage } from '../account/image-type';
import { saveUpload } from '../account/upload';
import { getMerchant } from '../merchant/service';
import { bookSeat } from '../reservations/seats';
import type { SessionRow } from '../schedule/service';
import {
  buildAdmin,
  buildMember,
  buildPackage,
  buildSession,
  buildTeacher,
  type SessionOverrides,
  setMerchant,
  type TestMember,
} from '../schedule/testing';

let t: TestApp;
let admin: TestMember;
const START = '2026-11-22T09:00:00.000Z';
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

const call = <C extends CallDef>(def: C, data: CallInput<C>, m: TestMember) =>
  t.callRaw(def.url, data, { token: m.token }) as Promise<CallAnswer<C>>;

/** Books a member straight through the reservations service an hour before the class. */
async function bookDirect(memberId: string, session: SessionRow): Promise<string> {
  const now = new Date(session.startsAt.getTime() - HOUR);
  const row = await t.app.db.transaction(async (tx) =>
    bookSeat(tx, { sessionId: session.id, userId: memberId, now, merchant: await getMerchant(tx) }),
  );
  return row.id;
}

async function memberWithCredits(nickname?: string) {
  const m = await buildMember(t, { nickname });
  // Valid from long ago, so it also pays for classes before the test clock's now.
  await buildPackage(t, m.id, { classCount: 20, validity: { mode: 'long_term', valid_from: '2026-01-01T00:00:00Z' } });
  return m;
}

const sessionOf = (teacher: TestMember, o: SessionOverrides = {}) => buildSession(t, { teacherId: teacher.id, ...o });

async function cancelSession(session: SessionRow) {
  const saved = t.clock.now();
  t.clock.set(new Date(session.startsAt.getTime() - DAY));
  const res = await call(adminReservationCalls.cancelSession, { _id: session.id, reason: 'Teacher ill' }, admin);
  t.clock.set(saved);
  expect(res.code).toBe(0);
}

describe('access', () => {
  const calls: [string, Record<string, unknown>][] = [
    ['client/teacher.getWorkbench', {}],
    ['client/teacher.updateIntroduction', { introduction: 'Hi' }],
    ['client/teacher.getSessions', { scope: 'upcoming' }],
    ['client/teacher.getClassHours', { month: '2026-11' }],
    ['client/teacher.getRoster', { session_id: 'x' }],
    ['client/teacher.checkIn', { reservation_id: 'x' }],
    ['client/teacher.getStudents', {}],
  ];

  it.each(calls)('%s refuses a member without the teacher role (PERMISSION_DENIED, 403)', async (url, data) => {
    const member = await buildMember(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/router',
      headers: { 'content-type': 'application/json', 'uni-id-token': member.token },
      payload: { url, data },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it.each(calls)('%s needs a token', async (url, data) => {
    expect((await t.callRaw(url, data)).code).toBe(30204);
  });

  it('lets an admin use the workbench, with an unpublished profile drawn from the account', async () => {
    const res = await call(teacherCalls.getWorkbench, {}, admin);
    expect(res.code).toBe(0);
    expect(res.teacher).toMatchObject({ _id: admin.id, introduction: '', specialties: [], active: false });
    expect(res.counts).toMatchObject({ upcoming_sessions: 0, month_sessions: 0, students: 0 });
  });

  it('sees the role as it is now: a member given the teacher role gets in with the same token', async () => {
    const member = await buildMember(t);
    expect((await call(teacherCalls.getWorkbench, {}, member)).code).toBe('PERMISSION_DENIED');
    await call(
      adminUserCalls.setRoles,
      { user_id: member.id, roles: ['member', 'teacher'], is_verify_staff: false },
      admin,
    );
    expect((await call(teacherCalls.getWorkbench, {}, member)).code).toBe(0);
  });
});

describe('client/teacher.getWorkbench', () => {
  it('answers the profile, the counts and the next sessions', async () => {
    const teacher = await buildTeacher(t, { name: 'Tara' });
    const other = await buildTeacher(t);
    const taught = await sessionOf(teacher, { startsAt: at('2026-11-10T10:00:00Z'), durationMin: 60 });
    await sessionOf(teacher, { startsAt: at('2026-10-30T10:00:00Z'), durationMin: 75 }); // last month
    const inProgress = await sessionOf(teacher, { startsAt: new Date(Date.parse(START) - 30 * MINUTE) });
    const soon = await sessionOf(teacher, { startsAt: new Date(Date.parse(START) + 2 * DAY) });
    const called = await sessionOf(teacher, { startsAt: new Date(Date.parse(START) + 3 * DAY) });
    await cancelSession(called);
    await sessionOf(other, { startsAt: new Date(Date.parse(START) + DAY) });
    const a = await memberWithCredits();
    const b = await memberWithCredits();
    await bookDirect(a.id, taught);
    await bookDirect(a.id, soon);
    await bookDirect(b.id, soon);

    const res = await call(teacherCalls.getWorkbench, {}, teacher);
    expect(res.code).toBe(0);
    expect(res.teacher).toMatchObject({ _id: teacher.id, name: 'Tara', introduction: 'Teaches well', active: true });
    expect(res.counts).toEqual({
      upcoming_sessions: 2,
      month: '2026-11',
      month_sessions: 1,
      month_minutes: 60,
      month_hours: 1,
      students: 2,
    });
    expect(res.next_sessions.map((s) => s._id)).toEqual([inProgress.id, soon.id]);
    expect(res.next_sessions[1]).toMatchObject({ booked_count: 2, teacher_id: teacher.id, status: 'scheduled' });
  });
});

describe('client/teacher.updateIntroduction', () => {
  // Some cases send what the input refuses: sent unchecked, answered with the call's type.
  const update = (m: TestMember, data: Record<string, unknown>) =>
    t.callRaw(teacherCalls.updateIntroduction.url, data, { token: m.token }) as Promise<
      CallAnswer<typeof teacherCalls.updateIntroduction>
    >;

  async function uploadFor(userId: string) {
    const buffer = png(40, 40);
    return saveUpload(
      { db: t.app.db, uploads: t.app.deps.uploads },
      userId,
      { buffer, image: sniffImage(buffer)!, name: 'me.png' },
      t.clock.now(),
    );
  }

  it('edits the own profile, which the public teacher page then shows', async () => {
    const teacher = await buildTeacher(t);
    const res = await update(teacher, { introduction: 'Slow flows and long holds.', specialties: ['Yin', 'Hatha'] });
    expect(res.code).toBe(0);
    expect(res.teacher).toMatchObject({ introduction: 'Slow flows and long holds.', specialties: ['Yin', 'Hatha'] });
    const page = await t.call(reservationCalls.getTeacher, { _id: teacher.id });
    expect(page.teacher).toMatchObject({ introduction: 'Slow flows and long holds.', specialties: ['Yin', 'Hatha'] });
    // Absent specialties stay as they were.
    expect((await update(teacher, { introduction: 'Again' })).teacher.specialties).toEqual(['Yin', 'Hatha']);
  });

  it('takes a photo the teacher uploaded, refuses anyone else’s, and clears it with null', async () => {
    const teacher = await buildTeacher(t);
    const mine = await uploadFor(teacher.id);
    const theirs = await uploadFor((await buildMember(t)).id);
    expect(await update(teacher, { introduction: 'x', photo: theirs.url })).toMatchObject({
      code: 'INVALID_PARAM',
      field: 'photo',
    });
    expect(await update(teacher, { introduction: 'x', photo: 'https://evil.example/p.png' })).toMatchObject({
      code: 'INVALID_PARAM',
    });
    expect((await update(teacher, { introduction: 'x', photo: `http://localhost${mine.url}` })).teacher.photo).toBe(
      mine.url,
    );
    // Sending the current photo back unchanged is fine.
    expect((await update(teacher, { introduction: 'y', photo: mine.url })).code).toBe(0);
    expect((await update(teacher, { introduction: 'x', photo: null })).teacher.photo).toBeNull();
  });

  it('creates the profile of a member who was given the teacher role without one', async () => {
    const member = await buildMember(t, { roles: ['member', 'teacher'], nickname: 'New Teacher' });
    expect((await call(teacherCalls.getWorkbench, {}, member)).teacher.active).toBe(false);
    const res = await update(member, { introduction: 'Hello' });
    expect(res.teacher).toMatchObject({ _id: member.id, name: 'New Teacher', introduction: 'Hello', active: true });
  });

  it('validates its input', async () => {
    const teacher = await buildTeacher(t);
    expect(await update(teacher, {})).toMatchObject({ code: 'INVALID_PARAM', field: 'introduction' });
    expect((await update(teacher, { introduction: 'x'.repeat(4001) })).code).toBe('INVALID_PARAM');
    expect((await update(teacher, { introduction: 'x', specialties: [''] })).code).toBe('INVALID_PARAM');
    expect((await update(teacher, { introduction: 'x', name: 'Other' })).code).toBe('INVALID_PARAM');
  });
});

describe('client/teacher.getSessions', () => {
  it('pages own sessions: upcoming soonest first (in progress and cancelled included), past newest first', async () => {
    const teacher = await buildTeacher(t);
    const now = Date.parse(START);
    const past1 = await sessionOf(teacher, { startsAt: new Date(now - 3 * DAY) });
    const past2 = await sessionOf(teacher, { startsAt: new Date(now - DAY) });
    const current = await sessionOf(teacher, { startsAt: new Date(now - 30 * MINUTE) });
    const next = await sessionOf(teacher, { startsAt: new Date(now + DAY) });
    const called = await sessionOf(teacher, { startsAt: new Date(now + 2 * DAY) });
    await cancelSession(called);
    await buildSession(t, { startsAt: new Date(now + DAY) }); // someone else's

    const upcoming = await call(teacherCalls.getSessions, { scope: 'upcoming' }, teacher);
    expect(upcoming.rows.map((s) => s._id)).toEqual([current.id, next.id, called.id]);
    expect(upcoming).toMatchObject({ total: 3, hasMore: false });
    expect(upcoming.rows[2]).toMatchObject({ status: 'cancelled', cancel_reason: 'Teacher ill' });

    const past = await call(teacherCalls.getSessions, { scope: 'past' }, teacher);
    expect(past.rows.map((s) => s._id)).toEqual([past2.id, past1.id]);

    const page = await call(teacherCalls.getSessions, { scope: 'upcoming', pageIndex: 2, pageSize: 2 }, teacher);
    expect(page).toMatchObject({ total: 3, hasMore: false });
    expect(page.rows.map((s) => s._id)).toEqual([called.id]);
    const first = await call(teacherCalls.getSessions, { pageSize: 2 }, teacher);
    expect(first).toMatchObject({ total: 3, hasMore: true });
  });

  it('refuses an unknown scope', async () => {
    const teacher = await buildTeacher(t);
    const res = await t.callRaw(teacherCalls.getSessions.url, { scope: 'all' }, { token: teacher.token });
    expect(res.code).toBe('INVALID_PARAM');
  });
});

describe('client/teacher.getClassHours', () => {
  const hours = (m: TestMember, month?: string) => call(teacherCalls.getClassHours, month ? { month } : {}, m);

  it('counts ended, not cancelled sessions by their start month in the studio timezone', async () => {
    await setMerchant(t, { timezone: 'Asia/Shanghai' }); // UTC+8, no DST
    try {
      t.clock.set('2026-12-15T00:00:00Z');
      const teacher = await buildTeacher(t);
      // 2026-10-31 23:30 in Shanghai: October.
      const oct = await sessionOf(teacher, { startsAt: at('2026-10-31T15:30:00Z'), durationMin: 30 });
      // 2026-11-01 00:00 in Shanghai: November, though still 31 October in UTC.
      const novFirst = await sessionOf(teacher, { startsAt: at('2026-10-31T16:00:00Z'), durationMin: 60 });
      // 2026-11-30 22:29 in Shanghai: November, ending as December begins there.
      const novLast = await sessionOf(teacher, { startsAt: at('2026-11-30T14:29:00Z'), durationMin: 91 });
      // 2026-12-01 00:00 in Shanghai: December, though still 30 November in UTC.
      const dec = await sessionOf(teacher, { startsAt: at('2026-11-30T16:00:00Z'), durationMin: 60 });
      const called = await sessionOf(teacher, { startsAt: at('2026-11-20T02:00:00Z') });
      await cancelSession(called);
      await sessionOf(teacher, { startsAt: at('2026-12-14T23:30:00Z'), durationMin: 60 }); // not ended yet
      await buildSession(t, { startsAt: at('2026-11-10T02:00:00Z') }); // someone else's

      const nov = await hours(teacher, '2026-11');
      expect(nov).toMatchObject({ code: 0, month: '2026-11', session_count: 2, total_minutes: 151, hours: 2.52 });
      expect(nov.rows.map((s) => s._id)).toEqual([novFirst.id, novLast.id]);
      expect(await hours(teacher, '2026-10')).toMatchObject({ session_count: 1, total_minutes: 30, hours: 0.5 });
      expect((await hours(teacher, '2026-10')).rows[0]!._id).toBe(oct.id);
      const december = await hours(teacher, '2026-12');
      expect(december).toMatchObject({ session_count: 1, total_minutes: 60 });
      expect(december.rows[0]!._id).toBe(dec.id);
      // Without a month: the current month where the studio is.
      expect(await hours(teacher)).toMatchObject({ month: '2026-12', session_count: 1 });
    } finally {
      await setMerchant(t, { timezone: 'Europe/London' });
    }
  });

  it('follows daylight saving time (Europe/London in summer is UTC+1)', async () => {
    t.clock.set('2026-07-10T00:00:00Z');
    const teacher = await buildTeacher(t);
    const june = await sessionOf(teacher, { startsAt: at('2026-06-30T22:30:00Z') }); // 23:30 BST, 30 June
    const july = await sessionOf(teacher, { startsAt: at('2026-06-30T23:30:00Z') }); // 00:30 BST, 1 July
    expect((await hours(teacher, '2026-06')).rows.map((s) => s._id)).toEqual([june.id]);
    expect((await hours(teacher, '2026-07')).rows.map((s) => s._id)).toEqual([july.id]);
  });

  it('answers zero for a month without classes and refuses a malformed month', async () => {
    const teacher = await buildTeacher(t);
    expect(await hours(teacher, '2025-01')).toMatchObject({ session_count: 0, total_minutes: 0, hours: 0, rows: [] });
    for (const month of ['2026-13', '2026-1', '26-11', '2026-11-01']) {
      expect(await hours(teacher, month)).toMatchObject({ code: 'INVALID_PARAM', field: 'month' });
    }
  });
});

describe('client/teacher.getRoster', () => {
  it('answers the roster of an own session with check-in state and the waitlist', async () => {
    const teacher = await buildTeacher(t);
    const session = await sessionOf(teacher, { capacity: 2, startsAt: new Date(Date.parse(START) + 30 * MINUTE) });
    const a = await memberWithCredits('Ann');
    const b = await memberWithCredits('Ben');
    const c = await memberWithCredits('Cat');
    const ra = await bookDirect(a.id, session);
    await bookDirect(b.id, session);
    t.clock.set(new Date(session.startsAt.getTime() - 2 * HOUR));
    expect((await call(reservationCalls.joinWaitlist, { session_id: session.id }, c)).code).toBe(0);
    t.clock.set(START);
    expect((await call(teacherCalls.checkIn, { reservation_id: ra }, teacher)).code).toBe(0);

    const roster = await call(teacherCalls.getRoster, { session_id: session.id }, teacher);
    expect(roster.code).toBe(0);
    expect(roster.session).toMatchObject({ _id: session.id, booked_count: 2, waitlist_count: 1 });
    expect(roster.rows.map((r) => [r.member.nickname, r.status, r.checked_in_at])).toEqual([
      ['Ann', 'registered', START],
      ['Ben', 'registered', null],
    ]);
    expect(roster.waitlist).toMatchObject([{ position: 1, member: { _id: c.id, nickname: 'Cat' } }]);
  });

  it('refuses another teacher’s session (NOT_YOUR_SESSION) and an unknown one', async () => {
    const teacher = await buildTeacher(t);
    const theirs = await buildSession(t);
    expect((await call(teacherCalls.getRoster, { session_id: theirs.id }, teacher)).code).toBe('NOT_YOUR_SESSION');
    expect((await call(teacherCalls.getRoster, { session_id: 'nope' }, teacher)).code).toBe('SESSION_NOT_FOUND');
  });
});

describe('client/teacher.checkIn', () => {
  const checkIn = (m: TestMember, data: Record<string, unknown>) => call(teacherCalls.checkIn, data, m);

  /** A teacher's session starting 2 hours after START (60 minutes long) with one booked member. */
  async function bookedSession() {
    const teacher = await buildTeacher(t);
    const session = await sessionOf(teacher, { startsAt: new Date(Date.parse(START) + 2 * HOUR) });
    const member = await memberWithCredits();
    const reservationId = await bookDirect(member.id, session);
    return { teacher, session, member, reservationId };
  }

  it('checks a member in by reservation id, once', async () => {
    const { teacher, session, reservationId } = await bookedSession();
    t.clock.set(session.startsAt);
    const res = await checkIn(teacher, { reservation_id: reservationId });
    expect(res.code).toBe(0);
    expect(res.reservation).toMatchObject({
      _id: reservationId,
      status: 'registered',
      checked_in_at: session.startsAt.toISOString(),
      session: { _id: session.id },
    });
    expect(await checkIn(teacher, { reservation_id: reservationId })).toMatchObject({ code: 'ALREADY_CHECKED_IN' });
  });

  it('checks a member in by the code of their QR, in any letter case', async () => {
    const { teacher, session, member } = await bookedSession();
    const mine = await call(reservationCalls.getMyReservations, {}, member);
    const code = mine.rows[0]!.code;
    t.clock.set(session.startsAt);
    const res = await checkIn(teacher, { code: ` ${code.toLowerCase()} ` });
    expect(res.code).toBe(0);
    expect(res.reservation.checked_in_at).not.toBeNull();
    expect((await checkIn(teacher, { code })).code).toBe('ALREADY_CHECKED_IN');
  });

  it('opens 60 minutes before the start and closes 30 minutes after the end', async () => {
    const { teacher, session, reservationId } = await bookedSession();
    t.clock.set(new Date(session.startsAt.getTime() - 60 * MINUTE - 1));
    const early = await checkIn(teacher, { reservation_id: reservationId });
    expect(early).toMatchObject({
      code: 'CHECK_IN_NOT_OPEN',
      opens_at: new Date(session.startsAt.getTime() - 60 * MINUTE).toISOString(),
    });
    expect(early.msg).toContain('60');
    t.clock.set(new Date(session.startsAt.getTime() - 60 * MINUTE));
    expect((await checkIn(teacher, { reservation_id: reservationId })).code).toBe(0);

    const late = await bookedSession();
    t.clock.set(new Date(late.session.endsAt.getTime() + 30 * MINUTE + 1));
    expect(await checkIn(late.teacher, { reservation_id: late.reservationId })).toMatchObject({
      code: 'CHECK_IN_CLOSED',
      closes_at: new Date(late.session.endsAt.getTime() + 30 * MINUTE).toISOString(),
    });
    // At the last instant of the grace period the class has ended: the reservation reads done.
    t.clock.set(new Date(late.session.endsAt.getTime() + 30 * MINUTE));
    const lastMinute = await checkIn(late.teacher, { reservation_id: late.reservationId });
    expect(lastMinute).toMatchObject({ code: 0, reservation: { status: 'done' } });
  });

  it('refuses another teacher’s class (NOT_YOUR_SESSION), by id and by code', async () => {
    const { session, member, reservationId } = await bookedSession();
    const stranger = await buildTeacher(t);
    t.clock.set(session.startsAt);
    expect((await checkIn(stranger, { reservation_id: reservationId })).code).toBe('NOT_YOUR_SESSION');
    const code = (await call(reservationCalls.getMyReservations, {}, member)).rows[0]!.code;
    expect((await checkIn(stranger, { code })).code).toBe('NOT_YOUR_SESSION');
  });

  it('refuses a cancelled reservation (RESERVATION_NOT_ACTIVE)', async () => {
    const teacher = await buildTeacher(t);
    const session = await sessionOf(teacher, { startsAt: new Date(Date.parse(START) + 3 * DAY) });
    const member = await memberWithCredits();
    const booked = await call(reservationCalls.book, { session_id: session.id }, member);
    expect((await call(reservationCalls.cancelBooking, { reservation_id: booked.reservation._id }, member)).code).toBe(
      0,
    );
    t.clock.set(session.startsAt);
    expect((await checkIn(teacher, { reservation_id: booked.reservation._id })).code).toBe('RESERVATION_NOT_ACTIVE');
  });

  it('answers RESERVATION_NOT_FOUND and CODE_NOT_FOUND for what does not exist', async () => {
    const teacher = await buildTeacher(t);
    expect((await checkIn(teacher, { reservation_id: 'nope' })).code).toBe('RESERVATION_NOT_FOUND');
    expect((await checkIn(teacher, { code: 'ZZZZZZZZZZ' })).code).toBe('CODE_NOT_FOUND');
  });

  it('takes exactly one of reservation_id and code', async () => {
    const teacher = await buildTeacher(t);
    expect(await checkIn(teacher, {})).toMatchObject({ code: 'INVALID_PARAM', field: 'reservation_id' });
    expect((await checkIn(teacher, { reservation_id: 'a', code: 'b' })).code).toBe('INVALID_PARAM');
  });

  it('race: 20 check-ins of the same reservation at once, exactly one succeeds', async () => {
    const { teacher, session, reservationId } = await bookedSession();
    t.clock.set(session.startsAt);
    const results: Envelope[] = await Promise.all(
      Array.from({ length: 20 }, () => checkIn(teacher, { reservation_id: reservationId })),
    );
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 'ALREADY_CHECKED_IN')).toHaveLength(19);
    const roster = await call(teacherCalls.getRoster, { session_id: session.id }, teacher);
    expect(roster.rows[0]!.checked_in_at).toBe(session.startsAt.toISOString());
  });
});

describe('client/teacher.getStudents', () => {
  it('lists distinct members who attended or booked own classes, latest class first', async () => {
    const teacher = await buildTeacher(t);
    const now = Date.parse(START);
    const past = await sessionOf(teacher, { startsAt: new Date(now - 2 * DAY) });
    const soon = await sessionOf(teacher, { startsAt: new Date(now + 3 * DAY) });
    const later = await sessionOf(teacher, { startsAt: new Date(now + 5 * DAY) });
    const elsewhere = await buildSession(t, { startsAt: new Date(now + DAY) });
    const ann = await memberWithCredits('Ann Lee');
    const ben = await memberWithCredits('Ben Ortiz');
    const cat = await memberWithCredits('Cat Other');
    const dan = await memberWithCredits('Dan Gone');

    const annPast = await bookDirect(ann.id, past);
    await bookDirect(ann.id, soon);
    await bookDirect(ben.id, later);
    await bookDirect(cat.id, elsewhere); // another teacher's class
    const dans = await call(reservationCalls.book, { session_id: soon.id }, dan);
    await call(reservationCalls.cancelBooking, { reservation_id: dans.reservation._id }, dan); // cancelled: not a student
    // Ann was checked in at her past class (through the reservations service, as staff would).
    t.clock.set(past.startsAt);
    expect((await call(adminReservationCalls.checkIn, { _id: annPast }, admin)).code).toBe(0);
    t.clock.set(START);

    const res = await call(teacherCalls.getStudents, {}, teacher);
    expect(res).toMatchObject({ code: 0, total: 2, hasMore: false });
    expect(res.rows).toEqual([
      {
        _id: ben.id,
        nickname: 'Ben Ortiz',
        avatar: null,
        session_count: 1,
        attended_count: 0,
        last_session_at: later.startsAt.toISOString(),
      },
      {
        _id: ann.id,
        nickname: 'Ann Lee',
        avatar: null,
        session_count: 2,
        attended_count: 1,
        last_session_at: soon.startsAt.toISOString(),
      },
    ]);

    const found = await call(teacherCalls.getStudents, { keyword: 'ann' }, teacher);
    expect(found.rows.map((r) => r._id)).toEqual([ann.id]);
    expect((await call(teacherCalls.getStudents, { keyword: '%' }, teacher)).total).toBe(0);
    const page = await call(teacherCalls.getStudents, { pageSize: 1 }, teacher);
    expect(page).toMatchObject({ total: 2, hasMore: true });
    expect(page.rows.map((r) => r._id)).toEqual([ben.id]);
  });
});
