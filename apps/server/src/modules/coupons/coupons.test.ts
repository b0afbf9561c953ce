import { adminCouponCalls, couponCalls, discountLabel } from '@studio/contract/coupons';
import { adminMerchantCalls } from '@studio/contract/merchant';
import { orderCalls } from '@studio/contract/orders';
import { shopCalls } from '@studio/contract/shop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditEntriesFor } from '../audit/testing';
import { buildGoods } from '../catalog/testing';
import { buildAddress, placeOrder } from '../orders/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { coupons, memberCoupons } from './schema';
import { buildCoupon, claimCoupon } from './testing';

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

async function couponRow(id: string) {
  const [row] = await t.app.db.select().from(coupons).where(eq(coupons.id, id));
  return row!;
}

async function copiesOf(couponId: string) {
  return t.app.db.select().from(memberCoupons).where(eq(memberCoupons.couponId, couponId));
}

describe('coupon rules (contract)', () => {
  it('reads discounts the way the spec shows them', () => {
    expect(discountLabel(10, 'en')).toBe('Original price');
    expect(discountLabel(0, 'zh-Hans')).toBe('免费');
    expect(discountLabel(8.5, 'zh-Hans')).toBe('8.5折');
    expect(discountLabel(8.5, 'en')).toBe('15% off');
  });
});

describe('staff define coupons', () => {
  it('refuses a proportion outside 0–10, a missing rule and a member without shop.manage', async () => {
    const base = {
      name: 'Discount',
      type: 2 as const,
      coupon_rule: { min_amount: 0, discount_amount: 0 },
      effective_time_rule: { type: 1, end_dynamic_time: 10 },
      total: 10,
    };
    for (const [discount_proportion, reason] of [
      [10.5, 'discountAboveOriginal'],
      [-1, 'discountBelowZero'],
      [8.55, 'oneDecimal'],
    ] as const) {
      const res = await t.call(adminCouponCalls.save, { ...base, discount_proportion }, { token: admin.token });
      expect(res).toMatchObject({ code: 'INVALID_PARAM', reason });
    }
    const missing = await t.call(adminCouponCalls.save, base, { token: admin.token });
    expect(missing).toMatchObject({ code: 'INVALID_PARAM', field: 'discount_proportion' });
    const member = await buildMember(t);
    const denied = await t.call(adminCouponCalls.save, { ...base, discount_proportion: 8 }, { token: member.token });
    expect(denied.code).toBe('PERMISSION_DENIED');
  });

  it('saves, edits (never below what was claimed) and audits', async () => {
    const coupon = await buildCoupon(t, admin.token, {
      total: 3,
      per_member_limit: 2,
      name: { en: 'Spring', 'zh-Hans': '春季' },
    });
    const m = await buildMember(t);
    await claimCoupon(t, m.token, coupon._id);
    await claimCoupon(t, m.token, coupon._id);
    const lower = await t.call(
      adminCouponCalls.save,
      {
        _id: coupon._id,
        name: 'Spring',
        type: 1,
        coupon_rule: { min_amount: 2000, discount_amount: 500 },
        effective_time_rule: { type: 1, end_dynamic_time: 30 },
        total: 1,
      },
      { token: admin.token },
    );
    expect(lower).toMatchObject({ code: 'INVALID_PARAM', field: 'total', reason: 'belowClaimed' });
    const zh = await t.call(couponCalls.getCoupon, { coupon_id: coupon._id }, { locale: 'zh-Hans' });
    expect(zh.coupon.name).toBe('春季');
    expect((await auditEntriesFor(t.app.db, 'coupon', coupon._id)).length).toBe(1);
  });
});

