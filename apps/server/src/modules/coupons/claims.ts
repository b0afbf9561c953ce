import { COUPON_TIME_FIXED } from '@studio/contract/coupons';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { batchedLookup, groupedWork } from '../../platform/batch';
import { type DbOrTx, isAnyOf, preparedQuery } from '../../platform/db';
import { AppError, fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { CallContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { type CopyRow, type CouponRow, DAY } from './records';
import { coupons, memberCoupons } from './schema';

/*
 * Claims from the coupon centre under a rush (a thousand members on one coupon at once, issue 26).
 * Each claim is first checked on a plain read, which the claims of one round share, so the many
 * refusals of a sold-out coupon never open a transaction. The claims that pass are made together,
 * per coupon, in one unit of work: the coupon row is locked once, the members' copies counted in
 * one statement, copies handed out in arrival order while any are left, and the counter moved once.
 */

/** Refuses a claim the coupon's state rules out: unknown, switched off or ended, none left, or the member's limit held. */
export function assertClaimable(row: CouponRow | undefined, held: number, now: Date): asserts row is CouponRow {
  if (!row) return fail('NOT_FOUND', {}, { field: 'coupon_id' });
  if (!row.enabled || (row.endsAt && row.endsAt <= now)) fail('COUPON_ENDED');
  if (row.claimed >= row.total) fail('COUPON_SOLD_OUT');
  if (held >= row.perMemberLimit) fail('COUPON_LIMIT_REACHED', { limit: row.perMemberLimit });
}

/** The copy a claim at `now` gives: a fixed coupon's own dates, else days counted from the claim. */
export function copyValues(coupon: CouponRow, userId: string, source: CopyRow['source'], now: Date) {
  const fixed = coupon.timeType === COUPON_TIME_FIXED;
  return {
    id: newId(),
    couponId: coupon.id,
    userId,
    source,
    startsAt: fixed ? coupon.startsAt! : new Date(now.getTime() + (coupon.startDays ?? 0) * DAY),
    endsAt: fixed ? coupon.endsAt! : new Date(now.getTime() + (coupon.endDays ?? 0) * DAY),
    claimedAt: now,
  };
}

const couponsWithHeld = preparedQuery('coupons_with_held', (db) =>
  db
    .select({
      coupon: coupons,
      heldBy: sql<string[]>`array(select ${memberCoupons.userId} from ${memberCoupons}
        where ${memberCoupons.couponId} = ${coupons.id} and ${isAnyOf(memberCoupons.userId, sql.placeholder('users'))})`,
    })
    .from(coupons)
    .where(isAnyOf(coupons.id, sql.placeholder('coupons'))),
);

/** The coupon as it stands and how many copies the member holds, on a plain read shared by the round. */
const peekClaim = batchedLookup(async (db, keys: readonly { coupon: string; user: string }[]) => {
  const rows = await couponsWithHeld(db, {
    coupons: [...new Set(keys.map((k) => k.coupon))],
    users: [...new Set(keys.map((k) => k.user))],
  });
  const byId = new Map(rows.map((row) => [row.coupon.id, row]));
  return keys.map((key) => {
    const row = byId.get(key.coupon);
    return row && { coupon: row.coupon, held: row.heldBy.filter((user) => user === key.user).length };
  });
});

interface ClaimRequest {
  ctx: CallContext;
  couponId: string;
  userId: string;
  now: Date;
}
export interface Claimed {
  copy: CopyRow;
  coupon: CouponRow;
}

/** Copies of one coupon held by each of `users`. */
async function heldCounts(db: DbOrTx, couponId: string, users: string[]) {
  const rows = await db
    .select({ userId: memberCoupons.userId, n: count() })
    .from(memberCoupons)
    .where(and(eq(memberCoupons.couponId, couponId), inArray(memberCoupons.userId, users)))
    .groupBy(memberCoupons.userId);
  return new Map(rows.map((row) => [row.userId, row.n]));
}

/** One coupon's claims of a round, in one unit of work: each answered its copy or its refusal. */
async function claimAll(requests: readonly ClaimRequest[]): Promise<(Claimed | Error)[]> {
  const { couponId } = requests[0]!;
  const now = new Date(Math.max(...requests.map((r) => r.now.getTime())));
  return runUnitOfWork(requests[0]!.ctx, async ({ tx }) => {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
    const held = row ? await heldCounts(tx, couponId, [...new Set(requests.map((r) => r.userId))]) : new Map();
    let claimed = row?.claimed ?? 0;
    const answers: (ReturnType<typeof copyValues> | AppError)[] = requests.map((request) => {
      try {
        assertClaimable(row && { ...row, claimed }, held.get(request.userId) ?? 0, now);
      } catch (error) {
        if (error instanceof AppError) return error;
        throw error;
      }
      claimed += 1;
      held.set(request.userId, (held.get(request.userId) ?? 0) + 1);
      return copyValues(row!, request.userId, 'center', request.now);
    });
    const values = answers.filter((a): a is ReturnType<typeof copyValues> => !(a instanceof AppError));
    if (values.length === 0) return answers as AppError[];
    const [coupon] = await tx
      .update(coupons)
      .set({ claimed: sql`${coupons.claimed} + ${values.length}`, updatedAt: now })
      .where(eq(coupons.id, couponId))
      .returning();
    const copies = new Map((await tx.insert(memberCoupons).values(values).returning()).map((c) => [c.id, c]));
    return answers.map((a) => (a instanceof AppError ? a : { copy: copies.get(a.id)!, coupon: coupon! }));
  });
}

const claimTogether = groupedWork(async (_db, requests: readonly ClaimRequest[]) => {
  const answers: (Claimed | Error)[] = new Array(requests.length);
  const byCoupon = new Map<string, number[]>();
  for (const [i, r] of requests.entries()) byCoupon.set(r.couponId, [...(byCoupon.get(r.couponId) ?? []), i]);
  for (const indexes of byCoupon.values()) {
    const group = indexes.map((i) => requests[i]!);
    const results = await claimAll(group).catch((error: unknown) =>
      group.map(() => (error instanceof Error ? error : new Error(String(error)))),
    );
    indexes.forEach((i, k) => {
      answers[i] = results[k]!;
    });
  }
  return answers;
});

/** A member claims a coupon from the centre: checked on a plain read, then made with the round's other claims. */
export async function claimFromCentre(ctx: CallContext, userId: string, couponId: string): Promise<Claimed> {
  const now = ctx.clock.now();
  const seen = await peekClaim(ctx.db, { coupon: couponId, user: userId });
  assertClaimable(seen?.coupon, seen?.held ?? 0, now);
  return claimTogether(ctx.db, { ctx, couponId, userId, now });
}
