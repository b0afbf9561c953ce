import { accountCalls, adminUserCalls } from '@studio/contract/account';
import { adminPackageCalls } from '@studio/contract/packages';
import type { Permission } from '@studio/contract/permissions';
import { adminScheduleCalls } from '@studio/contract/schedule';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueName } from '../../testing/test-app';
import { runStartupTasks } from '../startup';
import { findUserByUsername } from './repo';
import { users } from './schema';

let t: TestApp;
let adminToken: string;
let adminUid: string;
beforeAll(async () => {
  t = await createTestApp({ config: { RATE_LIMIT_AUTH_PER_MIN: 100_000 } });
  const admin = await t.register({ username: uniqueName('boss') });
  await t.app.db
    .update(users)
    .set({ roles: ['member', 'admin'] })
    .where(eq(users.id, admin.uid));
  adminToken = admin.vk_uni_token.token;
  adminUid = admin.uid;
});
afterAll(() => t.close());

const list = (data: Record<string, unknown>, token = adminToken) => t.call(adminUserCalls.getList, data, { token });

describe('access to admin calls', () => {
  it('refuses without a token (30204), refuses a member with 403 PERMISSION_DENIED, admits an admin', async () => {
    const anonymous = await t.call(adminUserCalls.getList, {});
    expect(anonymous.code).toBe(30204);
    expect(anonymous.msg).toContain('token');

    const member = await t.register();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/user.setRoles',
      headers: { 'uni-id-token': member.vk_uni_token.token },
      payload: { user_id: member.uid, roles: ['admin'], is_verify_staff: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PERMISSION_DENIED');
    expect((await t.app.db.query.users.findFirst({ where: eq(users.id, member.uid) }))?.roles).toEqual(['member']);

    expect((await list({})).code).toBe(0);
  });
});

describe('admin/user.getList', () => {
  it('finds members by username, nickname, e-mail or mobile, newest first', async () => {
    const tag = uniqueName('kw').toLowerCase();
    const a = await t.register({ username: `${tag}a` });
    const b = await t.register();
    const c = await t.register();
    const d = await t.register();
    await t.app.db
      .update(users)
      .set({ nickname: `Yoga ${tag.toUpperCase()}` })
      .where(eq(users.id, b.uid));
    await t.app.db
      .update(users)
      .set({ email: `${tag}@example.com` })
      .where(eq(users.id, c.uid));
    await t.app.db.update(users).set({ mobile: '13900001234' }).where(eq(users.id, d.uid));

    const res = await list({ keyword: tag, pageIndex: 1, pageSize: 20 });
    expect(res).toMatchObject({ code: 0, total: 3, hasMore: false });
    expect(res.rows.map((r) => r._id).sort()).toEqual([a.uid, b.uid, c.uid].sort());
    expect((await list({ keyword: '900001234' })).rows.map((r) => r._id)).toEqual([d.uid]);
    expect(JSON.stringify(res)).not.toMatch(/password|invite/i);
  });

  it('pages with total and hasMore', async () => {
    const tag = uniqueName('pg').toLowerCase();
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      await t.register({ username: `${tag}${i}` });
    }
    const first = await list({ keyword: tag, pageIndex: 1, pageSize: 2 });
    expect(first).toMatchObject({ total: 5, hasMore: true });
    expect(first.rows.map((r) => r.username)).toEqual([`${tag}4`, `${tag}3`]);
    const last = await list({ keyword: tag, pageIndex: 3, pageSize: 2 });
    expect(last).toMatchObject({ total: 5, hasMore: false });
    expect(last.rows.map((r) => r.username)).toEqual([`${tag}0`]);
  });

  it('treats % and _ in the keyword as plain characters', async () => {
    const res = await list({ keyword: '%' });
    expect(res).toMatchObject({ code: 0, total: 0, rows: [] });
  });

  it.each([
    [{ pageIndex: 0 }, 'pageIndex'],
    [{ pageSize: 101 }, 'pageSize'],
    [{ keyword: 'x'.repeat(65) }, 'keyword'],
    [{ sort: 'name' }, 'sort'],
  ])('refuses %o naming %s', async (data, field) => {
    expect(await list(data)).toMatchObject({ code: 'INVALID_PARAM', field });
  });
});

