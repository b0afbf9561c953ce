import { adminDashboardCalls } from '@studio/contract/dashboard';
import { adminOrderCalls, orderCalls } from '@studio/contract/orders';
import { adminReportCalls, previousRange } from '@studio/contract/reports';
import { adminIntegralCalls, walletCalls } from '@studio/contract/wallet';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { grantCoupon } from '../coupons';
import { buildCoupon } from '../coupons/testing';
import { credit, notifySandbox, placeOrder, setPayTypes } from '../orders/testing';
import { paymentRefunds, payments } from '../payments/schema';
import { buildAdmin, buildMember, buildPackage, setMerchant, type TestMember } from '../schedule/testing';
import { walletAccounts, walletLedger } from '../wallet/schema';
import { coursePackage, sellAtDesk, staffWith } from './testing';

/*
 * Issue 26, revenue and what the studio owes, on sales made through the real calls at known times
 * (the studio is in Europe/London: BST in June, so 23:30Z on the 1st is the 2nd there).
 */

const clock = new TestClock('2026-05-28T10:00:00.000Z');
let t: TestApp;
let admin: TestMember;
let buyers: TestMember[];
let goodsBuyer: TestMember;
let granted: TestMember;
let shopper: TestMember;
let coupon: { _id: string };
beforeAll(async () => {
  t = await createTestApp({ clock });
  // Tokens outlive the months this test moves through.
  await setMerchant(t, { tokenTtlDays: 365 });
  admin = await buildAdmin(t);
  await setPayTypes(t, admin.token, ['balance', 'offline', 'sandbox']);
  const pkg = await coursePackage(t, admin, { price: 9000, classes: 10 });
  buyers = [await buildMember(t), await buildMember(t), await buildMember(t), await buildMember(t)];
  // The week before: one sale, the previous period's.
  await sellAtDesk(t, admin, buyers[0]!.id, pkg.skuId, 'cash');

  clock.set('2026-06-01T10:00:00.000Z');
  await sellAtDesk(t, admin, buyers[1]!.id, pkg.skuId, 'cash');
  await sellAtDesk(t, admin, buyers[2]!.id, pkg.skuId, 'card_terminal');
  goodsBuyer = await buildMember(t);
  await credit(t, admin.token, goodsBuyer.id, 5000);
  const goods = await buildGoods(t, admin.token, { sku_list: [{ sku_name: 'Mat', price: 3000, stock: 10 }] });
  const { order_no } = await placeOrder(t, goodsBuyer.token, {
    items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }],
    delivery: 'pickup',
  });
  expect((await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: goodsBuyer.token })).code).toBe(0);
  // Late on the 1st in UTC is the 2nd in London.
  clock.set('2026-06-01T23:30:00.000Z');
  await credit(t, admin.token, buyers[3]!.id, 9000);
  await sellAtDesk(t, admin, buyers[3]!.id, pkg.skuId, 'balance');

  clock.set('2026-06-03T09:00:00.000Z');
  expect(
    (await t.call(orderCalls.applyRefund, { order_no, reason: 'Too thin' }, { token: goodsBuyer.token })).code,
  ).toBe(0);
  expect((await t.call(adminOrderCalls.approveRefund, { order_no }, { token: admin.token })).code).toBe(0);
  await credit(t, admin.token, goodsBuyer.id, -1000);
  const topUp = await t.call(
    walletCalls.topUp,
    { amount: 1234, agree: true, pay_type: 'sandbox' },
    { token: buyers[0]!.token },
  );
  expect(topUp.code, topUp.msg).toBe(0);
  const notified = await notifySandbox(t, {
    event_id: 'evt_report_top_up',
    out_trade_no: topUp.out_trade_no!,
    amount: 1234,
    status: 'succeeded',
  });
  expect(notified.statusCode).toBe(200);
  granted = await buildMember(t);
  await buildPackage(t, granted.id, { classCount: 5 });

  // 20 June: a mat bought with a coupon (5.00 off) and 200 points (2.00).
  clock.set('2026-06-20T10:00:00.000Z');
  shopper = await buildMember(t);
  await credit(t, admin.token, shopper.id, 5000);
  await t.call(adminIntegralCalls.adjust, { user_id: shopper.id, amount: 500, reason: 'Gift' }, { token: admin.token });
  coupon = await buildCoupon(t, admin.token, { name: 'Summer five' });
  // Given by the studio's rule (as an invitation's reward is), then spent at checkout.
  const copy = await t.app.db.transaction((tx) => grantCoupon(tx, shopper.id, coupon._id, clock.now()));
  const bought = await placeOrder(t, shopper.token, {
    items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }],
    delivery: 'pickup',
    use_points: 200,
    coupon_id: copy!.copyId,
  });
  expect(bought.pay_amount).toBe(2300);
  expect(
    (await t.call(orderCalls.pay, { order_no: bought.order_no, pay_type: 'balance' }, { token: shopper.token })).code,
  ).toBe(0);
  clock.set('2026-06-08T12:00:00.000Z');
});
afterAll(() => t.close());

