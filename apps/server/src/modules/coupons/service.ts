import {
  type AdminCouponRecord,
  type CenterCouponRecord,
  type CheckoutCoupon,
  COUPON_TIME_FIXED,
  type CouponRecord,
  type CouponType,
  type CouponUnusableReason,
  couponDeduction,
  type couponSaveInput,
  type ExchangeCodeRecord,
  type MemberCouponRecord,
  type MemberCouponTab,
} from '@studio/contract/coupons';
import type { Locale } from '@studio/contract/locale';
import { applyLocalizedInput } from '@studio/contract/localized-text';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId, randomCode } from '../../platform/ids';
import { textIn } from '../../platform/localized-text';
import { containsPattern, offsetOf, orderOf, type Page, pageOf } from '../../platform/paging';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { auditBy, recordAudit } from '../audit/service';
import { getMerchant, shopSettingsOf } from '../merchant/service';
import { couponCodes, coupons, memberCoupons } from './schema';

/*
 * Coupons (RULES.md "Coupons"). A claim is one conditional update of the coupon's `claimed` counter
 * (never past `total`), which also holds the coupon row's lock until commit, so the member's copies
 * counted after it are exact and the per-member limit holds however many claims race. An exchange
 * code is taken by one conditional update before its claim. Spending a copy locks it (after the
 * order's SKUs: lock order 3 in unit-of-work.ts) and moves it to 'used' with the order's number.
 */

type CouponRow = typeof coupons.$inferSelect;
type CopyRow = typeof memberCoupons.$inferSelect;
const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

export function toCouponRecord(row: CouponRow, locale?: Locale): CouponRecord {
  const fixed = row.timeType === COUPON_TIME_FIXED;
  return {
    _id: row.id,
    name: textIn(row.name, row.nameI18n, locale),
    type: row.type as CouponType,
    coupon_rule: { min_amount: row.minAmount, discount_amount: row.discountAmount },
    discount_proportion: row.discountTenths / 10,
    effective_time_rule: {
      type: row.timeType,
      start_fixed_time: fixed ? (row.startsAt?.toISOString() ?? null) : null,
      end_fixed_time: fixed ? (row.endsAt?.toISOString() ?? null) : null,
      start_dynamic_time: fixed ? null : row.startDays,
      end_dynamic_time: fixed ? null : row.endDays,
    },
    goods_ids: row.goodsIds,
    total: row.total,
    claimed: row.claimed,
    used: row.used,
    per_member_limit: row.perMemberLimit,
    in_center: row.inCenter,
    enabled: row.enabled,
    created_at: row.createdAt.toISOString(),
  };
}

function copyStatus(copy: CopyRow, now: Date): MemberCouponRecord['status'] {
  if (copy.status === 'used') return 'used';
  if (copy.endsAt <= now) return 'expired';
  if (copy.startsAt > now) return 'not_started';
  return 'usable';
}

function toMemberCouponRecord(copy: CopyRow, coupon: CouponRow, now: Date, locale?: Locale): MemberCouponRecord {
  return {
    _id: copy.id,
    coupon: toCouponRecord(coupon, locale),
    status: copyStatus(copy, now),
    starts_at: copy.startsAt.toISOString(),
    ends_at: copy.endsAt.toISOString(),
    claimed_at: copy.claimedAt.toISOString(),
    used_at: copy.usedAt?.toISOString() ?? null,
    order_no: copy.orderNo,
    source: copy.source,
  };
}

