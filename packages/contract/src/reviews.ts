import { z } from 'zod';
import { defineCall } from './protocol';
import { id, isoDateTime, paged, pageQuery, sortableListQuery } from './validators';

/*
 * Reviews (spec section 5: a review needs text). A member reviews each line of a completed order
 * once (client/order.comment, in the orders contract); the goods page shows the average, the count
 * and the latest; staff may hide a review (audited) and reply.
 */

export const REVIEW_MAX_IMAGES = 9;
export const REVIEW_CONTENT_MAX = 500;
export const REPLY_MAX = 500;

export const reviewItemInput = z
  .object({
    sku_id: id,
    rate: z.number().int().min(1).max(5),
    /** Spec section 5: a review needs text. */
    content: z.string().trim().min(1, 'reviewContentRequired').max(REVIEW_CONTENT_MAX),
    images: z.array(z.string().trim().min(1).max(500)).max(REVIEW_MAX_IMAGES).default([]),
  })
  .strict();
export type ReviewItemInput = z.input<typeof reviewItemInput>;

export const reviewRecord = z.object({
  _id: z.string(),
  goods_id: z.string(),
  sku_name: z.string(),
  rate: z.number().int(),
  content: z.string(),
  images: z.array(z.string()),
  reply: z.string(),
  replied_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  member: z.object({ nickname: z.string(), avatar: z.string() }),
});
export type ReviewRecord = z.infer<typeof reviewRecord>;

export const ratingSummary = z.object({
  /** One decimal; 0 when there is no review. */
  average: z.number(),
  count: z.number().int(),
  with_images: z.number().int(),
});
export type RatingSummary = z.infer<typeof ratingSummary>;

export const reviewCalls = {
  /** A goods item's visible reviews, newest first, with its summary (the goods-comment page and the detail's latest). */
  getGoodsReviews: defineCall(
    'client/pub.getGoodsComments',
    z.object({ ...pageQuery, goods_id: id, with_images: z.boolean().default(false) }).strict(),
    paged(reviewRecord).extend({ summary: ratingSummary }),
  ),
} as const;

export const adminReviewRecord = reviewRecord.extend({
  order_no: z.string(),
  goods_name: z.string(),
  hidden: z.boolean(),
  member: z.object({ _id: z.string(), nickname: z.string(), avatar: z.string() }),
});
export type AdminReviewRecord = z.infer<typeof adminReviewRecord>;

const manage = { permission: 'shop.manage' } as const;

export const adminReviewCalls = {
  getList: defineCall(
    'admin/review.getList',
    z
      .object({
        ...sortableListQuery(['created_at', 'rate'] as const),
        goods_id: id.optional(),
        hidden: z.boolean().optional(),
        /** Only reviews rated at most this (the ones to look at first). */
        max_rate: z.number().int().min(1).max(5).optional(),
      })
      .strict(),
    paged(adminReviewRecord),
    manage,
  ),
  setHidden: defineCall(
    'admin/review.setHidden',
    z.object({ _id: id, hidden: z.boolean() }).strict(),
    z.object({ review: adminReviewRecord }),
    manage,
  ),
  /** The studio's public answer under the review ('' removes it). */
  reply: defineCall(
    'admin/review.reply',
    z.object({ _id: id, reply: z.string().trim().max(REPLY_MAX) }).strict(),
    z.object({ review: adminReviewRecord }),
    manage,
  ),
} as const;
