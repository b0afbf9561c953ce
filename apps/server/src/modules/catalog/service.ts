import type { Locale } from '@studio/contract/locale';
import type { PackageValidityRule } from '@studio/contract/packages';
import {
  type AdminCategoryNode,
  type CategoryNode,
  type GoodsDetail,
  type GoodsSummary,
  type goodsListInput,
  type SkuRecord,
  shopCalls,
} from '@studio/contract/shop';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { textIn } from '../../platform/localized-text';
import { pageOf } from '../../platform/paging';
import type { CallContext } from '../../platform/protocol';
import { SerializedAnswer, serializeAnswer } from '../../platform/serialized-answer';
import { couponGoodsIds } from '../coupons';
import { getMerchant, shopSettingsOf } from '../merchant';
import { getCourseOrFail, listCourses } from '../schedule';
import { catalogReadCache } from './read-cache';
import * as repo from './repo';

export type { GoodsRow, SkuRow } from './repo';

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

export function toSkuRecord(row: repo.SkuRow, locale?: Locale): SkuRecord {
  return {
    _id: row.id,
    goods_id: row.goodsId,
    sku_name: textIn(row.skuName, row.skuNameI18n, locale),
    price: row.price,
    original_price: row.originalPrice,
    stock: row.stock,
    weight: row.weight,
    class_count: row.classCount,
    image: row.image,
  };
}

/** What a goods item's SKUs add up to: its lowest and highest price, stock, class counts (repo.skuStats). */
type SkuStats = Pick<repo.GoodsListRow, 'minPrice' | 'maxPrice' | 'originalPrice' | 'stock' | 'classCount'>;

export function toSummary(g: repo.GoodsRow, stats: SkuStats, locale?: Locale): GoodsSummary {
  return {
    _id: g.id,
    name: textIn(g.name, g.nameI18n, locale),
    type: g.type as 0 | 1,
    cart_rule: g.cartRule as 0 | 1,
    category_id: g.categoryId,
    image: g.images[0] ?? '',
    price: stats.minPrice,
    max_price: stats.maxPrice,
    original_price: stats.originalPrice,
    stock: stats.stock,
    sold_out: stats.stock <= 0,
    is_on_sale: g.isOnSale,
    view_count: g.viewCount,
    class_count: stats.classCount,
    discount_type: 0,
  };
}

/** The same stats as the list's query computes, from SKUs already read. */
function statsOf(skus: readonly repo.SkuRow[]): SkuStats {
  const least = (values: (number | null)[]) => {
    const known = values.filter((v): v is number => v !== null);
    return known.length ? Math.min(...known) : null;
  };
  const prices = skus.map((s) => s.price);
  return {
    minPrice: least(prices) ?? 0,
    maxPrice: prices.length ? Math.max(...prices) : 0,
    originalPrice: least(skus.map((s) => s.originalPrice)),
    stock: skus.reduce((n, s) => n + s.stock, 0),
    classCount: least(skus.map((s) => s.classCount)),
  };
}

export function toDetail(
  g: repo.GoodsRow,
  skus: repo.SkuRow[],
  courses: { _id: string; name: string }[],
  isCollected: boolean,
  maxPerOrder: number,
  locale?: Locale,
): GoodsDetail {
  return {
    ...toSummary(g, statsOf(skus), locale),
    images: g.images,
    description: textIn(g.description, g.descriptionI18n, locale),
    sku_list: skus.map((s) => toSkuRecord(s, locale)),
    exp_time_mode: g.expTimeMode as 0 | 1 | 2,
    exp_time_range: g.expTimeMode === 1 ? g.expTimeRange : null,
    exp_time_rule: g.expTimeMode === 2 ? g.expTimeRule : null,
    courses,
    freight_id: g.freightId,
    is_collected: isCollected,
    max_per_order: maxPerOrder,
  };
}

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

