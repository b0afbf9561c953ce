import { cartCalls } from '@studio/contract/cart';
import { merchantCalls } from '@studio/contract/merchant';
import { adminShopCalls } from '@studio/contract/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';

let t: TestApp;
let admin: TestMember;
let mid: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  mid = (await t.call(merchantCalls.getMchInfo, {})).mchInfo._id;
});
afterAll(() => t.close());

const staff = () => ({ token: admin.token });

async function oneSku(overrides: { stock?: number; price?: number; name?: string } = {}) {
  const goods = await buildGoods(t, admin.token, {
    name: overrides.name ?? 'Block',
    sku_list: [{ sku_name: 'Cork', price: overrides.price ?? 1500, stock: overrides.stock ?? 10 }],
  });
  return { goods, sku: goods.sku_list[0]! };
}

describe('client/order.addToCart', () => {
  it('merges into the line and caps it at stock, saying so', async () => {
    const m = await buildMember(t);
    const { goods, sku } = await oneSku({ stock: 5 });
    const first = await t.call(cartCalls.addToCart, { mid, goods_id: goods._id, sku_id: sku._id, buy_num: 3 }, m);
    expect(first).toMatchObject({ code: 0, capped: false, buy_num: 3 });
    const second = await t.call(cartCalls.addToCart, { mid, goods_id: goods._id, sku_id: sku._id, buy_num: 3 }, m);
    expect(second).toMatchObject({ capped: true, buy_num: 5 });
    expect(second.list).toEqual([
      expect.objectContaining({
        sku_id: sku._id,
        buy_num: 5,
        price: 1500,
        stock: 5,
        goods_name: 'Block',
        state: 'ok',
        mid,
      }),
    ]);
  });

  it('answers the spec’s errors: product information, off sale, sold out, unknown shop, and changes nothing', async () => {
    const m = await buildMember(t);
    const { goods, sku } = await oneSku();
    const other = await oneSku();
    const add = (data: object) => t.callRaw(cartCalls.addToCart.url, { mid, buy_num: 1, ...data }, m);
    expect((await add({ goods_id: goods._id })).code).toBe('PRODUCT_INFO_INVALID');
    expect((await add({ sku_id: sku._id })).code).toBe('PRODUCT_INFO_INVALID');
    expect((await add({ goods_id: other.goods._id, sku_id: sku._id })).code).toBe('PRODUCT_OFF_SALE');
    expect((await add({ goods_id: goods._id, sku_id: sku._id, buy_num: 0 })).code).toBe('INVALID_PARAM');
    expect(await add({ goods_id: goods._id, sku_id: sku._id, mid: 'elsewhere' })).toMatchObject({
      code: 'INVALID_PARAM',
      field: 'mid',
    });
    const soldOut = await oneSku({ stock: 0 });
    expect((await add({ goods_id: soldOut.goods._id, sku_id: soldOut.sku._id })).code).toBe('STOCK_INSUFFICIENT');
    await t.call(adminShopCalls.setOnSale, { _id: goods._id, is_on_sale: false }, staff());
    expect((await add({ goods_id: goods._id, sku_id: sku._id })).code).toBe('PRODUCT_OFF_SALE');
    expect((await t.call(cartCalls.getCart, { mid }, m)).list).toEqual([]);
    expect((await t.callRaw(cartCalls.getCart.url, { mid })).code).toBe(30204);
  });

  it('ends at the stock when 100 adds of one SKU race', async () => {
    const m = await buildMember(t);
    const { goods, sku } = await oneSku({ stock: 10 });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.callRaw(cartCalls.addToCart.url, { mid, goods_id: goods._id, sku_id: sku._id, buy_num: 1 }, m),
      ),
    );
    expect(answers.every((a) => a.code === 0)).toBe(true);
    const cart = await t.call(cartCalls.getCart, { mid }, m);
    expect(cart.list.map((l) => l.buy_num)).toEqual([10]);
  });
});

