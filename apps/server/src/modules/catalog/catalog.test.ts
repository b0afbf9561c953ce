import { existsSync } from 'node:fs';
import path from 'node:path';
import { imageVariant } from '@studio/contract/images';
import { adminShopCalls, CATEGORY_MAX_LEVEL, shopCalls } from '@studio/contract/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSweeps } from '../../platform/sweeper';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditEntriesFor } from '../audit/testing';
import { buildAdmin, buildCourse, buildMember, type TestMember } from '../schedule/testing';
import { catalogSweeps } from './calls';
import { buildGoods, uploadedPng } from './testing';

let t: TestApp;
let admin: TestMember;
let member: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  member = await buildMember(t);
});
afterAll(() => t.close());

const asAdmin = {
  get token() {
    return admin.token;
  },
};

describe('goods with SKUs', () => {
  it('staff create a goods item with three SKUs and images; members see it with its prices and sizes', async () => {
    const image = await uploadedPng(t, admin.id);
    const saved = await buildGoods(t, admin.token, {
      name: { en: 'Cork Yoga Mat', 'zh-Hans': '软木瑜伽垫' },
      images: [image],
      description: '<p>Natural cork.</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      sku_list: [
        { sku_name: { en: 'Sand', 'zh-Hans': '沙色' }, price: 4500, stock: 5, weight: 1800 },
        { sku_name: 'Moss', price: 4800, original_price: 5500, stock: 0, weight: 1800 },
        { sku_name: 'Clay', price: 4500, stock: 2, weight: 1800 },
      ],
    });
    expect(saved.sku_list.map((s) => [s.sku_name, s.stock])).toEqual([
      ['Sand', 5],
      ['Moss', 0],
      ['Clay', 2],
    ]);
    expect(saved.description).toBe('<p>Natural cork.</p><img src="x" />');
    const file = path.join(t.config.DATA_DIR, imageVariant(image, 'thumb').slice(1));
    expect(existsSync(file)).toBe(true);

    const list = await t.call(shopCalls.getGoodsList, { keyword: 'cork' });
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({
      _id: saved._id,
      price: 4500,
      max_price: 4800,
      stock: 7,
      sold_out: false,
      image,
    });

    const zh = await t.call(shopCalls.getGoodsDetail, { _id: saved._id }, { locale: 'zh-Hans' });
    expect(zh.goods.name).toBe('软木瑜伽垫');
    expect(zh.goods.sku_list.map((s) => s.sku_name)).toEqual(['沙色', 'Moss', 'Clay']);
    expect(await auditEntriesFor(t.app.db, 'goods', saved._id)).toHaveLength(1);
    // Views are counted in memory and written by the sweeper.
    await t.call(shopCalls.getGoodsDetail, { _id: saved._id });
    await runSweeps(t.app.db, t.clock.now(), catalogSweeps);
    expect((await t.call(adminShopCalls.getGoods, { _id: saved._id }, asAdmin)).goods.view_count).toBe(2);
  });

  it('refuses what would make a wrong goods item, naming the field, and saves nothing', async () => {
    const pkg = await t.callRaw(
      adminShopCalls.saveGoods.url,
      { name: '10 classes', type: 1, sku_list: [{ sku_name: '10', price: 9000, stock: 100 }] },
      asAdmin,
    );
    expect(pkg).toMatchObject({ code: 'INVALID_PARAM', field: 'sku_list.0.class_count' });
    const notUpload = await t.callRaw(
      adminShopCalls.saveGoods.url,
      { name: 'Mat', type: 0, images: ['/etc/passwd.png'], sku_list: [{ sku_name: 'A', price: 1, stock: 1 }] },
      asAdmin,
    );
    expect(notUpload).toMatchObject({ code: 'INVALID_PARAM', field: 'images.0' });
    const negative = await t.callRaw(
      adminShopCalls.saveGoods.url,
      { name: 'Mat', type: 0, sku_list: [{ sku_name: 'A', price: -1, stock: 1 }] },
      asAdmin,
    );
    expect(negative).toMatchObject({ code: 'INVALID_PARAM', field: 'sku_list.0.price' });
    const list = await t.call(adminShopCalls.getGoodsList, { keyword: 'passwd' }, asAdmin);
    expect(list.total).toBe(0);
  });

  it('keeps an existing SKU’s stock on edit, removes SKUs left out, and refuses a SKU of other goods', async () => {
    const goods = await buildGoods(t, admin.token, {
      sku_list: [
        { sku_name: 'S', price: 2000, stock: 4 },
        { sku_name: 'M', price: 2000, stock: 6 },
      ],
    });
    const other = await buildGoods(t, admin.token);
    const [s, m] = goods.sku_list;
    const edited = await t.call(
      adminShopCalls.saveGoods,
      {
        _id: goods._id,
        name: 'Tee',
        type: 0,
        is_on_sale: true,
        sku_list: [{ _id: s!._id, sku_name: 'Small', price: 2200, stock: 999 }],
      },
      asAdmin,
    );
    expect(edited.goods.sku_list).toEqual([
      expect.objectContaining({ _id: s!._id, sku_name: 'Small', price: 2200, stock: 4 }),
    ]);
    const detail = await t.call(shopCalls.getGoodsDetail, { _id: goods._id });
    expect(detail.goods.sku_list.map((x) => x._id)).not.toContain(m!._id);
    const foreign = await t.callRaw(
      adminShopCalls.saveGoods.url,
      { _id: goods._id, name: 'Tee', type: 0, sku_list: [{ _id: other.sku_list[0]!._id, sku_name: 'X', price: 1 }] },
      asAdmin,
    );
    expect(foreign).toMatchObject({ code: 'NOT_FOUND', field: 'sku_list.0._id' });
  });

  it('hides goods off sale from members: not listed, and its page answers PRODUCT_OFF_SALE', async () => {
    const goods = await buildGoods(t, admin.token, { name: 'Hidden Bottle' });
    await t.call(adminShopCalls.setOnSale, { _id: goods._id, is_on_sale: false }, asAdmin);
    expect((await t.call(shopCalls.getGoodsList, { keyword: 'hidden bottle' })).total).toBe(0);
    expect((await t.callRaw(shopCalls.getGoodsDetail.url, { _id: goods._id })).code).toBe('PRODUCT_OFF_SALE');
    expect((await t.callRaw(shopCalls.getGoodsDetail.url, { _id: 'nope' })).code).toBe('PRODUCT_OFF_SALE');
    const staff = await t.call(adminShopCalls.getGoodsList, { keyword: 'hidden bottle', is_on_sale: false }, asAdmin);
    expect(staff.rows.map((r) => r._id)).toEqual([goods._id]);
  });
});

