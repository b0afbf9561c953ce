import { addressCalls } from '@studio/contract/addresses';
import { DOMAIN_EVENT_NAMES } from '@studio/contract/domain-events';
import { adminMerchantCalls } from '@studio/contract/merchant';
import type { OrderInput } from '@studio/contract/orders';
import { orderCalls } from '@studio/contract/orders';
import { SANDBOX_NOTIFY_PATH, SANDBOX_SIGNATURE_HEADER } from '@studio/contract/payments';
import { adminWalletCalls } from '@studio/contract/wallet';
import { expect } from 'vitest';
import { type DomainEvent, inTransaction, replaceSubscribersForTest, type Subscriber } from '../../platform/events';
import type { TestApp } from '../../testing/test-app';
import { skuSnapshots } from '../catalog/service';
import { allSubscribers } from '../index';
import { signSandbox } from '../payments/service';

/** A delivery address saved for the member, their default. */
export async function buildAddress(t: TestApp, token: string) {
  const res = await t.call(
    addressCalls.save,
    {
      contact: 'Ada Member',
      phone: '+44 20 7946 0000',
      country: 'United Kingdom',
      province: 'England',
      city: 'London',
      area: 'Camden',
      address: '1 Studio Lane',
      postcode: 'NW1 1AA',
      unit: 'Flat 2',
    },
    { token },
  );
  expect(res.code, res.msg).toBe(0);
  return res.address;
}

/** An order placed through client/order.createOrder (asserted to succeed). */
export async function placeOrder(t: TestApp, token: string, input: OrderInput) {
  const res = await t.call(orderCalls.createOrder, input, { token });
  expect(res.code, res.msg).toBe(0);
  return res;
}

export async function credit(t: TestApp, adminToken: string, userId: string, amount: number) {
  const res = await t.call(
    adminWalletCalls.adjust,
    { user_id: userId, amount, reason: 'Test credit' },
    { token: adminToken },
  );
  expect(res.code, res.msg).toBe(0);
}

/** A SKU's stock, read through the catalog's service. */
export async function stockOf(t: TestApp, skuId: string): Promise<number> {
  return (await skuSnapshots(t.app.db, [skuId])).get(skuId)!.sku.stock;
}

/** Sends a notification as the sandbox provider would (signed with the app's secret unless told). */
export async function notifySandbox(
  t: TestApp,
  body: { event_id: string; out_trade_no: string; amount: number; status: 'succeeded' | 'failed' },
  signature?: string,
) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: SANDBOX_NOTIFY_PATH,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signature ?? signSandbox(t.app.deps.sandboxSecret, raw),
    },
    payload: raw,
  });
}

/** Switches the studio's payment types (admin/merchant.save). */
export async function setPayTypes(
  t: TestApp,
  adminToken: string,
  payTypes: ('balance' | 'offline' | 'sandbox' | 'stripe')[],
) {
  const res = await t.call(adminMerchantCalls.save, { pay_types: payTypes }, { token: adminToken });
  expect(res.code, res.msg).toBe(0);
}

/**
 * Records every domain event emitted in a committed or rolled-back transaction: the app's subscribers
 * with one in-transaction recorder per event after them. `install()` puts them in place and answers
 * the function that puts the app's back.
 */
export function eventRecorder() {
  const seen: DomainEvent[] = [];
  const recorders: Subscriber[] = DOMAIN_EVENT_NAMES.map((name) =>
    inTransaction(name, `test.record.${name}`, async (_work, event) => {
      seen.push(event as DomainEvent);
    }),
  );
  return { seen, install: () => replaceSubscribersForTest([...allSubscribers, ...recorders]) };
}
