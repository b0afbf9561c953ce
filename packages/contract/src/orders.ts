import { z } from 'zod';

/*
 * The orders module (the shop issue adds its calls: client/order.getCart, setCart...). The cart
 * line is here already because the member app keeps the cart in its persisted state (spec
 * section 3, `lifeData.cart`).
 */

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