describe('search', () => {
  it('finds goods by any language of their name or description, word by word, and counts what found something', async () => {
    const mat = await buildGoods(t, admin.token, {
      name: { en: 'Travel Yoga Mat', 'zh-Hans': '旅行瑜伽垫' },
      description: { en: '<p>Folds into a <b>tote</b>.</p>' },
    });
    const mine = (kw: string) => t.call(shopCalls.getGoodsList, { keyword: kw }).then((r) => r.rows.map((g) => g._id));
    expect(await mine('mat')).toContain(mat._id);
    expect(await mine('MAT travel')).toContain(mat._id);
    expect(await mine('瑜伽')).toContain(mat._id);
    expect(await mine('tote')).toContain(mat._id);
    expect(await mine('b')).not.toContain(mat._id); // the markup is not searched
    expect(await mine('mat 50%')).toEqual([]);
    // What a member searched for counts, when it finds something; reading results alone does not.
    expect((await t.call(adminShopCalls.getGoodsList, {}, asAdmin)).code).toBe(0);
    expect((await t.call(shopCalls.getHotKeywords, {})).list).not.toContain('tote');
    for (const kw of ['mat', 'MAT', '瑜伽', 'zzqx']) await t.call(shopCalls.recordSearch, { keyword: kw });
    const hot = await t.call(shopCalls.getHotKeywords, {});
    expect(hot.list[0]).toBe('mat');
    expect(hot.list).toContain('mat');
    expect(hot.list).toContain('瑜伽');
    expect(hot.list).not.toContain('zzqx');
  });
});

