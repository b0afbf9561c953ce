import { paths } from '@/shared/navigation/paths';

const query = (path: string, params: Record<string, string | undefined>) => {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
};

/** Where the shop's pages are, with their query (spec 2 routes). */
export const shopLinks = {
  detail: (id: string, skuId?: string) => query(paths.goodsDetail, { _id: id, sku_id: skuId }),
  list: (params: { category_id?: string; keyword?: string; coupon_id?: string }) => query(paths.goodsList, params),
  search: (keyword?: string) => query(paths.goodsSearch, { keyword }),
};
