import type { CartLine, CartSku, cartCalls } from '@studio/contract/cart';
import { CART_SYNC_DEBOUNCE_MS, cartLineStateOf, MAX_BUY_NUM } from '@studio/contract/cart-core';
import { callRef } from '@studio/contract/protocol-core';
import { call } from '@/shared/api/call-function';
import { queryClient } from '@/shared/api/query-client';
import { mchInfoQuery } from '@/shared/merchant/mch-info';
import { isTokenValid } from '@/shared/session/session';
import { patchLifeData, useLifeData } from '@/shared/store/life-data';

/**
 * The cart's calls by reference (zod-free): this module loads at launch for every logged-in member
 * (app.tsx), and the calls' schemas would bring the validation library with them.
 */
const calls = {
  getCart: callRef<typeof cartCalls.getCart>('client/order.getCart'),
  setCart: callRef<typeof cartCalls.setCart>('client/order.setCart'),
  addToCart: callRef<typeof cartCalls.addToCart>('client/order.addToCart'),
  mergeCart: callRef<typeof cartCalls.mergeCart>('client/order.mergeCart'),
  getGoodsSkuList: callRef<typeof cartCalls.getGoodsSkuList>('client/pub.getGoodsSkuList'),
};

/*
 * The cart (RULES.md "Goods, stock and cart"): a member's cart lives on the server and the store
 * mirrors it; every change shows at once and the whole cart syncs with client/order.setCart,
 * debounced 500 ms (spec 9). A visitor's cart lives on the device until login merges it in.
 */

const store = () => useLifeData.getState();
const memberId = () => {
  const { user } = store();
  return isTokenValid(user) ? (user.uni_id_user_info?._id ?? null) : null;
};

function setLines(list: CartLine[], owner: string | null) {
  patchLifeData('cart', { list, owner });
}

/** The shop's id (mchInfo._id) that the cart calls take. */
async function shopId(): Promise<string> {
  return (await queryClient.fetchQuery(mchInfoQuery)).mchInfo._id;
}

/** A visitor's line from a fresh SKU: checked against stock and sale state like the server does. */
function deviceLine(mid: string, sku: CartSku, buyNum: number, prior?: CartLine): CartLine {
  const state = cartLineStateOf(
    { buyNum, seenPrice: prior?.price ?? sku.price },
    { buyable: sku.is_on_sale, stock: sku.stock, price: sku.price },
  );
  const buyable = state !== 'off_sale' && state !== 'sold_out';
  return {
    sku_id: sku._id,
    buy_num: state === 'quantity_capped' ? sku.stock : buyNum,
    sku_name: sku.sku_name,
    image: sku.image,
    price: sku.price,
    stock: sku.stock,
    goods_id: sku.goodsInfo._id,
    goods_name: sku.goodsInfo.name,
    goods_type: sku.goodsInfo.type,
    cart_rule: sku.goodsInfo.cart_rule,
    action_checked: buyable && (prior?.action_checked ?? true),
    add_time: prior?.add_time ?? Date.now(),
    mid,
    state,
    previous_price: state === 'price_changed' ? (prior?.price ?? null) : null,
  };
}

let refreshing: Promise<CartLine[]> | null = null;

/**
 * Reads the cart afresh: the member's from the server (merging a device cart first), a visitor's
 * re-checked. Calls made while one runs share it, so a device cart is merged once.
 */
