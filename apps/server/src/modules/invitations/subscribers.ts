import { afterCommit, type Subscriber } from '../../platform/events';
import { onOrderCompleted, onRefunded, onRegistered } from './service';

/**
 * What invitations do when something happens, each after the event's commit in a unit of work of
 * its own (at least once; keyed, so a repeat writes nothing): attribution and the welcome coupon at
 * registration, the inviter's reward at the first paid order, its reversal when that order is refunded.
 */
export const invitationSubscribers: Subscriber[] = [
  afterCommit('member.registered', 'invitations.attributeAndWelcome', (ctx, e) => onRegistered(ctx, e.payload, e.at)),
  afterCommit('order.completed', 'invitations.rewardInviter', (ctx, e) => onOrderCompleted(ctx, e.payload, e.at)),
  afterCommit('refund.approved', 'invitations.reverseReward', (ctx, e) => onRefunded(ctx, e.payload, e.at)),
];
