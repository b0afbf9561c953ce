import type { orderCalls as orderDefs } from '@studio/contract/orders';
import type { paymentCalls as paymentDefs } from '@studio/contract/payments';
import { callRef } from '@studio/contract/protocol-core';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/call-function';
import { navigateTo } from '@/shared/navigation/navigation';

/*
 * What pages outside the orders feature read of orders and payments: the Me tab's order counts, and
 * the wallet's top-up, which pays like an order does. The calls go by reference (zod-free): the Me
 * tab has no form.
 */
export const orderReadCalls = {
  getCounts: callRef<typeof orderDefs.getCounts>('client/order.getCounts'),
};
const paymentCalls = {
  getStatus: callRef<typeof paymentDefs.getStatus>('client/pay.getStatus'),
};

export function useOrderCounts(enabled = true) {
  return useQuery({ ...callQuery(orderReadCalls.getCounts, {}, { silent: true }), enabled });
}

/**
 * Sends the member to pay: the sandbox's page inside the app (coming back to `returnTo`), or a real
 * provider's own page (Stripe Checkout), which sends them back to the address the server gave it.
 */
export async function openProvider(payUrl: string, returnTo: string): Promise<void> {
  if (/^https?:\/\//.test(payUrl)) {
    window.location.assign(payUrl);
    return;
  }
  const separator = payUrl.includes('?') ? '&' : '?';
  await navigateTo(`${payUrl}${separator}return=${encodeURIComponent(returnTo)}`);
}

export function usePaymentStatus(outTradeNo: string | null) {
  return useQuery({
    ...callQuery(paymentCalls.getStatus, { out_trade_no: outTradeNo ?? '' }, { silent: true }),
    enabled: Boolean(outTradeNo),
    // Until the provider's confirmation arrives.
    refetchInterval: (q) => (q.state.data?.payment.status === 'pending' ? 2000 : false),
  });
}
