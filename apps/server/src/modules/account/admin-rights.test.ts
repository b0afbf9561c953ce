import { adminUserCalls, type Role } from '@studio/contract/account';
import type { Permission } from '@studio/contract/permissions';
import { adminScheduleCalls } from '@studio/contract/schedule';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditEntriesFor } from '../audit/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { users } from './schema';

/*
 * Staff rights cannot climb (issue 21, item 1; contract staff-rights.ts): nobody changes their own
 * access, only an admin changes an admin, nobody grants or revokes what they do not hold, and the
 * last admin stays one however the admins race. Each refusal is PERMISSION_DENIED and changes nothing.
 */

let t: TestApp;
let admin: TestMember;
/** Like the demo's `frontdesk`: members, classes and packages, not an admin. */
let desk: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  desk = await staffWith(['members.manage', 'classes.manage', 'packages.manage']);
});
afterAll(() => t.close());

async function staffWith(permission: Permission[], roles: Role[] = ['member'], is_verify_staff = false) {
  const m = await buildMember(t);
  const set = await t.call(
    adminUserCalls.setRoles,
    { user_id: m.id, roles, is_verify_staff, permission },
    { token: admin.token },
  );
  expect(set.code, set.msg).toBe(0);
  return m;
}

interface Access {
  roles?: Role[];
  is_verify_staff?: boolean;
  permission?: Permission[];
}
const setRoles = (by: TestMember, target: TestMember, access: Access) =>
  t.callRaw(
    adminUserCalls.setRoles.url,
    { user_id: target.id, roles: ['member'], is_verify_staff: false, ...access },
    { token: by.token },
  );

/** A member's access as stored, with the audit entries about it: what a refusal must leave alone. */
async function stateOf(m: TestMember) {
  const row = await t.app.db.query.users.findFirst({ where: eq(users.id, m.id) });
  const audit = await auditEntriesFor(t.app.db, 'member', m.id);
  return { roles: row?.roles, permissions: row?.permissions, verify: row?.isVerifyStaff, audit: audit.length };
}

async function expectRefused(by: TestMember, target: TestMember, access: Access, reason: string) {
  const before = await stateOf(target);
  expect(await setRoles(by, target, access)).toMatchObject({ code: 'PERMISSION_DENIED', reason });
  expect(await stateOf(target)).toEqual(before);
}

describe('the front desk (members.manage) against an admin and other staff', () => {
  it('cannot set an administrator’s roles to member, nor touch anything of an admin’s', async () => {
    const boss = await buildAdmin(t);
    await expectRefused(desk, boss, { roles: ['member'] }, 'adminOnly');
    // Not even what the desk holds itself, nor a save that changes nothing.
    await expectRefused(desk, boss, { roles: ['member', 'admin'], permission: ['classes.manage'] }, 'adminOnly');
    await expectRefused(desk, boss, { roles: ['member', 'admin'] }, 'adminOnly');
    // The admin still reaches the back office.
    expect((await t.call(adminUserCalls.getList, {}, { token: boss.token })).code).toBe(0);
  });

  it('cannot strip a permission it does not hold from other staff, nor grant one', async () => {
    const clerk = await staffWith(['orders.manage']);
    await expectRefused(desk, clerk, { permission: [] }, 'notHeld');
    await expectRefused(desk, clerk, { permission: ['orders.manage', 'settings.manage'] }, 'notHeld');
    await expectRefused(desk, clerk, { roles: ['member', 'admin'] }, 'notHeld');
  });

  it('cannot make a member verification staff or a teacher, nor undo it', async () => {
    const m = await buildMember(t);
    await expectRefused(desk, m, { is_verify_staff: true }, 'notHeld');
    await expectRefused(desk, m, { roles: ['member', 'teacher'] }, 'notHeld');
    const teacher = await staffWith([], ['member', 'teacher'], true);
    await expectRefused(desk, teacher, { roles: ['member'], is_verify_staff: true }, 'notHeld');
    await expectRefused(desk, teacher, { roles: ['member', 'teacher'], is_verify_staff: false }, 'notHeld');
  });

  it('grants and revokes what it holds, and saves staff who keep what it does not hold', async () => {
    const m = await buildMember(t);
    const granted = await setRoles(desk, m, { permission: ['classes.manage', 'packages.manage'] });
    expect(granted).toMatchObject({ code: 0, user: { permission: ['classes.manage', 'packages.manage'] } });
    expect(await setRoles(desk, m, { permission: ['packages.manage'] })).toMatchObject({ code: 0 });
    // orders.manage does not change, so the desk need not hold it.
    const clerk = await staffWith(['orders.manage']);
    const both = await setRoles(desk, clerk, { permission: ['orders.manage', 'classes.manage'] });
    expect(both).toMatchObject({ code: 0, user: { permission: ['orders.manage', 'classes.manage'] } });
    expect((await auditEntriesFor(t.app.db, 'member', clerk.id))[0]?.actorId).toBe(desk.id);
  });

  it('verification staff and teachers hand on what they are', async () => {
    const verifier = await staffWith(['members.manage'], ['member', 'teacher'], true);
    const m = await buildMember(t);
    expect(await setRoles(verifier, m, { roles: ['member', 'teacher'], is_verify_staff: true })).toMatchObject({
      code: 0,
      user: { role: ['member', 'teacher'], is_verify_staff: true },
    });
  });
});

