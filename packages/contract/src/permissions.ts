import { z } from 'zod';

/**
 * The named permissions that let a member who is not an admin make some `admin/` (sys) calls: each
 * such call declares the one it needs (`defineCall(..., { permission })`), and the admin role holds
 * them all. A member's permissions are set with admin/user.setRoles.
 */
export const PERMISSIONS = [
  /** Courses, rooms, teachers, sessions, rosters and reservations. */
  'classes.manage',
  /** Course packages: granting them and listing members' packages. */
  'packages.manage',
  /** Members: the list, their roles and permissions. */
  'members.manage',
  /** The studio's settings (the back office's settings calls). */
  'settings.manage',
  /** The audit log of staff changes (read only). */
  'audit.view',
  /** The shop: categories, goods, SKUs, prices and stock. */
  'shop.manage',
  /**
   * Desk payments: the orders' list and page, an order paid at the desk marked paid (cash or card
   * terminal), a course package sold at the desk to a member (cash, card terminal or their wallet).
   */
  'orders.desk',
  /** Orders: all of orders.desk, and shipping, cancelling, deadlines, the wallet and points; freight rules. */
  'orders.manage',
  /** Refunds: approving (paying back) and refusing members' refund applications. */
  'refunds.manage',
  /** The studio's announcements: writing, scheduling, withdrawing them, and their read counts. */
  'notices.manage',
  /** Members' feedback: the inbox, replies, internal notes and closing threads. */
  'feedback.manage',
  /** The owner's reports (revenue, sales, classes, members, what the studio owes) and the dashboard's takings. */
  'reports.view',
] as const;
export const permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permission>;

/**
 * Permissions that hold others as well: whoever manages orders also takes desk payments. A call
 * declares the narrowest permission that grants it, and `holds` answers through this table.
 */
export const PERMISSION_INCLUDES: Partial<Record<Permission, readonly Permission[]>> = {
  'orders.manage': ['orders.desk'],
};

/** Whether a list of permission names holds `needed`, itself or through one that includes it. */
function grants(permissions: readonly string[], needed: Permission): boolean {
  return permissions.some((p) => p === needed || PERMISSION_INCLUDES[p as Permission]?.includes(needed));
}

/**
 * What an `admin/` call may declare: one permission, or `'staff'` for a read every back-office user
 * needs (the dashboard): the admin role or any one permission grants it.
 */
export type CallPermission = Permission | 'staff';

/** The part of a logged-in member that decides what they may call. */
export interface StaffGrants {
  role: readonly string[];
  permission: readonly string[];
}

/** Whether a member holds `needed` (PERMISSION_INCLUDES applied): the admin role holds every permission. */
export function holds(user: StaffGrants, needed: CallPermission): boolean {
  if (user.role.includes('admin')) return true;
  if (needed === 'staff') return user.permission.some((p) => (PERMISSIONS as readonly string[]).includes(p));
  return grants(user.permission, needed);
}

/** Whether a member may make an `admin/` call that declares `needed` (none: admin role only). */
export function grantsCall(user: StaffGrants, needed: CallPermission | undefined): boolean {
  return user.role.includes('admin') || (needed !== undefined && holds(user, needed));
}

/** Whether a member may open the back office at all: the admin role or any staff permission. */
export function isStaff(user: StaffGrants): boolean {
  return holds(user, 'staff');
}