export function refreshCart(): Promise<CartLine[]> {
  refreshing ??= readCart().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function readCart(): Promise<CartLine[]> {
  const uid = memberId();
  const mid = await shopId();
  const { list, owner } = store().cart;
  if (uid) {
    const device = owner === null ? list : [];
    const answer = device.length
      ? await call(calls.mergeCart, { mid, list: device.map(({ sku_id, buy_num }) => ({ sku_id, buy_num })) })
      : await call(calls.getCart, { mid }, { silent: true, loading: false });
    setLines(answer.list, uid);
    return answer.list;
  }
  if (owner !== null) {
    // Signed out: a member's cart stays with their account, not on the device.
    setLines([], null);
    return [];
  }
  if (!list.length) return list;
  const { list: skus } = await call(
    calls.getGoodsSkuList,
    { mid, sku_ids: list.map((l) => l.sku_id) },
    { silent: true, loading: false },
  );
  const bySku = new Map(skus.map((s) => [s._id, s]));
  const fresh = list.flatMap((l) => {
    const sku = bySku.get(l.sku_id);
    return sku ? [deviceLine(mid, sku, l.buy_num, l)] : [];
  });
  setLines(fresh, null);
  return fresh;
}

/** Adds to the cart, capped at stock; answers the quantity the line now holds and whether it was capped. */
export async function addToCart(sku: CartSku, buyNum: number): Promise<{ buy_num: number; capped: boolean }> {
  const uid = memberId();
  const mid = await shopId();
  if (uid) {
    const answer = await call(calls.addToCart, {
      mid,
      goods_id: sku.goodsInfo._id,
      sku_id: sku._id,
      buy_num: buyNum,
    });
    setLines(answer.list, uid);
    return { buy_num: answer.buy_num, capped: answer.capped };
  }
  const { list } = store().cart;
  const prior = list.find((l) => l.sku_id === sku._id);
  const wanted = (prior?.buy_num ?? 0) + buyNum;
  const cap = Math.min(sku.stock, MAX_BUY_NUM);
  const line = deviceLine(mid, sku, Math.min(wanted, cap), prior);
  setLines([line, ...list.filter((l) => l.sku_id !== sku._id)], null);
  return { buy_num: line.buy_num, capped: wanted > cap };
}

let syncTimer: ReturnType<typeof setTimeout> | undefined;
let syncing: Promise<unknown> = Promise.resolve();

/** Syncs the whole cart to the server once changes stop for 500 ms (members only). */
function scheduleSync() {
  const uid = memberId();
  if (!uid) return;
  clearTimeout(syncTimer);
  syncTimer = setTimeout(() => {
    const lines = store().cart.list;
    syncing = syncing
      .catch(() => undefined)
      .then(async () =>
        call(
          calls.setCart,
          {
            mid: await shopId(),
            list: lines.map(({ sku_id, buy_num, action_checked }) => ({ sku_id, buy_num, action_checked })),
          },
          { loading: false },
        ),
      )
      .then((answer) => {
        // A change made while the sync was on its way is kept: it schedules its own sync.
        if (store().cart.list === lines) setLines(answer.list, uid);
      })
      .catch(() => refreshCart().catch(() => undefined));
  }, CART_SYNC_DEBOUNCE_MS);
}

function updateLines(change: (list: CartLine[]) => CartLine[]) {
  const { list, owner } = store().cart;
  setLines(change(list), owner);
  scheduleSync();
}

export function setQuantity(skuId: string, buyNum: number) {
  updateLines((list) =>
    list.map((l) =>
      l.sku_id === skuId
        ? {
            ...l,
            buy_num: Math.max(1, Math.min(buyNum, l.stock, MAX_BUY_NUM)),
            state: l.state === 'quantity_capped' ? 'ok' : l.state,
          }
        : l,
    ),
  );
}

export function setChecked(skuIds: readonly string[], checked: boolean) {
  updateLines((list) => checkLines(list, skuIds, checked));
}

/**
 * The lines with `skuIds` checked or unchecked (those that can be bought). A buy-alone item
 * (cart_rule 1) is never checked with anything else: checking one unchecks the rest, checking
 * others unchecks it, and "check all" leaves buy-alone items out when there are other lines.
 */
export function checkLines(list: readonly CartLine[], skuIds: readonly string[], checked: boolean): CartLine[] {
  const asked = list.filter((l) => skuIds.includes(l.sku_id) && isBuyable(l));
  if (!checked) return list.map((l) => (asked.includes(l) ? { ...l, action_checked: false } : l));
  const ordinary = asked.filter((l) => l.cart_rule !== 1);
  const chosen = new Set(ordinary.length > 0 ? ordinary : asked.slice(0, 1));
  const alone = [...chosen].some((l) => l.cart_rule === 1);
  return list.map((l) => {
    if (chosen.has(l)) return { ...l, action_checked: true };
    if (!l.action_checked) return l;
    return alone || l.cart_rule === 1 ? { ...l, action_checked: false } : l;
  });
}

export function removeLines(skuIds: readonly string[]) {
  const ids = new Set(skuIds);
  updateLines((list) => list.filter((l) => !ids.has(l.sku_id)));
}

/** Waits for a pending sync (tests, and before leaving for checkout). */
export async function flushCartSync(): Promise<void> {
  await syncing;
}

export const isBuyable = (line: CartLine) => line.state !== 'off_sale' && line.state !== 'sold_out';

/** Items in the cart (the order tab's badge). */
export const cartCount = (list: readonly CartLine[]) => list.reduce((n, l) => n + l.buy_num, 0);

/** What checking out the checked lines would meet: their total, and whether a buy-alone item is mixed in. */
export function cartSummary(list: readonly CartLine[]) {
  const checked = list.filter((l) => l.action_checked && isBuyable(l));
  const total = checked.reduce((sum, l) => sum + l.price * l.buy_num, 0);
  const mixed = checked.length > 1 && checked.some((l) => l.cart_rule === 1);
  return { checked, total, count: cartCount(checked), mixed };
}
