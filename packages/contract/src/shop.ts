import { z } from 'zod';
import { MAX_BUY_NUM } from './cart-core';
import { type LocalizedText, localizedInput, localizedTextSchema } from './localized-text';
import { defineCall, noInput } from './protocol';
import { id, isoDateTime, moneyMinor, paged, pageQuery, sortableListQuery } from './validators';

/*
 * The catalog module: the shop's categories, goods and their SKUs, search and favourites (spec
 * sections 3 and 7, RULES.md "Goods, stock and cart"). The cart's calls are in cart.ts.
 */

/** 0 = a physical item (shipped or picked up); 1 = a course package (class credits on payment). */
export const GOODS_TYPES = [0, 1] as const;
export const goodsType = z.union([z.literal(0), z.literal(1)]);
export type GoodsType = z.infer<typeof goodsType>;

/** 0 = may share a cart with anything; 1 = must be bought alone. */
export const cartRule = z.union([z.literal(0), z.literal(1)]);

/** How long a package bought as this goods is valid (RULES.md): 1 fixed range, 2 [delay, valid] days, 0 long-term. */
export const expTimeMode = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Spec section 9: a category tree is at most 10 levels deep. */
export const CATEGORY_MAX_LEVEL = 10;
/** A SKU with this many or fewer left counts as low on stock in the back office. */
export const LOW_STOCK = 5;
export const MAX_GOODS_IMAGES = 9;
export const MAX_SKUS = 100;
export { MAX_BUY_NUM } from './cart-core';
/** The most stock one SKU holds (created with, or moved to by admin/goods.adjustStock): far from the integer limit. */
export const STOCK_MAX = 1_000_000;
/** Spec section 9: the add-to-cart toast cuts the goods name at 20 characters. */
export const CART_TOAST_NAME_LENGTH = 20;
/** How many hot keywords the search page shows. */
export const HOT_KEYWORDS = 10;

/** An image the studio uploaded (POST /api/upload); answers give it with its resized variants (images.ts). */
const imageUrl = z.string().trim().min(1).max(500);
const goodsName = z.string().trim().min(1).max(80);

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

export interface CategoryNode {
  _id: string;
  parent_id: string | null;
  name: string;
  sort: number;
  children: CategoryNode[];
}
export const categoryNode: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    _id: z.string(),
    parent_id: z.string().nullable(),
    name: z.string(),
    sort: z.number().int(),
    children: z.array(categoryNode),
  }),
);

export interface AdminCategoryNode extends Omit<CategoryNode, 'children'> {
  name_i18n: LocalizedText;
  goods_count: number;
  children: AdminCategoryNode[];
}
export const adminCategoryNode: z.ZodType<AdminCategoryNode> = z.lazy(() =>
  z.object({
    _id: z.string(),
    parent_id: z.string().nullable(),
    name: z.string(),
    name_i18n: localizedTextSchema,
    sort: z.number().int(),
    goods_count: z.number().int(),
    children: z.array(adminCategoryNode),
  }),
);

export const skuRecord = z.object({
  _id: z.string(),
  goods_id: z.string(),
  sku_name: z.string(),
  price: z.number().int(),
  /** The price before a reduction, shown struck through; null when there is none. */
  original_price: z.number().int().nullable(),
  stock: z.number().int(),
  /** Grams, physical goods only. */
  weight: z.number().int().nullable(),
  /** Class credits, course packages only. */
  class_count: z.number().int().nullable(),
  image: z.string().nullable(),
});
export type SkuRecord = z.infer<typeof skuRecord>;

/** A goods item in a list: its lowest price ("from" when the SKUs differ) and whether anything is left. */
export const goodsSummary = z.object({
  _id: z.string(),
  name: z.string(),
  type: goodsType,
  cart_rule: cartRule,
  category_id: z.string().nullable(),
  /** The first image, or '' when it has none. */
  image: z.string(),
  price: z.number().int(),
  max_price: z.number().int(),
  original_price: z.number().int().nullable(),
  stock: z.number().int(),
  sold_out: z.boolean(),
  is_on_sale: z.boolean(),
  view_count: z.number().int(),
  /** Course packages: the smallest and largest class counts of its SKUs. */
  class_count: z.number().int().nullable(),
  /** Spec section 3; no discounts yet, so always 0. */
  discount_type: z.number().int(),
});
export type GoodsSummary = z.infer<typeof goodsSummary>;

