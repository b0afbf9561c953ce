import { accountCalls } from '@studio/contract/account';
import { adminWalletCalls, walletCalls } from '@studio/contract/wallet';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditEntriesFor } from '../audit/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { walletAccounts, walletLedger } from './schema';
import { postWalletEntry } from './service';

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

const adjust = (user_id: string, amount: number, reason = 'Test') =>
  t.callRaw(adminWalletCalls.adjust.url, { user_id, amount, reason }, { token: admin.token });

/** The balance equals the sum of the ledger (DESIGN.md "Money"). */
async function ledgerSum(userId: string): Promise<number> {
  const [row] = await t.app.db
    .select({ sum: sql<number>`coalesce(sum(${walletLedger.amount}), 0)::int` })
    .from(walletLedger)
    .where(eq(walletLedger.userId, userId));
  return row!.sum;
}

describe('the wallet', () => {
  it('staff credit and debit it with a reason, audited; the member sees balance, ledger and user info', async () => {
    const m = await buildMember(t);
    expect((await adjust(m.id, 5000, 'Paid cash at the desk')).code).toBe(0);
    const debit = await t.call(
      adminWalletCalls.adjust,
      { user_id: m.id, amount: -1250, reason: 'Drink' },
      { token: admin.token },
    );
    expect(debit.balance).toBe(3750);
    expect((await t.call(walletCalls.getBalance, {}, { token: m.token })).balance).toBe(3750);
    const ledger = await t.call(walletCalls.getLedger, {}, { token: m.token });
    expect(ledger.rows.map((r) => [r.amount, r.kind, r.balance_after, r.reason])).toEqual([
      [-1250, 'adjustment', 3750, 'Drink'],
      [5000, 'adjustment', 5000, 'Paid cash at the desk'],
    ]);
    const info = await t.call(accountCalls.getMyUserInfo, {}, { token: m.token });
    expect(info.userInfo.account_balance.balance).toBe(3750);
    expect(await auditEntriesFor(t.app.db, 'wallet', m.id)).toHaveLength(2);
    expect(await ledgerSum(m.id)).toBe(3750);
  });

  it('never goes below zero, and 20 debits of 30 racing for 100 let exactly 3 through', async () => {
    const m = await buildMember(t);
    expect(await adjust(m.id, -1)).toMatchObject({ code: 'BALANCE_INSUFFICIENT' });
    await adjust(m.id, 100);
    const answers = await Promise.all(Array.from({ length: 20 }, () => adjust(m.id, -30)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.code === 'BALANCE_INSUFFICIENT')).toHaveLength(17);
    const [account] = await t.app.db.select().from(walletAccounts).where(eq(walletAccounts.userId, m.id));
    expect(account!.balance).toBe(10);
    expect(await ledgerSum(m.id)).toBe(10);
  });

  it('writes an entry once however often it is posted (a payment confirmed twice)', async () => {
    const m = await buildMember(t);
    await adjust(m.id, 1000);
    const post = () =>
      runUnitOfWork({ db: t.app.db }, ({ tx }) =>
        postWalletEntry(tx, {
          userId: m.id,
          amount: -400,
          kind: 'payment',
          key: 'order:TEST1',
          ref: 'TEST1',
          at: t.clock.now(),
        }),
      );
    const results = await Promise.all(Array.from({ length: 10 }, post));
    expect(results.filter((r) => !r.repeated)).toHaveLength(1);
    expect((await t.call(walletCalls.getBalance, {}, { token: m.token })).balance).toBe(600);
    // A late repeat answers the entry, even when the balance could no longer pay it again.
    await adjust(m.id, -600);
    expect((await post()).repeated).toBe(true);
    expect((await t.call(walletCalls.getBalance, {}, { token: m.token })).balance).toBe(0);
    expect(await ledgerSum(m.id)).toBe(0);
  });

  it('refuses members, and staff without orders.manage', async () => {
    const m = await buildMember(t);
    expect(
      (await t.callRaw(adminWalletCalls.adjust.url, { user_id: m.id, amount: 10, reason: 'x' }, { token: m.token }))
        .code,
    ).toBe('PERMISSION_DENIED');
    expect((await adjust('nobody', 10)).code).toBe('USER_NOT_FOUND');
    expect((await adjust(m.id, 0)).code).toBe('INVALID_PARAM');
  });
});
