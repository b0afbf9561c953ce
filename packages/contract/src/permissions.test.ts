import { describe, expect, it } from 'vitest';
import { type CallPermission, grantsCall, holds, isStaff, PERMISSION_INCLUDES, PERMISSIONS } from './permissions';

const staff = (...permission: string[]) => ({ role: ['member'], permission });

describe('holds', () => {
  it.each<[string, string[], CallPermission, boolean]>([
    ['a permission holds itself', ['orders.desk'], 'orders.desk', true],
    ['desk payments are not the orders', ['orders.desk'], 'orders.manage', false],
    ['who manages orders takes desk payments too', ['orders.manage'], 'orders.desk', true],
    ['an unrelated permission holds neither', ['classes.manage'], 'orders.desk', false],
    ['desk payments alone make staff', ['orders.desk'], 'staff', true],
  ])('%s', (_, permission, needed, expected) => {
    expect(holds(staff(...permission), needed)).toBe(expected);
    expect(grantsCall(staff(...permission), needed)).toBe(expected);
  });

  it('an admin holds every permission', () => {
    for (const p of PERMISSIONS) expect(holds({ role: ['member', 'admin'], permission: [] }, p)).toBe(true);
  });

  it('includes only named permissions, never itself', () => {
    for (const [p, included] of Object.entries(PERMISSION_INCLUDES)) {
      expect(PERMISSIONS).toContain(p);
      for (const i of included) {
        expect(PERMISSIONS).toContain(i);
        expect(i).not.toBe(p);
      }
    }
    expect(isStaff(staff('orders.desk'))).toBe(true);
  });
});
