import type { CartSku } from '@studio/contract/cart';
import { reviewCalls } from '@studio/contract/reviews';
import { type GoodsDetail, type SkuRecord, shopCalls } from '@studio/contract/shop';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call, callQuery } from '@/shared/api/call-function';
import { queryClient } from '@/shared/api/query-client';
import { patchLifeData, useLifeData } from '@/shared/store/life-data';

export function useCategoryTree() {
  return useQuery({ ...callQuery(shopCalls.getCategoryTree, {}), staleTime: 5 * 60_000 });
}

export function useGoodsDetail(id: string) {
  // Each read counts a view: the gallery and a quick return reuse the answer instead of asking again.
  return useQuery({
    ...callQuery(shopCalls.getGoodsDetail, { _id: id }, { silent: true }),
    enabled: Boolean(id),
    staleTime: 30_000,
  });
}

export function useHotKeywords() {
  return useQuery({ ...callQuery(shopCalls.getHotKeywords, {}, { silent: true }), staleTime: 60_000 });
}

/** Favourite on or off; the detail page shows the answer at once. */
export function useToggleCollect(goodsId: string) {
  return useMutation({
    mutationFn: () => call(shopCalls.toggleCollect, { goods_id: goodsId }),
    onSuccess: ({ collected }) => {
      const key = callQuery(shopCalls.getGoodsDetail, { _id: goodsId }).queryKey;
      queryClient.setQueryData(key, (old: { goods: GoodsDetail } | undefined) =>
        old ? { ...old, goods: { ...old.goods, is_collected: collected } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: [shopCalls.getCollectList.url] });
    },
  });
}

/** A goods item's SKU in the shape the cart keeps (spec "Sku as returned for cart"). */
export function cartSkuOf(goods: GoodsDetail, sku: SkuRecord): CartSku {
  return {
    _id: sku._id,
    goodsInfo: { _id: goods._id, name: goods.name, type: goods.type, cart_rule: goods.cart_rule },
    image: sku.image ?? goods.image,
    price: sku.price,
    sku_name: sku.sku_name,
    stock: sku.stock,
    is_on_sale: goods.is_on_sale,
  };
}

const MAX_HISTORY = 10;

/**
 * A search the member made (not each letter typed): kept in their history on this device, newest
 * first without repeats, and counted towards the shop's hot keywords.
 */
export function rememberSearch(keyword: string) {
  const kw = keyword.trim();
  if (!kw) return;
  const history = useLifeData.getState().goods.searchHistory ?? [];
  if (history[0] === kw) return;
  patchLifeData('goods', { searchHistory: [kw, ...history.filter((h) => h !== kw)].slice(0, MAX_HISTORY) });
  void call(shopCalls.recordSearch, { keyword: kw.slice(0, 64) }, { silent: true, loading: false })
    .then(() => queryClient.invalidateQueries({ queryKey: [shopCalls.getHotKeywords.url] }))
    .catch(() => undefined);
}

export function clearSearchHistory() {
  patchLifeData('goods', { searchHistory: [] });
}

/** A goods item's rating and latest reviews (the detail page shows three; goods-comment pages through them). */
export function useReviewSummary(goodsId: string, latest = 3) {
  return useQuery({
    ...callQuery(reviewCalls.getGoodsReviews, { goods_id: goodsId, pageSize: latest }, { silent: true }),
    enabled: Boolean(goodsId),
  });
}