describe('admin/user.setRoles', () => {
  it('makes a member a teacher and verification staff, effective on their next call', async () => {
    const member = await t.register();
    const res = await t.call(
      adminUserCalls.setRoles,
      {
        user_id: member.uid,
        roles: ['teacher', 'member', 'teacher'],
        is_verify_staff: true,
        permission: ['packages.manage'],
      },
      { token: adminToken },
    );
    expect(res.user).toMatchObject({
      _id: member.uid,
      role: ['member', 'teacher'],
      is_verify_staff: true,
      permission: ['packages.manage'],
    });
    const check = await t.call(accountCalls.checkToken, {}, { token: member.vk_uni_token.token });
    expect(check).toMatchObject({ role: ['member', 'teacher'], permission: ['packages.manage'] });
    const info = await t.call(accountCalls.getMyUserInfo, {}, { token: member.vk_uni_token.token });
    expect(info.userInfo.is_verify_staff).toBe(true);

    // Without `permission` the permissions stay as they are.
    const back = await t.call(
      adminUserCalls.setRoles,
      { user_id: member.uid, roles: ['member'], is_verify_staff: false },
      { token: adminToken },
    );
    expect(back.user).toMatchObject({ role: ['member'], is_verify_staff: false, permission: ['packages.manage'] });
  });

  it('gives a new admin access to admin calls at once', async () => {
    const member = await t.register();
    expect((await list({}, member.vk_uni_token.token)).code).toBe('PERMISSION_DENIED');
    await t.call(
      adminUserCalls.setRoles,
      { user_id: member.uid, roles: ['member', 'admin'], is_verify_staff: false },
      {
        token: adminToken,
      },
    );
    expect((await list({}, member.vk_uni_token.token)).code).toBe(0);
  });

  it('refuses to let an admin remove their own admin role', async () => {
    const res = await t.call(
      adminUserCalls.setRoles,
      { user_id: adminUid, roles: ['member'], is_verify_staff: false },
      { token: adminToken },
    );
    expect(res).toMatchObject({ code: 'PERMISSION_DENIED', reason: 'ownAccess' });
    expect((await list({})).code).toBe(0);
  });

  it('answers USER_NOT_FOUND for an unknown member', async () => {
    const res = await t.call(
      adminUserCalls.setRoles,
      { user_id: 'nobody', roles: ['member'], is_verify_staff: false },
      { token: adminToken },
    );
    expect(res.code).toBe('USER_NOT_FOUND');
  });

  it.each([
    [{ user_id: 'x', roles: [], is_verify_staff: false }, 'roles'],
    [{ user_id: 'x', roles: ['owner'], is_verify_staff: false }, 'roles.0'],
    [{ user_id: 'x', roles: ['member'] }, 'is_verify_staff'],
    [{ roles: ['member'], is_verify_staff: false }, 'user_id'],
  ])('refuses %o naming %s', async (data, field) => {
    expect(await t.callRaw(adminUserCalls.setRoles.url, data, { token: adminToken })).toMatchObject({
      code: 'INVALID_PARAM',
      field,
    });
  });
});

