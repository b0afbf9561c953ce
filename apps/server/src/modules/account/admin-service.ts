import { type adminUserRow, MEMBER_EXPORT_LIMIT, type Role } from '@studio/contract/account';
import type { Permission } from '@studio/contract/permissions';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { toCsv } from '../../platform/csv';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { offsetOf, pageOf } from '../../platform/paging';
import type { AuthedContext } from '../../platform/protocol';
import { audited } from '../audit/service';
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

type MemberFilters = Omit<repo.UserSearch, 'offset' | 'limit'>;

export async function listUsers(
  db: DbOrTx,
  input: MemberFilters & { pageIndex: number; pageSize: number },
): Promise<{ rows: AdminUserRow[]; total: number; hasMore: boolean }> {
  const { rows, total } = await repo.searchUsers(db, {
    ...input,
    keyword: input.keyword || undefined,
    offset: offsetOf(input),
    limit: input.pageSize,
  });
  return pageOf(rows.map(toAdminRow), total, input);
}

export async function getUserForAdmin(db: DbOrTx, userId: string): Promise<{ user: AdminUserRow }> {
  return { user: toAdminRow((await repo.findUserById(db, userId)) ?? fail('USER_NOT_FOUND')) };
}

/** The members list as filtered, as a CSV file (at most MEMBER_EXPORT_LIMIT rows; `truncated` says when more matched). */
export async function exportUsers(
  db: DbOrTx,
  filters: MemberFilters,
  now: Date,
): Promise<{ filename: string; csv: string; truncated: boolean }> {
  const { rows, total } = await repo.searchUsers(db, {
    ...filters,
    keyword: filters.keyword || undefined,
    offset: 0,
    limit: MEMBER_EXPORT_LIMIT,
  });
  const csv = toCsv(
    ['id', 'username', 'nickname', 'email', 'mobile', 'roles', 'permissions', 'verification_staff', 'registered_at'],
    rows.map((u) => [
      u.id,
      u.username,
      u.nickname,
      u.email,
      u.mobile,
      rolesOf(u).join(' '),
      u.permissions.join(' '),
      u.isVerifyStaff ? 'yes' : 'no',
      u.createdAt.toISOString(),
    ]),
  );
  return { filename: `members-${now.toISOString().slice(0, 10)}.csv`, csv, truncated: total > rows.length };
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
  const row = await audited(ctx, {
    objectType: 'member',
    before: async (tx) => access(await repo.findUserById(tx, input.user_id)),
    write: async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({
          roles,
          isVerifyStaff: input.is_verify_staff,
          ...(input.permission ? { permissions: [...new Set(input.permission)] } : {}),
          updatedAt: ctx.clock.now(),
        })
        .where(eq(users.id, input.user_id))
        .returning();
      return updated ?? fail('USER_NOT_FOUND');
    },
    idOf: (user) => user.id,
    afterOf: access,
  });
  return { user: toAdminRow(row) };
}

/** What setRoles changes, as the audit log keeps it (not the whole account). */
function access(row: repo.UserRow | undefined) {
  return row ? { roles: row.roles, permissions: row.permissions, is_verify_staff: row.isVerifyStaff } : null;
}
