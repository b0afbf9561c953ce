import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * After-commit work (platform/events.ts): one row per domain event and after-commit subscriber,
 * written in the transaction of the change that emitted the event and delivered at least once by
 * the app that committed it, then by any instance's sweeper. No foreign keys: the outbox is platform
 * machinery and outlives nothing it points to.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    /** `<event id>:<subscriber>`: a subscriber gets each event once here, however often delivery is tried. */
    id: text().primaryKey(),
    /** The event's id, handed to the subscriber: what it keys its own idempotence on (a notice's source). */
    eventId: text().notNull(),
    subscriber: text().notNull(),
    /** The event's name (contract domain-events.ts) and its payload. */
    name: text().notNull(),
    payload: jsonb().$type<unknown>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** The sweeper takes an undelivered row from this time on. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    deliveredAt: timestamp({ withTimezone: true }),
    lastError: text(),
  },
  (t) => [index('event_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`)],
);
