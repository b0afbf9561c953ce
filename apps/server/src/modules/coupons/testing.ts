import { adminCouponCalls, type CouponSaveInput, couponCalls } from '@studio/contract/coupons';
import { expect } from 'vitest';
import type { TestApp } from '../../testing/test-app';

/** A coupon saved by staff: by default £5 off £20, valid 30 days after the claim, 100 of them, 1 each. */
export async function buildCoupon(t: TestApp, adminToken: string, overrides: Partial<CouponSaveInput> = {}) {
  const res = await t.call(
    adminCouponCalls.save,
    {
      name: 'Five off twenty',
      type: 1,
      coupon_rule: { min_amount: 2000, discount_amount: 500 },
      effective_time_rule: { type: 1, start_dynamic_time: 0, end_dynamic_time: 30 },
      total: 100,
      per_member_limit: 1,
      ...overrides,
    },
    { token: adminToken },
  );
  expect(res.code, res.msg).toBe(0);
  return res.coupon;
}

/** The member's copy of a coupon, claimed through the centre (asserted to succeed). */
export async function claimCoupon(t: TestApp, token: string, couponId: string) {
  const res = await t.call(couponCalls.claim, { coupon_id: couponId }, { token });
  expect(res.code, res.msg).toBe(0);
  return res.member_coupon;
}
