import { notificationCalls } from '@studio/contract/notifications';
import { handle } from '../../platform/protocol';
import { getMerchant } from '../merchant/service';
import * as notices from './service';

export const notificationHandlers = [
  handle(notificationCalls.getMyNotifications, async (input, ctx) =>
    notices.listMyNotifications(ctx.db, ctx.user.uid, input, ctx.locale, (await getMerchant(ctx.db)).timezone),
  ),
  handle(notificationCalls.markRead, async (input, ctx) => {
    await notices.markRead(ctx.db, ctx.user.uid, input._id, ctx.clock.now());
    return {
      unread: (
        await notices.listMyNotifications(ctx.db, ctx.user.uid, { pageIndex: 1, pageSize: 1 }, ctx.locale, 'UTC')
      ).unread,
    };
  }),
];
