import type { couponCalls as couponDefs } from '@studio/contract/coupons';
import { callRef } from '@studio/contract/protocol-core';
import { useQuery } from '@tanstack/react-query';
import { call, callQuery } from '@/shared/api/call-function';
import { queryClient } from '@/shared/api/query-client';
import { paths } from '@/shared/navigation/paths';

/** The calls by reference (zod-free): the profile tab shows the usable count and has no form. */
const couponCalls = {
  getCenter: callRef<typeof couponDefs.getCenter>('client/coupon.pub_getCenter'),
  claim: callRef<typeof couponDefs.claim>('client/coupon.claim'),
  exchange: callRef<typeof couponDefs.exchange>('client/coupon.exchange'),
  getList: callRef<typeof couponDefs.getList>('client/coupon.getList'),
  getDetail: callRef<typeof couponDefs.getDetail>('client/coupon.getDetail'),
  getCoupon: callRef<typeof couponDefs.getCoupon>('client/coupon.pub_getCoupon'),
  getCounts: callRef<typeof couponDefs.getCounts>('client/coupon.getCounts'),
};

/** The centre, my coupons and their counts: after a claim or an exchange, all refetch. */
export async function invalidateCoupons(): Promise<void> {
  await Promise.all(
    [couponCalls.getCenter.url, couponCalls.getList.url, couponCalls.getCounts.url, couponCalls.getCoupon.url].map(
      (url) => queryClient.invalidateQueries({ queryKey: [url] }),
    ),
  );
}

export async function claimCoupon(couponId: string) {
  try {
    return (await call(couponCalls.claim, { coupon_id: couponId })).member_coupon;
  } finally {
    await invalidateCoupons();
  }
}

export async function exchangeCode(code: string) {
  const copy = (await call(couponCalls.exchange, { code })).member_coupon;
  await invalidateCoupons();
  return copy;
}

export function useMyCoupon(id: string) {
  return useQuery({ ...callQuery(couponCalls.getDetail, { _id: id }), enabled: id !== '' });
}

export function useCenterCoupon(couponId: string) {
  return useQuery({ ...callQuery(couponCalls.getCoupon, { coupon_id: couponId }), enabled: couponId !== '' });
}

export function useUsableCouponCount(enabled: boolean) {
  return useQuery({ ...callQuery(couponCalls.getCounts, {}, { silent: true }), enabled });
}

export const couponLinks = {
  list: (tab?: string) => (tab ? `${paths.couponList}?tab=${tab}` : paths.couponList),
  mine: (id: string) => `${paths.couponDetail}?_id=${encodeURIComponent(id)}`,
  center: (couponId: string) => `${paths.couponDetail}?coupon_id=${encodeURIComponent(couponId)}`,
  goods: (couponId: string) => `${paths.goodsList}?coupon_id=${encodeURIComponent(couponId)}`,
};
