import { COUPON_TIME_FIXED } from '@studio/contract/coupons';
import type { Locale } from '@studio/contract/locale';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { newId } from '../../platform/ids';
import { textIn } from '../../platform/localized-text';
import { DAY } from './records';
import { coupons, memberCoupons } from './schema';

/*
 * Coupons the studio gives by a rule (an invitation's reward), not claimed by the member: the copy
 * counts toward the coupon's total like a claim, but the per-member limit does not apply (an inviter
 * may earn the same coupon once per member they invited). Neither function ever fails the caller's
 * transaction: a coupon that is gone, ended or sold out gives nothing.
 */

/** A copy of `couponId` for the member, in the caller's transaction (lock order 3); null when it cannot be given. */
export async function grantCoupon(
  tx: Tx,
  userId: string,
  couponId: string,
  now: Date,
  locale?: Locale,
): Promise<{ copyId: string; name: string } | null> {
  if (!couponId) return null;
  const [coupon] = await tx
    .update(coupons)
    .set({ claimed: sql`${coupons.claimed} + 1`, updatedAt: now })
    .where(
      and(
        eq(coupons.id, couponId),
        eq(coupons.enabled, true),
        or(isNull(coupons.endsAt), gt(coupons.endsAt, now)),
        sql`${coupons.claimed} < ${coupons.total}`,
      ),
    )
    .returning();
  if (!coupon) return null;
  const fixed = coupon.timeType === COUPON_TIME_FIXED;
  const id = newId();
  await tx.insert(memberCoupons).values({
    id,
    couponId,
    userId,
    source: 'invite',
    startsAt: fixed ? coupon.startsAt! : new Date(now.getTime() + (coupon.startDays ?? 0) * DAY),
    endsAt: fixed ? coupon.endsAt! : new Date(now.getTime() + (coupon.endDays ?? 0) * DAY),
    claimedAt: now,
  });
  return { copyId: id, name: textIn(coupon.name, coupon.nameI18n, locale) };
}

/** Takes back a given copy while it is unused (true); a copy already spent stays with its order (false). */
export async function revokeUnusedCoupon(tx: Tx, copyId: string): Promise<boolean> {
  const [gone] = await tx
    .delete(memberCoupons)
    .where(and(eq(memberCoupons.id, copyId), eq(memberCoupons.status, 'unused')))
    .returning({ couponId: memberCoupons.couponId });
  if (!gone) return false;
  await tx
    .update(coupons)
    .set({ claimed: sql`${coupons.claimed} - 1` })
    .where(eq(coupons.id, gone.couponId));
  return true;
}
