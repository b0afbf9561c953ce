import type { InvitedUser } from '@studio/contract/account';
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { offsetOf, pageOf } from '../../platform/paging';
import type { AuthedContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import * as repo from './repo';
import { users } from './schema';

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

export async function listInvited(
  ctx: AuthedContext,
  page: { pageIndex: number; pageSize: number },
): Promise<{ rows: InvitedUser[]; total: number; hasMore: boolean }> {
  const where = eq(users.inviterId, ctx.user.uid);
  const rows = await ctx.db
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
  const [count] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  const total = count?.total ?? 0;
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