describe('reading the cart', () => {
  it('re-checks every line: off sale, sold out, lowered to stock, price changed since seen', async () => {
    const m = await buildMember(t);
    const lines = {
      offSale: await oneSku({ name: 'Off' }),
      soldOut: await oneSku({ name: 'Gone', stock: 3 }),
      lowered: await oneSku({ name: 'Low', stock: 8 }),
      repriced: await oneSku({ name: 'Dear', price: 1000 }),
    };
    for (const { goods, sku } of Object.values(lines)) {
      await t.call(cartCalls.addToCart, { mid, goods_id: goods._id, sku_id: sku._id, buy_num: 3 }, m);
    }
    await t.call(adminShopCalls.setOnSale, { _id: lines.offSale.goods._id, is_on_sale: false }, staff());
    await t.call(adminShopCalls.adjustStock, { sku_id: lines.soldOut.sku._id, delta: -3, reason: 'Lost' }, staff());
    await t.call(
      adminShopCalls.adjustStock,
      { sku_id: lines.lowered.sku._id, delta: -6, reason: 'Sold in store' },
      staff(),
    );
    await t.call(
      adminShopCalls.saveGoods,
      {
        _id: lines.repriced.goods._id,
        name: 'Dear',
        type: 0,
        is_on_sale: true,
        sku_list: [{ _id: lines.repriced.sku._id, sku_name: 'Cork', price: 1200 }],
      },
      staff(),
    );

    const cart = await t.call(cartCalls.getCart, { mid }, m);
    const byName = Object.fromEntries(cart.list.map((l) => [l.goods_name, l]));
    expect(byName.Off).toMatchObject({ state: 'off_sale', action_checked: false });
    expect(byName.Gone).toMatchObject({ state: 'sold_out', action_checked: false, stock: 0 });
    expect(byName.Low).toMatchObject({ state: 'quantity_capped', buy_num: 2, stock: 2 });
    expect(byName.Dear).toMatchObject({ state: 'price_changed', price: 1200, previous_price: 1000 });

    // The lowered quantity was kept; the price counts as seen once the member changes the cart.
    const synced = await t.call(cartCalls.setCart, { mid, list: cart.list.map((l) => ({ ...l, price: 1 })) }, m);
    const after = Object.fromEntries(synced.list.map((l) => [l.goods_name, l]));
    expect(after.Low).toMatchObject({ state: 'ok', buy_num: 2 });
    expect(after.Dear).toMatchObject({ state: 'ok', price: 1200, previous_price: null });
    expect(after.Off!.state).toBe('off_sale');
  });
});

describe('client/order.setCart', () => {
  it('replaces the whole cart, never takes a price from the client, and refuses an unknown SKU whole', async () => {
    const m = await buildMember(t);
    const a = await oneSku({ name: 'A', stock: 4 });
    const b = await oneSku({ name: 'B' });
    await t.call(cartCalls.addToCart, { mid, goods_id: a.goods._id, sku_id: a.sku._id, buy_num: 1 }, m);
    const set = await t.call(
      cartCalls.setCart,
      {
        mid,
        list: [
          { sku_id: b.sku._id, buy_num: 2, action_checked: false, price: 1 },
          { sku_id: a.sku._id, buy_num: 9 },
        ],
      },
      m,
    );
    expect(set.list.map((l) => [l.goods_name, l.buy_num, l.price, l.action_checked])).toEqual(
      expect.arrayContaining([
        ['A', 4, 1500, true],
        ['B', 2, 1500, false],
      ]),
    );
    const refused = await t.callRaw(
      cartCalls.setCart.url,
      {
        mid,
        list: [
          { sku_id: a.sku._id, buy_num: 1 },
          { sku_id: 'nope', buy_num: 1 },
        ],
      },
      m,
    );
    expect(refused).toMatchObject({ code: 'INVALID_PARAM', field: 'list.1.sku_id' });
    expect((await t.call(cartCalls.getCart, { mid }, m)).list).toHaveLength(2);
    const emptied = await t.call(cartCalls.setCart, { mid, list: [] }, m);
    expect(emptied.list).toEqual([]);
  });
});

describe('a visitor’s cart', () => {
  it('reads fresh SKUs without logging in, and merges into the member’s cart at login, capped at stock', async () => {
    const m = await buildMember(t);
    const a = await oneSku({ name: 'Mat', stock: 3 });
    const b = await oneSku({ name: 'Strap' });
    const gone = await oneSku({ name: 'Gone' });
    await t.call(adminShopCalls.setOnSale, { _id: gone.goods._id, is_on_sale: false }, staff());
    const skus = await t.call(cartCalls.getGoodsSkuList, { mid, sku_ids: [a.sku._id, gone.sku._id, 'unknown'] });
    expect(skus.list.map((s) => [s.goodsInfo.name, s.stock, s.is_on_sale])).toEqual(
      expect.arrayContaining([
        ['Mat', 3, true],
        ['Gone', 10, false],
      ]),
    );
    expect(skus.list).toHaveLength(2);

    await t.call(cartCalls.addToCart, { mid, goods_id: a.goods._id, sku_id: a.sku._id, buy_num: 2 }, m);
    const merged = await t.call(
      cartCalls.mergeCart,
      {
        mid,
        list: [
          { sku_id: a.sku._id, buy_num: 2 },
          { sku_id: b.sku._id, buy_num: 1 },
          { sku_id: gone.sku._id, buy_num: 1 },
          { sku_id: 'unknown', buy_num: 1 },
        ],
      },
      m,
    );
    expect(merged.list.map((l) => [l.goods_name, l.buy_num]).sort()).toEqual([
      ['Mat', 3],
      ['Strap', 1],
    ]);
  });
});
