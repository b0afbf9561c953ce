import { adminFreightCalls, freightOf } from '@studio/contract/freight';
import { adminShopCalls, shopCalls } from '@studio/contract/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditEntriesFor } from '../audit/testing';
import { buildGoods } from '../catalog/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';

let t: TestApp;
let admin: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

const standard = {
  name: 'Royal Mail tracked',
  first_weight: 1000,
  first_weight_price: 400,
  continuous_weight: 500,
  continuous_weight_price: 150,
  max_weight: 20_000,
};

describe('freight rules', () => {
  it('are saved, listed and edited by staff with orders.manage, audited', async () => {
    const saved = await t.call(adminFreightCalls.save, standard, { token: admin.token });
    expect(saved.rule).toMatchObject({ ...standard, _id: expect.any(String) });
    expect(freightOf(saved.rule, 2600)).toBe(400 + 4 * 150);
    const edited = await t.call(
      adminFreightCalls.save,
      { ...standard, _id: saved.rule._id, first_weight_price: 450 },
      { token: admin.token },
    );
    expect(edited.rule.first_weight_price).toBe(450);
    const list = await t.call(adminFreightCalls.getList, { keyword: 'royal' }, { token: admin.token });
    expect(list.rows.map((r) => r._id)).toEqual([saved.rule._id]);
    expect(await auditEntriesFor(t.app.db, 'freight', saved.rule._id)).toHaveLength(2);
  });

  it('refuse a max weight under the first weight, naming it, and staff without orders.manage', async () => {
    const bad = await t.callRaw(adminFreightCalls.save.url, { ...standard, max_weight: 500 }, { token: admin.token });
    expect(bad).toMatchObject({ code: 'INVALID_PARAM', field: 'max_weight' });
    const shopkeeper = await buildMember(t);
    await t.app.db.execute(`update users set permissions = '{shop.manage}' where id = '${shopkeeper.id}'`);
    expect((await t.callRaw(adminFreightCalls.getList.url, {}, { token: shopkeeper.token })).code).toBe(
      'PERMISSION_DENIED',
    );
  });

  it('are named by physical goods; an unknown one is refused on the field', async () => {
    const { rule } = await t.call(adminFreightCalls.save, standard, { token: admin.token });
    const goods = await buildGoods(t, admin.token, { freight_id: rule._id });
    expect((await t.call(shopCalls.getGoodsDetail, { _id: goods._id })).goods.freight_id).toBe(rule._id);
    const unknown = await t.callRaw(
      adminShopCalls.saveGoods.url,
      { name: 'Mat', type: 0, freight_id: 'nope', sku_list: [{ sku_name: 'A', price: 100, stock: 1 }] },
      { token: admin.token },
    );
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', field: 'freight_id' });
  });
});