async function couponsById(db: DbOrTx, ids: string[]): Promise<Map<string, CouponRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(coupons)
    .where(inArray(coupons.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

async function copyRecords(db: DbOrTx, copies: CopyRow[], now: Date, locale?: Locale) {
  const byId = await couponsById(
    db,
    copies.map((c) => c.couponId),
  );
  return copies.map((c) => toMemberCouponRecord(c, byId.get(c.couponId)!, now, locale));
}

// ---------------------------------------------------------------------------------------------
// Staff
// ---------------------------------------------------------------------------------------------

async function codeCounts(db: DbOrTx, couponIds: string[]) {
  if (!couponIds.length) return new Map<string, { codes: number; redeemed: number }>();
  const rows = await db
    .select({
      couponId: couponCodes.couponId,
      codes: count(),
      redeemed: count(couponCodes.redeemedBy),
    })
    .from(couponCodes)
    .where(inArray(couponCodes.couponId, couponIds))
    .groupBy(couponCodes.couponId);
  return new Map(rows.map((r) => [r.couponId, { codes: r.codes, redeemed: r.redeemed }]));
}

async function adminRecords(db: DbOrTx, rows: CouponRow[], locale?: Locale): Promise<AdminCouponRecord[]> {
  const counts = await codeCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...toCouponRecord(row, locale),
    name_i18n: row.nameI18n,
    codes: counts.get(row.id)?.codes ?? 0,
    codes_redeemed: counts.get(row.id)?.redeemed ?? 0,
  }));
}

/**
 * Creates or edits a coupon, audited. Copies already claimed keep the validity they were given;
 * the total can never go below what members already hold.
 */
export async function saveCoupon(ctx: CallContext, input: z.output<typeof couponSaveInput>) {
  const now = ctx.clock.now();
  const saved = await runUnitOfWork(ctx, async ({ tx }) => {
    const [existing] = input._id ? await tx.select().from(coupons).where(eq(coupons.id, input._id)).for('update') : [];
    if (input._id && !existing) fail('NOT_FOUND', {}, { field: '_id' });
    if (existing && input.total < existing.claimed)
      fail('INVALID_PARAM', { field: 'total' }, { field: 'total', reason: 'belowClaimed' });
    const { defaultLocale } = await getMerchant(tx);
    const name = applyLocalizedInput(input.name, defaultLocale, existing?.nameI18n);
    const time = input.effective_time_rule;
    const fixed = time.type === COUPON_TIME_FIXED;
    const values = {
      name: name.value,
      nameI18n: name.values,
      type: input.type,
      minAmount: input.coupon_rule.min_amount,
      discountAmount: input.type === 1 ? input.coupon_rule.discount_amount : 0,
      discountTenths: input.type === 2 ? Math.round((input.discount_proportion ?? 10) * 10) : 100,
      timeType: time.type,
      startsAt: fixed ? new Date(time.start_fixed_time!) : null,
      endsAt: fixed ? new Date(time.end_fixed_time!) : null,
      startDays: fixed ? null : (time.start_dynamic_time ?? 0),
      endDays: fixed ? null : time.end_dynamic_time!,
      goodsIds: [...new Set(input.goods_ids)],
      total: input.total,
      perMemberLimit: input.per_member_limit,
      inCenter: input.in_center,
      enabled: input.enabled,
      updatedAt: now,
    };
    const [row] = existing
      ? await tx.update(coupons).set(values).where(eq(coupons.id, existing.id)).returning()
      : await tx
          .insert(coupons)
          .values({ id: newId(), createdAt: now, ...values })
          .returning();
    await recordAudit(tx, auditBy(ctx), {
      objectType: 'coupon',
      objectId: row!.id,
      before: existing ?? null,
      after: row,
    });
    return row!;
  });
  return (await adminRecords(ctx.db, [saved], ctx.locale))[0]!;
}

export async function adminListCoupons(
  ctx: CallContext,
  query: Page & { keyword?: string; sort?: string; order?: 'asc' | 'desc' },
) {
  const where = query.keyword ? sql`${coupons.name} ilike ${containsPattern(query.keyword)}` : undefined;
  const rows = await ctx.db
    .select()
    .from(coupons)
    .where(where)
    .orderBy(
      ...(query.sort
        ? orderOf({ created_at: coupons.createdAt, name: coupons.name, claimed: coupons.claimed }, query, [coupons.id])
        : [desc(coupons.createdAt), desc(coupons.id)]),
    )
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const [total] = await ctx.db.select({ n: count() }).from(coupons).where(where);
  return pageOf(await adminRecords(ctx.db, rows, ctx.locale), total?.n ?? 0, query);
}

