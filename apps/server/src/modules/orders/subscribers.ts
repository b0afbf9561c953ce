import { ORDER_STATUS } from '@studio/contract/flow';
import { afterCommit, type Subscriber } from '../../platform/events';

/** What the orders module does when something happens: the member's open apps learn each status change. */
export const orderSubscribers: Subscriber[] = [
  afterCommit('order.placed', 'orders.pushPlaced', (ctx, e) =>
    ctx.realtime.notifyUser(e.payload.user_id, {
      type: 'orderChanged',
      data: { order_no: e.payload.order_no, status: ORDER_STATUS.unpaid },
      id: e.id,
    }),
  ),
  afterCommit('order.moved', 'orders.pushMoved', (ctx, e) =>
    ctx.realtime.notifyUser(e.payload.user_id, {
      type: 'orderChanged',
      data: { order_no: e.payload.order_no, status: e.payload.status },
      id: e.id,
    }),
  ),
];
