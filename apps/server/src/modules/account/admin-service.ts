import type { adminUserRow, Role } from '@studio/contract/account';
import type { Permission } from '@studio/contract/permissions';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { offsetOf, pageOf } from '../../platform/paging';
import type { AuthedContext } from '../../platform/protocol';
import * as repo from './repo';
import { users } from './schema';
import { normalizeRoles, rolesOf } from './service';

type AdminUserRow = z.input<typeof adminUserRow>;

export function toAdminRow(row: repo.UserRow): AdminUserRow {
  return {
    _id: row.id,
    username: row.username,
    nickname: row.nickname,
    avatar: row.avatar,
    email: row.email,
    mobile: row.mobile,
    role: rolesOf(row),
    permission: row.permissions,
    is_verify_staff: row.isVerifyStaff,
    register_date: row.createdAt.toISOString(),
  };
}

export async function listUsers(
  db: DbOrTx,
  input: { keyword?: string; pageIndex: number; pageSize: number },
): Promise<{ rows: AdminUserRow[]; total: number; hasMore: boolean }> {
  const { rows, total } = await repo.searchUsers(db, {
    keyword: input.keyword || undefined,
    offset: offsetOf(input),
    limit: input.pageSize,
  });
  return pageOf(rows.map(toAdminRow), total, input);
}

/**
 * Sets a member's roles, verification-staff flag and (when given) permissions. They apply from the
 * member's next call: tokens carry the uid, and roles are read fresh on every call.
 */
export async function setRoles(
  ctx: AuthedContext,
  input: { user_id: string; roles: Role[]; is_verify_staff: boolean; permission?: Permission[] },
): Promise<{ user: AdminUserRow }> {
  const roles = normalizeRoles(input.roles);
  // Staff who manage members by permission must not hand out more than they hold themselves.
  if (!ctx.user.role.includes('admin')) {
    const held = new Set(ctx.user.permission);
    if (roles.includes('admin') || input.permission?.some((p) => !held.has(p))) fail('PERMISSION_DENIED');
  }
  // An admin cannot lock themselves out of the back office; another admin must do it.
  if (input.user_id === ctx.user.uid && !roles.includes('admin')) fail('CANNOT_REMOVE_OWN_ADMIN');
  const [row] = await ctx.db
    .update(users)
    .set({
      roles,
      isVerifyStaff: input.is_verify_staff,
      ...(input.permission ? { permissions: [...new Set(input.permission)] } : {}),
      updatedAt: ctx.clock.now(),
    })
    .where(eq(users.id, input.user_id))
    .returning();
  return { user: toAdminRow(row ?? fail('USER_NOT_FOUND')) };
}
