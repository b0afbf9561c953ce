import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Realtime pushes that must not be lost (platform/push-outbox.ts): written in the transaction of
 * the change that causes them, delivered at least once. No foreign key to the member: the outbox
 * is platform machinery and outlives nothing it points to.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    /** The event's id, sent with it: a client that receives it twice ignores the repeat. */
    id: text().primaryKey(),
    /** The member whose sockets get it; null = every socket. */
    userId: text(),
    type: text().notNull(),
    data: jsonb().$type<unknown>(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** The sweeper takes an undelivered row from this time on. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    deliveredAt: timestamp({ withTimezone: true }),
    lastError: text(),
  },
  (t) => [index('push_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`)],
);
