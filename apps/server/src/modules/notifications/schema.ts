import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
