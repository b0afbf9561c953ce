import { ORDER_STATUS } from '@studio/contract/flow';
import { afterCommit, inTransaction, type Subscriber } from '../../platform/events';
import { applyOrderPayment } from './service';

/**
 * What the orders module does when something happens: a confirmed card payment of an order pays it
 * (or goes back to the wallet), in the settling transaction (lock order 0: the order, after the
 * payment row); the member's open apps learn each status change.
 */
export const orderSubscribers: Subscriber[] = [
  inTransaction('payment.settled', 'orders.applyPayment', async (work, e) => {
    if (e.payload.purpose === 'order') await applyOrderPayment(work, e.payload, e.at);
  }),
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