describe('categories', () => {
  it('builds a tree; a category lists the goods of its sub-categories too', async () => {
    const top = await t.call(adminShopCalls.saveCategory, { name: { en: 'Gear', 'zh-Hans': '装备' } }, asAdmin);
    const sub = await t.call(adminShopCalls.saveCategory, { name: 'Mats', parent_id: top.category._id }, asAdmin);
    const goods = await buildGoods(t, admin.token, { category_id: sub.category._id });
    const tree = await t.call(shopCalls.getCategoryTree, {}, { locale: 'zh-Hans' });
    const gear = tree.rows.find((c) => c._id === top.category._id)!;
    expect(gear.name).toBe('装备');
    expect(gear.children.map((c) => c._id)).toEqual([sub.category._id]);
    const inGear = await t.call(shopCalls.getGoodsList, { category_id: top.category._id });
    expect(inGear.rows.map((g) => g._id)).toEqual([goods._id]);
    const deleted = await t.callRaw(adminShopCalls.deleteCategory.url, { _id: top.category._id }, asAdmin);
    expect(deleted.code).toBe('CATEGORY_NOT_EMPTY');
  });

  it('stops at 10 levels and refuses a loop', async () => {
    let parent: string | null = null;
    const ids: string[] = [];
    for (let level = 1; level <= CATEGORY_MAX_LEVEL; level++) {
      const res: { code: number | string; category: { _id: string } } = await t.call(
        adminShopCalls.saveCategory,
        { name: `L${level}`, parent_id: parent },
        asAdmin,
      );
      expect(res.code).toBe(0);
      parent = res.category._id;
      ids.push(res.category._id);
    }
    const tooDeep = await t.callRaw(adminShopCalls.saveCategory.url, { name: 'L11', parent_id: parent }, asAdmin);
    expect(tooDeep.code).toBe('CATEGORY_TOO_DEEP');
    const loop = await t.callRaw(
      adminShopCalls.saveCategory.url,
      { _id: ids[0], name: 'L1', parent_id: ids[3] },
      asAdmin,
    );
    expect(loop).toMatchObject({ code: 'INVALID_PARAM', field: 'parent_id' });
    const leaf = await t.callRaw(adminShopCalls.deleteCategory.url, { _id: ids.at(-1) }, asAdmin);
    expect(leaf.code).toBe(0);
  });
});

describe('course packages', () => {
  it('say how many classes, how long and which courses accept them; a course finds the packages it accepts', async () => {
    const yin = await buildCourse(t, { name: 'Yin' });
    const flow = await buildCourse(t, { name: 'Flow' });
    const pass = await buildGoods(t, admin.token, {
      name: 'Yin 5-class pass',
      type: 1,
      exp_time_mode: 2,
      exp_time_rule: [0, 60],
      course_ids: [yin.id],
      sku_list: [{ sku_name: '5 classes', price: 6000, stock: 100, class_count: 5 }],
    });
    const detail = await t.call(shopCalls.getGoodsDetail, { _id: pass._id });
    expect(detail.goods).toMatchObject({ type: 1, class_count: 5, exp_time_mode: 2, exp_time_rule: [0, 60] });
    expect(detail.goods.courses).toEqual([{ _id: yin.id, name: 'Yin' }]);
    const forYin = await t.call(shopCalls.getGoodsList, { course_id: yin.id, pageSize: 100 });
    expect(forYin.rows.map((g) => g._id)).toContain(pass._id);
    const forFlow = await t.call(shopCalls.getGoodsList, { course_id: flow.id, pageSize: 100 });
    expect(forFlow.rows.map((g) => g._id)).not.toContain(pass._id);
  });
});

