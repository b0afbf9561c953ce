import { holds, PERMISSIONS } from './permissions';

/*
 * What staff may change on a member (RULES.md, Orders: "Staff never change their own roles,
 * permissions, wallet or points, never grant or revoke what they do not hold, and only an admin
 * changes an admin"). Pure rules: the server enforces them (refusing with PERMISSION_DENIED and its
 * named neighbours) and the back office greys out what they refuse, with the reason as its line.
 */

/** A member's access as these rules read it: the session's user info and the members list's rows are one. */
export interface MemberAccess {
  _id: string;
  role: readonly string[];
  permission: readonly string[];
  is_verify_staff: boolean;
}

/** What a member's access is made of beyond being a member: a role, desk verification, a permission. */
export const ACCESS_GRANTS = ['teacher', 'admin', 'verify_staff', ...PERMISSIONS] as const;
export type AccessGrant = (typeof ACCESS_GRANTS)[number];

/**
 * Why a change of access is refused: `ownAccess` nobody changes their own; `adminOnly` only an admin
 * changes an admin's account; `notHeld` nobody grants or revokes what they do not hold. (The last
 * admin needs no rule of its own: only an admin changes an admin and never their own account, so the
 * one making the change stays an admin; the server locks both rows so that this holds under races.)
 */
export const ACCESS_REFUSALS = ['ownAccess', 'adminOnly', 'notHeld'] as const;
export type AccessRefusal = (typeof ACCESS_REFUSALS)[number];

/** Whether `access` itself names `grant` (the admin role names only itself here). */
const names = (access: Omit<MemberAccess, '_id'>, grant: AccessGrant): boolean =>
  grant === 'verify_staff'
    ? access.is_verify_staff
    : grant === 'teacher' || grant === 'admin'
      ? access.role.includes(grant)
      : access.permission.includes(grant);

/**
 * Whether `who` holds `grant` themselves: the admin role holds every one, and a permission is held
 * through one that includes it (orders.manage grants orders.desk: permissions.ts PERMISSION_INCLUDES).
 */
export function holdsGrant(who: Omit<MemberAccess, '_id'>, grant: AccessGrant): boolean {
  if (grant === 'teacher' || grant === 'admin' || grant === 'verify_staff') {
    return who.role.includes('admin') || names(who, grant);
  }
  return holds(who, grant);
}

/** Why `actor` may not change `member`'s account at all (roles, permissions, anything staff change), or null. */
export function accountChangeRefusal(
  actor: Pick<MemberAccess, '_id' | 'role'>,
  member: Pick<MemberAccess, '_id' | 'role'>,
): 'ownAccess' | 'adminOnly' | null {
  if (actor._id === member._id) return 'ownAccess';
  if (member.role.includes('admin') && !actor.role.includes('admin')) return 'adminOnly';
  return null;
}

/** Why `actor` may not grant `grant` to `member` or take it away (the back office's one checkbox), or null. */
export function grantChangeRefusal(
  actor: MemberAccess,
  member: MemberAccess,
  grant: AccessGrant,
): AccessRefusal | null {
  return accountChangeRefusal(actor, member) ?? (holdsGrant(actor, grant) ? null : 'notHeld');
}

/**
 * Why `actor` may not set `member`'s access to `next` (admin/user.setRoles), the first refusal
 * found, or null: each grant that changes must be one the actor may change.
 */
export function accessChangeRefusal(
  actor: MemberAccess,
  member: MemberAccess,
  next: Omit<MemberAccess, '_id'>,
): AccessRefusal | null {
  const refusal = accountChangeRefusal(actor, member);
  if (refusal) return refusal;
  const changed = ACCESS_GRANTS.filter((grant) => names(member, grant) !== names(next, grant));
  return changed.some((grant) => !holdsGrant(actor, grant)) ? 'notHeld' : null;
}

/** Why a staff adjustment of a member's wallet or points is refused. */
export type AdjustmentRefusal = 'ownBalance' | 'aboveLimit';

/**
 * Why `actor` may not adjust `memberId`'s wallet or points by `amount`, or null: never their own;
 * more than `limit` either way (the studio's setting, minor units or points) only an admin.
 */
export function adjustmentRefusal(
  actor: Pick<MemberAccess, '_id' | 'role'>,
  memberId: string,
  amount: number,
  limit: number,
): AdjustmentRefusal | null {
  if (actor._id === memberId) return 'ownBalance';
  if (Math.abs(amount) > limit && !actor.role.includes('admin')) return 'aboveLimit';
  return null;
}