async function couponOrFail(db: DbOrTx, id: string, field = '_id'): Promise<CouponRow> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row ?? fail('NOT_FOUND', {}, { field });
}

export async function adminGetCoupon(ctx: CallContext, id: string) {
  return (await adminRecords(ctx.db, [await couponOrFail(ctx.db, id)], ctx.locale))[0]!;
}

/** A batch of exchange codes of the studio's length; a clash with an existing code draws again. */
export async function generateCodes(ctx: CallContext, couponId: string, howMany: number): Promise<string[]> {
  const now = ctx.clock.now();
  await couponOrFail(ctx.db, couponId, 'coupon_id');
  const length = shopSettingsOf(await getMerchant(ctx.db)).exchange_code_length;
  return runUnitOfWork(ctx, async ({ tx }) => {
    const made: string[] = [];
    while (made.length < howMany) {
      const batch = Array.from({ length: howMany - made.length }, () => randomCode(length));
      const written = await tx
        .insert(couponCodes)
        .values(batch.map((code) => ({ code, couponId, createdAt: now })))
        .onConflictDoNothing()
        .returning({ code: couponCodes.code });
      made.push(...written.map((w) => w.code));
    }
    await recordAudit(tx, auditBy(ctx), {
      objectType: 'coupon',
      objectId: couponId,
      before: null,
      after: { codes_generated: made.length },
    });
    return made;
  });
}

export async function listCodes(db: DbOrTx, couponId: string, page: Page) {
  await couponOrFail(db, couponId, 'coupon_id');
  const where = eq(couponCodes.couponId, couponId);
  const rows = await db
    .select()
    .from(couponCodes)
    .where(where)
    .orderBy(desc(couponCodes.createdAt), couponCodes.code)
    .limit(page.pageSize)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(couponCodes).where(where);
  const records: ExchangeCodeRecord[] = rows.map((r) => ({
    code: r.code,
    created_at: r.createdAt.toISOString(),
    redeemed_at: r.redeemedAt?.toISOString() ?? null,
    redeemed_by: r.redeemedBy,
  }));
  return pageOf(records, total?.n ?? 0, page);
}

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
    if (!row) fail('NOT_FOUND', {}, { field: 'coupon_id' });
    if (!row!.enabled || (row!.endsAt && row!.endsAt <= now)) fail('COUPON_ENDED');
    fail('COUPON_SOLD_OUT');
  }
  const [held] = await tx
    .select({ n: count() })
    .from(memberCoupons)
    .where(and(eq(memberCoupons.userId, userId), eq(memberCoupons.couponId, couponId)));
  if ((held?.n ?? 0) >= coupon!.perMemberLimit) fail('COUPON_LIMIT_REACHED', { limit: coupon!.perMemberLimit });
  const fixed = coupon!.timeType === COUPON_TIME_FIXED;
  const [copy] = await tx
    .insert(memberCoupons)
    .values({
      id: newId(),
      couponId,
      userId,
      source,
      startsAt: fixed ? coupon!.startsAt! : new Date(now.getTime() + (coupon!.startDays ?? 0) * DAY),
      endsAt: fixed ? coupon!.endsAt! : new Date(now.getTime() + (coupon!.endDays ?? 0) * DAY),
      claimedAt: now,
    })
    .returning();
  return { copy: copy!, coupon: coupon! };
}

