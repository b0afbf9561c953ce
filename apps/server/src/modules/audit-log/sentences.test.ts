import { adminUserCalls } from '@studio/contract/account';
import { AUDIT_CHANGES, type AuditEntry, adminAuditCalls } from '@studio/contract/audit';
import { adminCouponCalls } from '@studio/contract/coupons';
import { adminOrderCalls, orderCalls } from '@studio/contract/orders';
import { adminPackageCalls } from '@studio/contract/packages';
import { accessGroupOf } from '@studio/contract/protocol-core';
import { adminReservationCalls } from '@studio/contract/reservations';
import { adminScheduleCalls } from '@studio/contract/schedule';
import { adminShopCalls } from '@studio/contract/shop';
import { adminIntegralCalls } from '@studio/contract/wallet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { buildCoupon } from '../coupons/testing';
import { allCalls } from '../index';
import { buildAddress, credit, placeOrder } from '../orders/testing';
import { buildAdmin, buildMember, buildSession, type TestMember } from '../schedule/testing';

// The audit log reads as sentences: each entry names its kind of change, its sentence and what the
// sentence says (names resolved when read), and the log filters by kind of change.

let t: TestApp;
let admin: TestMember;
let auditor: TestMember;
const START = '2026-11-22T09:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildMember(t, { roles: ['member', 'admin'], nickname: 'Ada Admin' });
  auditor = await buildAdmin(t);
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

/** The newest entry about one object. */
async function latest(objectType: string, objectId: string): Promise<AuditEntry> {
  const page = await t.call(
    adminAuditCalls.getList,
    { object_type: objectType, object_id: objectId },
    { token: auditor.token },
  );
  return page.rows[0]!;
}

describe('every audited call has its sentence', () => {
  it('lists each staff write of the server in AUDIT_CHANGES (a read is named get… or export…, or is a report)', () => {
    const known = new Set<string>(AUDIT_CHANGES.map((c) => c.action));
    const writes = allCalls
      .map(({ def }) => def.url)
      .filter((url) => url.startsWith('admin/') && accessGroupOf(url) !== 'pub')
      .filter((url) => !/\.(get|export)[A-Za-z]*$/.test(url))
      // The owner's reports keep the names issue 26 gave them (admin/report.revenue, .csv…): all reads.
      .filter((url) => !url.startsWith('admin/report.'));
    expect(writes.filter((url) => !known.has(url))).toEqual([]);
    // Staff's own work outside the back office: scanning codes and the teacher's check-ins.
    expect(known).toContain('client/verify.scan');
    expect(known).toContain('client/teacher.checkIn');
  });
});