export const goodsDetail = goodsSummary.extend({
  images: z.array(z.string()),
  /** Rich text (sanitized HTML). */
  description: z.string(),
  sku_list: z.array(skuRecord),
  exp_time_mode: expTimeMode,
  exp_time_range: z.tuple([isoDateTime, isoDateTime]).nullable(),
  exp_time_rule: z.tuple([z.number().int(), z.number().int()]).nullable(),
  /** Courses that accept the package, in the caller's language; empty = every course. */
  courses: z.array(z.object({ _id: z.string(), name: z.string() })),
  freight_id: z.string().nullable(),
  /** Whether the caller has it among their favourites (false for a visitor). */
  is_collected: z.boolean(),
  /** The most units of one SKU an order may hold: the goods' own limit, else the studio's (max_units_per_sku). */
  max_per_order: z.number().int(),
});
export type GoodsDetail = z.infer<typeof goodsDetail>;

export const adminSkuRecord = skuRecord.extend({ sku_name_i18n: localizedTextSchema });
export const adminGoodsRecord = goodsDetail.extend({
  name_i18n: localizedTextSchema,
  description_i18n: localizedTextSchema,
  course_ids: z.array(z.string()),
  sku_list: z.array(adminSkuRecord),
  /** The goods' own limit of units of one SKU per order; null = the studio's max_units_per_sku. */
  max_per_order: z.number().int().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type AdminGoodsRecord = z.infer<typeof adminGoodsRecord>;

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

export const categorySaveInput = z
  .object({
    _id: id.optional(),
    parent_id: id.nullable().default(null),
    name: localizedInput(z.string().trim().min(1).max(40)),
    sort: z.number().int().min(0).max(100_000).default(0),
  })
  .strict();

const price = moneyMinor.max(100_000_000);

export const skuSaveInput = z
  .object({
    /** An existing SKU of this goods; absent = a new one. SKUs left out of the list are removed. */
    _id: id.optional(),
    sku_name: localizedInput(z.string().trim().min(1).max(60)),
    price,
    original_price: price.nullable().optional(),
    /** A new SKU's stock; an existing SKU's stock changes only through admin/goods.adjustStock. */
    stock: z.number().int().min(0).max(STOCK_MAX).optional(),
    weight: z.number().int().min(0).max(1_000_000).nullable().optional(),
    class_count: z.number().int().min(1).max(1000).nullable().optional(),
    image: imageUrl.nullable().optional(),
  })
  .strict();

export const goodsSaveInput = z
  .object({
    _id: id.optional(),
    name: localizedInput(goodsName),
    type: goodsType,
    category_id: id.nullable().default(null),
    cart_rule: cartRule.default(0),
    images: z.array(imageUrl).max(MAX_GOODS_IMAGES).default([]),
    description: localizedInput(z.string().max(20_000)).default(''),
    is_on_sale: z.boolean().default(false),
    freight_id: id.nullable().optional(),
    exp_time_mode: expTimeMode.default(0),
    exp_time_range: z.tuple([isoDateTime, isoDateTime]).nullable().optional(),
    exp_time_rule: z
      .tuple([z.number().int().min(0).max(3650), z.number().int().min(1).max(3650)])
      .nullable()
      .optional(),
    course_ids: z.array(id).max(200).optional(),
    /** Units of one SKU an order may hold (1–MAX_BUY_NUM); null = the studio's max_units_per_sku; absent = unchanged. */
    max_per_order: z.number().int().min(1).max(MAX_BUY_NUM).nullable().optional(),
    sku_list: z.array(skuSaveInput).min(1).max(MAX_SKUS),
  })
  .strict()
  .superRefine((g, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    g.sku_list.forEach((sku, i) => {
      if (g.type === 1 && !sku.class_count) issue(['sku_list', i, 'class_count'], 'classCountRequired');
      if (g.type === 0 && sku.class_count) issue(['sku_list', i, 'class_count'], 'physicalNoClasses');
      if (!sku._id && sku.stock === undefined) issue(['sku_list', i, 'stock'], 'required');
      if (sku.original_price != null && sku.original_price < sku.price) {
        issue(['sku_list', i, 'original_price'], 'originalBelowPrice');
      }
    });
    if (g.type === 1 && g.exp_time_mode === 1) {
      const range = g.exp_time_range;
      if (!range) issue(['exp_time_range'], 'required');
      else if (Date.parse(range[0]) >= Date.parse(range[1])) issue(['exp_time_range'], 'rangeOrder');
    }
    if (g.type === 1 && g.exp_time_mode === 2 && !g.exp_time_rule) issue(['exp_time_rule'], 'required');
  });
export type GoodsSaveInput = z.input<typeof goodsSaveInput>;

export const GOODS_LIST_SORTS = ['default', 'price_asc', 'price_desc', 'newest', 'popular'] as const;

export const goodsListInput = z
  .object({
    ...pageQuery,
    category_id: id.optional(),
    keyword: z.string().trim().max(64).optional(),
    type: goodsType.optional(),
    /** Course packages a course accepts (those limited to it, and those accepted by every course). */
    course_id: id.optional(),
    /** Accepted and ignored until coupons exist (the coupons issue filters by it). */
    coupon_id: id.optional(),
    sort: z.enum(GOODS_LIST_SORTS).default('default'),
  })
  .strict();

export const ADMIN_GOODS_SORTS = ['name', 'price', 'stock', 'view_count', 'created_at'] as const;
export const adminGoodsListInput = z
  .object({
    ...sortableListQuery(ADMIN_GOODS_SORTS),
    category_id: id.optional(),
    type: goodsType.optional(),
    is_on_sale: z.boolean().optional(),
    /** Goods with a SKU at LOW_STOCK or fewer. */
    low_stock: z.boolean().optional(),
  })
  .strict();

/** Why staff changed a SKU's stock: kept in the audit log. */
const stockReason = z.string().trim().min(1).max(200);

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

export const shopCalls = {
  getCategoryTree: defineCall('client/pub.getCategoryTree', noInput, z.object({ rows: z.array(categoryNode) })),
  getGoodsList: defineCall('client/pub.getGoodsList', goodsListInput, paged(goodsSummary)),
  /** Counts a view (written a few seconds later). */
  getGoodsDetail: defineCall(
    'client/pub.getGoodsDetail',
    z.object({ _id: id }).strict(),
    z.object({ goods: goodsDetail }),
  ),
  getHotKeywords: defineCall('client/pub.getHotKeywords', noInput, z.object({ list: z.array(z.string()) })),
  /**
   * A search the member made (pressed search, chose a suggestion or opened a result), not each letter
   * typed: counts towards the hot keywords when it finds something on sale.
   */
  recordSearch: defineCall(
    'client/pub.recordSearch',
    z.object({ keyword: z.string().trim().min(1).max(64) }).strict(),
    z.object({ counted: z.boolean() }),
  ),
  toggleCollect: defineCall(
    'client/collect.toggle',
    z.object({ goods_id: id }).strict(),
    z.object({ collected: z.boolean() }),
  ),
  getCollectList: defineCall('client/collect.getList', z.object(pageQuery).strict(), paged(goodsSummary)),
} as const;

const manage = { permission: 'shop.manage' } as const;

export const adminShopCalls = {
  getCategoryTree: defineCall(
    'admin/category.getTree',
    noInput,
    z.object({ rows: z.array(adminCategoryNode) }),
    manage,
  ),
  saveCategory: defineCall(
    'admin/category.save',
    categorySaveInput,
    z.object({ category: z.object({ _id: z.string(), parent_id: z.string().nullable(), name: z.string() }) }),
    manage,
  ),
  /** Only an empty category: no sub-categories and no goods in it. */
  deleteCategory: defineCall('admin/category.delete', z.object({ _id: id }).strict(), z.object({}), manage),
  saveGoods: defineCall('admin/goods.save', goodsSaveInput, z.object({ goods: adminGoodsRecord }), manage),
  getGoods: defineCall(
    'admin/goods.get',
    z.object({ _id: id }).strict(),
    z.object({ goods: adminGoodsRecord }),
    manage,
  ),
  getGoodsList: defineCall('admin/goods.getList', adminGoodsListInput, paged(goodsSummary), manage),
  setOnSale: defineCall(
    'admin/goods.setOnSale',
    z.object({ _id: id, is_on_sale: z.boolean() }).strict(),
    z.object({ goods: adminGoodsRecord }),
    manage,
  ),
  /** Stock added (delta > 0; never above STOCK_MAX) or taken away (never below 0, however many adjust at once). Audited. */
  adjustStock: defineCall(
    'admin/goods.adjustStock',
    z
      .object({
        sku_id: id,
        delta: z
          .number()
          .int()
          .min(-STOCK_MAX)
          .max(STOCK_MAX)
          .refine((n) => n !== 0, 'nonZero'),
        reason: stockReason,
      })
      .strict(),
    z.object({ sku: adminSkuRecord }),
    manage,
  ),
} as const;
