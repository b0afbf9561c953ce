import type { CartLine, CartLineState, cartLineInput } from '@studio/contract/cart';
import { cartLineStateOf, MAX_CART_LINES } from '@studio/contract/cart';
import { MAX_BUY_NUM } from '@studio/contract/shop';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { type SkuSnapshot, skuSnapshots } from '../catalog';
import { isShopId } from '../merchant';
import * as repo from './repo';

/*
 * The member's cart, kept by the server (RULES.md "Goods, stock and cart"): every read re-checks
 * each line against the goods as they are now, lowers quantities above stock, and says why a line
 * cannot be bought. Prices always come from the goods, never from the client.
 */

type LineInput = z.output<typeof cartLineInput>;

export function assertShop(mid: string): void {
  if (!isShopId(mid)) fail('INVALID_PARAM', { field: 'mid' }, { field: 'mid', reason: 'unknownShop' });
}

const stateOf = (line: repo.CartLineRow, snap: SkuSnapshot): CartLineState =>
  cartLineStateOf(line, { buyable: snap.buyable, stock: snap.sku.stock, price: snap.sku.price });

function toCartLine(line: repo.CartLineRow, snap: SkuSnapshot, state: CartLineState): CartLine {
  const buyable = state !== 'off_sale' && state !== 'sold_out';
  return {
    sku_id: line.skuId,
    buy_num: state === 'quantity_capped' ? snap.sku.stock : line.buyNum,
    sku_name: snap.skuName,
    image: snap.image,
    price: snap.sku.price,
    stock: snap.sku.stock,
    goods_id: snap.goods.id,
    goods_name: snap.goodsName,
    goods_type: snap.goods.type,
    cart_rule: snap.goods.cartRule,
    action_checked: buyable && line.actionChecked,
    add_time: line.addedAt.getTime(),
    mid: line.mid,
    state,
    previous_price: state === 'price_changed' ? line.seenPrice : null,
  };
}

/** The cart as it is now, each line re-checked; lines over stock are lowered to it in the same step. */
async function readLines(db: DbOrTx, ctx: CallContext, userId: string, mid: string): Promise<CartLine[]> {
  const lines = await repo.listLines(db, userId, mid);
  const snaps = await skuSnapshots(
    db,
    lines.map((l) => l.skuId),
    ctx.locale,
  );
  const out: CartLine[] = [];
  for (const line of lines) {
    const snap = snaps.get(line.skuId);
    if (!snap) continue;
    const state = stateOf(line, snap);
    if (state === 'quantity_capped') await repo.capLine(db, userId, mid, line.skuId, snap.sku.stock, ctx.clock.now());
    out.push(toCartLine(line, snap, state));
  }
  return out;
}

export async function getCart(ctx: AuthedContext, mid: string): Promise<CartLine[]> {
  assertShop(mid);
  return runUnitOfWork(ctx, ({ tx }) => readLines(tx, ctx, ctx.user.uid, mid));
}

/** The last entry of each SKU: a client that sent one twice meant the later one. */
function bySku(list: readonly LineInput[]): LineInput[] {
  return [...new Map(list.map((l) => [l.sku_id, l])).values()];
}

async function knownSnapshots(db: DbOrTx, list: readonly LineInput[], ctx: CallContext) {
  const snaps = await skuSnapshots(
    db,
    list.map((l) => l.sku_id),
    ctx.locale,
  );
  list.forEach((l, i) => {
    if (!snaps.has(l.sku_id))
      fail('INVALID_PARAM', { field: `list.${i}.sku_id` }, { field: `list.${i}.sku_id`, reason: 'unknownSku' });
  });
  return snaps;
}

/**
 * The whole cart as the member's device holds it: lines not listed are removed, quantities above
 * stock lowered to it; the prices the member sees now count as seen. Unknown SKUs refuse the whole
 * sync (INVALID_PARAM naming the line), changing nothing.
 */
export async function setCart(ctx: AuthedContext, mid: string, list: readonly LineInput[]): Promise<CartLine[]> {
  assertShop(mid);
  const lines = bySku(list);
  const now = ctx.clock.now();
  return runUnitOfWork(ctx, async ({ tx }) => {
    const snaps = await knownSnapshots(tx, lines, ctx);
    await repo.removeLinesExcept(
      tx,
      ctx.user.uid,
      mid,
      lines.map((l) => l.sku_id),
    );
    for (const l of lines) {
      const snap = snaps.get(l.sku_id)!;
      const buyNum = snap.sku.stock > 0 ? Math.min(l.buy_num, snap.sku.stock) : l.buy_num;
      await repo.putLine(tx, {
        userId: ctx.user.uid,
        mid,
        skuId: l.sku_id,
        buyNum,
        actionChecked: l.action_checked,
        price: snap.sku.price,
        now,
      });
    }
    return readLines(tx, ctx, ctx.user.uid, mid);
  });
}

