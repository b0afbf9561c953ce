import { adminFeedbackCalls, feedbackCalls } from '@studio/contract/feedback';
import { handle, handlePub } from '../../platform/protocol';
import { memberCardOf, serviceCenterOf } from './center';
import * as feedback from './service';

export const feedbackHandlers = [
  handlePub(feedbackCalls.getServiceCenter, (_input, ctx) => serviceCenterOf(ctx)),
  handle(feedbackCalls.add, (input, ctx) => feedback.addFeedback(ctx, input)),
  handle(feedbackCalls.getList, (input, ctx) => feedback.listMine(ctx, input)),
  handle(feedbackCalls.getInfo, (input, ctx) => feedback.getMine(ctx, input._id)),
  handle(feedbackCalls.reply, (input, ctx) => feedback.followUp(ctx, input)),
  handle(adminFeedbackCalls.getList, (input, ctx) => feedback.adminList(ctx, input)),
  handle(adminFeedbackCalls.getInfo, async (input, ctx) => {
    const thread = await feedback.adminGet(ctx.db, input._id);
    return { feedback: thread, member: await memberCardOf(ctx.db, thread.member._id, ctx.clock.now(), ctx.locale) };
  }),
  handle(adminFeedbackCalls.reply, (input, ctx) => feedback.staffReply(ctx, input)),
  handle(adminFeedbackCalls.close, (input, ctx) => feedback.closeThread(ctx, input._id)),
];
