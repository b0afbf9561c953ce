/*
 * The cart's rules without zod (cart.ts holds its schemas and calls): the member app syncs a
 * logged-in member's cart from launch, and this much of the contract is all that needs, so the
 * validation library loads with the pages that have forms, not with every member's first screen.
 */

/** Spec section 9: the cart syncs at most every 500 ms. */
export const CART_SYNC_DEBOUNCE_MS = 500;
/** The most lines one cart holds. */
export const MAX_CART_LINES = 100;
/** The most one line of the cart may hold, whatever the stock. */
export const MAX_BUY_NUM = 999;

/**
 * What a read found about a line, re-checked against the goods every time: `off_sale` (the goods
 * is off sale or the SKU is gone) and `sold_out` cannot be checked out; `quantity_capped` means the
 * quantity was lowered to what is left; `price_changed` that the price moved since the member last
 * saw it (`previous_price`), shown until their next change of the cart.
 */
export const CART_LINE_STATES = ['ok', 'off_sale', 'sold_out', 'quantity_capped', 'price_changed'] as const;
export type CartLineState = (typeof CART_LINE_STATES)[number];

/**
 * A line's state against its SKU as it is now (server reads and a visitor's device cart alike):
 * unbuyable and sold out first, then more wanted than is left, then a price other than the one seen.
 */
export function cartLineStateOf(
  line: { buyNum: number; seenPrice: number },
  sku: { buyable: boolean; stock: number; price: number },
): CartLineState {
  if (!sku.buyable) return 'off_sale';
  if (sku.stock <= 0) return 'sold_out';
  if (line.buyNum > sku.stock) return 'quantity_capped';
  if (line.seenPrice !== sku.price) return 'price_changed';
  return 'ok';
}
