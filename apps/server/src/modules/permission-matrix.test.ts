import { type CallPermission, holds, PERMISSION_INCLUDES, PERMISSIONS } from '@studio/contract/permissions';
import { accessGroupOf } from '@studio/contract/protocol-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAdmin, buildMember, buildTeacher, type TestMember } from './schedule/testing';

/**
 * Every `admin/` call the server answers, now and as later issues add theirs, against every kind of
 * caller: nobody, a member, a teacher, staff holding another permission, staff holding the call's
 * own, and an admin. An empty body is enough: the permission is checked before the input.
 */
let t: TestApp;
let member: TestMember;
let teacher: TestMember;
let admin: TestMember;
/** One staff member per permission, holding only it. */
const staff = new Map<string, TestMember>();
const TOKEN_ERRORS = [30201, 30202, 30203, 30204];

beforeAll(async () => {
  t = await createTestApp();
  member = await buildMember(t);
  teacher = await buildTeacher(t);
  admin = await buildAdmin(t);
  for (const permission of PERMISSIONS) {
    const m = await buildMember(t);
    await t.app.db.execute(`update users set permissions = '{${permission}}' where id = '${m.id}'`);
    staff.set(permission, m);
  }
});
afterAll(() => t.close());

const adminCalls = () =>
  [...t.app.callRegistry.values()]
    .map(({ def }) => def)
    .filter((def) => def.url.startsWith('admin/'))
    .sort((a, b) => a.url.localeCompare(b.url));

const codeOf = async (url: string, who?: TestMember) =>
  (await t.callRaw(url, {}, who ? { token: who.token } : {})).code;

describe('the permission matrix of the admin calls', () => {
  it('covers every admin call, each declaring the permission it needs', () => {
    const calls = adminCalls();
    expect(calls.length).toBeGreaterThan(25);
    for (const def of calls) {
      expect(accessGroupOf(def.url), def.url).toBe('sys');
      expect([...PERMISSIONS, 'staff'], def.url).toContain(def.permission);
    }
  });

  it('refuses nobody with a token error, and a member or a teacher with PERMISSION_DENIED', async () => {
    for (const def of adminCalls()) {
      expect(TOKEN_ERRORS, def.url).toContain(await codeOf(def.url));
      expect(await codeOf(def.url, member), def.url).toBe('PERMISSION_DENIED');
      expect(await codeOf(def.url, teacher), def.url).toBe('PERMISSION_DENIED');
    }
  });

  it('lets staff with the call’s permission (or one including it) through, refuses staff with only another, and lets an admin through', async () => {
    for (const def of adminCalls()) {
      const needed = def.permission as CallPermission;
      for (const [permission, who] of staff) {
        const code = await codeOf(def.url, who);
        if (holds({ role: ['member'], permission: [permission] }, needed)) {
          expect(code, `${def.url} as ${permission}`).not.toBe('PERMISSION_DENIED');
          expect(TOKEN_ERRORS, `${def.url} as ${permission}`).not.toContain(code);
        } else {
          expect(code, `${def.url} as ${permission}`).toBe('PERMISSION_DENIED');
        }
      }
      const asAdmin = await codeOf(def.url, admin);
      expect(asAdmin, def.url).not.toBe('PERMISSION_DENIED');
      // An empty body is bad input for most calls: a named error, never a 500.
      expect(asAdmin, def.url).not.toBe('SYSTEM_ERROR');
      expect(TOKEN_ERRORS, def.url).not.toContain(asAdmin);
    }
  });

  it('splits the front desk’s money work out of the orders: orders.desk grants reading orders, taking desk payments and desk sales, orders.manage includes it', () => {
    const deskCalls = adminCalls()
      .filter((def) => def.permission === 'orders.desk')
      .map((def) => def.url);
    expect(deskCalls).toEqual([
      'admin/order.getDeskSale',
      'admin/order.getInfo',
      'admin/order.getList',
      'admin/order.markPaid',
      'admin/order.sellPackage',
    ]);
    expect(PERMISSION_INCLUDES['orders.manage']).toEqual(['orders.desk']);
    // Running orders stays orders.manage's.
    for (const url of ['admin/order.ship', 'admin/order.cancel', 'admin/order.extendDeadline', 'admin/wallet.adjust']) {
      expect(adminCalls().find((def) => def.url === url)?.permission, url).toBe('orders.manage');
    }
  });
});
