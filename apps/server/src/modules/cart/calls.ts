import { cartCalls } from '@studio/contract/cart';
import { handle, handlePub } from '../../platform/protocol';
import * as cart from './service';

export const cartHandlers = [
  handle(cartCalls.getCart, async (input, ctx) => ({ list: await cart.getCart(ctx, input.mid) })),
  handle(cartCalls.setCart, async (input, ctx) => ({ list: await cart.setCart(ctx, input.mid, input.list) })),
  handle(cartCalls.addToCart, (input, ctx) => cart.addToCart(ctx, input)),
  handle(cartCalls.mergeCart, async (input, ctx) => ({ list: await cart.mergeCart(ctx, input.mid, input.list) })),
  handlePub(cartCalls.getGoodsSkuList, async (input, ctx) => ({
    list: await cart.skuList(ctx, input.mid, input.sku_ids),
  })),
];
