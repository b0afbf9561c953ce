import { inTransaction, type Subscriber } from '../../platform/events';
import { returnOrderCoupon } from './checkout';

/** What the coupons module does when something happens: a cancelled order's coupon goes back to its member (lock order 3). */
export const couponSubscribers: Subscriber[] = [
  inTransaction('order.cancelled', 'coupons.returnOrderCoupon', async (work, e) => {
    if (e.payload.coupon_id) await returnOrderCoupon(work.tx, e.payload.order_no);
  }),
];
