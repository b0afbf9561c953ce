import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../account/schema';

/** A member's delivery address; at most one is their default (a partial unique index says so). */
export const addresses = pgTable(
  'addresses',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id),
    contact: text().notNull(),
    phone: text().notNull(),
    country: text().notNull(),
    province: text().notNull(),
    city: text().notNull(),
    area: text().notNull(),
    address: text().notNull(),
    postcode: text().notNull(),
    unit: text().notNull(),
    company: text().notNull().default(''),
    idNumber: text().notNull().default(''),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.updatedAt),
    uniqueIndex('addresses_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);
