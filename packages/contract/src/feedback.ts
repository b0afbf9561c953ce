import { z } from 'zod';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_REPLY_MAX,
  FEEDBACK_STATUSES,
  WEEKDAYS,
  type Weekday,
} from './feedback-core';
import { localizedTextSchema } from './localized-text';
import { packageRecord } from './packages';
import { defineCall, noInput } from './protocol';
import { email, id, isoDateTime, paged, pageQuery } from './validators';

export * from './feedback-core';

/*
 * Feedback and the service centre (spec: service-center/service-center; the feedback entity with
 * its statuses pending reply / replied). A member writes to the studio (a category, text, up to
 * FEEDBACK_MAX_IMAGES photos, optionally the order or class it is about); staff reply (the member
 * gets a notice), write internal notes the member never sees, and close the thread. The studio's
 * contact details, opening hours and FAQ are its `service_center` settings.
 */

const content = (max: number) => z.string().trim().min(1, 'feedbackContentRequired').max(max);
const images = z.array(z.string().trim().min(1).max(500)).max(FEEDBACK_MAX_IMAGES, 'tooManyImages');

// ---------------------------------------------------------------------------------------------
// The studio's service-centre settings (admin/merchant.save `service_center`)
// ---------------------------------------------------------------------------------------------

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time');

/** One weekday's opening hours ("HH:mm" in the studio's timezone), or closed all day. */
export const openingDay = z
  .object({ closed: z.boolean(), open: clockTime, close: clockTime })
  .refine((d) => d.closed || d.open < d.close, 'hoursOrder');
export type OpeningDay = z.infer<typeof openingDay>;

export const openingHours = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, openingDay])) as Record<Weekday, typeof openingDay>,
);
export type OpeningHours = z.infer<typeof openingHours>;

const someLanguage = (max: number) =>
  localizedTextSchema
    .refine((t) => Object.values(t).every((v) => (v ?? '').length <= max), 'tooLong')
    .refine((t) => Object.values(t).some((v) => (v ?? '').trim() !== ''), 'required');

/** A question the studio answers up front, per language. */
export const faqEntry = z.object({ question: someLanguage(200), answer: someLanguage(2000) });
export type FaqEntry = z.infer<typeof faqEntry>;
export const FAQ_MAX = 30;

export const FEEDBACK_DAILY_LIMIT = { default: 10, min: 1, max: 100 } as const;

export const serviceCenterSettings = z.object({
  /** The studio's contact e-mail ('' for none). */
  email: z.union([z.literal(''), email]),
  /** A map link for the address (https); '' makes one from the address. */
  map_url: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || v.startsWith('https://'), 'https'),
  hours: openingHours,
  faq: z.array(faqEntry).max(FAQ_MAX),
  /** Messages (new threads and follow-ups) a member may write per day, in the studio's timezone. */
  feedback_daily_limit: z.number().int().min(FEEDBACK_DAILY_LIMIT.min).max(FEEDBACK_DAILY_LIMIT.max),
});
export type ServiceCenterSettings = z.infer<typeof serviceCenterSettings>;

const day = (open: string, close: string): OpeningDay => ({ closed: false, open, close });

export const DEFAULT_SERVICE_CENTER: ServiceCenterSettings = {
  email: '',
  map_url: '',
  hours: {
    mon: day('09:00', '21:00'),
    tue: day('09:00', '21:00'),
    wed: day('09:00', '21:00'),
    thu: day('09:00', '21:00'),
    fri: day('09:00', '21:00'),
    sat: day('10:00', '18:00'),
    sun: day('10:00', '18:00'),
  },
  faq: [],
  feedback_daily_limit: FEEDBACK_DAILY_LIMIT.default,
};

/** The service centre as a member (or visitor) reads it, in their language. */
export const serviceCenter = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  map_url: z.string(),
  timezone: z.string(),
  hours: openingHours,
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type ServiceCenter = z.infer<typeof serviceCenter>;

// ---------------------------------------------------------------------------------------------
// Threads
// ---------------------------------------------------------------------------------------------

/** A message after the first: the member's follow-up or the studio's reply (staff also see their internal notes). */
export const feedbackMessage = z.object({
  _id: z.string(),
  author: z.enum(['member', 'staff']),
  content: z.string(),
  created_at: isoDateTime,
});
export type FeedbackMessage = z.infer<typeof feedbackMessage>;

export const feedbackSummary = z.object({
  _id: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  content: z.string(),
  images: z.array(z.string()),
  order_no: z.string().nullable(),
  reservation_id: z.string().nullable(),
  status: z.enum(FEEDBACK_STATUSES),
  created_at: isoDateTime,
  /** The last message's time (the thread's own at first). */
  updated_at: isoDateTime,
});
export type FeedbackSummary = z.infer<typeof feedbackSummary>;

