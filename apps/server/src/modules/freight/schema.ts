import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A weight-based freight rule (grams and minor units); physical goods name one (goods.freight_id). */
export const freightRules = pgTable(
  'freight_rules',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    firstWeight: integer().notNull(),
    firstWeightPrice: integer().notNull(),
    continuousWeight: integer().notNull(),
    continuousWeightPrice: integer().notNull(),
    maxWeight: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'freight_rules_weights_check',
      sql`${t.firstWeight} > 0 and ${t.continuousWeight} > 0 and ${t.maxWeight} >= ${t.firstWeight}`,
    ),
    check('freight_rules_prices_check', sql`${t.firstWeightPrice} >= 0 and ${t.continuousWeightPrice} >= 0`),
  ],
);
