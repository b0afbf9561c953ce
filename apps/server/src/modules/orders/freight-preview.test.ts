import { adminFreightCalls } from '@studio/contract/freight';
import { orderCalls } from '@studio/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { buildAddress } from './testing';

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

describe('delivery at checkout', () => {
  it('is charged once the member has an address, never for pickup', async () => {
    const rule = await t.call(
      adminFreightCalls.save,
      {
        name: 'Parcel',
        first_weight: 1000,
        first_weight_price: 395,
        continuous_weight: 500,
        continuous_weight_price: 100,
        max_weight: 20000,
      },
      { token: admin.token },
    );
    const goods = await buildGoods(t, admin.token, {
      freight_id: rule.rule._id,
      sku_list: [{ sku_name: 'Sand', price: 4500, stock: 5, weight: 1800 }],
    });
    const items = [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }];
    const m = await buildMember(t);
    const preview = async (delivery: 'express' | 'pickup') =>
      (await t.call(orderCalls.previewOrder, { items, delivery }, { token: m.token })).preview;

    // No address yet: nothing is charged for delivery, and the checkout asks for one.
    expect(await preview('express')).toMatchObject({
      goods_amount: 4500,
      freight_amount: 0,
      pay_amount: 4500,
      problems: [{ reason: 'address_required' }],
    });
    expect(await preview('pickup')).toMatchObject({ freight_amount: 0, pay_amount: 4500, problems: [] });

    await buildAddress(t, m.token);
    // 1800 g: £3.95 for the first kilo, then ceil(800 / 500) = 2 × £1.00.
    expect(await preview('express')).toMatchObject({ freight_amount: 595, pay_amount: 5095, problems: [] });
    expect(await preview('pickup')).toMatchObject({ freight_amount: 0, pay_amount: 4500 });
  });
});
