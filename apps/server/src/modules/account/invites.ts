import type { InvitedUser } from '@studio/contract/account';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { offsetOf, pageOf } from '../../platform/paging';
import type { AuthedContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import * as repo from './repo';
import { users, userTokens } from './schema';

/** How far up an inviter chain the cycle check looks; chains are short in practice. */
const MAX_CHAIN = 100;

/** Whether `memberId` already stands somewhere above `inviterId` in the chain of inviters. */
async function wouldCycle(db: DbOrTx, inviterId: string, memberId: string): Promise<boolean> {
  const result = await db.execute(sql`
    with recursive chain(id, inviter_id, depth) as (
      select ${users.id}, ${users.inviterId}, 0 from ${users} where ${users.id} = ${inviterId}
      union all
      select u.id, u.inviter_id, chain.depth + 1 from ${users} u join chain on u.id = chain.inviter_id
      where chain.depth < ${MAX_CHAIN}
    )
    select 1 as found from chain where id = ${memberId} limit 1`);
  // node-postgres and PGlite both answer { rows }.
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Accepts an inviter once; one's own code, an unknown code or one that would make a loop is invalid. */
export async function acceptInvite(ctx: AuthedContext, inviteCode: string): Promise<void> {
  const now = ctx.clock.now();
  await runUnitOfWork(ctx, async ({ tx }) => {
    const me = (await repo.lockUser(tx, ctx.user.uid)) ?? fail('USER_NOT_FOUND');
    if (me.inviterId) fail('ALREADY_INVITED');
    const inviter = await repo.findUserByInviteCode(tx, inviteCode.trim().toUpperCase());
    if (!inviter || inviter.id === me.id || (await wouldCycle(tx, inviter.id, me.id))) fail('INVITE_CODE_INVALID');
    await tx.update(users).set({ inviterId: inviter!.id, invitedAt: now, updatedAt: now }).where(eq(users.id, me.id));
  });
}

export function listInvited(
  ctx: AuthedContext,
  page: { pageIndex: number; pageSize: number },
): Promise<{ rows: InvitedUser[]; total: number; hasMore: boolean }> {
  return invitedBy(ctx.db, ctx.user.uid, page);
}

/** The members `inviterId` invited, newest first (a page). */
export async function invitedBy(
  db: DbOrTx,
  inviterId: string,
  page: { pageIndex: number; pageSize: number },
): Promise<{ rows: InvitedUser[]; total: number; hasMore: boolean }> {
  const where = eq(users.inviterId, inviterId);
  const rows = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      invitedAt: users.invitedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.invitedAt), desc(users.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  const total = counted?.total ?? 0;
  return pageOf(
    rows.map((r) => ({
      _id: r.id,
      nickname: r.nickname,
      avatar: r.avatar,
      invited_at: (r.invitedAt ?? r.createdAt).toISOString(),
    })),
    total,
    page,
  );
}

/** The member whose invite code this is (codes are kept upper-case; what was typed is trimmed). */
export async function inviterByCode(db: DbOrTx, code: string): Promise<{ id: string } | undefined> {
  const row = await repo.findUserByInviteCode(db, code.trim().toUpperCase());
  return row ? { id: row.id } : undefined;
}

/**
 * Makes `inviterId` the inviter of a member who has none (an invite link opened on their device
 * before they registered); never oneself, never a loop. Answers whether it did.
 */
export async function attachInviter(tx: Tx, userId: string, inviterId: string, now: Date): Promise<boolean> {
  if (userId === inviterId || (await wouldCycle(tx, inviterId, userId))) return false;
  const set = await tx
    .update(users)
    .set({ inviterId, invitedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.inviterId)))
    .returning({ id: users.id });
  return set.length > 0;
}

/** Who invited a member, and when (null: nobody). */
export async function inviterOf(db: DbOrTx, userId: string): Promise<{ inviterId: string; invitedAt: Date } | null> {
  const [row] = await db
    .select({ inviterId: users.inviterId, invitedAt: users.invitedAt, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  return row?.inviterId ? { inviterId: row.inviterId, invitedAt: row.invitedAt ?? row.createdAt } : null;
}

/**
 * Why an invitation looks like someone inviting themselves, or null: the same account, a device
 * both have signed in on (the app's vk-device-id, recorded with each token), or the same e-mail or
 * mobile (unique per account, so this only catches a contact moved from one account to the other).
 */
export async function selfInviteReason(
  db: DbOrTx,
  inviterId: string,
  inviteeId: string,
  /** A device the invited member uses beyond those of their tokens (the one they register on). */
  inviteeDeviceId?: string,
): Promise<'same_account' | 'same_device' | 'same_contact' | null> {
  if (inviterId === inviteeId) return 'same_account';
  const devices = (id: string) =>
    db
      .selectDistinct({ deviceId: userTokens.deviceId })
      .from(userTokens)
      .where(and(eq(userTokens.userId, id), isNotNull(userTokens.deviceId), ne(userTokens.deviceId, '')));
  const [theirs, mine] = await Promise.all([devices(inviterId), devices(inviteeId)]);
  const seen = new Set(theirs.map((r) => r.deviceId));
  if ((inviteeDeviceId && seen.has(inviteeDeviceId)) || mine.some((r) => seen.has(r.deviceId))) return 'same_device';
  const rows = await db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(inArray(users.id, [inviterId, inviteeId]));
  const [a, b] = rows;
  if (a && b && ((a.email && a.email === b.email) || (a.mobile && a.mobile === b.mobile))) return 'same_contact';
  return null;
}

/** Members invited (within `range`, by when they were invited) per inviter, the most first; and in all. */
export async function invitedCounts(
  db: DbOrTx,
  range: { from?: Date; to?: Date },
  limit: number,
): Promise<{
  total: number;
  top: { inviterId: string; nickname: string; username: string | null; invited: number }[];
}> {
  const where = and(
    isNotNull(users.inviterId),
    range.from ? gte(users.invitedAt, range.from) : undefined,
    range.to ? lt(users.invitedAt, range.to) : undefined,
  );
  const [all] = await db.select({ n: count() }).from(users).where(where);
  const perInviter = await db
    .select({ inviterId: sql<string>`${users.inviterId}`, invited: count() })
    .from(users)
    .where(where)
    .groupBy(users.inviterId)
    .orderBy(desc(count()), users.inviterId)
    .limit(limit);
  const ids = perInviter.map((r) => r.inviterId);
  const names = ids.length
    ? await db
        .select({ id: users.id, nickname: users.nickname, username: users.username })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(names.map((n) => [n.id, n]));
  return {
    total: all?.n ?? 0,
    top: perInviter.map((r) => ({
      inviterId: r.inviterId,
      nickname: byId.get(r.inviterId)?.nickname ?? '',
      username: byId.get(r.inviterId)?.username ?? null,
      invited: r.invited,
    })),
  };
}
