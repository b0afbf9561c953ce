import { ORDER_STATUS, orderCalls } from '@studio/contract/orders';
import { adminReviewCalls, reviewCalls } from '@studio/contract/reviews';
import { verifyCalls } from '@studio/contract/teacher';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditEntriesFor } from '../audit/testing';
import { buildGoods, uploadedPng } from '../catalog/testing';
import { credit, placeOrder } from '../orders/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

/** A member's pickup order of two SKUs of one goods item, paid and picked up (completed) unless told. */
async function completedOrder(goods: Awaited<ReturnType<typeof buildGoods>>, complete = true) {
  const m = await buildMember(t);
  await credit(t, admin.token, m.id, 10_000);
  const { order_no } = await placeOrder(t, m.token, {
    items: goods.sku_list.map((s) => ({ sku_id: s._id, buy_num: 1 })),
    delivery: 'pickup',
  });
  const { order } = await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
  if (complete) {
    const scanned = await t.call(verifyCalls.scan, { code: order!.pickup_code! }, { token: admin.token });
    expect(scanned.code, scanned.msg).toBe(0);
  }
  return { m, order_no };
}

const twoSkus = () =>
  buildGoods(t, admin.token, {
    sku_list: [
      { sku_name: 'Blue', price: 1000, stock: 50 },
      { sku_name: 'Green', price: 1000, stock: 50 },
    ],
  });

describe('reviews', () => {
  it('a completed order is reviewed once, line by line, and the goods page shows the rating', async () => {
    const goods = await twoSkus();
    const [blue, green] = goods.sku_list;
    const { m, order_no } = await completedOrder(goods);
    expect((await t.call(orderCalls.getInfo, { order_no }, { token: m.token })).orderInfo.actions).toContain('review');

    const missing = await t.call(
      orderCalls.comment,
      { order_no, items: [{ sku_id: blue!._id, rate: 5, content: 'Lovely' }] },
      { token: m.token },
    );
    expect(missing).toMatchObject({ code: 'INVALID_PARAM', field: 'items', reason: 'oneItemPerLine' });
    const blank = await t.call(
      orderCalls.comment,
      { order_no, items: [{ sku_id: blue!._id, rate: 5, content: '   ' }] },
      { token: m.token },
    );
    expect(blank).toMatchObject({ code: 'INVALID_PARAM', reason: 'reviewContentRequired' });

    const photo = await uploadedPng(t, m.id);
    const theirs = await uploadedPng(t, admin.id);
    const stolen = await t.call(
      orderCalls.comment,
      {
        order_no,
        items: [
          { sku_id: blue!._id, rate: 5, content: 'Mine?', images: [theirs] },
          { sku_id: green!._id, rate: 4, content: 'Good colour' },
        ],
      },
      { token: m.token },
    );
    expect(stolen).toMatchObject({ code: 'INVALID_PARAM', reason: 'notYourUpload' });
    const items = [
      { sku_id: blue!._id, rate: 5, content: 'Lovely grip', images: [photo] },
      { sku_id: green!._id, rate: 4, content: 'Good colour' },
    ];
    const done = await t.call(orderCalls.comment, { order_no, items }, { token: m.token });
    expect(done.order).toMatchObject({ reviewed: true, status: ORDER_STATUS.completed });
    expect(done.order.actions).not.toContain('review');
    expect((await t.call(orderCalls.comment, { order_no, items }, { token: m.token })).code).toBe('ALREADY_REVIEWED');

    const page = await t.call(reviewCalls.getGoodsReviews, { goods_id: goods._id });
    expect(page.summary).toEqual({ average: 4.5, count: 2, with_images: 1 });
    expect(page.rows.map((r) => [r.sku_name, r.rate, r.content])).toEqual(
      expect.arrayContaining([
        ['Blue', 5, 'Lovely grip'],
        ['Green', 4, 'Good colour'],
      ]),
    );
    const photos = await t.call(reviewCalls.getGoodsReviews, { goods_id: goods._id, with_images: true });
    expect(photos).toMatchObject({ total: 1, rows: [{ content: 'Lovely grip', images: [photo] }] });
  });

  it('only a completed order can be reviewed', async () => {
    const goods = await twoSkus();
    const { m, order_no } = await completedOrder(goods, false);
    const res = await t.call(
      orderCalls.comment,
      { order_no, items: goods.sku_list.map((s) => ({ sku_id: s._id, rate: 3, content: 'Fine' })) },
      { token: m.token, locale: 'zh-Hans' },
    );
    expect(res).toMatchObject({ code: 'REVIEW_NOT_ALLOWED', msg: '订单完成后才能评价' });
  });

  it('staff hide a review (it leaves the goods page and the average) and reply, audited', async () => {
    const goods = await twoSkus();
    const { m, order_no } = await completedOrder(goods);
    await t.call(
      orderCalls.comment,
      {
        order_no,
        items: [
          { sku_id: goods.sku_list[0]!._id, rate: 1, content: 'Rude words' },
          { sku_id: goods.sku_list[1]!._id, rate: 5, content: 'Great' },
        ],
      },
      { token: m.token },
    );
    const list = await t.call(adminReviewCalls.getList, { goods_id: goods._id, max_rate: 2 }, { token: admin.token });
    expect(list.rows).toHaveLength(1);
    const bad = list.rows[0]!;
    expect(bad).toMatchObject({ order_no, hidden: false, member: { _id: m.id } });
    const hidden = await t.call(adminReviewCalls.setHidden, { _id: bad._id, hidden: true }, { token: admin.token });
    expect(hidden.review.hidden).toBe(true);
    const page = await t.call(reviewCalls.getGoodsReviews, { goods_id: goods._id });
    expect(page.summary).toMatchObject({ average: 5, count: 1 });
    expect(page.rows.map((r) => r.content)).toEqual(['Great']);

    const good = page.rows[0]!;
    await t.call(adminReviewCalls.reply, { _id: good._id, reply: 'Thank you!' }, { token: admin.token });
    const after = await t.call(reviewCalls.getGoodsReviews, { goods_id: goods._id });
    expect(after.rows[0]).toMatchObject({ reply: 'Thank you!', replied_at: t.clock.now().toISOString() });
    expect((await auditEntriesFor(t.app.db, 'review', bad._id))[0]).toMatchObject({
      before: { hidden: false },
      after: { hidden: true },
    });
    const member = await t.call(adminReviewCalls.setHidden, { _id: bad._id, hidden: false }, { token: m.token });
    expect(member.code).toBe('PERMISSION_DENIED');
  });
});
