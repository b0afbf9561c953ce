import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../account/schema';

/** A member's wallet balance: the cached sum of their ledger, never below 0 (the database says so). */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id),
    balance: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wallet_accounts_balance_check', sql`${t.balance} >= 0`)],
);

/**
 * The append-only wallet ledger. `key` makes each entry happen once (a payment confirmed twice, a
 * top-up notified again): a second entry with the same key is not written.
 */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id),
    amount: integer().notNull(),
    kind: text({ enum: ['top_up', 'payment', 'refund', 'adjustment'] }).notNull(),
    balanceAfter: integer().notNull(),
    key: text().notNull().unique(),
    reason: text().notNull().default(''),
    ref: text().notNull().default(''),
    actorId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_ledger_user_idx').on(t.userId, t.createdAt),
    check('wallet_ledger_amount_check', sql`${t.amount} <> 0`),
  ],
);