describe('ADMIN_USERNAME / ADMIN_PASSWORD bootstrap', () => {
  const start = (password: string, username: string) =>
    runStartupTasks(
      t.app.db,
      { ...t.config, ADMIN_USERNAME: username, ADMIN_PASSWORD: password },
      t.clock,
      t.app.deps.uploads,
    );
  const login = (username: string, password: string) => t.call(accountCalls.login, { username, password });

  it('creates the admin at start and resets its password (and lock) at every later start', async () => {
    const username = uniqueName('root');
    await start('First_pass1', username);
    const first = await login(username, 'First_pass1');
    expect(first).toMatchObject({ code: 0, userInfo: { role: ['member', 'admin'] } });
    expect((await list({}, first.vk_uni_token.token)).code).toBe(0);

    for (let i = 0; i < 6; i++) await login(username, 'Wrong_pass');
    expect((await login(username, 'First_pass1')).code).toBe('ACCOUNT_LOCKED');

    await start('Second_pass2', username);
    expect((await login(username, 'First_pass1')).code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
    expect((await login(username, 'Second_pass2')).code).toBe(0);
    const rows = await t.app.db.select().from(users).where(eq(users.username, username));
    expect(rows).toHaveLength(1);
  });

  it('makes an existing member of that name an admin', async () => {
    const member = await t.register();
    const username = member.userInfo.username!;
    await start('Boot_pass1', username);
    const row = await findUserByUsername(t.app.db, username);
    expect(row?.id).toBe(member.uid);
    expect(row?.roles).toEqual(['member', 'admin']);
    expect((await login(username, 'Boot_pass1')).code).toBe(0);
  });
});

describe('permissions (staff without the admin role)', () => {
  /** A member holding only the given permissions, granted by the admin. */
  async function staffWith(...permission: Permission[]) {
    const member = await t.register();
    const set = await t.call(
      adminUserCalls.setRoles,
      { user_id: member.uid, roles: ['member'], is_verify_staff: false, permission },
      { token: adminToken },
    );
    expect(set.code).toBe(0);
    return member;
  }
  const course = { name: 'Yin', duration_min: 60, default_capacity: 10 };

  it('lets classes.manage make a classes call but not admin/user.setRoles or admin/user.getList', async () => {
    const staff = await staffWith('classes.manage');
    const token = staff.vk_uni_token.token;
    const saved = await t.call(adminScheduleCalls.saveCourse, course, { token });
    expect(saved.code).toBe(0);
    expect(saved.course.name).toBe('Yin');
    expect((await t.call(adminScheduleCalls.getCourseList, {}, { token })).code).toBe(0);

    const roles = { user_id: staff.uid, roles: ['member' as const], is_verify_staff: false };
    const refused = await t.call(adminUserCalls.setRoles, roles, { token });
    expect(refused).toMatchObject({ code: 'PERMISSION_DENIED', msg: 'You do not have permission to do this' });
    expect((await t.call(adminUserCalls.getList, {}, { token })).code).toBe('PERMISSION_DENIED');
    expect((await t.call(adminPackageCalls.getPackageList, {}, { token })).code).toBe('PERMISSION_DENIED');
  });

  it('refuses an admin call to a member without its permission, and without any', async () => {
    const plain = await t.register();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/router',
      headers: { 'content-type': 'application/json', 'uni-id-token': plain.vk_uni_token.token },
      payload: { url: adminScheduleCalls.saveCourse.url, data: course },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    const other = await staffWith('packages.manage');
    const saved = await t.call(adminScheduleCalls.saveCourse, course, { token: other.vk_uni_token.token });
    expect(saved.code).toBe('PERMISSION_DENIED');
  });

  it('lets members.manage set roles, but never grant the admin role, a role or a permission it lacks', async () => {
    const manager = await staffWith('members.manage', 'classes.manage');
    const token = manager.vk_uni_token.token;
    const member = await t.register();
    const plain = { user_id: member.uid, roles: ['member' as const], is_verify_staff: false };
    const held = await t.call(adminUserCalls.setRoles, { ...plain, permission: ['classes.manage'] }, { token });
    expect(held.user.permission).toEqual(['classes.manage']);

    // Not a teacher nor verification staff itself, it makes nobody either (staff-rights.test.ts has the rest).
    for (const more of [
      { roles: ['member', 'admin'] },
      { roles: ['member', 'teacher'] },
      { is_verify_staff: true },
      { permission: ['settings.manage'] },
    ]) {
      const refused = await t.call(adminUserCalls.setRoles, { ...plain, ...more } as typeof plain, { token });
      expect(refused, JSON.stringify(more)).toMatchObject({ code: 'PERMISSION_DENIED', reason: 'notHeld' });
    }
    const row = await t.app.db.query.users.findFirst({ where: eq(users.id, member.uid) });
    expect(row).toMatchObject({ roles: ['member'], permissions: ['classes.manage'], isVerifyStaff: false });
  });

  it('refuses a permission name outside the list', async () => {
    const member = await t.register();
    const res = await t.callRaw(
      adminUserCalls.setRoles.url,
      { user_id: member.uid, roles: ['member'], is_verify_staff: false, permission: ['order_verify'] },
      { token: adminToken },
    );
    expect(res).toMatchObject({ code: 'INVALID_PARAM', field: 'permission.0' });
  });
});
