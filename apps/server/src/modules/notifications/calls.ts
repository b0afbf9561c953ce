import { adminNoticeCalls, notificationCalls } from '@studio/contract/notifications';
import { handle, handlePub } from '../../platform/protocol';
import { listAnnouncements, saveAnnouncement, withdrawAnnouncement } from './announcements';
import * as notices from './service';

export { notificationSweeps } from './announcements';

export const notificationHandlers = [
  handle(notificationCalls.getMyNotifications, (input, ctx) => notices.listMyNotifications(ctx, input)),
  handle(notificationCalls.getInfo, (input, ctx) => notices.openNotice(ctx, input._id)),
  handle(notificationCalls.markRead, (input, ctx) => notices.markRead(ctx, input._id)),
  handle(notificationCalls.markAllRead, (_input, ctx) => notices.markAllRead(ctx)),
  handlePub(notificationCalls.pub_getList, (input, ctx) => notices.listPublicAnnouncements(ctx, input)),
  handlePub(notificationCalls.pub_getInfo, (input, ctx) => notices.openPublicAnnouncement(ctx, input._id)),
  handle(adminNoticeCalls.save, async (input, ctx) => ({ notice: await saveAnnouncement(ctx, input) })),
  handle(adminNoticeCalls.getList, (input, ctx) => listAnnouncements(ctx, input)),
  handle(adminNoticeCalls.withdraw, async (input, ctx) => ({ notice: await withdrawAnnouncement(ctx, input._id) })),
];