describe('claiming', () => {
  it("gives a copy valid from the claim for the coupon's days, and shows it in the centre and my coupons", async () => {
    const coupon = await buildCoupon(t, admin.token, {
      effective_time_rule: { type: 1, start_dynamic_time: 1, end_dynamic_time: 4 },
      per_member_limit: 2,
    });
    const m = await buildMember(t);
    const copy = await claimCoupon(t, m.token, coupon._id);
    const now = t.clock.now().getTime();
    expect(copy).toMatchObject({
      status: 'not_started',
      starts_at: new Date(now + DAY).toISOString(),
      ends_at: new Date(now + 4 * DAY).toISOString(),
      source: 'center',
    });
    const center = await t.call(couponCalls.getCenter, {}, { token: m.token });
    expect(center.rows.find((c) => c._id === coupon._id)).toMatchObject({ claimed_by_me: 1, can_claim: true });
    await claimCoupon(t, m.token, coupon._id);
    const third = await t.call(couponCalls.claim, { coupon_id: coupon._id }, { token: m.token });
    expect(third).toMatchObject({ code: 'COUPON_LIMIT_REACHED', msg: 'You can claim this coupon 2 time(s) at most' });
    const after = await t.call(couponCalls.getCenter, {}, { token: m.token });
    expect(after.rows.find((c) => c._id === coupon._id)).toMatchObject({ can_claim: false, blocked: 'limit_reached' });

    expect((await t.call(couponCalls.getList, { tab: 'usable' }, { token: m.token })).total).toBe(2);
    t.clock.advance(5 * DAY);
    expect((await t.call(couponCalls.getList, { tab: 'usable' }, { token: m.token })).total).toBe(0);
    const expired = await t.call(couponCalls.getList, { tab: 'expired' }, { token: m.token });
    expect(expired.rows.map((r) => r.status)).toEqual(['expired', 'expired']);
  });

  it('stops at the total, and refuses a disabled or ended coupon', async () => {
    const coupon = await buildCoupon(t, admin.token, { total: 1 });
    await claimCoupon(t, (await buildMember(t)).token, coupon._id);
    const late = await t.call(couponCalls.claim, { coupon_id: coupon._id }, { token: (await buildMember(t)).token });
    expect(late.code).toBe('COUPON_SOLD_OUT');
    const ended = await buildCoupon(t, admin.token, {
      effective_time_rule: {
        type: 0,
        start_fixed_time: new Date(t.clock.now().getTime() - 2 * DAY).toISOString(),
        end_fixed_time: new Date(t.clock.now().getTime() - DAY).toISOString(),
      },
    });
    const res = await t.call(couponCalls.claim, { coupon_id: ended._id }, { token: (await buildMember(t)).token });
    expect(res.code).toBe('COUPON_ENDED');
    expect((await couponRow(ended._id)).claimed).toBe(0);
  });

  it('300 members claiming a batch of 100 at once get exactly 100', async () => {
    const coupon = await buildCoupon(t, admin.token, { total: 100 });
    const members = await Promise.all(Array.from({ length: 300 }, () => buildMember(t)));
    const answers = await Promise.all(
      members.map((m) => t.call(couponCalls.claim, { coupon_id: coupon._id }, { token: m.token })),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(100);
    expect(codes.filter((c) => c !== 0).every((c) => c === 'COUPON_SOLD_OUT')).toBe(true);
    expect((await couponRow(coupon._id)).claimed).toBe(100);
    expect(await copiesOf(coupon._id)).toHaveLength(100);
  });

  it('one member claiming past the limit in parallel gets the limit', async () => {
    const coupon = await buildCoupon(t, admin.token, { total: 50, per_member_limit: 3 });
    const m = await buildMember(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => t.call(couponCalls.claim, { coupon_id: coupon._id }, { token: m.token })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.code === 'COUPON_LIMIT_REACHED')).toHaveLength(9);
    expect((await couponRow(coupon._id)).claimed).toBe(3);
    expect(await copiesOf(coupon._id)).toHaveLength(3);
  });
});

