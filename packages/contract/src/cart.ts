import { z } from 'zod';
import { CART_LINE_STATES, MAX_BUY_NUM, MAX_CART_LINES } from './cart-core';
import { defineCall } from './protocol';
import { id } from './validators';

/*
 * The cart module: the server keeps each member's cart (RULES.md "Goods, stock and cart"); the
 * member app mirrors it in its persisted state (`lifeData.cart`) and syncs the whole of it with
 * client/order.setCart, debounced 500 ms (spec section 9). A visitor's cart lives on the device
 * until login merges it in (client/order.mergeCart).
 */

export {
  CART_LINE_STATES,
  CART_SYNC_DEBOUNCE_MS,
  type CartLineState,
  cartLineStateOf,
  MAX_CART_LINES,
} from './cart-core';

/** A cart line as the spec lists it (section 3). */
export const cartItem = z.object({
  sku_id: z.string(),
  buy_num: z.number().int(),
  sku_name: z.string(),
  image: z.string(),
  price: z.number(),
  stock: z.number().int(),
  goods_id: z.string(),
  goods_name: z.string(),
  goods_type: z.number().int(),
  cart_rule: z.number().int(),
  action_checked: z.boolean(),
  add_time: z.number(),
  mid: z.string(),
});
export type CartItem = z.infer<typeof cartItem>;

export const cartLineState = z.enum(CART_LINE_STATES);

export const cartLine = cartItem.extend({
  state: cartLineState,
  previous_price: z.number().int().nullable(),
});
export type CartLine = z.infer<typeof cartLine>;

const buyNum = z.number().int().min(1).max(MAX_BUY_NUM);

/** A line as the client sends it: the spec's fields, of which only these are read (never a price). */
export const cartLineInput = z.looseObject({
  sku_id: id,
  buy_num: buyNum,
  action_checked: z.boolean().default(true),
});

const mid = z.string().min(1).max(64);
const cartAnswer = z.object({ list: z.array(cartLine) });

/** A SKU as the cart shows it (spec section 3: "Sku (as returned for cart)"). */
export const cartSku = z.object({
  _id: z.string(),
  goodsInfo: z.object({ _id: z.string(), name: z.string(), type: z.number().int(), cart_rule: z.number().int() }),
  image: z.string(),
  price: z.number().int(),
  sku_name: z.string(),
  stock: z.number().int(),
  /** False when the goods is off sale: the line cannot be bought. */
  is_on_sale: z.boolean(),
});
export type CartSku = z.infer<typeof cartSku>;

export const cartCalls = {
  getCart: defineCall('client/order.getCart', z.object({ mid }).strict(), cartAnswer),
  /** The whole cart: lines not in `list` are removed. Quantities above stock are lowered to it. */
  setCart: defineCall(
    'client/order.setCart',
    z.object({ mid, list: z.array(cartLineInput).max(MAX_CART_LINES) }).strict(),
    cartAnswer,
  ),
  /**
   * Adds to the line of this SKU (or starts it), capped at stock: `capped` says the member got less
   * than asked, `buy_num` what the line now holds. goods_id and sku_id are checked by the service so
   * that a missing one answers the spec's "product information error".
   */
  addToCart: defineCall(
    'client/order.addToCart',
    z.object({ mid, goods_id: id.optional(), sku_id: id.optional(), buy_num: buyNum.default(1) }).strict(),
    cartAnswer.extend({ capped: z.boolean(), buy_num: z.number().int() }),
  ),
  /** A visitor's device cart, added to the member's at login (each line capped at stock). */
  mergeCart: defineCall(
    'client/order.mergeCart',
    z.object({ mid, list: z.array(cartLineInput).max(MAX_CART_LINES) }).strict(),
    cartAnswer,
  ),
  /** Fresh price, stock and sale state of SKUs (a visitor's device cart). Unknown ids are left out. */
  getGoodsSkuList: defineCall(
    'client/pub.getGoodsSkuList',
    z.object({ mid, sku_ids: z.array(id).max(MAX_CART_LINES) }).strict(),
    z.object({ list: z.array(cartSku) }),
  ),
} as const;
