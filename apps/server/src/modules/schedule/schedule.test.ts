import { accountCalls } from '@studio/contract/account';
import type { CallDef, CallInput } from '@studio/contract/protocol';
import { adminReservationCalls, reservationCalls } from '@studio/contract/reservations';
import {
  adminScheduleCalls,
  adminTeacherCandidateCalls,
  scheduleCalls,
  weeklyOccurrences,
} from '@studio/contract/schedule';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY, HOUR } from '../../platform/clock';
import { type CallAnswer, createTestApp, type TestApp } from '../../testing/test-app';
import {
  buildAdmin,
  buildCourse,
  buildMember,
  buildRoom,
  buildSession,
  buildTeacher,
  type TestMember,
} from './testing';

describe('weekly series occurrences', () => {
  it('keeps the local wall-clock time across the autumn DST change (Europe/London)', () => {
    const starts = weeklyOccurrences('2026-10-19T08:00:00Z', [1, 3], '2026-11-04', 'Europe/London');
    expect(starts.map((d) => d.toISOString())).toEqual([
      '2026-10-19T08:00:00.000Z', // Mon, BST 09:00
      '2026-10-21T08:00:00.000Z',
      '2026-10-26T09:00:00.000Z', // Mon, GMT 09:00
      '2026-10-28T09:00:00.000Z',
      '2026-11-02T09:00:00.000Z',
      '2026-11-04T09:00:00.000Z',
    ]);
  });

  it('and across the spring change, with weekdays read in the studio timezone', () => {
    // 23:30 on Saturday in London is already Sunday in Shanghai: weekdays follow the studio's zone.
    const starts = weeklyOccurrences('2027-03-20T23:30:00Z', [6], '2027-04-03', 'Europe/London');
    expect(starts.map((d) => d.toISOString())).toEqual([
      '2027-03-20T23:30:00.000Z',
      '2027-03-27T23:30:00.000Z',
      '2027-04-03T22:30:00.000Z',
    ]);
  });

  it('stops counting once past the given maximum', () => {
    const starts = weeklyOccurrences('2026-10-19T08:00:00Z', [1], '2999-12-31', 'Europe/London', 366);
    expect(starts).toHaveLength(367);
  });

  it('starts no earlier than the first session and stops after until', () => {
    const starts = weeklyOccurrences('2026-12-02T18:00:00Z', [0, 1, 2], '2026-12-08', 'Europe/London');
    expect(starts.map((d) => d.toISOString().slice(0, 10))).toEqual(['2026-12-06', '2026-12-07', '2026-12-08']);
  });
});

let t: TestApp;
let admin: TestMember;
let member: TestMember;
const START = '2026-11-22T09:00:00.000Z';
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  member = await buildMember(t);
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

const asAdmin = <C extends CallDef>(def: C, data: CallInput<C>) =>
  t.callRaw(def.url, data, { token: admin.token }) as Promise<CallAnswer<C>>;

