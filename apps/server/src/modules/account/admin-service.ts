import { type adminUserRow, MEMBER_EXPORT_LIMIT, type Role } from '@studio/contract/account';
import { holds, type Permission } from '@studio/contract/permissions';
import { accessChangeRefusal } from '@studio/contract/staff-rights';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { toCsv } from '../../platform/csv';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { offsetOf, pageOf } from '../../platform/paging';
import type { AuthedContext } from '../../platform/protocol';
import { audited } from '../audit';
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
 * Sets a member's roles, verification-staff flag and (when given) permissions, under the staff-rights
 * rules (contract staff-rights.ts): never one's own, an admin's only by an admin, and only what the
 * caller holds. They apply from the member's next call: tokens carry the uid, and roles are read
 * fresh on every call.
 */
export async function setRoles(
  ctx: AuthedContext,
  input: { user_id: string; roles: Role[]; is_verify_staff: boolean; permission?: Permission[] },
): Promise<{ user: AdminUserRow }> {
  const roles = normalizeRoles(input.roles);
  const row = await audited(ctx, {
    objectType: 'member',
    before: async (tx) => {
      const { actor, member } = await lockActorAndMember(tx, ctx.user.uid, input.user_id);
      const refusal = holds(actor, 'members.manage')
        ? accessChangeRefusal(actor, member, {
            role: roles,
            is_verify_staff: input.is_verify_staff,
            permission: input.permission ?? member.permission,
          })
        : 'notHeld';
      if (refusal) fail('PERMISSION_DENIED', {}, { reason: refusal });
      return access(member);
    },
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
      return updated!;
    },
    idOf: (user) => user.id,
    afterOf: (user) => access(toAdminRow(user)),
  });
  return { user: toAdminRow(row) };
}

/**
 * The caller's and the member's rows, locked (in id order, so that two staff changing each other
 * wait rather than deadlock) and read afresh: the caller's rights are judged as they stand while the
 * change commits. Two admins demoting each other at once thus leave one admin: the second waits for
 * the first, then no longer holds the admin role.
 */
async function lockActorAndMember(tx: DbOrTx, actorId: string, memberId: string) {
  const locked = new Map<string, AdminUserRow>();
  for (const id of [...new Set([actorId, memberId])].sort()) {
    const row = await repo.lockUser(tx, id);
    if (row) locked.set(id, toAdminRow(row));
  }
  const member = locked.get(memberId) ?? fail('USER_NOT_FOUND');
  return { actor: locked.get(actorId) ?? fail('PERMISSION_DENIED'), member };
}

/** What setRoles changes, as the audit log keeps it (not the whole account). */
function access(user: AdminUserRow) {
  return { roles: user.role, permissions: user.permission, is_verify_staff: user.is_verify_staff };
}
