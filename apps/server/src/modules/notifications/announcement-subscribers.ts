import { afterCommit, type Subscriber } from '../../platform/events';

/**
 * Tells every open app (every socket, members' and visitors' alike) that an announcement appeared or
 * was withdrawn, so its notice list and bell refetch: who may read it is decided when they do. The
 * push carries the event's id, which a client that hears it twice (at-least-once delivery) ignores.
 */
export const announcementSubscribers: Subscriber[] = [
  afterCommit('announcement.published', 'announcements.broadcastPublished', (ctx, e) =>
    ctx.realtime.broadcast({ type: 'announcement', data: { notice_id: e.payload.notice_id }, id: e.id }),
  ),
  afterCommit('announcement.withdrawn', 'announcements.broadcastWithdrawn', (ctx, e) =>
    ctx.realtime.broadcast({ type: 'announcement', data: { notice_id: e.payload.notice_id }, id: e.id }),
  ),
];
