import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { localizedValues } from '../../platform/localized-text';
import { users } from '../account/schema';

/** A member's review of one line of a completed order: once per (order, sku). */
export const reviews = pgTable(
  'reviews',
  {
    id: text().primaryKey(),
    orderNo: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id),
    goodsId: text().notNull(),
    skuId: text().notNull(),
    goodsName: text().notNull(),
    skuName: text().notNull(),
    skuNameI18n: localizedValues('sku_name_i18n'),
    rate: smallint().notNull(),
    content: text().notNull(),
    images: jsonb().$type<string[]>().notNull().default([]),
    hidden: boolean().notNull().default(false),
    reply: text().notNull().default(''),
    repliedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('reviews_order_sku_idx').on(t.orderNo, t.skuId),
    index('reviews_goods_idx').on(t.goodsId, t.createdAt).where(sql`not ${t.hidden}`),
    index('reviews_created_idx').on(t.createdAt),
    check('reviews_rate_check', sql`${t.rate} between 1 and 5`),
  ],
);
