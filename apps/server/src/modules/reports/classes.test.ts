import { adminReportCalls, type ClassStats } from '@studio/contract/reports';
import { adminReservationCalls, reservationCalls } from '@studio/contract/reservations';
import { and, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { users } from '../account/schema';
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

/*
 * Issue 26, classes and members, on bookings made through the real calls: two classes in the first
 * week of June (London, BST) and one on 1 May, a cancellation in time, a late one, a check-in, a
 * waitlist entry; then who is active, who lapsed and how April's joiners kept coming.
 */

const clock = new TestClock('2026-04-25T10:00:00.000Z');
let t: TestApp;
let admin: TestMember;
let m: TestMember[];
let teacher: TestMember;
let yoga: { id: string };
let pilates: { id: string };
let mayClass: { id: string };
let lapsedMember: TestMember;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await setMerchant(t, { tokenTtlDays: 365 });
  admin = await buildAdmin(t);
  teacher = await buildTeacher(t, { name: 'Tess Teacher' });
  yoga = await buildCourse(t, { name: 'Morning Yoga' });
  pilates = await buildCourse(t, { name: 'Evening Pilates' });
  const room = await buildRoom(t, { capacity: 10 });
  m = [await buildMember(t), await buildMember(t), await buildMember(t), await buildMember(t)];
  lapsedMember = await buildMember(t, { nickname: 'Lapsed Lou' });
  for (const who of [...m, lapsedMember]) await buildPackage(t, who.id, { classCount: 10 });
  const session = (startsAt: string, courseId: string, capacity: number) =>
    buildSession(t, { startsAt: new Date(startsAt), courseId, teacherId: teacher.id, roomId: room.id, capacity });
  const book = async (who: TestMember, session_id: string) => {
    const res = await t.call(reservationCalls.book, { session_id }, { token: who.token });
    expect(res.code, res.msg).toBe(0);
    return res.reservation._id;
  };

  // 1 May: Lou's only class.
  mayClass = await session('2026-05-01T17:00:00.000Z', yoga.id, 10);
  await book(lapsedMember, mayClass.id);

  clock.set('2026-06-01T08:00:00.000Z');
  // Tuesday 2 June 10:00 London and Wednesday 3 June 18:00 London; a class called off is left out.
  const tuesday = await session('2026-06-02T09:00:00.000Z', yoga.id, 4);
  const wednesday = await session('2026-06-03T17:00:00.000Z', pilates.id, 2);
  const calledOff = await session('2026-06-04T09:00:00.000Z', yoga.id, 4);
  const kept = await book(m[0]!, tuesday.id);
  await book(m[1]!, tuesday.id);
  const inTime = await book(m[2]!, tuesday.id);
  const late = await book(m[3]!, tuesday.id);
  await book(m[0]!, wednesday.id);
  await book(m[1]!, wednesday.id);
  expect((await t.call(reservationCalls.joinWaitlist, { session_id: wednesday.id }, { token: m[2]!.token })).code).toBe(
    0,
  );
  await book(m[3]!, calledOff.id);
  expect(
    (
      await t.call(
        adminReservationCalls.cancelSession,
        { _id: calledOff.id, reason: 'Teacher ill' },
        { token: admin.token },
      )
    ).code,
  ).toBe(0);
  // Cancelled a day ahead by the member: in time.
  expect((await t.call(reservationCalls.cancelBooking, { reservation_id: inTime }, { token: m[2]!.token })).code).toBe(
    0,
  );
  // Half an hour before the start, by staff: late.
  clock.set('2026-06-02T08:30:00.000Z');
  expect((await t.call(adminReservationCalls.cancelReservation, { _id: late }, { token: admin.token })).code).toBe(0);
  clock.set('2026-06-02T08:55:00.000Z');
  const checked = await t.call(adminReservationCalls.checkIn, { _id: kept }, { token: admin.token });
  expect(checked.code, checked.msg).toBe(0);
  clock.set('2026-06-10T12:00:00.000Z');
});
afterAll(() => t.close());

const stats = (s: Partial<ClassStats>): ClassStats => ({
  sessions: 0,
  seats: 0,
  booked: 0,
  fill_rate: null,
  check_ins: 0,
  no_shows: 0,
  late_cancels: 0,
  waitlisted: 0,
  ...s,
});

