import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { localizedValues } from '../../platform/localized-text';
import { users } from '../account/schema';
import { freightRules } from '../freight/schema';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** The shop's categories: a tree (parent_id), at most CATEGORY_MAX_LEVEL deep, ordered by `sort`. */
export const goodsCategories = pgTable(
  'goods_categories',
  {
    id: text().primaryKey(),
    parentId: text().references((): AnyPgColumn => goodsCategories.id),
    name: text().notNull(),
    nameI18n: localizedValues('name_i18n'),
    sort: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('goods_categories_parent_idx').on(t.parentId, t.sort)],
);

/**
 * A goods item: type 0 physical, 1 course package (the validity and accepted courses of the package
 * it becomes). `search_text` holds every language of its name and description in lower case, for
 * the keyword search (a trigram index on PostgreSQL and PGlite alike).
 */
export const goods = pgTable(
  'goods',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    nameI18n: localizedValues('name_i18n'),
    type: smallint().notNull(),
    categoryId: text().references(() => goodsCategories.id),
    cartRule: smallint().notNull().default(0),
    images: text().array().notNull().default(sql`'{}'::text[]`),
    description: text().notNull().default(''),
    descriptionI18n: localizedValues('description_i18n'),
    isOnSale: boolean().notNull().default(false),
    viewCount: integer().notNull().default(0),
    /** The freight rule of a physical item (freight module); none: it ships free. */
    freightId: text().references(() => freightRules.id),
    expTimeMode: smallint().notNull().default(0),
    /** [from, to] of exp_time_mode 1. */
    expTimeRange: jsonb().$type<[string, string] | null>(),
    /** [delay days, valid days] of exp_time_mode 2. */
    expTimeRule: jsonb().$type<[number, number] | null>(),
    /** Courses the package may book; empty = every course. */
    courseIds: text().array().notNull().default(sql`'{}'::text[]`),
    /** The most units of one SKU a member may order at once; null: the studio's setting (max_units_per_sku). */
    maxPerOrder: integer(),
    searchText: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('goods_category_idx').on(t.categoryId),
    index('goods_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('goods_type_check', sql`${t.type} in (0, 1)`),
    check('goods_cart_rule_check', sql`${t.cartRule} in (0, 1)`),
    check('goods_exp_time_mode_check', sql`${t.expTimeMode} in (0, 1, 2)`),
    check('goods_max_per_order_check', sql`${t.maxPerOrder} between 1 and 999`),
  ],
);

/** A goods item's spec combination with its own price and stock. A removed SKU keeps its row (removedAt) for carts and orders that name it. */
export const goodsSkus = pgTable(
  'goods_skus',
  {
    id: text().primaryKey(),
    goodsId: text()
      .notNull()
      .references(() => goods.id),
    skuName: text().notNull(),
    skuNameI18n: localizedValues('sku_name_i18n'),
    price: integer().notNull(),
    originalPrice: integer(),
    stock: integer().notNull(),
    weight: integer(),
    classCount: integer(),
    image: text(),
    sort: integer().notNull().default(0),
    removedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('goods_skus_goods_idx').on(t.goodsId, t.sort),
    // The stock invariant, enforced by the database whatever the code does.
    check('goods_skus_stock_check', sql`${t.stock} >= 0`),
    check('goods_skus_price_check', sql`${t.price} >= 0`),
  ],
);

/** A member's favourite goods (user/collect/collect). */
export const goodsFavorites = pgTable(
  'goods_favorites',
  {
    userId: text()
      .notNull()
      .references(() => users.id),
    goodsId: text()
      .notNull()
      .references(() => goods.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.goodsId] }), index('goods_favorites_user_idx').on(t.userId, t.createdAt)],
);

/** What members search for: the hot keywords of the search page. */
export const searchKeywords = pgTable('search_keywords', {
  keyword: text().primaryKey(),
  count: integer().notNull().default(0),
  lastAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
