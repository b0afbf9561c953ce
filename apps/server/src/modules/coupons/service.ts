import type { CenterCouponRecord, MemberCouponRecord, MemberCouponTab } from '@studio/contract/coupons';
import type { Locale } from '@studio/contract/locale';
import { and, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { offsetOf, type Page, pageOf } from '../../platform/paging';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { getMerchant, shopSettingsOf } from '../merchant';
import { assertClaimable, claimFromCentre, copyValues } from './claims';
import {
  type CopyRow,
  type CouponRow,
  copyRecords,
  couponOrFail,
  toCouponRecord,
  toMemberCouponRecord,
} from './records';
import { couponCodes, coupons, memberCoupons } from './schema';

/*
 * Coupons (RULES.md "Coupons"). A claim moves the coupon's `claimed` counter (never past `total`)
 * under the coupon row's lock, held until commit, so the member's copies counted under it are
 * exact and the per-member limit holds however many claims race; the claims of one round are made
 * together in one unit of work (claims.ts). An exchange
 * code is taken by one conditional update before its claim. Spending a copy locks it (after the
 * order's SKUs: lock order 3 in unit-of-work.ts) and moves it to 'used' with the order's number.
 */

// ---------------------------------------------------------------------------------------------
// Claiming
// ---------------------------------------------------------------------------------------------

/** A coupon still on offer at `now`: enabled, and (when fixed) not past its end. */
const onOffer = (now: Date) => and(eq(coupons.enabled, true), or(isNull(coupons.endsAt), gt(coupons.endsAt, now)));

async function heldBy(db: DbOrTx, userId: string, couponIds: string[]): Promise<Map<string, number>> {
  if (!couponIds.length) return new Map();
  const rows = await db
    .select({ couponId: memberCoupons.couponId, n: count() })
    .from(memberCoupons)
    .where(and(eq(memberCoupons.userId, userId), inArray(memberCoupons.couponId, couponIds)))
    .groupBy(memberCoupons.couponId);
  return new Map(rows.map((r) => [r.couponId, r.n]));
}

function centerRecord(row: CouponRow, mine: number, now: Date, locale?: Locale): CenterCouponRecord {
  const blocked =
    !row.enabled || (row.endsAt && row.endsAt <= now)
      ? ('ended' as const)
      : mine >= row.perMemberLimit
        ? ('limit_reached' as const)
        : row.claimed >= row.total
          ? ('sold_out' as const)
          : null;
  return { ...toCouponRecord(row, locale), claimed_by_me: mine, can_claim: blocked === null, blocked };
}

/** The coupon centre: coupons on offer, newest first, with what the caller (if logged in) holds. */
export async function listCenter(ctx: CallContext, page: Page) {
  const now = ctx.clock.now();
  const where = and(eq(coupons.inCenter, true), onOffer(now));
  const rows = await ctx.db
    .select()
    .from(coupons)
    .where(where)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  const [total] = await ctx.db.select({ n: count() }).from(coupons).where(where);
  const mine = ctx.user
    ? await heldBy(
        ctx.db,
        ctx.user.uid,
        rows.map((r) => r.id),
      )
    : new Map<string, number>();
  return pageOf(
    rows.map((r) => centerRecord(r, mine.get(r.id) ?? 0, now, ctx.locale)),
    total?.n ?? 0,
    page,
  );
}

export async function getCenterCoupon(ctx: CallContext, couponId: string) {
  const row = await couponOrFail(ctx.db, couponId, 'coupon_id');
  const mine = ctx.user ? ((await heldBy(ctx.db, ctx.user.uid, [row.id])).get(row.id) ?? 0) : 0;
  return centerRecord(row, mine, ctx.clock.now(), ctx.locale);
}

/**
 * One copy for the member, in the caller's transaction: the counter moves first (the coupon row
 * stays locked to commit), then the member's copies are counted; over the limit fails and rolls
 * the counter back with the transaction.
 */
async function claimCopy(tx: Tx, userId: string, couponId: string, source: CopyRow['source'], now: Date) {
  const [coupon] = await tx
    .update(coupons)
    .set({ claimed: sql`${coupons.claimed} + 1`, updatedAt: now })
    .where(and(eq(coupons.id, couponId), onOffer(now), sql`${coupons.claimed} < ${coupons.total}`))
    .returning();
  if (!coupon) {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, couponId));
    assertClaimable(row, 0, now);
    fail('COUPON_SOLD_OUT');
  }
  const [held] = await tx
    .select({ n: count() })
    .from(memberCoupons)
    .where(and(eq(memberCoupons.userId, userId), eq(memberCoupons.couponId, couponId)));
  assertClaimable({ ...coupon!, claimed: coupon!.claimed - 1 }, held?.n ?? 0, now);
  const [copy] = await tx
    .insert(memberCoupons)
    .values(copyValues(coupon!, userId, source, now))
    .returning();
  return { copy: copy!, coupon: coupon! };
}

