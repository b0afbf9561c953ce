import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { sweepClaimed } from '../../platform/claimed-sweep';
import { DAY } from '../../platform/clock';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import type { Sweep } from '../../platform/sweeper';
import type { UnitOfWorkDeps } from '../../platform/unit-of-work';
import { getMerchant, shopSettingsOf } from '../merchant';
import { couponsById } from './records';
import { memberCoupons } from './schema';

/*
 * A member's unused coupon whose validity ends within the studio's coupon_expiry_notice_days (0:
 * off): its member is told once (coupon.expiringSoon), the copy claimed and the event emitted in one
 * unit of work (sweepClaimed), whatever the instances. A copy claimed inside that window (valid for
 * less than it) is not "expiring soon" when the member takes it.
 */

const BATCH = 100;

async function claimExpiring(tx: Tx, now: Date, windowMs: number) {
  const notTold = and(eq(memberCoupons.status, 'unused'), isNull(memberCoupons.expiryNotifiedAt));
  const due = tx
    .select({ id: memberCoupons.id })
    .from(memberCoupons)
    .where(
      and(
        notTold,
        gt(memberCoupons.endsAt, now),
        lte(memberCoupons.endsAt, new Date(now.getTime() + windowMs)),
        sql`${memberCoupons.claimedAt} <= ${memberCoupons.endsAt} - ${`${windowMs} milliseconds`}::interval`,
      ),
    )
    .orderBy(asc(memberCoupons.endsAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return tx
    .update(memberCoupons)
    .set({ expiryNotifiedAt: now })
    .where(and(inArray(memberCoupons.id, due), notTold))
    .returning();
}

export async function tellExpiringCoupons(deps: UnitOfWorkDeps, now: Date): Promise<number> {
  const days = shopSettingsOf(await getMerchant(deps.db)).coupon_expiry_notice_days;
  if (days <= 0) return 0;
  return sweepClaimed(deps, BATCH, async (work) => {
    const copies = await claimExpiring(work.tx, now, days * DAY);
    const byId = await couponsById(
      work.tx,
      copies.map((c) => c.couponId),
    );
    for (const copy of copies) {
      const coupon = byId.get(copy.couponId)!;
      await work.emit(
        'coupon.expiringSoon',
        {
          coupon_id: copy.id,
          coupon: coupon.id,
          user_id: copy.userId,
          name: coupon.name,
          name_i18n: coupon.nameI18n,
          expires_at: copy.endsAt.toISOString(),
        },
        now,
      );
    }
    return copies;
  });
}

/** The coupons' scheduled work (modules/index.ts allSweeps). */
export const couponSweeps = (deps: AppDeps): Sweep[] => [
  { name: 'coupons.tellExpiring', run: (db, now) => tellExpiringCoupons({ db, deps }, now) },
];