describe('one’s own access', () => {
  it('nobody changes their own roles or permissions, staff or admin, nor saves them unchanged', async () => {
    await expectRefused(
      desk,
      desk,
      { permission: ['members.manage', 'classes.manage', 'packages.manage', 'settings.manage'] },
      'ownAccess',
    );
    await expectRefused(desk, desk, { permission: ['members.manage'] }, 'ownAccess');
    const boss = await buildAdmin(t);
    await expectRefused(boss, boss, { roles: ['member'] }, 'ownAccess');
    await expectRefused(boss, boss, { roles: ['member', 'admin', 'teacher'] }, 'ownAccess');
    expect((await t.call(adminUserCalls.getList, {}, { token: boss.token })).code).toBe(0);
  });

  it('an admin changes another admin’s account', async () => {
    const other = await buildAdmin(t);
    expect(await setRoles(admin, other, { roles: ['member', 'teacher'], is_verify_staff: true })).toMatchObject({
      code: 0,
      user: { role: ['member', 'teacher'], is_verify_staff: true },
    });
    expect((await t.call(adminUserCalls.getList, {}, { token: other.token })).code).toBe('PERMISSION_DENIED');
  });
});

describe('the last admin', () => {
  const isAdmin = async (m: TestMember) => (await stateOf(m)).roles?.includes('admin');

  it('two admins demoting each other at once leave one admin', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await buildAdmin(t), await buildAdmin(t)];
      const answers = await Promise.all([setRoles(a, b, { roles: ['member'] }), setRoles(b, a, { roles: ['member'] })]);
      expect(answers.map((x) => x.code).sort(), `round ${round}`).toEqual([0, 'PERMISSION_DENIED'].sort());
      expect([await isAdmin(a), await isAdmin(b)].filter(Boolean)).toHaveLength(1);
    }
  });

  it('three admins demoting each other in a ring leave at least one', async () => {
    const ring = [await buildAdmin(t), await buildAdmin(t), await buildAdmin(t)];
    const answers = await Promise.all(
      ring.map((by, i) => setRoles(by, ring[(i + 1) % ring.length]!, { roles: ['member'] })),
    );
    const left = (await Promise.all(ring.map(isAdmin))).filter(Boolean).length;
    expect(left).toBeGreaterThanOrEqual(1);
    // Every demotion that went through was made by someone still an admin when it committed.
    expect(answers.filter((x) => x.code === 0)).toHaveLength(ring.length - left);
  });
});

describe('the teacher role given by a teacher profile (admin/teacher.save)', () => {
  const saveTeacher = (by: TestMember, target: TestMember) =>
    t.callRaw(adminScheduleCalls.saveTeacher.url, { user_id: target.id, introduction: 'Hi' }, { token: by.token });

  it('staff who run classes make a member a teacher, but never themselves or an admin', async () => {
    const newcomer = await buildMember(t);
    expect((await saveTeacher(desk, newcomer)).code).toBe(0);
    expect((await stateOf(newcomer)).roles).toContain('teacher');

    const deskBefore = await stateOf(desk);
    expect(await saveTeacher(desk, desk)).toMatchObject({ code: 'PERMISSION_DENIED', reason: 'ownAccess' });
    expect(await stateOf(desk)).toEqual(deskBefore);

    const owner = await buildAdmin(t);
    const ownerBefore = await stateOf(owner);
    expect(await saveTeacher(desk, owner)).toMatchObject({ code: 'PERMISSION_DENIED', reason: 'adminOnly' });
    expect(await stateOf(owner)).toEqual(ownerBefore);
  });

  it('an owner who teaches makes themselves a teacher; a teacher’s profile stays editable by staff', async () => {
    const owner = await buildAdmin(t);
    expect((await saveTeacher(owner, owner)).code).toBe(0);
    expect((await stateOf(owner)).roles).toEqual(expect.arrayContaining(['admin', 'teacher']));
    // Already a teacher: editing the profile gives nothing new, so the desk may.
    const teacher = await buildMember(t);
    expect((await saveTeacher(admin, teacher)).code).toBe(0);
    expect((await saveTeacher(desk, teacher)).code).toBe(0);
  });
});