/** A member claims a coupon from the centre (claims.ts: checked on a plain read, then made with the round's other claims). */
export async function claim(ctx: AuthedContext, couponId: string): Promise<MemberCouponRecord> {
  const { copy, coupon } = await claimFromCentre(ctx, ctx.user.uid, couponId);
  return toMemberCouponRecord(copy, coupon, ctx.clock.now(), ctx.locale);
}

/** Redeems an exchange code: the code is taken (once, ever) and its coupon claimed, or neither. */
export async function exchange(ctx: AuthedContext, rawCode: string): Promise<MemberCouponRecord> {
  const code = rawCode.replace(/\s+/g, '').toUpperCase();
  const length = shopSettingsOf(await getMerchant(ctx.db)).exchange_code_length;
  if (code.length !== length) fail('EXCHANGE_CODE_LENGTH', { length });
  const now = ctx.clock.now();
  const { copy, coupon } = await runUnitOfWork(ctx, async ({ tx }) => {
    const [taken] = await tx
      .update(couponCodes)
      .set({ redeemedBy: ctx.user.uid, redeemedAt: now })
      .where(and(eq(couponCodes.code, code), isNull(couponCodes.redeemedBy)))
      .returning();
    if (!taken) fail('EXCHANGE_FAILED');
    return claimCopy(tx, ctx.user.uid, taken!.couponId, 'code', now);
  });
  return toMemberCouponRecord(copy, coupon, now, ctx.locale);
}

// ---------------------------------------------------------------------------------------------
// The member's copies
// ---------------------------------------------------------------------------------------------

function tabWhere(userId: string, tab: MemberCouponTab, now: Date) {
  const mine = eq(memberCoupons.userId, userId);
  switch (tab) {
    case 'usable':
      return and(mine, eq(memberCoupons.status, 'unused'), gt(memberCoupons.endsAt, now));
    case 'used':
      return and(mine, eq(memberCoupons.status, 'used'));
    case 'expired':
      return and(mine, eq(memberCoupons.status, 'unused'), lte(memberCoupons.endsAt, now));
  }
}

export async function listMine(ctx: AuthedContext, tab: MemberCouponTab, page: Page) {
  const now = ctx.clock.now();
  const where = tabWhere(ctx.user.uid, tab, now);
  const rows = await ctx.db
    .select()
    .from(memberCoupons)
    .where(where)
    .orderBy(
      ...(tab === 'usable'
        ? [memberCoupons.endsAt, memberCoupons.id]
        : [desc(tab === 'used' ? memberCoupons.usedAt : memberCoupons.endsAt), desc(memberCoupons.id)]),
    )
    .limit(page.pageSize)
    .offset(offsetOf(page));
  const [total] = await ctx.db.select({ n: count() }).from(memberCoupons).where(where);
  return pageOf(await copyRecords(ctx.db, rows, now, ctx.locale), total?.n ?? 0, page);
}

export async function countUsable(ctx: AuthedContext): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(memberCoupons)
    .where(tabWhere(ctx.user.uid, 'usable', ctx.clock.now()));
  return row?.n ?? 0;
}

async function copyOrFail(db: DbOrTx, userId: string, id: string): Promise<CopyRow> {
  const [row] = await db.select().from(memberCoupons).where(eq(memberCoupons.id, id));
  if (!row || row.userId !== userId) fail('NOT_FOUND', {}, { field: '_id' });
  return row!;
}

export async function getMine(ctx: AuthedContext, id: string): Promise<MemberCouponRecord> {
  const copy = await copyOrFail(ctx.db, ctx.user.uid, id);
  return (await copyRecords(ctx.db, [copy], ctx.clock.now(), ctx.locale))[0]!;
}