const revenue = (from: string, to: string, interval: 'day' | 'week' | 'month' = 'day') =>
  t.call(adminReportCalls.revenue, { from, to, interval }, { token: admin.token });

/** What the payments ledger says was taken and refunded for orders between two instants. */
async function ledgerMoney(from: string, to: string) {
  const [taken] = await t.app.db
    .select({ sum: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.purpose, 'order'),
        eq(payments.status, 'succeeded'),
        gte(payments.settledAt, new Date(from)),
        lt(payments.settledAt, new Date(to)),
      ),
    );
  const [refunded] = await t.app.db
    .select({ sum: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)::int` })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.status, 'succeeded'),
        gte(paymentRefunds.settledAt, new Date(from)),
        lt(paymentRefunds.settledAt, new Date(to)),
      ),
    );
  return { taken: taken!.sum, refunded: refunded!.sum };
}

describe('revenue', () => {
  it('is what payments took minus what refunds paid back in the range, by day in studio time, by method and kind', async () => {
    const res = await revenue('2026-06-01', '2026-06-07');
    expect(res.code, res.msg).toBe(0);
    // London midnight of the 1st to that of the 8th, in UTC.
    const ledger = await ledgerMoney('2026-05-31T23:00:00Z', '2026-06-07T23:00:00Z');
    expect(res.total).toMatchObject({
      taken: ledger.taken,
      refunded: ledger.refunded,
      net: ledger.taken - ledger.refunded,
    });
    expect(res.total).toMatchObject({
      taken: 9000 + 9000 + 3000 + 9000,
      refunded: 3000,
      net: 27000,
      orders: 4,
      average_order: 7500,
      by_method: { cash: 9000, card_terminal: 9000, balance: 9000 },
      by_kind: { packages: 27000, goods: 0, freight: 0 },
    });
    expect(res.series.map((p) => p.period)).toEqual([
      '2026-06-01',
      '2026-06-02',
      '2026-06-03',
      '2026-06-04',
      '2026-06-05',
      '2026-06-06',
      '2026-06-07',
    ]);
    expect(res.series[0]).toMatchObject({
      taken: 21000,
      refunded: 0,
      orders: 3,
      by_kind: { packages: 18000, goods: 3000 },
    });
    expect(res.series[1]).toMatchObject({ taken: 9000, orders: 1, by_method: { balance: 9000 } });
    expect(res.series[2]).toMatchObject({ taken: 0, refunded: 3000, net: -3000, by_method: { balance: -3000 } });
    const sum = (k: 'taken' | 'refunded' | 'net') => res.series.reduce((s, p) => s + p[k], 0);
    expect([sum('taken'), sum('refunded'), sum('net')]).toEqual([res.total.taken, res.total.refunded, res.total.net]);
  });

  it('keeps wallet top-ups and staff adjustments apart from sales, as the wallet ledger has them', async () => {
    const res = await revenue('2026-06-01', '2026-06-07');
    const [ledger] = await t.app.db
      .select({
        topUps: sql<number>`coalesce(sum(${walletLedger.amount}) filter (where ${walletLedger.kind} = 'top_up'), 0)::int`,
        adjustments: sql<number>`coalesce(sum(${walletLedger.amount}) filter (where ${walletLedger.kind} = 'adjustment'), 0)::int`,
      })
      .from(walletLedger)
      .where(
        and(
          eq(walletLedger.book, 'money'),
          gte(walletLedger.createdAt, new Date('2026-05-31T23:00:00Z')),
          lt(walletLedger.createdAt, new Date('2026-06-07T23:00:00Z')),
        ),
      );
    // The goods buyer's 50.00 in and 10.00 out, and the balance buyer's 90.00.
    expect(res.total).toMatchObject({ top_ups: 1234, wallet_adjustments: 5000 - 1000 + 9000 });
    expect(res.total).toMatchObject({ top_ups: ledger!.topUps, wallet_adjustments: ledger!.adjustments });
  });

  it('compares with the previous period of the same length', async () => {
    expect(previousRange({ from: '2026-06-01', to: '2026-06-07' })).toEqual({ from: '2026-05-25', to: '2026-05-31' });
    const res = await revenue('2026-06-01', '2026-06-07');
    expect(res.previous).toMatchObject({ taken: 9000, refunded: 0, net: 9000, orders: 1, by_method: { cash: 9000 } });
  });

  it('cuts weeks on Mondays and months on the 1st, the first period clipped to the range', async () => {
    const weeks = await revenue('2026-05-28', '2026-06-09', 'week');
    expect(weeks.series.map((p) => [p.period, p.net])).toEqual([
      ['2026-05-28', 9000],
      ['2026-06-01', 27000],
      ['2026-06-08', 0],
    ]);
    const months = await revenue('2026-05-15', '2026-06-30', 'month');
    expect(months.series.map((p) => [p.period, p.net])).toEqual([
      ['2026-05-15', 9000],
      ['2026-06-01', 27000 + 2300],
    ]);
  });

  it('its CSV holds the same periods and totals', async () => {
    const res = await revenue('2026-06-01', '2026-06-07');
    const file = await t.call(
      adminReportCalls.revenueCsv,
      { from: '2026-06-01', to: '2026-06-07' },
      { token: admin.token },
    );
    expect(file.code, file.msg).toBe(0);
    expect(file.filename).toBe('revenue-2026-06-01-2026-06-07.csv');
    const lines = file.csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    const header = lines[0]!;
    const cell = (row: string[], name: string) =>
      Math.round(Number(row[header.indexOf(name)]!.replace(/^'/, '')) * 100);
    const total = lines.find((l) => l[0] === 'total')!;
    expect(['taken', 'refunded', 'net', 'net_packages', 'net_goods', 'net_cash'].map((k) => cell(total, k))).toEqual([
      res.total.taken,
      res.total.refunded,
      res.total.net,
      res.total.by_kind.packages,
      res.total.by_kind.goods,
      res.total.by_method.cash,
    ]);
    const periods = lines.slice(1).filter((l) => /^\d{4}-/.test(l[0]!));
    expect(periods.map((l) => cell(l, 'net'))).toEqual(res.series.map((p) => p.net));
    expect(periods.reduce((s, l) => s + cell(l, 'net'), 0)).toBe(cell(total, 'net'));
    expect(lines.find((l) => l[0] === 'wallet_top_ups')?.[2]).toBe('12.34');
  });

  it('refuses a range out of order or too long as bad input, not a failure', async () => {
    for (const [from, to] of [
      ['2026-06-07', '2026-06-01'],
      ['2024-01-01', '2026-06-01'],
    ]) {
      const res = await t.callRaw(adminReportCalls.revenue.url, { from, to }, { token: admin.token });
      expect(res.code).toBe('INVALID_PARAM');
    }
    const bad = await t.callRaw(
      adminReportCalls.revenue.url,
      { from: '2026-02-30', to: '2026-03-01' },
      { token: admin.token },
    );
    expect(bad.code).toBe('INVALID_PARAM');
  });
});

describe('sales', () => {
  it('goods and packages by units and revenue, refunds taken off, agreeing with the revenue of the range', async () => {
    const res = await t.call(adminReportCalls.sales, { from: '2026-06-01', to: '2026-06-07' }, { token: admin.token });
    expect(res.code, res.msg).toBe(0);
    expect(res.items.map((i) => [i.kind, i.units, i.revenue])).toEqual([
      ['packages', 3, 27000],
      ['goods', 0, 0],
    ]);
    expect(res.skus).toHaveLength(2);
    expect(res.total).toEqual({
      units: 3,
      revenue: 27000,
      coupons_used: 0,
      coupons_cost: 0,
      points_redeemed: 0,
      points_value: 0,
    });
    expect(res.total.revenue).toBe((await revenue('2026-06-01', '2026-06-07')).total.net);
    expect(res.previous).toMatchObject({ units: 1, revenue: 9000 });
  });

  it('coupons used and what they cost, points redeemed and what they took off', async () => {
    const res = await t.call(adminReportCalls.sales, { from: '2026-06-15', to: '2026-06-21' }, { token: admin.token });
    expect(res.items).toEqual([expect.objectContaining({ kind: 'goods', units: 1, revenue: 2300 })]);
    expect(res.coupons).toEqual([{ _id: coupon._id, name: 'Summer five', used: 1, cost: 500 }]);
    expect(res.total).toEqual({
      units: 1,
      revenue: 2300,
      coupons_used: 1,
      coupons_cost: 500,
      points_redeemed: 200,
      points_value: 200,
    });
    const file = await t.call(
      adminReportCalls.salesCsv,
      { from: '2026-06-15', to: '2026-06-21' },
      { token: admin.token },
    );
    const rows = file.csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(rows.find((r) => r[0] === 'total')?.slice(4)).toEqual(['1', '23.00']);
    expect(rows.find((r) => r[0] === 'coupons_total')?.slice(4)).toEqual(['1', '5.00']);
    expect(rows.find((r) => r[0] === 'points_redeemed')?.slice(4)).toEqual(['200', '2.00']);
  });
});

describe('what the studio owes', () => {
  it('owes the credits left at the price paid, the wallet balances and points, and sees packages running out', async () => {
    const res = await t.call(adminReportCalls.liabilities, {}, { token: admin.token });
    expect(res.code, res.msg).toBe(0);
    const [held] = await t.app.db
      .select({
        money: sql<number>`coalesce(sum(${walletAccounts.balance}) filter (where ${walletAccounts.book} = 'money'), 0)::int`,
        points: sql<number>`coalesce(sum(${walletAccounts.balance}) filter (where ${walletAccounts.book} = 'points'), 0)::int`,
      })
      .from(walletAccounts);
    // Four packages sold (10 credits for 90.00 each, none used) and five credits granted (worth nothing).
    expect(res).toMatchObject({
      unused_credits: 4 * 10 + 5,
      unused_credits_value: 4 * 9000,
      wallet_balances: held!.money,
      points_outstanding: held!.points,
      expiring_30d: { packages: 0, credits: 0, value: 0 },
    });
    const owed = await t.app.db.execute(
      sql`select coalesce(sum(remaining_count), 0)::int as n from member_packages where refunded_at is null and (valid_until is null or valid_until > ${clock.now().toISOString()}::timestamptz)`,
    );
    expect(res.unused_credits).toBe((owed as unknown as { rows: { n: number }[] }).rows[0]!.n);

    // 70 days on, the packages sold on 28 May and 1 June end within 30 days; the one of the 2nd too.
    clock.set('2026-08-10T12:00:00.000Z');
    const later = await t.call(adminReportCalls.liabilities, {}, { token: admin.token });
    expect(later.expiring_30d).toEqual({ packages: 4, credits: 40, value: 36000 });
    const csv = await t.call(adminReportCalls.liabilitiesCsv, {}, { token: admin.token });
    expect(csv.csv).toContain('unused_credits_value,360.00');
    clock.set('2026-06-08T12:00:00.000Z');
  });
});

describe('who may read them', () => {
  it('a member is refused; staff with reports.view get in; staff without it are refused', async () => {
    const member = await buildMember(t);
    expect((await t.callRaw(adminReportCalls.liabilities.url, {}, { token: member.token })).code).toBe(
      'PERMISSION_DENIED',
    );
    const reader = await staffWith(t, admin, ['reports.view']);
    expect((await t.call(adminReportCalls.liabilities, {}, { token: reader.token })).code).toBe(0);
    const desk = await staffWith(t, admin, ['classes.manage']);
    expect(
      (await t.callRaw(adminReportCalls.revenue.url, { from: '2026-06-01', to: '2026-06-07' }, { token: desk.token }))
        .code,
    ).toBe('PERMISSION_DENIED');
  });

  it("the dashboard's takings: today, since Monday and 30 days, only for a reader of reports", async () => {
    clock.set('2026-06-03T20:00:00.000Z');
    const owner = await t.call(adminDashboardCalls.get, {}, { token: admin.token });
    expect(owner.code, owner.msg).toBe(0);
    expect(owner.takings?.last_30_days).toHaveLength(30);
    expect(owner.takings?.last_30_days.at(-1)).toEqual({ period: '2026-06-03', net: -3000 });
    expect(owner.takings).toMatchObject({ today: -3000, this_week: 21000 + 9000 - 3000 });
    const reader = await staffWith(t, admin, ['reports.view']);
    expect((await t.call(adminDashboardCalls.get, {}, { token: reader.token })).takings).toEqual(owner.takings);
    const desk = await staffWith(t, admin, ['classes.manage']);
    const plain = await t.call(adminDashboardCalls.get, {}, { token: desk.token });
    expect(plain.code, plain.msg).toBe(0);
    expect(plain.takings).toBeNull();
    clock.set('2026-06-08T12:00:00.000Z');
  });
});
