import { paths } from '@/shared/navigation/paths';

/**
 * The query parameter naming the class a purchase was begun from (a pass bought from a class page):
 * goods detail → confirm → pay carry it, and once paid the pay page offers the way back to that class.
 */
export const FOR_SESSION_PARAM = 'for_session';

const forSession = (sessionId?: string | null) =>
  sessionId ? `&${FOR_SESSION_PARAM}=${encodeURIComponent(sessionId)}` : '';

/** Where the order pages are, with their query (the shop's pages send members to checkout and their orders). */
export const orderLinks = {
  info: (orderNo: string) => `${paths.orderInfo}?order_no=${encodeURIComponent(orderNo)}`,
  /** forSessionId: the class the purchase was begun from (FOR_SESSION_PARAM). */
  pay: (orderNo: string, forSessionId?: string | null) =>
    `${paths.goodsOrderPay}?order_no=${encodeURIComponent(orderNo)}${forSession(forSessionId)}`,
  express: (orderNo: string) => `${paths.orderExpress}?order_no=${encodeURIComponent(orderNo)}`,
  comment: (orderNo: string) => `${paths.orderComment}?order_no=${encodeURIComponent(orderNo)}`,
  list: (tab = 'all') => `${paths.orderList}?tab=${tab}`,
  /** items: sku id and quantity pairs; fromCart: the lines leave the cart once ordered. */
  confirm: (items: { sku_id: string; buy_num: number }[], fromCart: boolean, forSessionId?: string | null) =>
    `${paths.goodsOrderConfirm}?items=${encodeURIComponent(items.map((i) => `${i.sku_id}:${i.buy_num}`).join(','))}${fromCart ? '&from_cart=1' : ''}${forSession(forSessionId)}`,
};

/** The items of a confirm page's query (`sku:num,sku:num`, as orderLinks.confirm writes it); bad pairs are dropped. */
export function itemsFromQuery(raw: string | null): { sku_id: string; buy_num: number }[] {
  if (!raw) return [];
  return raw
    .split(',')
    .map((pair) => pair.split(':'))
    .filter(([sku, n]) => sku && /^\d+$/.test(n ?? ''))
    .map(([sku, n]) => ({ sku_id: sku!, buy_num: Number(n) }));
}