describe('classes', () => {
  it('counts seats, kept bookings, check-ins, no-shows, late cancellations and the waitlist, by course, teacher and hour', async () => {
    const res = await t.call(
      adminReportCalls.classes,
      { from: '2026-06-01', to: '2026-06-07' },
      { token: admin.token },
    );
    expect(res.code, res.msg).toBe(0);
    const tuesday = stats({
      sessions: 1,
      seats: 4,
      booked: 2,
      fill_rate: 0.5,
      check_ins: 1,
      no_shows: 1,
      late_cancels: 1,
    });
    const wednesday = stats({ sessions: 1, seats: 2, booked: 2, fill_rate: 1, no_shows: 2, waitlisted: 1 });
    expect(res.total).toEqual(
      stats({
        sessions: 2,
        seats: 6,
        booked: 4,
        fill_rate: 4 / 6,
        check_ins: 1,
        no_shows: 3,
        late_cancels: 1,
        waitlisted: 1,
      }),
    );
    expect(res.by_course).toEqual(
      expect.arrayContaining([
        { ...tuesday, _id: yoga.id, name: 'Morning Yoga' },
        { ...wednesday, _id: pilates.id, name: 'Evening Pilates' },
      ]),
    );
    expect(res.by_teacher).toEqual([{ ...res.total, _id: teacher.id, name: 'Tess Teacher' }]);
    // Studio time: Tuesday (1) at 10, Wednesday (2) at 18.
    expect(res.heatmap).toEqual([
      { ...tuesday, weekday: 1, hour: 10 },
      { ...wednesday, weekday: 2, hour: 18 },
    ]);
    // The week before held none of them; May's class is further back.
    expect(res.previous).toEqual(stats({}));
  });

  it('a class not yet over has no no-shows', async () => {
    clock.set('2026-06-03T12:00:00.000Z');
    const res = await t.call(
      adminReportCalls.classes,
      { from: '2026-06-03', to: '2026-06-03' },
      { token: admin.token },
    );
    expect(res.total).toMatchObject({ sessions: 1, booked: 2, no_shows: 0 });
    clock.set('2026-06-10T12:00:00.000Z');
  });

  it('its CSV holds the same totals', async () => {
    const res = await t.call(
      adminReportCalls.classes,
      { from: '2026-06-01', to: '2026-06-07' },
      { token: admin.token },
    );
    const file = await t.call(
      adminReportCalls.classesCsv,
      { from: '2026-06-01', to: '2026-06-07' },
      { token: admin.token },
    );
    expect(file.code, file.msg).toBe(0);
    const lines = file.csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    const header = lines[0]!;
    const total = lines.find((l) => l[0] === 'total')!;
    const figures = ['sessions', 'seats', 'booked', 'check_ins', 'no_shows', 'late_cancels', 'waitlisted'] as const;
    expect(figures.map((k) => Number(total[header.indexOf(k)]))).toEqual(figures.map((k) => res.total[k]));
    expect(lines.filter((l) => l[0] === 'weekday_hour').map((l) => l[1])).toEqual(['1-10', '2-18']);
  });
});

describe('members', () => {
  it('new in the range, active in the last 30 days, lapsed after being active before, with the list to contact', async () => {
    const res = await t.call(
      adminReportCalls.members,
      { from: '2026-04-01', to: '2026-06-10' },
      { token: admin.token },
    );
    expect(res.code, res.msg).toBe(0);
    const [joined] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(
        and(
          gte(users.createdAt, new Date('2026-03-31T23:00:00Z')),
          lt(users.createdAt, new Date('2026-06-10T23:00:00Z')),
        ),
      );
    // Booked classes since 12 May: the two who kept their bookings. Lou's last class was on 1 May.
    expect(res.total).toEqual({ new: joined!.n, active: 2, lapsed: 1 });
    expect(res.lapsed).toEqual([
      expect.objectContaining({
        user_id: lapsedMember.id,
        nickname: 'Lapsed Lou',
        last_class_at: '2026-05-01T17:00:00.000Z',
        registered_at: '2026-04-25T10:00:00.000Z',
      }),
    ]);
    expect(res.new_series).toHaveLength(71);
    expect(res.new_series.find((d) => d.period === '2026-04-25')?.count).toBe(joined!.n);
    expect(res.new_series.reduce((s, d) => s + d.count, 0)).toBe(res.total.new);
    // April's joiners: none came in April, Lou in May, two in June.
    expect(res.retention.map((c) => c.month)).toEqual(['2026-04', '2026-05', '2026-06']);
    expect(res.retention[0]).toEqual({
      month: '2026-04',
      joined: joined!.n,
      active: [0, 1 / joined!.n, 2 / joined!.n],
    });
    expect(res.retention[1]).toEqual({ month: '2026-05', joined: 0, active: [null, null] });
  });

  it('compares with the period before, and its CSV lists every lapsed member under the same counts', async () => {
    const res = await t.call(
      adminReportCalls.members,
      { from: '2026-06-01', to: '2026-06-10' },
      { token: admin.token },
    );
    // 22 May – 31 May: active were those with classes from 2 May to 31 May (none); Lou's 1 May class is the window before.
    expect(res.previous).toEqual({ new: 0, active: 0, lapsed: 1 });
    const file = await t.call(
      adminReportCalls.membersCsv,
      { from: '2026-06-01', to: '2026-06-10' },
      { token: admin.token },
    );
    const rows = file.csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    const count = (name: string) => Number(rows.find((r) => r[0] === name)?.[7]);
    expect([count('new'), count('active'), count('lapsed')]).toEqual([
      res.total.new,
      res.total.active,
      res.total.lapsed,
    ]);
    expect(rows.filter((r) => r[0] === 'lapsed_member').map((r) => r[1])).toEqual([lapsedMember.id]);
  });
});
