import { type CheckoutCoupon, type CouponUnusableReason, couponDeduction } from '@studio/contract/coupons';
import type { Locale } from '@studio/contract/locale';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { type DbOrTx, preparedQuery, type Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { type CopyRow, type CouponRow, copyStatus, couponsById, toCouponRecord, toMemberCouponRecord } from './records';
import { coupons, memberCoupons } from './schema';

/* Coupons at checkout, called by orders: what each copy would take off, spending one, giving it back. */

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

// Every checkout and preview reads the member's unused copies: prepared.
const unusedCopiesStatement = preparedQuery('coupon_unused_copies', (db) =>
  db
    .select()
    .from(memberCoupons)
    .where(
      and(
        eq(memberCoupons.userId, sql.placeholder('user')),
        eq(memberCoupons.status, 'unused'),
        gt(memberCoupons.endsAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .orderBy(memberCoupons.endsAt, memberCoupons.id)
    .limit(100),
);

/** The member's copies checkout weighs, read ahead (a caller reading them beside its other reads). */
export type CheckoutCopies = CopyRow[];

/** The read of checkoutCoupons on its own, so that a caller may start it before it has the lines. */
export const readCheckoutCopies = (db: DbOrTx, userId: string, now: Date): Promise<CheckoutCopies> =>
  unusedCopiesStatement(db, { user: userId, now: now.toISOString() });

/**
 * The member's copies that checkout can offer (unused, not expired): usable ones first, the
 * largest saving first, each with what it takes off or why it cannot be used. `copies`: those
 * read by readCheckoutCopies for the same member and instant, when the caller started it.
 */
export async function checkoutCoupons(
  db: DbOrTx,
  userId: string,
  lines: CouponLine[],
  now: Date,
  locale?: Locale,
  copiesRead?: Promise<CheckoutCopies>,
): Promise<CheckoutCoupon[]> {
  const copies = await (copiesRead ?? readCheckoutCopies(db, userId, now));
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