describe('courses, rooms and teachers', () => {
  it('admin/course.save creates and updates a course; only admins may', async () => {
    const created = await asAdmin(adminScheduleCalls.saveCourse, {
      name: 'Vinyasa Flow',
      description: 'Flowing',
      duration_min: 60,
      default_capacity: 15,
      level: 'intermediate',
    });
    expect(created.code).toBe(0);
    expect(created.course).toMatchObject({
      name: 'Vinyasa Flow',
      level: 'intermediate',
      accepted_goods_ids: [],
      active: true,
    });
    const updated = await asAdmin(adminScheduleCalls.saveCourse, {
      _id: created.course._id,
      name: 'Vinyasa Flow 2',
      duration_min: 75,
      default_capacity: 15,
      accepted_goods_ids: ['g1'],
    });
    expect(updated.course).toMatchObject({
      _id: created.course._id,
      name: 'Vinyasa Flow 2',
      duration_min: 75,
      accepted_goods_ids: ['g1'],
    });
    expect(
      (
        await asAdmin(adminScheduleCalls.saveCourse, {
          _id: 'missing',
          name: 'x',
          duration_min: 60,
          default_capacity: 1,
        })
      ).code,
    ).toBe('NOT_FOUND');
    expect(
      (await asAdmin(adminScheduleCalls.saveCourse, { name: '', duration_min: 60, default_capacity: 1 })).field,
    ).toBe('name');
    const denied = await t.call(
      adminScheduleCalls.saveCourse,
      { name: 'x', duration_min: 60, default_capacity: 1 },
      { token: member.token },
    );
    expect(denied.code).toBe('PERMISSION_DENIED');
    expect(
      (await t.call(adminScheduleCalls.saveCourse, { name: 'x', duration_min: 60, default_capacity: 1 })).code,
    ).toBe(30204);
  });

  it('admin/course.getList pages and searches; pub_getCourses lists active courses', async () => {
    const a = await buildCourse(t, { name: 'Zeta Yoga one' });
    await buildCourse(t, { name: 'Zeta Yoga two' });
    await asAdmin(adminScheduleCalls.saveCourse, {
      _id: a.id,
      name: a.name,
      duration_min: 60,
      default_capacity: 20,
      active: false,
    });
    const page = await asAdmin(adminScheduleCalls.getCourseList, {
      keyword: 'zeta yoga',
      pageSize: 1,
    });
    expect(page).toMatchObject({ total: 2, hasMore: true });
    const pub = await t.call(scheduleCalls.getCourses);
    expect(pub.rows.map((c) => c.name)).toContain('Zeta Yoga two');
    expect(pub.rows.map((c) => c.name)).not.toContain('Zeta Yoga one');
  });

  it('a keyword with LIKE wildcards matches them literally: "%" and "_" do not match every name', async () => {
    await buildCourse(t, { name: 'Plain Pilates' });
    await buildCourse(t, { name: 'Yoga 100% flow' });
    const search = (keyword: string) => asAdmin(adminScheduleCalls.getCourseList, { keyword, pageSize: 50 });
    const percent = await search('%');
    expect(percent.total).toBeGreaterThan(0);
    expect(percent.rows.every((c) => c.name.includes('%'))).toBe(true);
    expect(percent.rows.map((c) => c.name)).toContain('Yoga 100% flow');
    expect((await search('_')).rows.every((c) => c.name.includes('_'))).toBe(true);
    for (const keyword of ['%', '_']) {
      const rooms = await asAdmin(adminScheduleCalls.getRoomList, { keyword });
      expect(rooms.rows.every((r) => r.name.includes(keyword))).toBe(true);
      const teachers = await asAdmin(adminScheduleCalls.getTeacherList, { keyword });
      expect(teachers.rows.every((r) => r.name.includes(keyword))).toBe(true);
    }
  });

  it('admin/room.save and the room lists', async () => {
    const room = await asAdmin(adminScheduleCalls.saveRoom, {
      name: 'Lotus Room',
      capacity: 18,
      address: '1 Lane',
    });
    expect(room.room).toMatchObject({ name: 'Lotus Room', capacity: 18, address: '1 Lane', active: true });
    const edited = await asAdmin(adminScheduleCalls.saveRoom, {
      _id: room.room._id,
      name: 'Lotus',
      capacity: 10,
    });
    expect(edited.room).toMatchObject({ name: 'Lotus', capacity: 10, address: '1 Lane' });
    expect((await asAdmin(adminScheduleCalls.saveRoom, { name: 'x', capacity: 0 })).code).toBe('INVALID_PARAM');
    const list = await asAdmin(adminScheduleCalls.getRoomList, { keyword: 'lotus' });
    expect(list.rows.map((r) => r._id)).toContain(room.room._id);
    const pub = await t.call(scheduleCalls.getRooms);
    expect(pub.rows.map((r) => r._id)).toContain(room.room._id);
  });

  it('admin/teacher.save gives the member the teacher role and a public profile', async () => {
    const m = await buildMember(t, { nickname: 'Tara' });
    const res = await asAdmin(adminScheduleCalls.saveTeacher, {
      user_id: m.id,
      introduction: 'Ten years of yin',
      specialties: ['Yin', 'Vinyasa'],
    });
    expect(res.teacher).toMatchObject({
      _id: m.id,
      name: 'Tara',
      introduction: 'Ten years of yin',
      specialties: ['Yin', 'Vinyasa'],
    });
    const info = await t.call(accountCalls.getMyUserInfo, {}, { token: m.token });
    expect(info.userInfo.role).toEqual(['member', 'teacher']);
    // Saving again updates the profile without adding the role twice.
    const again = await asAdmin(adminScheduleCalls.saveTeacher, {
      user_id: m.id,
      introduction: 'Updated',
      photo: '/t.jpg',
    });
    expect(again.teacher).toMatchObject({ introduction: 'Updated', photo: '/t.jpg', specialties: ['Yin', 'Vinyasa'] });
    expect((await t.call(accountCalls.getMyUserInfo, {}, { token: m.token })).userInfo.role).toEqual([
      'member',
      'teacher',
    ]);
    expect((await asAdmin(adminScheduleCalls.saveTeacher, { user_id: 'nobody', introduction: '' })).code).toBe(
      'USER_NOT_FOUND',
    );
    const list = await asAdmin(adminScheduleCalls.getTeacherList, { keyword: 'tara' });
    expect(list.rows.map((r) => r._id)).toContain(m.id);
  });

  it('the catalog lists sort by the asked column and filter active or retired entries', async () => {
    const tag = `Sortroom${Date.now()}`;
    for (const [suffix, capacity, active] of [
      ['A', 12, true],
      ['B', 30, true],
      ['C', 20, false],
    ] as const) {
      expect((await asAdmin(adminScheduleCalls.saveRoom, { name: `${tag} ${suffix}`, capacity, active })).code).toBe(0);
    }
    const byCapacity = await asAdmin(adminScheduleCalls.getRoomList, { keyword: tag, sort: 'capacity', order: 'desc' });
    expect(byCapacity.rows.map((r) => r.capacity)).toEqual([30, 20, 12]);
    const byName = await asAdmin(adminScheduleCalls.getRoomList, { keyword: tag, sort: 'name', order: 'asc' });
    expect(byName.rows.map((r) => r.name)).toEqual([`${tag} A`, `${tag} B`, `${tag} C`]);
    const retired = await asAdmin(adminScheduleCalls.getRoomList, { keyword: tag, status: 'inactive' });
    expect(retired.rows.map((r) => r.name)).toEqual([`${tag} C`]);
    expect(retired.total).toBe(1);
    expect(await asAdmin(adminScheduleCalls.getRoomList, { keyword: tag, sort: 'password' as 'name' })).toMatchObject({
      code: 'INVALID_PARAM',
      field: 'sort',
    });
  });

  it('admin/teacher.getCandidates finds members to make teachers, marking who already is one', async () => {
    const plain = await buildMember(t, { nickname: 'Quinn Candidate' });
    const already = await buildTeacher(t, { name: 'Quinn Teaching' });
    const res = await asAdmin(adminTeacherCandidateCalls.getCandidates, { keyword: 'quinn' });
    expect(res.code).toBe(0);
    const byId = new Map(res.rows.map((r) => [r._id, r]));
    expect(byId.get(plain.id)).toMatchObject({ nickname: 'Quinn Candidate', is_teacher: false });
    expect(byId.get(already.id)).toMatchObject({ is_teacher: true });
    // A member may not search members, and a keyword is required.
    expect(
      (await t.callRaw(adminTeacherCandidateCalls.getCandidates.url, { keyword: 'quinn' }, { token: member.token }))
        .code,
    ).toBe('PERMISSION_DENIED');
    expect(await asAdmin(adminTeacherCandidateCalls.getCandidates, { keyword: '' })).toMatchObject({
      code: 'INVALID_PARAM',
      field: 'keyword',
    });
  });

  it('pub_getTeacher and pub_getRoom answer the profile with upcoming sessions only', async () => {
    const teacher = await buildTeacher(t, { name: 'Omar' });
    const room = await buildRoom(t);
    const upcoming = await buildSession(t, {
      teacherId: teacher.id,
      roomId: room.id,
      startsAt: new Date(Date.parse(START) + DAY),
    });
    await buildSession(t, { teacherId: teacher.id, roomId: room.id, startsAt: new Date(Date.parse(START) - DAY) });
    const res = await t.call(reservationCalls.getTeacher, {
      _id: teacher.id,
    });
    expect(res.teacher.name).toBe('Omar');
    expect(res.sessions.map((s) => s._id)).toEqual([upcoming.id]);
    const byRoom = await t.call(reservationCalls.getRoom, {
      _id: room.id,
    });
    expect(byRoom.sessions.map((s) => s._id)).toEqual([upcoming.id]);
    expect((await t.call(reservationCalls.getTeacher, { _id: member.id })).code).toBe('NOT_FOUND');
    expect((await t.call(reservationCalls.getRoom, { _id: 'nope' })).code).toBe('NOT_FOUND');
    const teachers = await t.call(scheduleCalls.getTeachers);
    expect(teachers.rows.map((r) => r._id)).toContain(teacher.id);
  });
});

