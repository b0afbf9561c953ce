import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES } from '@studio/contract/feedback';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../account/schema';

/** A member's message to the studio: the thread's first words, and where it stands. */
export const feedback = pgTable(
  'feedback',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id),
    category: text({ enum: FEEDBACK_CATEGORIES }).notNull(),
    content: text().notNull(),
    images: jsonb().$type<string[]>().notNull().default([]),
    /** The member's order or class booking it is about (checked theirs when written). */
    orderNo: text(),
    reservationId: text(),
    status: text({ enum: FEEDBACK_STATUSES }).notNull().default('pending_reply'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** The last message's time: lists sort by it. */
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('feedback_user_idx').on(t.userId, t.updatedAt),
    index('feedback_status_idx').on(t.status, t.createdAt),
    index('feedback_created_idx').on(t.createdAt),
  ],
);

/** The messages after the first: the member's follow-ups, staff's replies and internal notes. */
export const feedbackMessages = pgTable(
  'feedback_messages',
  {
    id: text().primaryKey(),
    feedbackId: text()
      .notNull()
      .references(() => feedback.id),
    author: text({ enum: ['member', 'staff'] }).notNull(),
    authorId: text()
      .notNull()
      .references(() => users.id),
    content: text().notNull(),
    /** Staff only: never shown to the member. */
    internal: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('feedback_messages_thread_idx').on(t.feedbackId, t.createdAt),
    index('feedback_messages_author_idx').on(t.authorId, t.createdAt),
  ],
);
