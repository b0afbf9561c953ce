import type { CartLine } from '@studio/contract/cart';
import { describe, expect, it } from 'vitest';
import { cartCount, cartSummary, checkLines } from './cart';

const line = (overrides: Partial<CartLine>): CartLine => ({
  sku_id: 's',
  buy_num: 1,
  sku_name: 'Sand',
  image: '',
  price: 1000,
  stock: 10,
  goods_id: 'g',
  goods_name: 'Mat',
  goods_type: 0,
  cart_rule: 0,
  action_checked: true,
  add_time: 0,
  mid: 'default',
  state: 'ok',
  previous_price: null,
  ...overrides,
});

describe('the cart’s totals', () => {
  it('count checked lines that can be bought, and flag a buy-alone item checked with others', () => {
    const list = [
      line({ sku_id: 'a', buy_num: 2, price: 1250 }),
      line({ sku_id: 'b', buy_num: 1, price: 500, action_checked: false }),
      line({ sku_id: 'c', buy_num: 3, price: 900, state: 'sold_out' }),
    ];
    expect(cartSummary(list)).toMatchObject({ total: 2500, count: 2, mixed: false });
    expect(cartCount(list)).toBe(6);
    const withIntro = [...list, line({ sku_id: 'd', cart_rule: 1, price: 2500 })];
    expect(cartSummary(withIntro)).toMatchObject({ total: 5000, mixed: true });
    expect(cartSummary([line({ cart_rule: 1 })]).mixed).toBe(false);
  });
});

describe('checking lines', () => {
  it('never checks a buy-alone item with anything else', () => {
    const list = [
      line({ sku_id: 'mat', action_checked: true }),
      line({ sku_id: 'intro', cart_rule: 1, action_checked: false }),
      line({ sku_id: 'tee', action_checked: false }),
      line({ sku_id: 'gone', state: 'off_sale', action_checked: false }),
    ];
    const checked = (l: ReturnType<typeof checkLines>) => l.filter((x) => x.action_checked).map((x) => x.sku_id);
    const intro = checkLines(list, ['intro'], true);
    expect(checked(intro)).toEqual(['intro']);
    expect(checked(checkLines(intro, ['tee'], true))).toEqual(['tee']);
    expect(checked(checkLines(list, ['mat', 'intro', 'tee', 'gone'], true))).toEqual(['mat', 'tee']);
    expect(checked(checkLines(list, ['mat'], false))).toEqual([]);
  });
});
