import type { LocalizedText } from '@studio/contract/localized-text';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_COURSE_DAYS } from '@studio/contract/notifications';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../account/schema';

/** Notices kept for one member; the text is rendered in the reader's language from type and data. */
export const memberNotifications = pgTable(
  'member_notifications',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id),
    type: text().notNull(),
    /** Fallback text for types without a template (written by whoever created the notice). */
    title: text().notNull().default(''),
    body: text().notNull().default(''),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The domain event it tells of: a repeated delivery of that event writes no second notice. */
    sourceId: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_notifications_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('member_notifications_source_idx').on(t.sourceId, t.userId),
  ],
);

/**
 * The studio's announcements. Who may read one (its audience) is judged when it is read, never
 * copied at publishing: a member who buys a package later reads the package holders' ones then.
 * It is visible from `publish_at` until `withdrawn_at`; `published_at` only records that its
 * becoming visible was announced (the `announcement.published` event, once, by the save or a sweep).
 */
export const announcements = pgTable(
  'announcements',
  {
    id: text().primaryKey(),
    /** Per-locale titles; a missing language reads in the studio's default one. */
    title: jsonb().$type<LocalizedText>().notNull(),
    /** Per-locale content: HTML sanitised on save (paragraphs, headings, emphasis, lists, links). */
    content: jsonb().$type<LocalizedText>().notNull(),
    audience: text({ enum: ANNOUNCEMENT_AUDIENCES }).notNull(),
    /** With audience "course": members booked on one of these courses within `course_days` days read it. */
    courseIds: text().array().notNull().default(sql`'{}'::text[]`),
    courseDays: integer().notNull().default(ANNOUNCEMENT_COURSE_DAYS.default),
    pinned: boolean().notNull().default(false),
    image: text().notNull().default(''),
    /** An app route (/...) or an https URL; '' for none. */
    link: text().notNull().default(''),
    publishAt: timestamp({ withTimezone: true }).notNull(),
    /** Set once its becoming visible was announced (at save, or by the sweep at publish_at). */
    publishedAt: timestamp({ withTimezone: true }),
    withdrawnAt: timestamp({ withTimezone: true }),
    createdBy: text().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_publish_idx').on(t.publishAt),
    // The sweep's claim: scheduled ones not yet announced.
    index('announcements_due_idx').on(t.publishAt).where(sql`${t.publishedAt} is null and ${t.withdrawnAt} is null`),
    check('announcements_course_days_check', sql`${t.courseDays} between 1 and 365`),
  ],
);

/** Who opened which announcement, and when (the "read by 41 of 120" of the back office). */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcementId: text()
      .notNull()
      .references(() => announcements.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    readAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] }), index('announcement_reads_user_idx').on(t.userId)],
);
