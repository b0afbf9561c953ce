import { inTransaction, type Subscriber } from '../../platform/events';
import { issueAndTell } from './service';

/**
 * What the packages module does when something happens: a paid course-package order's packages are
 * issued in its transaction, one per unit bought, so they exist exactly when the order is paid
 * (lock order 4: new package rows, after the order's SKUs and coupon).
 */
export const packageSubscribers: Subscriber[] = [
  inTransaction('order.paid', 'packages.issueBought', async (work, e) => {
    for (const line of e.payload.packages) {
      for (let i = 0; i < line.quantity; i++) {
        await issueAndTell(work, {
          userId: e.payload.user_id,
          name: line.name,
          classCount: line.class_count,
          validity: line.validity,
          courseIds: line.course_ids ?? [],
          goodsId: line.goods_id,
          source: 'order',
          sourceId: e.payload.order_no,
          now: e.at,
        });
      }
    }
  }),
];
