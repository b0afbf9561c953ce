import type { couponCalls as couponDefs } from '@studio/contract/coupons';
import type { MchInfo } from '@studio/contract/merchant';
import type { OrderInput, OrderRecord, orderCalls as orderDefs, RefundLinesInput } from '@studio/contract/orders';
import type { PayType } from '@studio/contract/payments';
import { callRef } from '@studio/contract/protocol-core';
import type { ReviewItemInput, reviewCalls as reviewDefs } from '@studio/contract/reviews';
import type { integralCalls as integralDefs, walletCalls as walletDefs } from '@studio/contract/wallet';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, callQuery } from '@/shared/api/call-function';
import { queryClient } from '@/shared/api/query-client';
import { orderReadCalls } from '@/shared/orders/orders';
import { refreshCart } from '@/shared/shop/cart';

/*
 * The calls by reference (zod-free): the order pages read through this module (the Me tab through
 * shared/orders), and the definitions' schemas would bring the validation library to pages that have no form.
 */
const orderCalls = {
  applyRefund: callRef<typeof orderDefs.applyRefund>('client/order.applyRefund'),
  cancel: callRef<typeof orderDefs.cancel>('client/order.cancel'),
  cancelRefund: callRef<typeof orderDefs.cancelRefund>('client/order.cancelRefund'),
  comment: callRef<typeof orderDefs.comment>('client/order.comment'),
  confirmReceipt: callRef<typeof orderDefs.confirmReceipt>('client/order.confirmReceipt'),
  createOrder: callRef<typeof orderDefs.createOrder>('client/order.createOrder'),
  getCounts: orderReadCalls.getCounts,
  getInfo: callRef<typeof orderDefs.getInfo>('client/order.getInfo'),
  getList: callRef<typeof orderDefs.getList>('client/order.getList'),
  pay: callRef<typeof orderDefs.pay>('client/order.pay'),
  previewOrder: callRef<typeof orderDefs.previewOrder>('client/order.previewOrder'),
  previewRefund: callRef<typeof orderDefs.previewRefund>('client/order.previewRefund'),
};
const couponCalls = {
  getCounts: callRef<typeof couponDefs.getCounts>('client/coupon.getCounts'),
  getList: callRef<typeof couponDefs.getList>('client/coupon.getList'),
};
const reviewCalls = {
  getGoodsReviews: callRef<typeof reviewDefs.getGoodsReviews>('client/pub.getGoodsComments'),
};
const walletCalls = {
  getBalance: callRef<typeof walletDefs.getBalance>('client/wallet.getBalance'),
  getLedger: callRef<typeof walletDefs.getLedger>('client/wallet.getLedger'),
};
const integralCalls = {
  getBalance: callRef<typeof integralDefs.getBalance>('client/integral.getBalance'),
  getLedger: callRef<typeof integralDefs.getLedger>('client/integral.getLedger'),
};

/** Every order query (lists, counts, one order) and the wallet: after any change, all refetch. */
export async function invalidateOrders(): Promise<void> {
  await Promise.all(
    [
      orderCalls.getList.url,
      orderCalls.getCounts.url,
      orderCalls.getInfo.url,
      walletCalls.getBalance.url,
      walletCalls.getLedger.url,
    ].map((url) => queryClient.invalidateQueries({ queryKey: [url] })),
  );
}

export function useOrder(orderNo: string) {
  return useQuery({ ...callQuery(orderCalls.getInfo, { order_no: orderNo }), enabled: orderNo !== '' });
}

/** Re-priced on every change (coupon, points, address); the last answer stays on screen meanwhile. */
export function usePreview(input: OrderInput, enabled: boolean) {
  return useQuery({
    ...callQuery(orderCalls.previewOrder, input),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export async function createOrder(input: OrderInput) {
  const placed = await call(orderCalls.createOrder, input);
  await invalidateOrders();
  // Lines checked out leave the server's cart: the device's copy follows.
  if (input.from_cart) await refreshCart();
  return placed;
}

/** Where a paid pass shows (by url, as the realtime handler names it): the member's packages. */
const MY_PACKAGES_URL = 'client/course.getMyPackages';

/** A paid pass is a package at once: the class page the member goes back to offers Book. */
export function refreshMyPackages(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [MY_PACKAGES_URL] });
}

export async function payOrder(orderNo: string, payType: PayType) {
  try {
    return await call(orderCalls.pay, { order_no: orderNo, pay_type: payType });
  } finally {
    await Promise.all([invalidateOrders(), refreshMyPackages()]);
  }
}

export async function cancelOrder(orderNo: string): Promise<OrderRecord> {
  try {
    return (await call(orderCalls.cancel, { order_no: orderNo })).order;
  } finally {
    // Its coupon and points come back.
    await afterMoneyChange();
  }
}

export async function confirmReceipt(orderNo: string): Promise<OrderRecord> {
  try {
    return (await call(orderCalls.confirmReceipt, { order_no: orderNo })).order;
  } finally {
    await invalidateOrders();
  }
}

/** The order's points, coupon and wallet move with a refund or an order: all their queries refetch. */
async function afterMoneyChange(): Promise<void> {
  await invalidateOrders();
  await Promise.all(
    [integralCalls.getBalance.url, integralCalls.getLedger.url, couponCalls.getList.url, couponCalls.getCounts.url].map(
      (url) => queryClient.invalidateQueries({ queryKey: [url] }),
    ),
  );
}

/**
 * What sending back these units comes to, priced by the server as the member changes them (null:
 * nothing chosen, nothing asked); the last answer stays on screen meanwhile.
 */
export function useRefundQuote(orderNo: string, lines: RefundLinesInput | null) {
  return useQuery({
    ...callQuery(orderCalls.previewRefund, { order_no: orderNo, lines: lines ?? undefined }),
    enabled: lines !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export async function applyRefund(
  orderNo: string,
  application: { reason: string; images: string[]; lines: RefundLinesInput },
): Promise<OrderRecord> {
  try {
    return (await call(orderCalls.applyRefund, { order_no: orderNo, ...application })).order;
  } finally {
    await afterMoneyChange();
  }
}

export async function cancelRefund(orderNo: string): Promise<OrderRecord> {
  try {
    return (await call(orderCalls.cancelRefund, { order_no: orderNo })).order;
  } finally {
    await afterMoneyChange();
  }
}

export async function commentOrder(orderNo: string, items: ReviewItemInput[]): Promise<OrderRecord> {
  const { order } = await call(orderCalls.comment, { order_no: orderNo, items });
  await invalidateOrders();
  await queryClient.invalidateQueries({ queryKey: [reviewCalls.getGoodsReviews.url] });
  return order;
}

/** The pay types this studio offers, in the order a member expects them. */
export function offeredPayTypes(info: MchInfo | undefined): PayType[] {
  return (info?.pay_types ?? []).filter((p) => p !== 'wechat' && p !== 'alipay');
}
