import { calendarCalls } from '@studio/contract/calendar';
import { handle } from '../../platform/protocol';
import * as calendar from './service';

export const calendarHandlers = [
  handle(calendarCalls.getCalendarFeed, async (_input, ctx) => ({
    url: await calendar.getFeedUrl(ctx.db, ctx.user.uid, ctx.clock.now()),
  })),
  handle(calendarCalls.resetCalendarFeed, async (_input, ctx) => ({
    url: await calendar.resetFeed(ctx.db, ctx.user.uid, ctx.clock.now()),
  })),
];