export async function claim(ctx: AuthedContext, couponId: string): Promise<MemberCouponRecord> {
  const now = ctx.clock.now();
  const { copy, coupon } = await runUnitOfWork(ctx, ({ tx }) => claimCopy(tx, ctx.user.uid, couponId, 'center', now));
  return toMemberCouponRecord(copy, coupon, now, ctx.locale);
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

// ---------------------------------------------------------------------------------------------
// Checkout (called by orders through this service)
// ---------------------------------------------------------------------------------------------

/** An order's line as a coupon weighs it. */
export interface CouponLine {
  goods_id: string;
  amount: number;
}

/** What `copy` takes off these lines, or why it cannot be used. */
function weigh(copy: CopyRow, coupon: CouponRow, lines: CouponLine[], now: Date) {
  const status = copyStatus(copy, now);
  if (status !== 'usable') return { deduction: 0, reason: status as CouponUnusableReason };
  const eligible = lines
    .filter((l) => coupon.goodsIds.length === 0 || coupon.goodsIds.includes(l.goods_id))
    .reduce((sum, l) => sum + l.amount, 0);
  if (eligible === 0) return { deduction: 0, reason: 'no_eligible_goods' as const };
  const deduction = couponDeduction(toCouponRecord(coupon), eligible);
  if (deduction === null) return { deduction: 0, reason: 'below_min_amount' as const };
  return { deduction, reason: null };
}

/**
 * The member's copies that checkout can offer (unused, not expired): usable ones first, the
 * largest saving first, each with what it takes off or why it cannot be used.
 */
export async function checkoutCoupons(
  db: DbOrTx,
  userId: string,
  lines: CouponLine[],
  now: Date,
  locale?: Locale,
): Promise<CheckoutCoupon[]> {
  const copies = await db
    .select()
    .from(memberCoupons)
    .where(and(eq(memberCoupons.userId, userId), eq(memberCoupons.status, 'unused'), gt(memberCoupons.endsAt, now)))
    .orderBy(memberCoupons.endsAt, memberCoupons.id)
    .limit(100);
  const byId = await couponsById(
    db,
    copies.map((c) => c.couponId),
  );
  return copies
    .map((copy) => {
      const coupon = byId.get(copy.couponId)!;
      const { deduction, reason } = weigh(copy, coupon, lines, now);
      return {
        member_coupon: toMemberCouponRecord(copy, coupon, now, locale),
        usable: reason === null,
        reason,
        deduction,
      };
    })
    .sort((a, b) => Number(b.usable) - Number(a.usable) || b.deduction - a.deduction);
}

/**
 * Spends the member's copy on an order, in the order's transaction (after its SKUs are held): the
 * copy is locked, weighed again against the lines, and marked used with the order's number.
 * Anything that makes it unusable fails COUPON_INVALID and the order is not created.
 */
export async function spendCoupon(
  tx: Tx,
  userId: string,
  copyId: string,
  orderNo: string,
  lines: CouponLine[],
  now: Date,
): Promise<number> {
  const [copy] = await tx.select().from(memberCoupons).where(eq(memberCoupons.id, copyId)).for('update');
  if (!copy || copy.userId !== userId) fail('COUPON_INVALID');
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, copy!.couponId));
  const { deduction, reason } = weigh(copy!, coupon!, lines, now);
  if (reason) fail('COUPON_INVALID');
  await tx
    .update(memberCoupons)
    .set({ status: 'used', orderNo, usedAt: now })
    .where(and(eq(memberCoupons.id, copy!.id), eq(memberCoupons.status, 'unused')));
  await tx
    .update(coupons)
    .set({ used: sql`${coupons.used} + 1` })
    .where(eq(coupons.id, coupon!.id));
  return deduction;
}

/** The copy an order spent goes back to its member (the order was cancelled before payment). */
export async function returnOrderCoupon(tx: Tx, orderNo: string): Promise<void> {
  const returned = await tx
    .update(memberCoupons)
    .set({ status: 'unused', orderNo: null, usedAt: null })
    .where(and(eq(memberCoupons.orderNo, orderNo), eq(memberCoupons.status, 'used'), isNotNull(memberCoupons.orderNo)))
    .returning({ couponId: memberCoupons.couponId });
  for (const r of returned) {
    await tx
      .update(coupons)
      .set({ used: sql`${coupons.used} - 1` })
      .where(eq(coupons.id, r.couponId));
  }
}

/** The goods a coupon applies to (empty: all), for the goods list filtered by coupon_id. */
export async function couponGoodsIds(db: DbOrTx, couponId: string): Promise<string[] | null> {
  const [row] = await db.select({ goodsIds: coupons.goodsIds }).from(coupons).where(eq(coupons.id, couponId));
  return row ? row.goodsIds : null;
}
