import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Messages sent (or, without a provider, only recorded) by e-mail and SMS: the outbox of
 * platform/mail.ts and sms.ts (no foreign keys: a recipient is an address).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: text().primaryKey(),
    channel: text({ enum: ['email', 'sms'] }).notNull(),
    recipient: text().notNull(),
    subject: text().notNull().default(''),
    body: text().notNull(),
    status: text({ enum: ['recorded', 'sent', 'failed'] })
      .notNull()
      .default('recorded'),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);
