import { POINTS_ENTRY_KINDS, WALLET_ENTRY_KINDS } from '@studio/contract/wallet';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../account/schema';

/**
 * The two books a member holds: `money` (the wallet, minor units) and `points` (integral). Each
 * account's balance is the cached sum of its ledger, never below 0 (the database says so).
 */
export const BOOKS = ['money', 'points'] as const;
export type Book = (typeof BOOKS)[number];

export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    userId: text()
      .notNull()
      .references(() => users.id),
    book: text({ enum: BOOKS }).notNull().default('money'),
    balance: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.book] }), check('wallet_accounts_balance_check', sql`${t.balance} >= 0`)],
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
    book: text({ enum: BOOKS }).notNull().default('money'),
    kind: text({ enum: [...WALLET_ENTRY_KINDS, ...POINTS_ENTRY_KINDS] }).notNull(),
    balanceAfter: integer().notNull(),
    key: text().notNull().unique(),
    reason: text().notNull().default(''),
    ref: text().notNull().default(''),
    actorId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The entry's place in its account's history: taken while the account's balance row is locked,
     * so within one account it runs in commit order and each balance_after follows the one before.
     */
    seq: bigserial({ mode: 'number' }).notNull(),
  },
  (t) => [
    index('wallet_ledger_user_idx').on(t.userId, t.book, t.createdAt),
    index('wallet_ledger_user_seq_idx').on(t.userId, t.book, t.seq),
    // Top-ups and staff adjustments of a range (the owner's revenue report).
    index('wallet_ledger_kind_idx').on(t.kind, t.createdAt),
    check('wallet_ledger_amount_check', sql`${t.amount} <> 0`),
  ],
);