export const memberFeedback = feedbackSummary.extend({ messages: z.array(feedbackMessage) });
export type MemberFeedback = z.infer<typeof memberFeedback>;

export const feedbackAddInput = z
  .object({
    category: z.enum(FEEDBACK_CATEGORIES),
    content: content(FEEDBACK_CONTENT_MAX),
    /** Uploaded images' urls (client/upload), the member's own. */
    images: images.default([]),
    /** The order it is about (the member's own). */
    order_no: id.optional(),
    /** The class booking it is about (the member's own). */
    reservation_id: id.optional(),
  })
  .strict();
export type FeedbackAddInput = z.input<typeof feedbackAddInput>;

export const feedbackReplyInput = z.object({ _id: id, content: content(FEEDBACK_REPLY_MAX) }).strict();

export const feedbackCalls = {
  add: defineCall('client/feedback.add', feedbackAddInput, z.object({ feedback: memberFeedback })),
  /** The member's own threads, last active first. */
  getList: defineCall('client/feedback.getList', z.object({ ...pageQuery }).strict(), paged(feedbackSummary)),
  /** One of the member's threads (another's: FEEDBACK_NOT_FOUND); staff's internal notes left out. */
  getInfo: defineCall(
    'client/feedback.getInfo',
    z.object({ _id: id }).strict(),
    z.object({ feedback: memberFeedback }),
  ),
  /** The member's follow-up: the thread waits for the studio's reply again. */
  reply: defineCall('client/feedback.reply', feedbackReplyInput, z.object({ feedback: memberFeedback })),
  /** The studio's phone, e-mail, address, hours and FAQ (in the caller's language). */
  getServiceCenter: defineCall('client/pub.getServiceCenter', noInput, serviceCenter),
} as const;

// ---------------------------------------------------------------------------------------------
// The back office's inbox (feedback.manage)
// ---------------------------------------------------------------------------------------------

const memberBrief = z.object({ _id: z.string(), nickname: z.string(), mobile: z.string(), avatar: z.string() });

export const adminFeedbackMessage = feedbackMessage.extend({
  /** Staff only: a note the member never sees. */
  internal: z.boolean(),
  /** Who wrote it (staff's name for a reply or note). */
  author_name: z.string(),
});
export type AdminFeedbackMessage = z.infer<typeof adminFeedbackMessage>;

export const adminFeedbackSummary = feedbackSummary.extend({ member: memberBrief });
export type AdminFeedbackSummary = z.infer<typeof adminFeedbackSummary>;

export const adminFeedback = adminFeedbackSummary.extend({ messages: z.array(adminFeedbackMessage) });
export type AdminFeedback = z.infer<typeof adminFeedback>;

/** The member beside the thread: their packages and last orders. */
export const feedbackMemberCard = memberBrief.extend({
  packages: z.array(
    packageRecord.pick({ _id: true, name: true, remaining_count: true, status: true, valid_until: true }),
  ),
  orders: z.array(
    z.object({
      order_no: z.string(),
      status: z.number().int(),
      title: z.string(),
      pay_amount: z.number().int(),
      created_at: isoDateTime,
    }),
  ),
});
export type FeedbackMemberCard = z.infer<typeof feedbackMemberCard>;

/** How many orders and packages the member card shows. */
export const MEMBER_CARD_ROWS = 5;

export const adminFeedbackListInput = z
  .object({
    ...pageQuery,
    status: z.enum(FEEDBACK_STATUSES).optional(),
    category: z.enum(FEEDBACK_CATEGORIES).optional(),
    /** Written in [from, to). */
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
  })
  .strict();

const manage = { permission: 'feedback.manage' } as const;

export const adminFeedbackCalls = {
  getList: defineCall('admin/feedback.getList', adminFeedbackListInput, paged(adminFeedbackSummary), manage),
  getInfo: defineCall(
    'admin/feedback.getInfo',
    z.object({ _id: id }).strict(),
    z.object({ feedback: adminFeedback, member: feedbackMemberCard }),
    manage,
  ),
  /** A reply the member is told of, or (`internal`) a note only staff read. */
  reply: defineCall(
    'admin/feedback.reply',
    z.object({ _id: id, content: content(FEEDBACK_REPLY_MAX), internal: z.boolean().default(false) }).strict(),
    z.object({ feedback: adminFeedback }),
    manage,
  ),
  close: defineCall(
    'admin/feedback.close',
    z.object({ _id: id }).strict(),
    z.object({ feedback: adminFeedback }),
    manage,
  ),
} as const;
