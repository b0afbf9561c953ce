import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../account/schema';
import { goodsSkus } from '../catalog/schema';

/**
 * A line of a member's cart: one per (member, shop, SKU). `seen_price` is the price the member last
 * saw, so a read can say that it changed since.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text()
      .notNull()
      .references(() => users.id),
    mid: text().notNull(),
    skuId: text()
      .notNull()
      .references(() => goodsSkus.id),
    buyNum: integer().notNull(),
    actionChecked: boolean().notNull().default(true),
    seenPrice: integer().notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.mid, t.skuId] }), check('cart_lines_buy_num_check', sql`${t.buyNum} > 0`)],
);
