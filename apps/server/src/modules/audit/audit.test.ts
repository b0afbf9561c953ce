import { adminUserCalls } from '@studio/contract/account';
import { adminAuditCalls } from '@studio/contract/audit';
import { adminMerchantCalls } from '@studio/contract/merchant';
import { adminPackageCalls } from '@studio/contract/packages';
import { adminReservationCalls, reservationCalls } from '@studio/contract/reservations';
import { adminScheduleCalls } from '@studio/contract/schedule';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildAdmin, buildMember, buildSession, type TestMember } from '../schedule/testing';
import { auditCount, auditEntriesFor } from './testing';

let t: TestApp;
let admin: TestMember;
const START = '2026-11-22T09:00:00.000Z';
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

async function staffWith(...permissions: string[]) {
  const m = await buildMember(t, { nickname: `Staff ${permissions.join('+')}` });
  await t.app.db.execute(`update users set permissions = '{${permissions.join(',')}}' where id = '${m.id}'`);
  return m;
}

describe('the audit log', () => {
  it('records a creation and an edit with who, which call, before and after', async () => {
    const created = await t.call(
      adminScheduleCalls.saveRoom,
      { name: 'Audit Room', capacity: 10 },
      { token: admin.token },
    );
    t.clock.set(new Date(Date.parse(START) + 60_000));
    await t.call(
      adminScheduleCalls.saveRoom,
      { _id: created.room._id, name: 'Audit Room', capacity: 12 },
      { token: admin.token },
    );
    const [edit, creation] = await auditEntriesFor(t.app.db, 'room', created.room._id);
    expect(creation).toMatchObject({ actorId: admin.id, action: 'admin/room.save', before: null });
    expect(creation?.after).toMatchObject({ capacity: 10 });
    expect(edit?.before).toMatchObject({ capacity: 10 });
    expect(edit?.after).toMatchObject({ capacity: 12 });
  });

  it('writes nothing for a refused or failed change', async () => {
    const member = await buildMember(t);
    const before = await auditCount(t.app.db);
    expect(
      (await t.callRaw(adminScheduleCalls.saveRoom.url, { name: 'X', capacity: 3 }, { token: member.token })).code,
    ).toBe('PERMISSION_DENIED');
    expect(
      (
        await t.callRaw(
          adminScheduleCalls.saveRoom.url,
          { _id: 'missing', name: 'X', capacity: 3 },
          { token: admin.token },
        )
      ).code,
    ).not.toBe(0);
    expect(
      (
        await t.callRaw(
          adminUserCalls.setRoles.url,
          { user_id: 'nobody', roles: ['member'], is_verify_staff: false },
          { token: admin.token },
        )
      ).code,
    ).toBe('USER_NOT_FOUND');
    expect(await auditCount(t.app.db)).toBe(before);
  });

  it('covers roles, the studio, packages, sessions, check-ins and staff cancels', async () => {
    const m = await buildMember(t);
    await t.call(
      adminUserCalls.setRoles,
      { user_id: m.id, roles: ['member'], is_verify_staff: true, permission: ['audit.view'] },
      { token: admin.token },
    );
    const [roles] = await auditEntriesFor(t.app.db, 'member', m.id);
    expect(roles?.before).toEqual({ roles: ['member'], permissions: [], is_verify_staff: false });
    expect(roles?.after).toEqual({ roles: ['member'], permissions: ['audit.view'], is_verify_staff: true });

    await t.call(adminMerchantCalls.save, { name: 'Audited Studio' }, { token: admin.token });
    const [studio] = await auditEntriesFor(t.app.db, 'studio', 'default');
    expect(studio?.after).toMatchObject({ name: 'Audited Studio' });

    const granted = await t.call(
      adminPackageCalls.grantPackage,
      { user_id: m.id, name: 'Gift', class_count: 3 },
      { token: admin.token },
    );
    expect(await auditEntriesFor(t.app.db, 'package', granted.package._id)).toHaveLength(1);

    const session = await buildSession(t);
    const booking = await t.call(reservationCalls.book, { session_id: session.id }, { token: m.token });
    await t.call(adminReservationCalls.checkIn, { _id: booking.reservation._id }, { token: admin.token });
    await t.call(adminReservationCalls.cancelReservation, { _id: booking.reservation._id }, { token: admin.token });
    const trail = await auditEntriesFor(t.app.db, 'reservation', booking.reservation._id);
    expect(trail.map((e) => e.action)).toEqual(['admin/reservation.cancel', 'admin/reservation.checkIn']);
  });

  it('is listed newest first for staff holding audit.view, filtered by staff member, object and dates', async () => {
    const auditor = await staffWith('audit.view');
    const desk = await staffWith('classes.manage');
    t.clock.set(new Date(Date.parse(START) + 3 * DAY));
    const room = await t.call(adminScheduleCalls.saveRoom, { name: 'Desk Room', capacity: 6 }, { token: desk.token });

    const mine = await t.call(adminAuditCalls.getList, { actor_id: desk.id }, { token: auditor.token });
    expect(mine.rows).toHaveLength(1);
    expect(mine.rows[0]).toMatchObject({
      actor: { _id: desk.id, nickname: 'Staff classes.manage' },
      action: 'admin/room.save',
      object_type: 'room',
      object_id: room.room._id,
      before: null,
    });
    const byObject = await t.call(
      adminAuditCalls.getList,
      { object_type: 'room', object_id: room.room._id },
      { token: auditor.token },
    );
    expect(byObject.total).toBe(1);
    const day = new Date(Date.parse(START) + 3 * DAY).toISOString().slice(0, 10);
    const thatDay = await t.call(adminAuditCalls.getList, { date_from: day, date_to: day }, { token: auditor.token });
    expect(thatDay.rows.map((r) => r.object_id)).toEqual([room.room._id]);
    const all = await t.call(adminAuditCalls.getList, { pageSize: 100 }, { token: auditor.token });
    const times = all.rows.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);

    expect((await t.callRaw(adminAuditCalls.getList.url, {}, { token: desk.token })).code).toBe('PERMISSION_DENIED');
  });
});
