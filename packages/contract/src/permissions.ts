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
] as const;
export const permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permission>;
