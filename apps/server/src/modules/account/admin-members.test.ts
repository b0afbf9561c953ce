import { adminUserCalls } from '@studio/contract/account';
import { adminReservationCalls, reservationCalls } from '@studio/contract/reservations';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
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
const START = '2026-11-22T09:00:00.000Z';
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

describe('the members of the back office', () => {
  it('finds members by keyword, filters teachers and staff, and sorts by name', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const [bea, al] = [
      await buildMember(t, { nickname: `${tag} Bea` }),
      await buildMember(t, { nickname: `${tag} Al` }),
    ];
    const teacher = await buildTeacher(t, { name: `${tag} Cy` });
    const byName = await t.call(
      adminUserCalls.getList,
      { keyword: tag, sort: 'nickname', order: 'asc' },
      { token: admin.token },
    );
    expect(byName.rows.map((r) => r._id)).toEqual([al.id, bea.id, teacher.id]);
    const newest = await t.call(adminUserCalls.getList, { keyword: tag }, { token: admin.token });
    expect(newest.total).toBe(3);
    const teachers = await t.call(adminUserCalls.getList, { keyword: tag, role: 'teacher' }, { token: admin.token });
    expect(teachers.rows.map((r) => r._id)).toEqual([teacher.id]);
    const staff = await t.call(adminUserCalls.getList, { role: 'staff', pageSize: 100 }, { token: admin.token });
    expect(staff.rows.map((r) => r._id)).toContain(admin.id);
    expect(staff.rows.map((r) => r._id)).not.toContain(bea.id);
  });

  it('opens one member, and refuses an unknown one', async () => {
    const m = await buildMember(t, { nickname: 'Opened One' });
    const res = await t.call(adminUserCalls.get, { _id: m.id }, { token: admin.token });
    expect(res.user).toMatchObject({ _id: m.id, nickname: 'Opened One', role: ['member'], is_verify_staff: false });
    expect((await t.callRaw(adminUserCalls.get.url, { _id: 'nobody' }, { token: admin.token })).code).toBe(
      'USER_NOT_FOUND',
    );
  });

  it('exports the filtered list as CSV, a name that looks like a formula kept as text', async () => {
    const tag = `ex${Date.now().toString(36)}`;
    await buildMember(t, { nickname: `=${tag}` });
    await buildMember(t, { nickname: `${tag} Plain` });
    const file = await t.call(adminUserCalls.exportCsv, { keyword: tag, sort: 'nickname' }, { token: admin.token });
    expect(file.filename).toBe('members-2026-11-22.csv');
    expect(file.truncated).toBe(false);
    const lines = file.csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,username,nickname,email,mobile,roles,permissions,verification_staff,registered_at');
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes(`'=${tag}`))).toBe(true);
  });

  it('shows a member’s reservations and waitlist places', async () => {
    const m = await buildMember(t);
    await buildPackage(t, m.id);
    const session = await buildSession(t, { capacity: 1 });
    await t.call(reservationCalls.book, { session_id: session.id }, { token: m.token });
    const full = await buildSession(t, { capacity: 1 });
    const other = await buildMember(t);
    await buildPackage(t, other.id);
    await t.call(reservationCalls.book, { session_id: full.id }, { token: other.token });
    await t.call(reservationCalls.joinWaitlist, { session_id: full.id }, { token: m.token });

    const booked = await t.call(adminReservationCalls.getListByUser, { user_id: m.id }, { token: admin.token });
    expect(booked.rows.map((r) => r.session._id)).toEqual([session.id]);
    const waiting = await t.call(adminReservationCalls.getWaitlistByUser, { user_id: m.id }, { token: admin.token });
    expect(waiting.rows.map((w) => w.session._id)).toEqual([full.id]);
    // A member cannot read someone else's history.
    expect(
      (await t.callRaw(adminReservationCalls.getListByUser.url, { user_id: other.id }, { token: m.token })).code,
    ).toBe('PERMISSION_DENIED');
  });
});
