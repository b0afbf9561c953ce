import { afterCommit, type Subscriber } from '../../platform/events';
import { deliverAnnouncement, deliverNotice } from './fanout';

/**
 * Notices leave the app: a member's notice, and an announcement that became visible, go out by the
 * channels the studio and each member chose (fanout.ts). At least once and idempotent: a repeated
 * event finds its deliveries written and writes none again.
 */
export const channelSubscribers: Subscriber[] = [
  afterCommit('notice.created', 'channels.deliverNotice', (ctx, e) => deliverNotice(ctx, e.payload, e.at)),
  afterCommit('announcement.published', 'channels.deliverAnnouncement', (ctx, e) =>
    deliverAnnouncement(ctx, e.payload.notice_id, e.at),
  ),
];
