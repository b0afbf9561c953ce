import { adminShopCalls, HOT_KEYWORDS, shopCalls } from '@studio/contract/shop';
import { handle, handlePub } from '../../platform/protocol';
import { handlePubSerialized } from '../../platform/serialized-answer';
import type { Sweep } from '../../platform/sweeper';
import * as staff from './admin';
import * as catalog from './service';

export const catalogHandlers = [
  handlePub(shopCalls.getCategoryTree, async (_input, ctx) => ({
    rows: await catalog.categoryTree(ctx.db, ctx.locale),
  })),
  handlePubSerialized(shopCalls.getGoodsList, (input, ctx) => catalog.listGoodsForMembers(ctx, input)),
  handlePubSerialized(shopCalls.getGoodsDetail, (input, ctx) => catalog.goodsDetail(ctx, input._id)),
  handlePub(shopCalls.recordSearch, async (input, ctx) => ({
    counted: await catalog.recordSearch(ctx, input.keyword),
  })),
  handlePub(shopCalls.getHotKeywords, async (_input, ctx) => ({
    list: await catalog.hotKeywords(ctx.db, HOT_KEYWORDS),
  })),
  handle(shopCalls.toggleCollect, async (input, ctx) => ({
    collected: await catalog.toggleFavorite(ctx, input.goods_id),
  })),
  handle(shopCalls.getCollectList, (input, ctx) => catalog.listFavorites(ctx, input)),

  handle(adminShopCalls.getCategoryTree, async (_input, ctx) => ({
    rows: await catalog.adminCategoryTree(ctx.db, ctx.locale),
  })),
  handle(adminShopCalls.saveCategory, async (input, ctx) => {
    const row = await staff.saveCategory(ctx, input);
    return { category: { _id: row.id, parent_id: row.parentId, name: row.name } };
  }),
  handle(adminShopCalls.deleteCategory, async (input, ctx) => {
    await staff.deleteCategory(ctx, input._id);
    return {};
  }),
  handle(adminShopCalls.saveGoods, async (input, ctx) => ({ goods: await staff.saveGoods(ctx, input) })),
  handle(adminShopCalls.getGoods, async (input, ctx) => ({
    goods: await staff.adminGoods(ctx.db, input._id, ctx.locale),
  })),
  handle(adminShopCalls.getGoodsList, (input, ctx) => staff.adminGoodsList(ctx, input)),
  handle(adminShopCalls.setOnSale, async (input, ctx) => ({
    goods: await staff.setOnSale(ctx, input._id, input.is_on_sale),
  })),
  handle(adminShopCalls.adjustStock, async (input, ctx) => ({ sku: await staff.adjustStock(ctx, input) })),
];

/** Views counted in memory by the goods pages, written to the goods rows every sweep. */
export const catalogSweeps: Sweep[] = [{ name: 'goods views', run: (db) => catalog.flushViews(db) }];
