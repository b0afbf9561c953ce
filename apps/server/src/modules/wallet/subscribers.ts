import { afterCommit, type Subscriber } from '../../platform/events';

/** What the wallet module does when something happens: the member's open apps learn the new balance. */
export const walletSubscribers: Subscriber[] = [
  afterCommit('wallet.changed', 'wallet.pushBalance', (ctx, e) =>
    ctx.realtime.notifyUser(e.payload.user_id, {
      type: 'walletChanged',
      data: { balance: e.payload.balance },
      id: e.id,
    }),
  ),
];
