import { paths } from '@/shared/navigation/paths';
import { FOR_SESSION_PARAM } from '@/shared/orders/links';

const query = (path: string, params: Record<string, string | undefined>) => {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
};

/** Where the shop's pages are, with their query (spec 2 routes). */
export const shopLinks = {
  /** forSessionId: the class page the member came from to buy a pass (orderLinks' FOR_SESSION_PARAM). */
  detail: (id: string, skuId?: string, forSessionId?: string) =>
    query(paths.goodsDetail, { _id: id, sku_id: skuId, [FOR_SESSION_PARAM]: forSessionId }),
  list: (params: { category_id?: string; keyword?: string; coupon_id?: string }) => query(paths.goodsList, params),
  search: (keyword?: string) => query(paths.goodsSearch, { keyword }),
};
