import { afterCommit, inTransaction, type Subscriber } from '../../platform/events';
import { creditOrderPoints, creditWallet, returnOrderPoints } from './service';

/**
 * What the wallet module does when something happens (lock order 5 and 6: the wallet account, then
 * points): a completed order earns its points; a cancelled one gets back the points it spent; a
 * confirmed top-up is credited. And the member's open apps learn the new balance.
 */
export const walletSubscribers: Subscriber[] = [
  inTransaction('order.completed', 'wallet.creditOrderPoints', (work, e) =>
    creditOrderPoints(work, { id: e.payload.order_no, userId: e.payload.user_id, paid: e.payload.paid }, e.at),
  ),
  inTransaction('order.cancelled', 'wallet.returnOrderPoints', (work, e) =>
    returnOrderPoints(
      work.tx,
      { id: e.payload.order_no, userId: e.payload.user_id, pointsUsed: e.payload.points_used },
      e.at,
    ),
  ),
  // A confirmed top-up, keyed by its payment so a second confirmation adds nothing.
  inTransaction('payment.settled', 'wallet.applyTopUp', async (work, e) => {
    if (e.payload.purpose !== 'top_up') return;
    await creditWallet(work, {
      userId: e.payload.user_id,
      amount: e.payload.amount,
      kind: 'top_up',
      key: `top_up:${e.payload.payment_id}`,
      ref: e.payload.payment_id,
      at: e.at,
    });
  }),
  afterCommit('wallet.changed', 'wallet.pushBalance', (ctx, e) =>
    ctx.realtime.notifyUser(e.payload.user_id, {
      type: 'walletChanged',
      data: { balance: e.payload.balance },
      id: e.id,
    }),
  ),
];
