import { DESK_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from '@studio/contract/payments';
import { PAYMENT_REFUND_STATUSES } from '@studio/contract/refunds';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../account/schema';

/**
 * One payment: an order's or a top-up's, through one provider. Its id is the `out_trade_no` the
 * provider is given. It moves pending → succeeded | failed once, under a row lock; an order's paid
 * amount is the sum of its succeeded payments, and the database keeps it to one.
 */
export const payments = pgTable(
  'payments',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id),
    purpose: text({ enum: PAYMENT_PURPOSES }).notNull(),
    /** The order number of an order's payment; '' for a top-up. */
    ref: text().notNull().default(''),
    provider: text().notNull(),
    amount: integer().notNull(),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** The provider's own id (a Stripe Checkout Session's). */
    providerRef: text().notNull().default(''),
    /** Where the member pays it (the provider's page), so a second tap on Pay continues there. */
    payUrl: text().notNull().default(''),
    /** How money taken at the desk came (an offline payment): cash or the card terminal. */
    method: text({ enum: DESK_METHODS }),
    /** The staff member who took it (a desk payment, a desk sale); null when the member paid themselves. */
    takenBy: text().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('payments_ref_idx').on(t.purpose, t.ref),
    index('payments_user_idx').on(t.userId, t.createdAt),
    // What orders took, by when it was settled (the owner's revenue report).
    index('payments_settled_idx').on(t.settledAt).where(sql`${t.status} = 'succeeded' and ${t.purpose} = 'order'`),
    uniqueIndex('payments_one_settled_per_order')
      .on(t.ref)
      .where(sql`${t.status} = 'succeeded' and ${t.purpose} = 'order'`),
    check('payments_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * Every confirmation a provider sent, once: a replay of the same (provider, event id) finds its row
 * and changes nothing. `outcome` says what it did (settled, failed, repeat, amount_mismatch...).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    paymentId: text().notNull(),
    status: text().notNull(),
    amount: integer().notNull(),
    outcome: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** The sandbox provider's own books: the charges its page shows, open until the member decides. */
export const sandboxCharges = pgTable('sandbox_charges', {
  id: text().primaryKey(),
  amount: integer().notNull(),
  description: text().notNull(),
  status: text({ enum: ['open', 'succeeded', 'failed'] })
    .notNull()
    .default('open'),
  eventId: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp({ withTimezone: true }),
});

/**
 * Money going back: one row per payment returned by one refund (DESIGN.md "Money": refunds are rows
 * of their own, each pointing at the payment it returns). Settled at once for the wallet, the desk
 * and the sandbox; a provider's refund waits for its confirmation. What was refunded of a payment is
 * the sum of its rows that did not fail, and never exceeds the payment.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: text().primaryKey(),
    paymentId: text()
      .notNull()
      .references(() => payments.id),
    /** The order number (payments.ref). */
    ref: text().notNull(),
    /** The refund application (orders module) this row pays back. */
    refundId: text().notNull(),
    provider: text().notNull(),
    amount: integer().notNull(),
    status: text({ enum: PAYMENT_REFUND_STATUSES }).notNull().default('pending'),
    providerRef: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('payment_refunds_ref_idx').on(t.ref),
    index('payment_refunds_payment_idx').on(t.paymentId),
    // What refunds paid back, by when (the owner's revenue report).
    index('payment_refunds_settled_idx').on(t.settledAt).where(sql`${t.status} = 'succeeded'`),
    check('payment_refunds_amount_check', sql`${t.amount} > 0`),
  ],
);
