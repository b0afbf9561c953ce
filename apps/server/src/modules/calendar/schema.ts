import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../account/schema';

/**
 * A member's private calendar feed (`/api/calendar/<secret>.ics`). The secret is the credential
 * and must be shown again whenever the member asks for the url, so it is stored as issued. A reset
 * revokes the live row and adds a new one; at most one live row per member.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_secret_key').on(t.secret),
    uniqueIndex('calendar_feeds_live_user_key').on(t.userId).where(sql`${t.revokedAt} is null`),
  ],
);
