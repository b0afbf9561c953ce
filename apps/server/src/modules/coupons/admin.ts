import {
  type AdminCouponRecord,
  COUPON_TIME_FIXED,
  type couponSaveInput,
  type ExchangeCodeRecord,
} from '@studio/contract/coupons';
import type { Locale } from '@studio/contract/locale';
import { applyLocalizedInput } from '@studio/contract/localized-text';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId, randomCode } from '../../platform/ids';
import { textIn } from '../../platform/localized-text';
import { containsPattern, offsetOf, orderOf, type Page, pageOf } from '../../platform/paging';
import type { CallContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { auditBy, recordAudit } from '../audit';
import { getMerchant, shopSettingsOf } from '../merchant';
import { type CouponRow, couponOrFail, toCouponRecord } from './records';
import { couponCodes, coupons } from './schema';

/* Coupons for staff: define them, list them with their codes, make exchange codes (audited). */

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

/** Coupons' names in the caller's language, by id: what the audit log's sentences name. */
export async function couponNames(db: DbOrTx, ids: readonly string[], locale?: Locale): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: coupons.id, name: coupons.name, nameI18n: coupons.nameI18n })
    .from(coupons)
    .where(inArray(coupons.id, [...ids]));
  return new Map(rows.map((r) => [r.id, textIn(r.name, r.nameI18n, locale)]));
}
