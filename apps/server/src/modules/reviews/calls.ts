import { adminReviewCalls, reviewCalls } from '@studio/contract/reviews';
import { handle, handlePub } from '../../platform/protocol';
import * as reviews from './service';

export const reviewHandlers = [
  handlePub(reviewCalls.getGoodsReviews, (input, ctx) => reviews.listGoodsReviews(ctx, input)),
  handle(adminReviewCalls.getList, (input, ctx) => reviews.adminListReviews(ctx, input)),
  handle(adminReviewCalls.setHidden, async (input, ctx) => ({
    review: await reviews.moderate(ctx, input._id, { hidden: input.hidden }),
  })),
  handle(adminReviewCalls.reply, async (input, ctx) => ({
    review: await reviews.moderate(ctx, input._id, { reply: input.reply }),
  })),
];