describe('stock adjustments', () => {
  it('never go below zero however many staff adjust at once, and are audited with the reason', async () => {
    const goods = await buildGoods(t, admin.token, { sku_list: [{ sku_name: 'One', price: 100, stock: 10 }] });
    const skuId = goods.sku_list[0]!._id;
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        t.callRaw(adminShopCalls.adjustStock.url, { sku_id: skuId, delta: -1, reason: 'Damaged' }, asAdmin),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(10);
    expect(answers.filter((a) => a.code === 'STOCK_BELOW_ZERO')).toHaveLength(15);
    const after = await t.call(adminShopCalls.getGoods, { _id: goods._id }, asAdmin);
    expect(after.goods.sku_list[0]!.stock).toBe(0);
    const entries = await auditEntriesFor(t.app.db, 'sku', skuId);
    expect(entries).toHaveLength(10);
  });

  it('refuses members and staff without shop.manage', async () => {
    const staff = await buildMember(t);
    const res = await t.callRaw(
      adminShopCalls.saveGoods.url,
      { name: 'X', type: 0, sku_list: [{ sku_name: 'A', price: 1, stock: 1 }] },
      { token: member.token },
    );
    expect(res.code).toBe('PERMISSION_DENIED');
    expect((await t.callRaw(adminShopCalls.getGoodsList.url, {}, { token: staff.token })).code).toBe(
      'PERMISSION_DENIED',
    );
  });
});

describe('favourites', () => {
  it('toggle on and off, listed newest first', async () => {
    const a = await buildGoods(t, admin.token);
    const b = await buildGoods(t, admin.token);
    const me = { token: member.token };
    expect((await t.call(shopCalls.toggleCollect, { goods_id: a._id }, me)).collected).toBe(true);
    t.clock.advance(1000);
    expect((await t.call(shopCalls.toggleCollect, { goods_id: b._id }, me)).collected).toBe(true);
    expect((await t.call(shopCalls.getCollectList, {}, me)).rows.map((g) => g._id)).toEqual([b._id, a._id]);
    expect((await t.call(shopCalls.getGoodsDetail, { _id: a._id }, me)).goods.is_collected).toBe(true);
    expect((await t.call(shopCalls.toggleCollect, { goods_id: a._id }, me)).collected).toBe(false);
    expect((await t.call(shopCalls.getCollectList, {}, me)).rows.map((g) => g._id)).toEqual([b._id]);
    expect((await t.callRaw(shopCalls.toggleCollect.url, { goods_id: 'none' }, me)).code).toBe('PRODUCT_OFF_SALE');
    expect((await t.callRaw(shopCalls.getCollectList.url, {})).code).toBe(30204);
  });
});

describe('the read cache', () => {
  it('serves the same answer until the catalog changes; a change on this instance shows at once, on another within half a second', async () => {
    const goods = await buildGoods(t, admin.token, {
      name: 'Cached Bottle',
      sku_list: [{ sku_name: 'One', price: 900, stock: 5 }],
    });
    const price = async () => (await t.call(shopCalls.getGoodsDetail, { _id: goods._id })).goods.price;
    expect(await price()).toBe(900);
    const edit = (p: number) => ({
      _id: goods._id,
      name: 'Cached Bottle',
      type: 0 as const,
      is_on_sale: true,
      sku_list: [{ _id: goods.sku_list[0]!._id, sku_name: 'One', price: p }],
    });
    await t.call(adminShopCalls.saveGoods, edit(1000), asAdmin);
    expect(await price()).toBe(1000);

    const other = await t.anotherInstance();
    const res = await other.inject({
      method: 'POST',
      url: `/api/${adminShopCalls.saveGoods.url}`,
      headers: { 'content-type': 'application/json', 'uni-id-token': admin.token },
      payload: JSON.stringify(edit(1100)),
    });
    expect(res.json().code).toBe(0);
    t.clock.advance(600);
    expect(await price()).toBe(1100);
  });

  it('tells a member whether the goods is among their favourites, from the shared answer', async () => {
    const goods = await buildGoods(t, admin.token);
    await t.call(shopCalls.getGoodsDetail, { _id: goods._id });
    await t.call(shopCalls.toggleCollect, { goods_id: goods._id }, { token: member.token });
    expect(
      (await t.call(shopCalls.getGoodsDetail, { _id: goods._id }, { token: member.token })).goods.is_collected,
    ).toBe(true);
    expect((await t.call(shopCalls.getGoodsDetail, { _id: goods._id })).goods.is_collected).toBe(false);
  });
});