describe('sessions', () => {
  it('admin/session.create takes the room capacity by default', async () => {
    const course = await buildCourse(t);
    const teacher = await buildTeacher(t);
    const room = await buildRoom(t, { capacity: 12 });
    const base = {
      course_id: course.id,
      teacher_id: teacher.id,
      room_id: room.id,
      starts_at: '2026-11-25T18:00:00Z',
      ends_at: '2026-11-25T19:00:00Z',
    };
    const res = await asAdmin(adminReservationCalls.createSession, base);
    expect(res.session).toMatchObject({
      capacity: 12,
      booked_count: 0,
      seats_left: 12,
      waitlist_count: 0,
      my_status: 'none',
      status: 'scheduled',
      course_name: course.name,
      room_name: room.name,
      starts_at: '2026-11-25T18:00:00.000Z',
    });
    const later = { starts_at: '2026-11-25T20:00:00Z', ends_at: '2026-11-25T21:00:00Z' };
    expect(
      (await asAdmin(adminReservationCalls.createSession, { ...base, ...later, capacity: 6 })).session.capacity,
    ).toBe(6);
    expect((await asAdmin(adminReservationCalls.createSession, { ...base, ends_at: base.starts_at })).code).toBe(
      'TIME_RANGE_INVALID',
    );
    expect(await asAdmin(adminReservationCalls.createSession, { ...base, course_id: 'x' })).toMatchObject({
      code: 'NOT_FOUND',
      field: 'course_id',
    });
    expect(await asAdmin(adminReservationCalls.createSession, { ...base, teacher_id: member.id })).toMatchObject({
      code: 'NOT_FOUND',
      field: 'teacher_id',
    });
    expect(await asAdmin(adminReservationCalls.createSession, { ...base, room_id: 'x' })).toMatchObject({
      code: 'NOT_FOUND',
      field: 'room_id',
    });
    expect((await asAdmin(adminReservationCalls.createSession, { ...base, starts_at: '2026-11-25 18:00' })).field).toBe(
      'starts_at',
    );
  });

  it('admin/session.createSeries creates a weekly series in the studio timezone', async () => {
    t.clock.set('2026-10-01T09:00:00Z');
    const course = await buildCourse(t);
    const teacher = await buildTeacher(t);
    const room = await buildRoom(t, { capacity: 8 });
    const res = await asAdmin(adminReservationCalls.createSeries, {
      course_id: course.id,
      teacher_id: teacher.id,
      room_id: room.id,
      starts_at: '2026-10-19T08:00:00Z',
      ends_at: '2026-10-19T09:15:00Z',
      weekdays: [1, 3],
      until: '2026-11-04',
    });
    expect(res.code).toBe(0);
    expect(res.sessions.map((s) => [s.starts_at, s.ends_at])).toEqual([
      ['2026-10-19T08:00:00.000Z', '2026-10-19T09:15:00.000Z'],
      ['2026-10-21T08:00:00.000Z', '2026-10-21T09:15:00.000Z'],
      ['2026-10-26T09:00:00.000Z', '2026-10-26T10:15:00.000Z'],
      ['2026-10-28T09:00:00.000Z', '2026-10-28T10:15:00.000Z'],
      ['2026-11-02T09:00:00.000Z', '2026-11-02T10:15:00.000Z'],
      ['2026-11-04T09:00:00.000Z', '2026-11-04T10:15:00.000Z'],
    ]);
    expect(res.sessions.every((s) => s.capacity === 8)).toBe(true);
    // Refused with INVALID_PARAM until: more than 366 sessions; a far-off end (answered at once: the
    // walk stops past the limit); a year beyond those a date may name; no occurrence at all.
    const hourly = {
      course_id: course.id,
      teacher_id: teacher.id,
      room_id: room.id,
      starts_at: '2026-10-19T08:00:00Z',
    };
    for (const [weekdays, until] of [
      [[0, 1, 2, 3, 4, 5, 6], '2028-01-01'],
      [[1], '2999-12-31'],
      [[1], '9999-12-31'],
      [[1], '2026-10-18'],
    ] as const) {
      const refused = await asAdmin(adminReservationCalls.createSeries, {
        ...hourly,
        ends_at: '2026-10-19T09:00:00Z',
        weekdays: [...weekdays],
        until,
      });
      expect(refused, until).toMatchObject({ code: 'INVALID_PARAM', field: 'until' });
    }
    const bad = { course_id: course.id, weekdays: [7] };
    const refused = await t.callRaw(adminReservationCalls.createSeries.url, bad, { token: admin.token });
    expect(refused.code).toBe('INVALID_PARAM');
  });

  it('refuses a session that would put a teacher in two classes or two classes in one room', async () => {
    const [course, teacher, other] = [await buildCourse(t), await buildTeacher(t), await buildTeacher(t)];
    const [room, hall] = [await buildRoom(t), await buildRoom(t)];
    const slot = { course_id: course.id, starts_at: '2026-12-01T10:00:00Z', ends_at: '2026-12-01T11:00:00Z' };
    const first = await asAdmin(adminReservationCalls.createSession, {
      ...slot,
      teacher_id: teacher.id,
      room_id: room.id,
    });
    expect(first.code).toBe(0);
    const overlapping = { starts_at: '2026-12-01T10:30:00Z', ends_at: '2026-12-01T11:30:00Z' };

    const sameTeacher = await t.call(
      adminReservationCalls.createSession,
      { ...slot, ...overlapping, teacher_id: teacher.id, room_id: hall.id },
      { token: admin.token, locale: 'zh-Hans' },
    );
    expect(sameTeacher).toMatchObject({
      code: 'TEACHER_BUSY',
      msg: '该老师在此时间已有课程',
      session_id: first.session._id,
      starts_at: '2026-12-01T10:00:00.000Z',
    });
    expect(
      await asAdmin(adminReservationCalls.createSession, {
        ...slot,
        ...overlapping,
        teacher_id: other.id,
        room_id: room.id,
      }),
    ).toMatchObject({ code: 'ROOM_BUSY', msg: 'The room is already in use at that time' });

    // Back to back is fine, and so is another teacher in another room at the same time.
    const next = { starts_at: '2026-12-01T11:00:00Z', ends_at: '2026-12-01T12:00:00Z' };
    expect(
      (
        await asAdmin(adminReservationCalls.createSession, {
          ...slot,
          ...next,
          teacher_id: teacher.id,
          room_id: room.id,
        })
      ).code,
    ).toBe(0);
    expect(
      (await asAdmin(adminReservationCalls.createSession, { ...slot, teacher_id: other.id, room_id: hall.id })).code,
    ).toBe(0);

    // A cancelled class frees its teacher and room.
    await asAdmin(adminReservationCalls.cancelSession, { _id: first.session._id, reason: 'Moved' });
    expect(
      (await asAdmin(adminReservationCalls.createSession, { ...slot, teacher_id: teacher.id, room_id: room.id })).code,
    ).toBe(0);
  });

  it('refuses a whole weekly series when one of its sessions clashes, creating none of them', async () => {
    t.clock.set('2026-10-01T09:00:00Z');
    const [course, teacher, room] = [await buildCourse(t), await buildTeacher(t), await buildRoom(t)];
    // The third Monday of the series is taken.
    await buildSession(t, { teacherId: teacher.id, startsAt: new Date('2026-11-02T08:30:00Z'), durationMin: 60 });
    const series = {
      course_id: course.id,
      teacher_id: teacher.id,
      room_id: room.id,
      starts_at: '2026-10-19T08:00:00Z',
      ends_at: '2026-10-19T09:00:00Z',
      weekdays: [1],
      until: '2026-11-09',
    };
    expect(await asAdmin(adminReservationCalls.createSeries, series)).toMatchObject({ code: 'TEACHER_BUSY' });
    const listed = await asAdmin(adminReservationCalls.getSessionList, { teacher_id: teacher.id });
    expect(listed.rows).toHaveLength(1);
  });

  it('lets exactly one of 30 concurrent creations of the same slot through', async () => {
    const [course, teacher, room] = [await buildCourse(t), await buildTeacher(t), await buildRoom(t)];
    const slot = {
      course_id: course.id,
      teacher_id: teacher.id,
      room_id: room.id,
      starts_at: '2026-12-03T10:00:00Z',
      ends_at: '2026-12-03T11:00:00Z',
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => asAdmin(adminReservationCalls.createSession, slot)),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 'TEACHER_BUSY')).toHaveLength(29);
    const listed = await asAdmin(adminReservationCalls.getSessionList, { teacher_id: teacher.id });
    expect(listed.rows).toHaveLength(1);
  });

  it('admin/session.getList filters by teacher, status and dates', async () => {
    const teacher = await buildTeacher(t);
    const a = await buildSession(t, { teacherId: teacher.id, startsAt: new Date(Date.parse(START) + DAY) });
    const b = await buildSession(t, { teacherId: teacher.id, startsAt: new Date(Date.parse(START) + 3 * DAY) });
    await asAdmin(adminReservationCalls.cancelSession, { _id: b.id, reason: 'Holiday' });
    const all = await asAdmin(adminReservationCalls.getSessionList, {
      teacher_id: teacher.id,
    });
    expect(all.rows.map((s) => s._id)).toEqual([a.id, b.id]);
    const cancelled = await asAdmin(adminReservationCalls.getSessionList, {
      teacher_id: teacher.id,
      status: 'cancelled',
    });
    expect(cancelled.rows.map((s) => [s._id, s.cancel_reason])).toEqual([[b.id, 'Holiday']]);
    const dated = await asAdmin(adminReservationCalls.getSessionList, {
      teacher_id: teacher.id,
      date_from: '2026-11-23',
      date_to: '2026-11-23',
    });
    expect(dated).toMatchObject({ total: 1, rows: [{ _id: a.id }] });
    expect(new Date(a.startsAt).getTime() - Date.parse(START)).toBe(24 * HOUR);
  });
});