describe('sentences', () => {
  it('an order shipped: who, the order number, the carrier and tracking number', async () => {
    const goods = await buildGoods(t, admin.token);
    const m = await buildMember(t, { nickname: 'Mia Member' });
    await buildAddress(t, m.token);
    await credit(t, admin.token, m.id, 10_000);
    const { order_no } = await placeOrder(t, m.token, { items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }] });
    await t.call(orderCalls.pay, { order_no, pay_type: 'balance' }, { token: m.token });
    await t.call(
      adminOrderCalls.ship,
      { order_no, express_name: 'Royal Mail', express_no: 'RM123456785GB' },
      { token: admin.token },
    );
    expect(await latest('order', order_no)).toMatchObject({
      actor: { nickname: 'Ada Admin' },
      kind: 'orders',
      sentence: { key: 'orderShipped', params: { order: order_no, carrier: 'Royal Mail', tracking: 'RM123456785GB' } },
    });
    // The wallet credit before it: the member and the money, signed.
    const wallet = await latest('wallet', m.id);
    expect(wallet).toMatchObject({
      kind: 'wallet',
      object_name: 'Mia Member',
      sentence: { key: 'walletAdjusted', params: { member: 'Mia Member', money_delta: 10_000, reason: 'Test credit' } },
    });
  });

  it('goods: created, taken off sale (named though the entry does not say), stock moved on a SKU', async () => {
    const goods = await buildGoods(t, admin.token, {
      name: 'Cork Block',
      sku_list: [{ sku_name: 'Natural', price: 1200, stock: 10, weight: 300 }],
    });
    expect(await latest('goods', goods._id)).toMatchObject({
      sentence: { key: 'goodsSaved', context: 'created', params: { name: 'Cork Block' } },
    });
    await t.call(adminShopCalls.setOnSale, { _id: goods._id, is_on_sale: false }, { token: admin.token });
    expect(await latest('goods', goods._id)).toMatchObject({
      kind: 'goods',
      sentence: { key: 'goodsOnSale', context: 'off', params: { name: 'Cork Block' } },
    });
    const skuId = goods.sku_list[0]!._id;
    await t.call(adminShopCalls.adjustStock, { sku_id: skuId, delta: -3, reason: 'Damaged' }, { token: admin.token });
    expect(await latest('sku', skuId)).toMatchObject({
      sentence: {
        key: 'stockAdjusted',
        params: { name: 'Cork Block · Natural', delta: -3, count: 7, reason: 'Damaged' },
      },
    });
  });

  it('a category deleted still reads by its name', async () => {
    const { category } = await t.call(adminShopCalls.saveCategory, { name: 'Props' }, { token: admin.token });
    await t.call(adminShopCalls.deleteCategory, { _id: category._id }, { token: admin.token });
    expect(await latest('category', category._id)).toMatchObject({
      object_name: 'Props',
      sentence: { key: 'categoryDeleted', params: { name: 'Props' } },
    });
  });

  it('classes: a room created then edited, a member added as a drop-in and removed, roles and packages', async () => {
    const { room } = await t.call(
      adminScheduleCalls.saveRoom,
      { name: 'Sun Room', capacity: 8 },
      { token: admin.token },
    );
    expect((await latest('room', room._id)).sentence).toMatchObject({ key: 'roomSaved', context: 'created' });
    await t.call(adminScheduleCalls.saveRoom, { _id: room._id, name: 'Sun Room', capacity: 9 }, { token: admin.token });
    const edited = await latest('room', room._id);
    expect(edited.sentence).toEqual({ key: 'roomSaved', params: { name: 'Sun Room' } });

    const session = await buildSession(t);
    const m = await buildMember(t, { nickname: 'Noor Walkin' });
    const { reservation } = await t.call(
      adminReservationCalls.addToRoster,
      { session_id: session.id, user_id: m.id, pay: { kind: 'drop_in', amount: 1500, method: 'cash' } },
      { token: admin.token },
    );
    const added = await latest('reservation', reservation._id);
    expect(added).toMatchObject({
      kind: 'classes',
      sentence: {
        key: 'memberAdded',
        context: 'dropIn',
        params: {
          member: 'Noor Walkin',
          name: reservation.session.course_name,
          when: reservation.session.starts_at,
          amount: 1500,
          method: 'cash',
        },
      },
    });
    await t.call(adminReservationCalls.cancelReservation, { _id: reservation._id }, { token: admin.token });
    expect((await latest('reservation', reservation._id)).sentence).toMatchObject({
      key: 'memberRemoved',
      params: { member: 'Noor Walkin', name: reservation.session.course_name },
    });

    await t.call(
      adminUserCalls.setRoles,
      { user_id: m.id, roles: ['member'], is_verify_staff: true },
      { token: admin.token },
    );
    expect(await latest('member', m.id)).toMatchObject({
      kind: 'roles',
      sentence: { key: 'rolesChanged', params: { member: 'Noor Walkin' } },
    });
    const { package: pkg } = await t.call(
      adminPackageCalls.grantPackage,
      { user_id: m.id, name: 'Welcome pass', class_count: 3 },
      { token: admin.token },
    );
    await t.call(
      adminPackageCalls.adjustCredits,
      { _id: pkg._id, delta: 2, reason: 'Goodwill' },
      { token: admin.token },
    );
    expect(await latest('package', pkg._id)).toMatchObject({
      kind: 'packages',
      sentence: {
        key: 'packageCreditsAdjusted',
        params: { member: 'Noor Walkin', name: 'Welcome pass', delta: 2, reason: 'Goodwill' },
      },
    });
    await t.call(adminIntegralCalls.adjust, { user_id: m.id, amount: 50, reason: 'Referral' }, { token: admin.token });
    expect((await latest('points', m.id)).sentence).toEqual({
      key: 'pointsAdjusted',
      params: { member: 'Noor Walkin', delta: 50, reason: 'Referral' },
    });
  });

  it('codes made for a coupon name the coupon', async () => {
    const coupon = await buildCoupon(t, admin.token, { name: 'Spring ten' });
    await t.call(adminCouponCalls.generateCodes, { coupon_id: coupon._id, count: 3 }, { token: admin.token });
    expect((await latest('coupon', coupon._id)).sentence).toEqual({
      key: 'couponCodesMade',
      params: { name: 'Spring ten', count: 3 },
    });
  });

  it('an entry the table does not know keeps a fallback: no sentence, its object still named when it can be', async () => {
    await t.app.db.execute(
      `insert into audit_log (id, at, actor_id, action, object_type, object_id, before, after)
       values ('unknown-1', '${START}', '${admin.id}', 'admin/thing.frob', 'room', 'r-gone', null, '{"name":"Old Room"}')`,
    );
    expect(await latest('room', 'r-gone')).toMatchObject({
      kind: null,
      sentence: null,
      object_name: 'Old Room',
      action: 'admin/thing.frob',
    });
  });
});

describe('the kind filter', () => {
  it('shows only the changes of one kind, and covers each row of AUDIT_CHANGES', async () => {
    const { room } = await t.call(
      adminScheduleCalls.saveRoom,
      { name: 'Kind Room', capacity: 5 },
      { token: admin.token },
    );
    const m = await buildMember(t);
    await credit(t, admin.token, m.id, 500);
    const classes = await t.call(adminAuditCalls.getList, { kind: 'classes', pageSize: 100 }, { token: auditor.token });
    expect(classes.rows.map((r) => r.object_id)).toContain(room._id);
    expect(new Set(classes.rows.map((r) => r.kind))).toEqual(new Set(['classes']));
    const wallet = await t.call(adminAuditCalls.getList, { kind: 'wallet', pageSize: 100 }, { token: auditor.token });
    expect(wallet.rows.map((r) => r.object_id)).toContain(m.id);
    expect(wallet.rows.every((r) => r.sentence?.key === 'walletAdjusted')).toBe(true);
    expect((await t.callRaw(adminAuditCalls.getList.url, { kind: 'nonsense' }, { token: auditor.token })).code).toBe(
      'INVALID_PARAM',
    );
  });
});
