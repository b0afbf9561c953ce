import {
  COUPON_TIME_FIXED,
  type CouponRecord,
  type CouponType,
  type MemberCouponRecord,
} from '@studio/contract/coupons';
import type { Locale } from '@studio/contract/locale';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { textIn } from '../../platform/localized-text';
import { coupons, type memberCoupons } from './schema';

/* Coupons and members' copies as records (the contract's shapes). */

export type CouponRow = typeof coupons.$inferSelect;
export type CopyRow = typeof memberCoupons.$inferSelect;
export const DAY = 86_400_000;

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

export function copyStatus(copy: CopyRow, now: Date): MemberCouponRecord['status'] {
  if (copy.status === 'used') return 'used';
  if (copy.endsAt <= now) return 'expired';
  if (copy.startsAt > now) return 'not_started';
  return 'usable';
}

export function toMemberCouponRecord(copy: CopyRow, coupon: CouponRow, now: Date, locale?: Locale): MemberCouponRecord {
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

export async function couponsById(db: DbOrTx, ids: string[]): Promise<Map<string, CouponRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(coupons)
    .where(inArray(coupons.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function copyRecords(db: DbOrTx, copies: CopyRow[], now: Date, locale?: Locale) {
  const byId = await couponsById(
    db,
    copies.map((c) => c.couponId),
  );
  return copies.map((c) => toMemberCouponRecord(c, byId.get(c.couponId)!, now, locale));
}

export async function couponOrFail(db: DbOrTx, id: string, field = '_id'): Promise<CouponRow> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row ?? fail('NOT_FOUND', {}, { field });
}
