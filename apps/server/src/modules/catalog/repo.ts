import { LOW_STOCK } from '@studio/contract/shop';
import { and, asc, count, desc, eq, exists, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, isAnyOf, preparedQuery } from '../../platform/db';
import { containsPattern, offsetOf, type Page } from '../../platform/paging';
import { goods, goodsCategories, goodsFavorites, goodsSkus, searchKeywords } from './schema';

export type CategoryRow = typeof goodsCategories.$inferSelect;
export type GoodsRow = typeof goods.$inferSelect;
export type NewGoods = typeof goods.$inferInsert;
export type SkuRow = typeof goodsSkus.$inferSelect;
export type NewSku = typeof goodsSkus.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

export const listCategories = (db: DbOrTx) =>
  db.select().from(goodsCategories).orderBy(asc(goodsCategories.sort), asc(goodsCategories.name));

export async function findCategory(db: DbOrTx, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(goodsCategories).where(eq(goodsCategories.id, id));
  return row;
}

export async function upsertCategory(db: DbOrTx, row: typeof goodsCategories.$inferInsert): Promise<CategoryRow> {
  const { id: _id, createdAt: _c, ...changes } = row;
  const [saved] = await db
    .insert(goodsCategories)
    .values(row)
    .onConflictDoUpdate({ target: goodsCategories.id, set: changes })
    .returning();
  return saved!;
}

export async function deleteCategory(db: DbOrTx, id: string): Promise<void> {
  await db.delete(goodsCategories).where(eq(goodsCategories.id, id));
}

/** Goods per category (every goods row, on sale or not). */
export async function goodsCountByCategory(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ categoryId: goods.categoryId, n: count() })
    .from(goods)
    .where(sql`${goods.categoryId} is not null`)
    .groupBy(goods.categoryId);
  return new Map(rows.map((r) => [r.categoryId!, r.n]));
}

// ---------------------------------------------------------------------------------------------
// Goods and SKUs
// ---------------------------------------------------------------------------------------------

/** The SKUs still offered, per goods: lowest and highest price, stock, class counts. */
function skuStats(db: DbOrTx) {
  return db
    .select({
      goodsId: goodsSkus.goodsId,
      minPrice: sql<number>`min(${goodsSkus.price})`.as('min_price'),
      maxPrice: sql<number>`max(${goodsSkus.price})`.as('max_price'),
      originalPrice: sql<number | null>`min(${goodsSkus.originalPrice})`.as('min_original_price'),
      stock: sql<number>`sum(${goodsSkus.stock})::int`.as('total_stock'),
      classCount: sql<number | null>`min(${goodsSkus.classCount})`.as('min_class_count'),
    })
    .from(goodsSkus)
    .where(isNull(goodsSkus.removedAt))
    .groupBy(goodsSkus.goodsId)
    .as('sku_stats');
}

export interface GoodsFilter {
  onSaleOnly?: boolean;
  isOnSale?: boolean;
  categoryIds?: readonly string[];
  /** Every word must appear in one of the languages of the name or description. */
  keyword?: string;
  type?: number;
  lowStock?: boolean;
  /** Course packages a course accepts: limited to it or to none, and among `acceptedGoodsIds` when it names some. */
  course?: { id: string; acceptedGoodsIds: readonly string[] };
  ids?: readonly string[];
}