function buildTree<T extends { _id: string; parent_id: string | null; children: T[] }>(nodes: T[]): T[] {
  const byId = new Map(nodes.map((n) => [n._id, n]));
  const roots: T[] = [];
  for (const n of nodes) {
    const parent = n.parent_id ? byId.get(n.parent_id) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

export async function categoryTree(db: DbOrTx, locale?: Locale): Promise<CategoryNode[]> {
  const rows = await repo.listCategories(db);
  return buildTree(
    rows.map((r) => ({
      _id: r.id,
      parent_id: r.parentId,
      name: textIn(r.name, r.nameI18n, locale),
      sort: r.sort,
      children: [],
    })),
  );
}

export async function adminCategoryTree(db: DbOrTx, locale?: Locale): Promise<AdminCategoryNode[]> {
  const [rows, counts] = await Promise.all([repo.listCategories(db), repo.goodsCountByCategory(db)]);
  return buildTree(
    rows.map((r) => ({
      _id: r.id,
      parent_id: r.parentId,
      name: textIn(r.name, r.nameI18n, locale),
      name_i18n: r.nameI18n,
      sort: r.sort,
      goods_count: counts.get(r.id) ?? 0,
      children: [],
    })),
  );
}

/** A category and every category under it. */
export async function categoryWithDescendants(db: DbOrTx, id: string): Promise<string[]> {
  const rows = await repo.listCategories(db);
  const out = [id];
  for (let i = 0; i < out.length; i++) for (const r of rows) if (r.parentId === out[i]) out.push(r.id);
  return out;
}

/**
 * Creates or edits a category. Its parent must exist, must not be itself or under it (no cycle), and
 * the tree stays at most CATEGORY_MAX_LEVEL deep, counting the levels the category carries below it.
 */
// ---------------------------------------------------------------------------------------------
// Goods for members
// ---------------------------------------------------------------------------------------------

/** Longest keyword kept for the hot list. */
const MAX_KEYWORD = 32;

/**
 * A page of goods on sale, as every visitor sees it: served from the catalog's read cache
 * (read-cache.ts) while nothing in the catalog changed.
 */
export async function listGoodsForMembers(
  ctx: CallContext,
  input: z.output<typeof goodsListInput>,
): Promise<SerializedAnswer> {
  // "Goods this coupon applies to": the coupon's goods (none named: every goods item).
  const { coupon_id, ...query } = input;
  const couponGoods = coupon_id ? await couponGoodsIds(ctx.db, coupon_id) : null;
  if (coupon_id && !couponGoods) fail('NOT_FOUND', {}, { field: 'coupon_id' });
  const ids = couponGoods?.length ? couponGoods : undefined;
  const key = JSON.stringify(['list', ctx.locale, query, ids ?? null]);
  return catalogReadCache(ctx.db).read(key, ctx.clock.now().getTime(), async () => {
    const course = input.course_id ? await getCourseOrFail(ctx.db, input.course_id) : undefined;
    const { rows, total } = await repo.listGoods(
      ctx.db,
      {
        onSaleOnly: true,
        categoryIds: input.category_id ? await categoryWithDescendants(ctx.db, input.category_id) : undefined,
        keyword: input.keyword,
        type: input.type,
        course: course ? { id: course.id, acceptedGoodsIds: course.acceptedGoodsIds } : undefined,
        ids,
      },
      input,
      { sort: input.sort },
    );
    return serializeAnswer(
      shopCalls.getGoodsList,
      pageOf(
        rows.map((r) => toSummary(r.goods, r, ctx.locale)),
        total,
        input,
      ),
    );
  });
}

/**
 * A search the member made (Enter, a suggestion, a result opened; not every letter typed): it counts
 * towards the hot keywords when it finds something on sale, so typos and prefixes do not.
 */
export async function recordSearch(ctx: CallContext, keyword: string): Promise<boolean> {
  const kw = keyword.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!kw || kw.length > MAX_KEYWORD) return false;
  const { total } = await repo.listGoods(ctx.db, { onSaleOnly: true, keyword: kw }, { pageIndex: 1, pageSize: 1 }, {});
  if (total === 0) return false;
  await repo.countKeyword(ctx.db, kw, ctx.clock.now());
  return true;
}

/** Summaries of these goods (on sale or not), in the order given; unknown ids are left out. */
export async function goodsSummaries(db: DbOrTx, ids: readonly string[], locale?: Locale): Promise<GoodsSummary[]> {
  if (!ids.length) return [];
  const { rows } = await repo.listGoods(db, { ids }, { pageIndex: 1, pageSize: ids.length }, {});
  const byId = new Map(rows.map((r) => [r.goods.id, toSummary(r.goods, r, locale)]));
  return ids.map((id) => byId.get(id)).filter((g): g is GoodsSummary => g !== undefined);
}

/** The courses that accept a package bought as `g`; empty when every course does. */
async function acceptingCourses(db: DbOrTx, g: repo.GoodsRow, locale?: Locale) {
  if (g.type !== 1) return [];
  const { rows } = await listCourses(db, { activeOnly: true });
  const accepting = rows.filter(
    (c) =>
      (g.courseIds.length === 0 || g.courseIds.includes(c.id)) &&
      (c.acceptedGoodsIds.length === 0 || c.acceptedGoodsIds.includes(g.id)),
  );
  if (accepting.length === rows.length) return [];
  return accepting.map((c) => ({ _id: c.id, name: textIn(c.name, c.nameI18n, locale) }));
}

const NOT_COLLECTED = '"is_collected":false';

/**
 * An on-sale goods item with its SKUs, served from the catalog's read cache; counts the view (added
 * to the table by the sweeper). Off sale or unknown: PRODUCT_OFF_SALE. A member's answer says
 * whether it is among their favourites.
 */
export async function goodsDetail(ctx: CallContext, id: string): Promise<SerializedAnswer> {
  const cache = catalogReadCache(ctx.db);
  const anonymous = await cache.read(
    JSON.stringify(['detail', ctx.locale, id]),
    ctx.clock.now().getTime(),
    async () => {
      const g = await repo.findGoods(ctx.db, id);
      if (!g?.isOnSale) fail('PRODUCT_OFF_SALE');
      const [skus, courses, merchant] = await Promise.all([
        repo.listSkus(ctx.db, [g!.id]),
        acceptingCourses(ctx.db, g!, ctx.locale),
        getMerchant(ctx.db),
      ]);
      // The studio's limit is read with the answer: the read cache's stamp covers the studio row.
      const maxPerOrder = g!.maxPerOrder ?? shopSettingsOf(merchant).max_units_per_sku;
      return serializeAnswer(shopCalls.getGoodsDetail, {
        goods: toDetail(g!, skus, courses, false, maxPerOrder, ctx.locale),
      });
    },
  );
  cache.countView(id);
  if (!ctx.user || !(await repo.favoriteIds(ctx.db, ctx.user.uid, [id])).has(id)) return anonymous;
  return new SerializedAnswer(anonymous.members.replace(NOT_COLLECTED, '"is_collected":true'));
}

/** Adds the views counted in memory to the goods rows (a sweep); answers how many rows it changed. */
export async function flushViews(db: Db): Promise<number> {
  const views = catalogReadCache(db).takeViews();
  if (views.size === 0) return 0;
  try {
    return await repo.addViews(db, views);
  } catch (error) {
    // Put them back for the next round rather than lose them.
    const cache = catalogReadCache(db);
    for (const [goodsId, n] of views) for (let i = 0; i < n; i++) cache.countView(goodsId);
    throw error;
  }
}

export async function toggleFavorite(ctx: CallContext & { user: { uid: string } }, goodsId: string) {
  const g = await repo.findGoods(ctx.db, goodsId);
  // Removing a favourite of goods now off sale is fine; adding one is not.
  const isFavorite = (await repo.favoriteIds(ctx.db, ctx.user.uid, [goodsId])).has(goodsId);
  if (!g || (!g.isOnSale && !isFavorite)) fail('PRODUCT_OFF_SALE');
  return repo.toggleFavorite(ctx.db, ctx.user.uid, goodsId, ctx.clock.now());
}

export async function listFavorites(
  ctx: CallContext & { user: { uid: string } },
  page: { pageIndex: number; pageSize: number },
) {
  const { ids, total } = await repo.listFavoriteIds(ctx.db, ctx.user.uid, page);
  return pageOf(await goodsSummaries(ctx.db, ids, ctx.locale), total, page);
}

export const hotKeywords = repo.hotKeywords;

// ---------------------------------------------------------------------------------------------
// SKUs for the cart (and orders)
// ---------------------------------------------------------------------------------------------

export interface SkuSnapshot {
  sku: repo.SkuRow;
  goods: repo.GoodsRow;
  /** On sale, and the SKU still offered. */
  buyable: boolean;
  goodsName: string;
  skuName: string;
  image: string;
}

/** SKUs with their goods, in the caller's language; unknown ids are left out of the map. */
export async function skuSnapshots(
  db: DbOrTx,
  skuIds: readonly string[],
  locale?: Locale,
): Promise<Map<string, SkuSnapshot>> {
  const rows = await repo.skusWithGoods(db, [...new Set(skuIds)]);
  return new Map(
    rows.map(({ sku, goods }) => [
      sku.id,
      {
        sku,
        goods,
        buyable: goods.isOnSale && sku.removedAt === null,
        goodsName: textIn(goods.name, goods.nameI18n, locale),
        skuName: textIn(sku.skuName, sku.skuNameI18n, locale),
        image: sku.image ?? goods.images[0] ?? '',
      },
    ]),
  );
}

/** The course packages on sale, each offered SKU a snapshot (what the front desk sells: orders' desk sale). */
export async function packagesOnSale(db: DbOrTx, locale?: Locale): Promise<SkuSnapshot[]> {
  return (await repo.packageSkusOnSale(db)).map(({ sku, goods }) => ({
    sku,
    goods,
    buyable: true,
    goodsName: textIn(goods.name, goods.nameI18n, locale),
    skuName: textIn(sku.skuName, sku.skuNameI18n, locale),
    image: sku.image ?? goods.images[0] ?? '',
  }));
}

// ---------------------------------------------------------------------------------------------
// Stock held by orders
// ---------------------------------------------------------------------------------------------

/** What a course-package goods item sells, as its goods says now (orders keep a copy). */
export function packageTermsOf(g: repo.GoodsRow, sku: repo.SkuRow): PackageTerms {
  const validity: PackageValidityRule =
    g.expTimeMode === 1 && g.expTimeRange
      ? { mode: 'fixed', valid_from: g.expTimeRange[0], valid_until: g.expTimeRange[1] }
      : g.expTimeMode === 2 && g.expTimeRule
        ? { mode: 'rule', delay_days: g.expTimeRule[0], valid_days: g.expTimeRule[1] }
        : { mode: 'long_term' };
  return { classCount: sku.classCount ?? 0, validity, courseIds: [...g.courseIds] };
}

export interface PackageTerms {
  classCount: number;
  validity: PackageValidityRule;
  courseIds: string[];
}

/** Lines in SKU-id order: the global lock order (platform/unit-of-work.ts). */
const inSkuOrder = <T extends { skuId: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => (a.skuId < b.skuId ? -1 : a.skuId > b.skuId ? 1 : 0));

/**
 * Holds stock for an order inside the caller's transaction: one conditional statement per SKU, in
 * SKU-id order (the global lock order), so two orders never wait on each other in a circle and
 * stock never goes below 0. The first SKU short of stock fails STOCK_INSUFFICIENT (rolling the
 * others back with the transaction).
 */
export async function holdStock(tx: Tx, items: readonly { skuId: string; quantity: number }[], now: Date) {
  for (const item of inSkuOrder(items)) {
    if (!(await repo.holdSkuStock(tx, item.skuId, item.quantity, now))) {
      const stock = (await repo.findSku(tx, item.skuId))?.stock ?? 0;
      fail('STOCK_INSUFFICIENT', {}, { sku_id: item.skuId, stock });
    }
  }
}

/** Gives held stock back (an order cancelled), in SKU-id order; a SKU removed since still gets it. */
export async function returnStock(tx: Tx, items: readonly { skuId: string; quantity: number }[], now: Date) {
  for (const item of inSkuOrder(items)) {
    await repo.returnStock(tx, item.skuId, item.quantity, now);
  }
}

/** Goods' names in the caller's language, by id: what the audit log's sentences name. */
export async function goodsNames(db: DbOrTx, ids: readonly string[], locale?: Locale): Promise<Map<string, string>> {
  const rows = await repo.goodsByIds(db, [...new Set(ids)]);
  return new Map(rows.map((g) => [g.id, textIn(g.name, g.nameI18n, locale)]));
}