describe('exchange codes', () => {
  it("are generated in the studio's length and claim once; a wrong length is named", async () => {
    const coupon = await buildCoupon(t, admin.token, { in_center: false });
    const { codes } = await t.call(
      adminCouponCalls.generateCodes,
      { coupon_id: coupon._id, count: 5 },
      { token: admin.token },
    );
    expect(codes).toHaveLength(5);
    expect(new Set(codes).size).toBe(5);
    for (const code of codes) expect(code).toMatch(/^[2-9A-Z]{12}$/);
    const m = await buildMember(t);
    const copy = await t.call(couponCalls.exchange, { code: codes[0]!.toLowerCase() }, { token: m.token });
    expect(copy).toMatchObject({ code: 0, member_coupon: { source: 'code', coupon: { _id: coupon._id } } });
    const again = await t.call(couponCalls.exchange, { code: codes[0]! }, { token: (await buildMember(t)).token });
    expect(again.code).toBe('EXCHANGE_FAILED');
    const short = await t.call(couponCalls.exchange, { code: 'ABC' }, { token: m.token, locale: 'zh-Hans' });
    expect(short).toMatchObject({ code: 'EXCHANGE_CODE_LENGTH', msg: '兑换码应为 12 位' });
    const list = await t.call(adminCouponCalls.getCodes, { coupon_id: coupon._id }, { token: admin.token });
    expect(list.rows.filter((r) => r.redeemed_by === m.id)).toHaveLength(1);
    const info = await t.call(adminCouponCalls.getInfo, { _id: coupon._id }, { token: admin.token });
    expect(info.coupon).toMatchObject({ codes: 5, codes_redeemed: 1, claimed: 1 });

    await t.call(adminMerchantCalls.save, { exchange_code_length: 16 }, { token: admin.token });
    const longer = await t.call(
      adminCouponCalls.generateCodes,
      { coupon_id: coupon._id, count: 1 },
      { token: admin.token },
    );
    expect(longer.codes[0]).toHaveLength(16);
    await t.call(adminMerchantCalls.save, { exchange_code_length: 12 }, { token: admin.token });
  });

  it('a code redeemed by 20 members at once claims once', async () => {
    const coupon = await buildCoupon(t, admin.token, { in_center: false });
    const { codes } = await t.call(
      adminCouponCalls.generateCodes,
      { coupon_id: coupon._id, count: 1 },
      { token: admin.token },
    );
    const members = await Promise.all(Array.from({ length: 20 }, () => buildMember(t)));
    const answers = await Promise.all(
      members.map((m) => t.call(couponCalls.exchange, { code: codes[0]! }, { token: m.token })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 'EXCHANGE_FAILED')).toHaveLength(19);
    expect(await copiesOf(coupon._id)).toHaveLength(1);
    expect((await couponRow(coupon._id)).claimed).toBe(1);
  });
});

describe('goods a coupon applies to', () => {
  it("the goods list filtered by coupon_id shows the coupon's goods, or all for a coupon on everything", async () => {
    const a = await buildGoods(t, admin.token);
    const b = await buildGoods(t, admin.token);
    const limited = await buildCoupon(t, admin.token, { goods_ids: [a._id] });
    const list = await t.call(shopCalls.getGoodsList, { coupon_id: limited._id, pageSize: 100 });
    expect(list.rows.map((g) => g._id)).toEqual([a._id]);
    const all = await buildCoupon(t, admin.token);
    const everything = await t.call(shopCalls.getGoodsList, { coupon_id: all._id, pageSize: 100 });
    expect(everything.rows.map((g) => g._id)).toEqual(expect.arrayContaining([a._id, b._id]));
    expect((await t.call(shopCalls.getGoodsList, { coupon_id: 'nope' })).code).toBe('NOT_FOUND');
  });
});