function goodsWhere(filter: GoodsFilter): SQL | undefined {
  const words = (filter.keyword ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  return and(
    filter.onSaleOnly ? eq(goods.isOnSale, true) : undefined,
    filter.isOnSale === undefined ? undefined : eq(goods.isOnSale, filter.isOnSale),
    filter.categoryIds ? inArray(goods.categoryId, [...filter.categoryIds]) : undefined,
    filter.type === undefined ? undefined : eq(goods.type, filter.type),
    filter.ids ? inArray(goods.id, [...filter.ids]) : undefined,
    ...words.map((w) => sql`${goods.searchText} like ${containsPattern(w)}`),
    filter.lowStock
      ? exists(
          sql`(select 1 from ${goodsSkus} where ${goodsSkus.goodsId} = ${goods.id} and ${goodsSkus.removedAt} is null and ${goodsSkus.stock} <= ${LOW_STOCK})`,
        )
      : undefined,
    filter.course
      ? and(
          eq(goods.type, 1),
          sql`(cardinality(${goods.courseIds}) = 0 or ${filter.course.id} = any(${goods.courseIds}))`,
          filter.course.acceptedGoodsIds.length ? inArray(goods.id, [...filter.course.acceptedGoodsIds]) : undefined,
        )
      : undefined,
  );
}

export type GoodsListRow = Awaited<ReturnType<typeof listGoods>>['rows'][number];

export async function listGoods(
  db: DbOrTx,
  filter: GoodsFilter,
  page: Page,
  sort: { sort?: string; order?: 'asc' | 'desc' },
) {
  const stats = skuStats(db);
  const where = goodsWhere(filter);
  const dir = sort.order === 'desc' ? desc : asc;
  const orderBy = (() => {
    switch (sort.sort) {
      case 'price_asc':
        return [asc(stats.minPrice)];
      case 'price_desc':
        return [desc(stats.minPrice)];
      case 'popular':
        return [desc(goods.viewCount)];
      case 'name':
        return [dir(goods.name)];
      case 'price':
        return [dir(stats.minPrice)];
      case 'stock':
        return [dir(stats.stock)];
      case 'view_count':
        return [dir(goods.viewCount)];
      case 'created_at':
        return [dir(goods.createdAt)];
      default:
        return [desc(goods.createdAt)];
    }
  })();
  const rows = await db
    .select({
      goods,
      minPrice: stats.minPrice,
      maxPrice: stats.maxPrice,
      originalPrice: stats.originalPrice,
      stock: stats.stock,
      classCount: stats.classCount,
    })
    .from(goods)
    .innerJoin(stats, eq(stats.goodsId, goods.id))
    .where(where)
    .orderBy(...orderBy, asc(goods.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  const [total] = await db
    .select({ n: count() })
    .from(goods)
    .innerJoin(stats, eq(stats.goodsId, goods.id))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findGoods(db: DbOrTx, id: string): Promise<GoodsRow | undefined> {
  const [row] = await db.select().from(goods).where(eq(goods.id, id));
  return row;
}

/** Goods rows by id (unknown ids left out). */
export async function goodsByIds(db: DbOrTx, ids: readonly string[]): Promise<GoodsRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(goods)
    .where(inArray(goods.id, [...ids]));
}

/** The goods row locked for an edit. */
export async function lockGoods(db: DbOrTx, id: string): Promise<GoodsRow | undefined> {
  const [row] = await db.select().from(goods).where(eq(goods.id, id)).for('update');
  return row;
}

/** Adds views counted elsewhere to the goods rows, in one statement; answers the rows changed. */
export async function addViews(db: DbOrTx, views: ReadonlyMap<string, number>): Promise<number> {
  const values = sql.join(
    [...views].map(([id, n]) => sql`(${id}::text, ${n}::int)`),
    sql`, `,
  );
  const changed = await db.execute(
    sql`update ${goods} set view_count = ${goods.viewCount} + v.n from (values ${values}) as v(id, n) where ${goods.id} = v.id`,
  );
  return (
    (changed as { rowCount?: number; affectedRows?: number }).rowCount ??
    (changed as { affectedRows?: number }).affectedRows ??
    views.size
  );
}

export async function upsertGoods(db: DbOrTx, row: NewGoods): Promise<GoodsRow> {
  const { id: _id, createdAt: _c, viewCount: _v, ...changes } = row;
  const [saved] = await db.insert(goods).values(row).onConflictDoUpdate({ target: goods.id, set: changes }).returning();
  return saved!;
}

export async function setOnSale(db: DbOrTx, id: string, isOnSale: boolean, now: Date): Promise<GoodsRow | undefined> {
  const [row] = await db.update(goods).set({ isOnSale, updatedAt: now }).where(eq(goods.id, id)).returning();
  return row;
}

/** The goods' SKUs still offered, in their order. */
export const listSkus = (db: DbOrTx, goodsIds: readonly string[]) =>
  goodsIds.length
    ? db
        .select()
        .from(goodsSkus)
        .where(and(inArray(goodsSkus.goodsId, [...goodsIds]), isNull(goodsSkus.removedAt)))
        .orderBy(asc(goodsSkus.sort), asc(goodsSkus.id))
    : Promise.resolve([] as SkuRow[]);

/** The course packages on sale (type 1): their offered SKUs with their goods, by goods name and SKU order. */
export const packageSkusOnSale = (db: DbOrTx) =>
  db
    .select({ sku: goodsSkus, goods })
    .from(goodsSkus)
    .innerJoin(goods, eq(goods.id, goodsSkus.goodsId))
    .where(and(eq(goods.type, 1), eq(goods.isOnSale, true), isNull(goodsSkus.removedAt)))
    .orderBy(asc(goods.name), asc(goods.id), asc(goodsSkus.sort), asc(goodsSkus.id));

/** SKUs by id with their goods, removed ones included (a cart or order may still name them). */
// Every checkout and preview reads its SKUs: prepared (one statement for any number of ids).
const skusWithGoodsStatement = preparedQuery('skus_with_goods', (db) =>
  db
    .select({ sku: goodsSkus, goods })
    .from(goodsSkus)
    .innerJoin(goods, eq(goods.id, goodsSkus.goodsId))
    .where(isAnyOf(goodsSkus.id, sql.placeholder('ids'))),
);

export const skusWithGoods = (db: DbOrTx, skuIds: readonly string[]) =>
  skuIds.length ? skusWithGoodsStatement(db, { ids: [...skuIds] }) : Promise.resolve([]);

export async function upsertSku(db: DbOrTx, row: NewSku): Promise<SkuRow> {
  const { id: _id, createdAt: _c, stock: _s, goodsId: _g, ...changes } = row;
  const [saved] = await db
    .insert(goodsSkus)
    .values(row)
    .onConflictDoUpdate({ target: goodsSkus.id, set: { ...changes, removedAt: null } })
    .returning();
  return saved!;
}

/** Marks the goods' SKUs not in `keep` as removed. */
export async function removeSkusExcept(db: DbOrTx, goodsId: string, keep: readonly string[], now: Date) {
  await db
    .update(goodsSkus)
    .set({ removedAt: now, updatedAt: now })
    .where(
      and(
        eq(goodsSkus.goodsId, goodsId),
        isNull(goodsSkus.removedAt),
        keep.length ? sql`${goodsSkus.id} <> all(${sql.param([...keep])}::text[])` : undefined,
      ),
    );
}

/** Moves a SKU's stock by `delta` unless it would go below 0: one conditional statement. */
/** Moves a SKU's stock by `delta` unless that takes it below 0 (or, staff adding, above `max`). */
export async function adjustStock(
  db: DbOrTx,
  skuId: string,
  delta: number,
  now: Date,
  max?: number,
): Promise<SkuRow | undefined> {
  const [row] = await db
    .update(goodsSkus)
    .set({ stock: sql`${goodsSkus.stock} + ${delta}`, updatedAt: now })
    .where(
      and(
        eq(goodsSkus.id, skuId),
        isNull(goodsSkus.removedAt),
        sql`${goodsSkus.stock} + ${delta} >= 0`,
        max !== undefined && delta > 0 ? sql`${goodsSkus.stock} + ${delta} <= ${max}` : undefined,
      ),
    )
    .returning();
  return row;
}

// An order holding stock (every checkout runs it): the same conditional update as adjustStock,
// prepared (per pooled connection inside transactions) instead of built for each order.
const holdStatement = preparedQuery('sku_hold_stock', (db) =>
  db
    .update(goodsSkus)
    .set({
      stock: sql`${goodsSkus.stock} - ${sql.placeholder('quantity')}::int`,
      updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .where(
      and(
        eq(goodsSkus.id, sql.placeholder('sku')),
        isNull(goodsSkus.removedAt),
        sql`${goodsSkus.stock} - ${sql.placeholder('quantity')}::int >= 0`,
      ),
    )
    .returning({ id: goodsSkus.id }),
);

/** Takes `quantity` of a SKU's stock unless that takes it below 0 or the SKU is removed: whether it did. */
export async function holdSkuStock(db: DbOrTx, skuId: string, quantity: number, now: Date): Promise<boolean> {
  const rows = await holdStatement(db, { sku: skuId, quantity, now: now.toISOString() });
  return rows.length > 0;
}

/** Adds back stock an order held, whether or not the SKU is still offered. */
export async function returnStock(db: DbOrTx, skuId: string, quantity: number, now: Date): Promise<void> {
  await db
    .update(goodsSkus)
    .set({ stock: sql`${goodsSkus.stock} + ${quantity}`, updatedAt: now })
    .where(eq(goodsSkus.id, skuId));
}

export async function findSku(db: DbOrTx, id: string): Promise<SkuRow | undefined> {
  const [row] = await db.select().from(goodsSkus).where(eq(goodsSkus.id, id));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Favourites and keywords
// ---------------------------------------------------------------------------------------------

/** Adds the favourite, or removes it when it was there; answers whether it is now a favourite. */
export async function toggleFavorite(db: DbOrTx, userId: string, goodsId: string, now: Date): Promise<boolean> {
  const removed = await db
    .delete(goodsFavorites)
    .where(and(eq(goodsFavorites.userId, userId), eq(goodsFavorites.goodsId, goodsId)))
    .returning();
  if (removed.length) return false;
  await db.insert(goodsFavorites).values({ userId, goodsId, createdAt: now }).onConflictDoNothing();
  return true;
}

export async function favoriteIds(db: DbOrTx, userId: string, goodsIds: readonly string[]): Promise<Set<string>> {
  if (!goodsIds.length) return new Set();
  const rows = await db
    .select({ goodsId: goodsFavorites.goodsId })
    .from(goodsFavorites)
    .where(and(eq(goodsFavorites.userId, userId), inArray(goodsFavorites.goodsId, [...goodsIds])));
  return new Set(rows.map((r) => r.goodsId));
}

/** The member's favourites, newest first. */
export async function listFavoriteIds(db: DbOrTx, userId: string, page: Page) {
  const rows = await db
    .select({ goodsId: goodsFavorites.goodsId })
    .from(goodsFavorites)
    .innerJoin(goods, eq(goods.id, goodsFavorites.goodsId))
    .where(eq(goodsFavorites.userId, userId))
    .orderBy(desc(goodsFavorites.createdAt), asc(goodsFavorites.goodsId))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(goodsFavorites).where(eq(goodsFavorites.userId, userId));
  return { ids: rows.map((r) => r.goodsId), total: total?.n ?? 0 };
}

export async function countKeyword(db: DbOrTx, keyword: string, now: Date): Promise<void> {
  await db
    .insert(searchKeywords)
    .values({ keyword, count: 1, lastAt: now })
    .onConflictDoUpdate({
      target: searchKeywords.keyword,
      set: { count: sql`${searchKeywords.count} + 1`, lastAt: now },
    });
}

export async function hotKeywords(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .select({ keyword: searchKeywords.keyword })
    .from(searchKeywords)
    .where(ne(searchKeywords.keyword, ''))
    .orderBy(desc(searchKeywords.count), desc(searchKeywords.lastAt))
    .limit(limit);
  return rows.map((r) => r.keyword);
}
