import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { localizedValues } from '../../platform/localized-text';
import { users } from '../account/schema';

/**
 * A member's package of class credits. Its state (unused/used/completed/expired) is computed when
 * read from the counts and validity, so nothing needs a sweep to "expire" it.
 */
export const memberPackages = pgTable(
  'member_packages',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id),
    name: text().notNull(),
    /** Per-locale values of the name (platform/localized-text.ts); `name` holds the default language. */
    nameI18n: localizedValues('name_i18n'),
    totalCount: integer().notNull(),
    remainingCount: integer().notNull(),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    /** null = long-term. */
    validUntil: timestamp({ withTimezone: true }),
    /** Courses it may book; empty = every course. */
    courseIds: text().array().notNull().default(sql`'{}'::text[]`),
    /** The goods (course-package product) it was bought as; null when staff granted it. */
    goodsId: text(),
    /** 'grant' (staff) or 'order' (shop); source_id is the granting admin or the order number. */
    source: text().notNull(),
    sourceId: text(),
    /**
     * Set when the order that issued it was refunded: the package is void (no credits, ended then)
     * and no longer the member's; staff still see it, marked refunded.
     */
    refundedAt: timestamp({ withTimezone: true }),
    /**
     * When the member was told it expires soon with credits left (package.expiringSoon), claimed once
     * by the sweep; null again when staff move its last day.
     */
    expiryNotifiedAt: timestamp({ withTimezone: true }),
    /** When a booking took its last credit (null again when a credit comes back or staff add some). */
    usedUpAt: timestamp({ withTimezone: true }),
    /** When the member was told its last credit was used (package.usedUp), claimed once by the sweep. */
    usedUpNotifiedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_packages_user_idx').on(t.userId, t.validUntil),
    // Packages ending in a range (the dashboard's expiring soon, the owner's liabilities report).
    // Not remaining_count: taking a credit stays a HOT update.
    index('member_packages_valid_until_idx').on(t.validUntil),
    // The notice sweeps' rows (sweeps.ts). Neither names remaining_count, so taking a credit stays a
    // HOT update (no index touched) but for the last one.
    index('member_packages_expiry_notice_idx')
      .on(t.validUntil)
      .where(sql`${t.expiryNotifiedAt} is null and ${t.refundedAt} is null`),
    index('member_packages_used_up_idx')
      .on(t.usedUpAt)
      .where(sql`${t.usedUpAt} is not null and ${t.usedUpNotifiedAt} is null`),
    // The credit invariant, enforced by the database whatever the code does.
    check('member_packages_credits_check', sql`${t.remainingCount} >= 0 and ${t.remainingCount} <= ${t.totalCount}`),
  ],
);