describe('checkout with a coupon', () => {
  async function shopper() {
    const m = await buildMember(t);
    await buildAddress(t, m.token);
    return m;
  }

  it('lists usable copies first with why the others are not, takes the coupon off, and returns it on cancel', async () => {
    const mat = await buildGoods(t, admin.token, { sku_list: [{ sku_name: 'Blue', price: 1500, stock: 10 }] });
    const other = await buildGoods(t, admin.token, { sku_list: [{ sku_name: 'Red', price: 900, stock: 10 }] });
    const fiveOff = await buildCoupon(t, admin.token, { coupon_rule: { min_amount: 2000, discount_amount: 500 } });
    const onlyOther = await buildCoupon(t, admin.token, { goods_ids: [other._id] });
    const tenPercent = await buildCoupon(t, admin.token, {
      type: 2,
      discount_proportion: 9,
      coupon_rule: { min_amount: 0, discount_amount: 0 },
    });
    const m = await shopper();
    const five = await claimCoupon(t, m.token, fiveOff._id);
    await claimCoupon(t, m.token, onlyOther._id);
    const ten = await claimCoupon(t, m.token, tenPercent._id);
    const items = [{ sku_id: mat.sku_list[0]!._id, buy_num: 2 }];

    const { preview } = await t.call(orderCalls.previewOrder, { items }, { token: m.token });
    expect(preview.coupons.map((c) => [c.member_coupon._id, c.usable, c.reason, c.deduction])).toEqual([
      [five._id, true, null, 500],
      [ten._id, true, null, 300],
      [expect.any(String), false, 'no_eligible_goods', 0],
    ]);
    expect(preview.coupon_id).toBeNull();

    const withTen = await t.call(orderCalls.previewOrder, { items, coupon_id: ten._id }, { token: m.token });
    expect(withTen.preview).toMatchObject({ goods_amount: 3000, coupon_amount: 300, coupon_id: ten._id });

    const placed = await placeOrder(t, m.token, { items, coupon_id: five._id });
    expect(placed.pay_amount).toBe(2500 + (withTen.preview.freight_amount ?? 0));
    const info = await t.call(orderCalls.getInfo, { order_no: placed.order_no }, { token: m.token });
    expect(info.orderInfo).toMatchObject({ coupon_amount: 500, pay_amount: placed.pay_amount });
    const used = await t.call(couponCalls.getDetail, { _id: five._id }, { token: m.token });
    expect(used.member_coupon).toMatchObject({ status: 'used', order_no: placed.order_no });
    expect((await couponRow(fiveOff._id)).used).toBe(1);

    // One coupon, one order: the same copy cannot be spent again.
    const twice = await t.call(orderCalls.createOrder, { items, coupon_id: five._id }, { token: m.token });
    expect(twice.code).toBe('COUPON_INVALID');

    await t.call(orderCalls.cancel, { order_no: placed.order_no }, { token: m.token });
    const back = await t.call(couponCalls.getDetail, { _id: five._id }, { token: m.token });
    expect(back.member_coupon).toMatchObject({ status: 'usable', order_no: null });
    expect((await couponRow(fiveOff._id)).used).toBe(0);
  });

  it("refuses a copy below its minimum spend, someone else's, or an expired one", async () => {
    const cheap = await buildGoods(t, admin.token, { sku_list: [{ sku_name: 'Cup', price: 500, stock: 10 }] });
    const coupon = await buildCoupon(t, admin.token);
    const m = await shopper();
    const copy = await claimCoupon(t, m.token, coupon._id);
    const items = [{ sku_id: cheap.sku_list[0]!._id, buy_num: 1 }];
    const below = await t.call(orderCalls.previewOrder, { items, coupon_id: copy._id }, { token: m.token });
    expect(below.preview.problems).toEqual([{ reason: 'coupon_invalid', sku_id: null, stock: null }]);
    expect(below.preview.coupons[0]).toMatchObject({ usable: false, reason: 'below_min_amount' });
    expect((await t.call(orderCalls.createOrder, { items, coupon_id: copy._id }, { token: m.token })).code).toBe(
      'COUPON_INVALID',
    );
    const other = await shopper();
    const theirs = await t.call(
      orderCalls.createOrder,
      { items: [{ sku_id: cheap.sku_list[0]!._id, buy_num: 5 }], coupon_id: copy._id },
      { token: other.token },
    );
    expect(theirs.code).toBe('COUPON_INVALID');
  });

  it('two orders racing for one copy: one gets it', async () => {
    const mat = await buildGoods(t, admin.token, { sku_list: [{ sku_name: 'Blue', price: 3000, stock: 10 }] });
    const coupon = await buildCoupon(t, admin.token);
    const m = await shopper();
    const copy = await claimCoupon(t, m.token, coupon._id);
    const items = [{ sku_id: mat.sku_list[0]!._id, buy_num: 1 }];
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call(orderCalls.createOrder, { items, coupon_id: copy._id }, { token: m.token }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 'COUPON_INVALID')).toHaveLength(3);
    expect((await couponRow(coupon._id)).used).toBe(1);
  });
});
