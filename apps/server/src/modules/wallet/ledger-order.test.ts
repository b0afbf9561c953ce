import { orderCalls } from '@studio/contract/orders';
import {
  adminIntegralCalls,
  adminWalletCalls,
  integralCalls,
  type WalletEntryRecord,
  walletCalls,
} from '@studio/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { credit, notifySandbox, placeOrder, setPayTypes } from '../orders/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { expectLedgersBalanced } from './testing';

/**
 * While `rewinding`, every read answers a second earlier than the one before: as if each request
 * that read the clock later had waited less for the account's lock than the ones before it. Entries
 * stamped when their request starts then disagree with the order in which they committed, as they
 * do under load (a shared TestClock stamps them all alike, and ties fall to chance).
 */
class RewindingClock extends TestClock {
  rewinding = false;
  override now(): Date {
    if (this.rewinding) this.advance(-1000);
    return super.now();
  }
}

const clock = new RewindingClock();
let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await buildAdmin(t);
  await setPayTypes(t, admin.token, ['balance', 'sandbox']);
});
afterAll(() => t.close());

/** Fires the writes together with the clock rewinding, then lets it run forward again. */
async function race<T>(writes: (() => Promise<T>)[]): Promise<T[]> {
  clock.rewinding = true;
  try {
    return await Promise.all(writes.map((w) => w()));
  } finally {
    clock.rewinding = false;
  }
}

/** A whole history, newest first, read page by page as the apps do. */
async function wholeHistory(read: (pageIndex: number) => Promise<{ rows: WalletEntryRecord[]; hasMore: boolean }>) {
  const rows: WalletEntryRecord[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await read(pageIndex);
    rows.push(...page.rows);
    if (!page.hasMore) return rows;
  }
}

/** Oldest to newest, each balance_after is the one before plus its amount, and the newest is the balance. */
function expectRunningBalance(newestFirst: WalletEntryRecord[], balance: number) {
  const entries = [...newestFirst].reverse();
  let running = 0;
  entries.forEach((e, n) => {
    running += e.amount;
    expect(e.balance_after, `entry ${n} of ${entries.length} (${e.kind} ${e.amount})`).toBe(running);
  });
  expect(newestFirst[0]?.balance_after).toBe(balance);
  expect(new Set(newestFirst.map((e) => e._id)).size).toBe(newestFirst.length);
}

describe('the wallet and points history', () => {
  it('runs in commit order: racing top-ups, payments and adjustments each follow the balance before them', async () => {
    const m = await buildMember(t);
    await credit(t, admin.token, m.id, 50_000);
    const goods = await buildGoods(t, admin.token);
    const orders = [];
    for (let i = 0; i < 4; i++)
      orders.push(
        await placeOrder(t, m.token, { items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }], delivery: 'pickup' }),
      );
    const topUps = [];
    for (let i = 0; i < 6; i++)
      topUps.push(
        await t.call(walletCalls.topUp, { amount: 1000 + i, agree: true, pay_type: 'sandbox' }, { token: m.token }),
      );

    const answers = await race<{ ok: boolean }>([
      ...orders.map(({ order_no }) => async () => {
        const paid = await t.callRaw(orderCalls.pay.url, { order_no, pay_type: 'balance' }, { token: m.token });
        return { ok: paid.code === 0 };
      }),
      ...topUps.map(({ out_trade_no }, i) => async () => {
        const body = {
          event_id: `evt_order_${i}`,
          out_trade_no: out_trade_no!,
          amount: 1000 + i,
          status: 'succeeded',
        } as const;
        return { ok: (await notifySandbox(t, body)).statusCode === 200 };
      }),
      ...Array.from({ length: 14 }, (_, i) => async () => {
        const amount = i % 2 ? -(700 + i) : 300 + i;
        const adjusted = await t.callRaw(
          adminWalletCalls.adjust.url,
          { user_id: m.id, amount, reason: `Race ${i}` },
          { token: admin.token },
        );
        return { ok: adjusted.code === 0 };
      }),
    ]);
    expect(answers.every((a) => a.ok)).toBe(true);

    const balance = (await t.call(walletCalls.getBalance, {}, { token: m.token })).balance;
    const mine = await wholeHistory((pageIndex) =>
      t.call(walletCalls.getLedger, { pageIndex, pageSize: 7 }, { token: m.token }),
    );
    expect(mine).toHaveLength(1 + 4 + 6 + 14);
    expectRunningBalance(mine, balance);
    // The back office reads the same history, in the same order, beside the same balance.
    const seenByStaff = await wholeHistory((pageIndex) =>
      t.call(adminWalletCalls.getLedger, { user_id: m.id, pageIndex, pageSize: 5 }, { token: admin.token }),
    );
    expect(seenByStaff.map((e) => e._id)).toEqual(mine.map((e) => e._id));
    const staffPage = await t.call(adminWalletCalls.getLedger, { user_id: m.id }, { token: admin.token });
    expect(staffPage.balance).toBe(balance);
    await expectLedgersBalanced(t);
  });

  it('points run in commit order too', async () => {
    const m = await buildMember(t);
    const adjust = (amount: number) =>
      t.callRaw(adminIntegralCalls.adjust.url, { user_id: m.id, amount, reason: 'Race' }, { token: admin.token });
    expect((await adjust(5000)).code).toBe(0);
    const answers = await race(Array.from({ length: 20 }, (_, i) => () => adjust(i % 3 ? 40 + i : -(90 + i))));
    expect(answers.map((a) => a.code)).toEqual(Array(20).fill(0));

    const balance = (await t.call(integralCalls.getBalance, {}, { token: m.token })).balance;
    const mine = await wholeHistory((pageIndex) =>
      t.call(integralCalls.getLedger, { pageIndex, pageSize: 6 }, { token: m.token }),
    );
    expect(mine).toHaveLength(21);
    expectRunningBalance(mine, balance);
    const staffPage = await t.call(
      adminIntegralCalls.getLedger,
      { user_id: m.id, pageSize: 100 },
      { token: admin.token },
    );
    expect(staffPage.rows.map((e) => e._id)).toEqual(mine.map((e) => e._id));
    expect(staffPage.balance).toBe(balance);
  });
});
