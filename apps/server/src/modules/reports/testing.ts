import { adminUserCalls } from '@studio/contract/account';
import { adminOrderCalls, type DeskSaleMethod } from '@studio/contract/orders';
import type { Permission } from '@studio/contract/permissions';
import { expect } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { buildMember, type TestMember } from '../schedule/testing';

/** A back-office member holding exactly these permissions (set by the admin). */
export async function staffWith(t: TestApp, admin: TestMember, permission: Permission[]): Promise<TestMember> {
  const m = await buildMember(t);
  const res = await t.call(
    adminUserCalls.setRoles,
    { user_id: m.id, roles: ['member'], is_verify_staff: false, permission },
    { token: admin.token },
  );
  expect(res.code, res.msg).toBe(0);
  return m;
}

/** A course package on sale: `classes` credits for `price`, valid 90 days from purchase. */
export async function coursePackage(t: TestApp, admin: TestMember, o: { price?: number; classes?: number } = {}) {
  const goods = await buildGoods(t, admin.token, {
    type: 1,
    exp_time_mode: 2,
    exp_time_rule: [0, 90],
    sku_list: [
      { sku_name: `${o.classes ?? 10} classes`, price: o.price ?? 9000, stock: 1000, class_count: o.classes ?? 10 },
    ],
  });
  return { goodsId: goods._id, skuId: goods.sku_list[0]!._id };
}

let sales = 0;
/** A package sold at the desk (admin/order.sellPackage), paid by `method`: answers the order number. */
export async function sellAtDesk(t: TestApp, who: TestMember, userId: string, skuId: string, method: DeskSaleMethod) {
  const res = await t.call(
    adminOrderCalls.sellPackage,
    { user_id: userId, sku_id: skuId, method, request_id: `report-sale-${++sales}-${Date.now()}` },
    { token: who.token },
  );
  expect(res.code, res.msg).toBe(0);
  return res.order.order_no;
}
