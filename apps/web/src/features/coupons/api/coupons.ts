import type { couponCalls as couponDefs } from '@studio/contract/coupons';
import { callRef } from '@studio/contract/protocol-core';
import { useQuery } from '@tanstack/react-query';
import { call, callQuery } from '@/shared/api/call-function';
import { queryClient } from '@/shared/api/query-client';
import { couponReadCalls } from '@/shared/coupons/coupons';

/** The calls by reference (zod-free), with the two that shared/coupons reads for pages outside this feature. */
const couponCalls = {
  ...couponReadCalls,
  getCenter: callRef<typeof couponDefs.getCenter>('client/coupon.pub_getCenter'),
  claim: callRef<typeof couponDefs.claim>('client/coupon.claim'),
  exchange: callRef<typeof couponDefs.exchange>('client/coupon.exchange'),
  getList: callRef<typeof couponDefs.getList>('client/coupon.getList'),
  getDetail: callRef<typeof couponDefs.getDetail>('client/coupon.getDetail'),
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
