import { DELIVERY_CHANNELS, DELIVERY_STATES, PREFERENCE_CATEGORIES } from '@studio/contract/channels';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../account/schema';

/**
 * A member's choice for one category × channel. No row: the contract's DEFAULT_PREFERENCES, so a
 * default changed later reaches every member who never touched that switch.
 */
export const noticePreferences = pgTable(
  'notice_preferences',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text({ enum: PREFERENCE_CATEGORIES }).notNull(),
    channel: text({ enum: DELIVERY_CHANNELS }).notNull(),
    enabled: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category, t.channel] })],
);

/** A browser (device) that asked for Web Push: its push service endpoint and the keys its payloads are encrypted to. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    userAgent: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * One notice (or announcement) on its way to one member by one channel and target (an e-mail
 * address, a mobile number, a push subscription's id). The unique (source, member, channel,
 * target) is the idempotency key: a repeated event writes no second row, so nothing is sent twice.
 * A try claims the row (state sending, `claimed_until`); a crash mid-try leaves it to be claimed
 * again once that lease lapses (channels/deliver.ts).
 */
export const noticeDeliveries = pgTable(
  'notice_deliveries',
  {
    id: text().primaryKey(),
    source: text({ enum: ['notice', 'announcement'] }).notNull(),
    /** The member notice's id, or the announcement's. */
    sourceId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    category: text({ enum: PREFERENCE_CATEGORIES }).notNull(),
    channel: text({ enum: DELIVERY_CHANNELS }).notNull(),
    target: text().notNull(),
    state: text({ enum: DELIVERY_STATES }).notNull().default('pending'),
    tries: integer().notNull().default(0),
    nextAt: timestamp({ withTimezone: true }),
    claimedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notice_deliveries_once_key').on(t.sourceId, t.userId, t.channel, t.target),
    // The sweep: due pending rows, and tries whose lease lapsed.
    index('notice_deliveries_due_idx').on(t.state, t.nextAt).where(sql`${t.state} in ('pending', 'sending')`),
    index('notice_deliveries_user_idx').on(t.userId, t.createdAt),
    index('notice_deliveries_created_idx').on(t.createdAt),
  ],
);