/** Adds to a line (or starts it), capped at stock; says when the member got less than asked. */
export async function addToCart(
  ctx: AuthedContext,
  input: { mid: string; goods_id?: string; sku_id?: string; buy_num: number },
): Promise<{ list: CartLine[]; capped: boolean; buy_num: number }> {
  assertShop(input.mid);
  if (!input.goods_id || !input.sku_id) fail('PRODUCT_INFO_INVALID');
  const skuId = input.sku_id!;
  const now = ctx.clock.now();
  return runUnitOfWork(ctx, async ({ tx }) => {
    const snap = (await skuSnapshots(tx, [skuId], ctx.locale)).get(skuId);
    if (!snap || snap.goods.id !== input.goods_id || !snap.buyable) fail('PRODUCT_OFF_SALE');
    if (snap!.sku.stock <= 0) fail('STOCK_INSUFFICIENT');
    const lines = await repo.listLines(tx, ctx.user.uid, input.mid);
    const prior = lines.find((l) => l.skuId === skuId);
    if (!prior && lines.length >= MAX_CART_LINES) fail('CART_FULL', { max: MAX_CART_LINES });
    const cap = Math.min(snap!.sku.stock, MAX_BUY_NUM);
    const line = await repo.addToLine(
      tx,
      { userId: ctx.user.uid, mid: input.mid, skuId, buyNum: input.buy_num, price: snap!.sku.price, now },
      cap,
    );
    return {
      list: await readLines(tx, ctx, ctx.user.uid, input.mid),
      capped: line.buyNum < (prior?.buyNum ?? 0) + input.buy_num,
      buy_num: line.buyNum,
    };
  });
}

/**
 * A visitor's device cart added to the member's at login: each line added like addToCart (capped
 * at stock); lines that can no longer be bought are left out rather than failing the login.
 */
export async function mergeCart(ctx: AuthedContext, mid: string, list: readonly LineInput[]): Promise<CartLine[]> {
  assertShop(mid);
  const lines = bySku(list);
  const now = ctx.clock.now();
  return runUnitOfWork(ctx, async ({ tx }) => {
    const snaps = await skuSnapshots(
      tx,
      lines.map((l) => l.sku_id),
      ctx.locale,
    );
    let count = await repo.countLines(tx, ctx.user.uid, mid);
    const existing = new Set((await repo.listLines(tx, ctx.user.uid, mid)).map((l) => l.skuId));
    for (const l of lines) {
      const snap = snaps.get(l.sku_id);
      if (!snap?.buyable || snap.sku.stock <= 0) continue;
      if (!existing.has(l.sku_id) && count >= MAX_CART_LINES) break;
      await repo.addToLine(
        tx,
        { userId: ctx.user.uid, mid, skuId: l.sku_id, buyNum: l.buy_num, price: snap.sku.price, now },
        Math.min(snap.sku.stock, MAX_BUY_NUM),
      );
      if (!existing.has(l.sku_id)) count++;
    }
    return readLines(tx, ctx, ctx.user.uid, mid);
  });
}

/** Fresh SKUs for a visitor's device cart (spec "Sku as returned for cart"); unknown ids left out. */
export async function skuList(ctx: CallContext, mid: string, skuIds: readonly string[]) {
  assertShop(mid);
  const snaps = await skuSnapshots(ctx.db, skuIds, ctx.locale);
  return [...snaps.values()].map((s) => ({
    _id: s.sku.id,
    goodsInfo: { _id: s.goods.id, name: s.goodsName, type: s.goods.type, cart_rule: s.goods.cartRule },
    image: s.image,
    price: s.sku.price,
    sku_name: s.skuName,
    stock: s.sku.stock,
    is_on_sale: s.buyable,
  }));
}

/** Lines checked out into an order leave the cart, inside the order's transaction. */
export const removeCheckedOut = (tx: DbOrTx, userId: string, mid: string, skuIds: readonly string[]) =>
  repo.removeLines(tx, userId, mid, skuIds);
