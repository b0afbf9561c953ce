// Coupons as the reports read them (issue 26): which coupon a member's copy is, as a row source the
// orders module joins (names come from couponNames). Read only.
import { type SQL, sql } from 'drizzle-orm';
import { memberCoupons } from './schema';

/** Members' copies of coupons: columns id (the copy an order spent), coupon_id. */
export function couponCopies(): SQL {
  return sql`(select id, coupon_id from ${memberCoupons})`;
}
