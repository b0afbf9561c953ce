import type { couponCalls as couponDefs } from '@studio/contract/coupons';
import { callRef } from '@studio/contract/protocol-core';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/call-function';
import { paths } from '@/shared/navigation/paths';

/**
 * The coupon calls that pages outside the coupons feature read (the profile tab's count, a coupon on
 * the goods list), by reference (zod-free): the profile tab has no form.
 */
export const couponReadCalls = {
  getCoupon: callRef<typeof couponDefs.getCoupon>('client/coupon.pub_getCoupon'),
  getCounts: callRef<typeof couponDefs.getCounts>('client/coupon.getCounts'),
};

export function useCenterCoupon(couponId: string) {
  return useQuery({ ...callQuery(couponReadCalls.getCoupon, { coupon_id: couponId }), enabled: couponId !== '' });
}

export function useUsableCouponCount(enabled: boolean) {
  return useQuery({ ...callQuery(couponReadCalls.getCounts, {}, { silent: true }), enabled });
}

export const couponLinks = {
  list: (tab?: string) => (tab ? `${paths.couponList}?tab=${tab}` : paths.couponList),
  mine: (id: string) => `${paths.couponDetail}?_id=${encodeURIComponent(id)}`,
  center: (couponId: string) => `${paths.couponDetail}?coupon_id=${encodeURIComponent(couponId)}`,
  goods: (couponId: string) => `${paths.goodsList}?coupon_id=${encodeURIComponent(couponId)}`,
};
