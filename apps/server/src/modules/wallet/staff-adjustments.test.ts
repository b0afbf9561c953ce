import { adminUserCalls } from '@studio/contract/account';
import { adminMerchantCalls } from '@studio/contract/merchant';
import type { Permission } from '@studio/contract/permissions';
import { adminIntegralCalls, adminWalletCalls, BALANCE_MAX } from '@studio/contract/wallet';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditCount, auditEntriesFor } from '../audit/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { walletAccounts, walletLedger } from './schema';
import { expectLedgersBalanced } from './testing';

/*
 * No self-credit (issue 21, item 2; contract staff-rights.ts): staff never adjust their own wallet or
 * points, staff other than an admin adjust at most the studio's ceiling at once, and every adjustment
 * keeps its audit entry.
 */

let t: TestApp;
let admin: TestMember;
/** Staff who run the orders (and so may adjust wallets and points), not an admin. */
let clerk: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  clerk = await staffWith(['orders.manage']);
});
afterAll(() => t.close());

async function staffWith(permission: Permission[]) {
  const m = await buildMember(t);
  const set = await t.call(
    adminUserCalls.setRoles,
    { user_id: m.id, roles: ['member'], is_verify_staff: false, permission },
    { token: admin.token },
  );
  expect(set.code, set.msg).toBe(0);
  return m;
}

type Book = 'money' | 'points';
const callsOf = (book: Book) => (book === 'money' ? adminWalletCalls : adminIntegralCalls);
const adjust = (by: TestMember, user: TestMember, amount: number, book: Book = 'money', locale?: string) =>
  t.callRaw(callsOf(book).adjust.url, { user_id: user.id, amount, reason: 'Test' }, { token: by.token, locale });
const ledgerOf = (user: TestMember, by: TestMember = admin, book: Book = 'money') =>
  t.call(callsOf(book).getLedger, { user_id: user.id }, { token: by.token });
const entriesOf = async (user: TestMember) =>
  (await t.app.db.select().from(walletLedger).where(eq(walletLedger.userId, user.id))).length;

describe('adjusting one’s own wallet or points', () => {
  it.each<Book>(['money', 'points'])('staff cannot credit their own %s: nothing is written', async (book) => {
    const audits = await auditCount(t.app.db);
    const refused = await adjust(clerk, clerk, book === 'money' ? 1_000_000 : 10_000, book);
    expect(refused).toMatchObject({
      code: 'SELF_ADJUSTMENT_DENIED',
      msg: 'You cannot adjust your own wallet or points: ask another member of staff',
    });
    expect((await ledgerOf(clerk, admin, book)).balance).toBe(0);
    expect(await entriesOf(clerk)).toBe(0);
    expect(await auditCount(t.app.db)).toBe(audits);
  });

  it('an admin cannot either, and the refusal is a 403 in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${adminWalletCalls.adjust.url}`,
      headers: { 'uni-id-token': admin.token, 'vk-locale': 'zh-Hans' },
      payload: { user_id: admin.id, amount: 100, reason: 'Mine' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'SELF_ADJUSTMENT_DENIED',
      msg: '不能调整自己的余额或积分，请让其他工作人员操作',
    });
    expect((await adjust(admin, admin, -1, 'points', 'zh-Hant')).msg).toBe(
      '不能調整自己的餘額或積分，請讓其他工作人員操作',
    );
  });

  it('ten racing self-credits all fail while a colleague’s credit goes through', async () => {
    const colleague = await staffWith(['orders.manage']);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => adjust(clerk, clerk, 100)),
      adjust(colleague, clerk, 100),
    ]);
    expect(answers.map((a) => a.code).filter((c) => c === 'SELF_ADJUSTMENT_DENIED')).toHaveLength(10);
    expect(answers.at(-1)?.code).toBe(0);
    expect((await ledgerOf(clerk)).balance).toBe(100);
    await expectLedgersBalanced(t);
  });
});

describe('the per-adjustment ceiling', () => {
  it('staff adjust up to £500 (50,000 points) at once either way; above it only an admin', async () => {
    const m = await buildMember(t);
    expect((await adjust(clerk, m, 50_000)).code).toBe(0);
    expect((await adjust(clerk, m, -50_000)).code).toBe(0);
    const over = await adjust(clerk, m, 50_001);
    expect(over).toMatchObject({
      code: 'ADJUSTMENT_ABOVE_LIMIT',
      max: 50_000,
      msg: 'Staff may adjust at most £500.00 at once; above that, only an admin may',
    });
    expect((await adjust(clerk, m, 1_000_000)).code).toBe('ADJUSTMENT_ABOVE_LIMIT');
    expect((await adjust(admin, m, 1_000_000)).code).toBe(0);
    expect((await adjust(clerk, m, -50_001)).code).toBe('ADJUSTMENT_ABOVE_LIMIT');

    expect((await adjust(clerk, m, 50_000, 'points')).code).toBe(0);
    expect(await adjust(clerk, m, 50_001, 'points', 'zh-Hans')).toMatchObject({
      code: 'ADJUSTMENT_ABOVE_LIMIT',
      max: 50_000,
      msg: '工作人员单次最多调整 50000，超过需由管理员操作',
    });
    expect((await adjust(admin, m, 60_000, 'points')).code).toBe(0);
    expect((await ledgerOf(m)).balance).toBe(1_000_000);
    expect((await ledgerOf(m, admin, 'points')).balance).toBe(110_000);
  });

  it('follows the settings, which the ledger tells the back office', async () => {
    const m = await buildMember(t);
    expect((await ledgerOf(m, clerk)).adjust_max).toBe(50_000);
    expect((await ledgerOf(m, clerk, 'points')).adjust_max).toBe(50_000);
    const saved = await t.call(
      adminMerchantCalls.save,
      { wallet_adjust_max_units: 20, points_adjust_max: 300 },
      { token: admin.token },
    );
    expect(saved.code, saved.msg).toBe(0);
    try {
      expect((await ledgerOf(m, clerk)).adjust_max).toBe(2_000);
      expect((await ledgerOf(m, clerk, 'points')).adjust_max).toBe(300);
      expect((await adjust(clerk, m, 2_000)).code).toBe(0);
      expect(await adjust(clerk, m, 2_001)).toMatchObject({
        code: 'ADJUSTMENT_ABOVE_LIMIT',
        msg: 'Staff may adjust at most £20.00 at once; above that, only an admin may',
      });
      expect((await adjust(clerk, m, 301, 'points')).code).toBe('ADJUSTMENT_ABOVE_LIMIT');
      expect((await adjust(clerk, m, 300, 'points')).code).toBe(0);
    } finally {
      await t.call(
        adminMerchantCalls.save,
        { wallet_adjust_max_units: 500, points_adjust_max: 50_000 },
        { token: admin.token },
      );
    }
  });
});

describe('the audit of adjustments', () => {
  it('keeps one entry per adjustment, naming the staff member, the amount and the reason; none for a refusal', async () => {
    const m = await buildMember(t);
    await t.call(
      adminWalletCalls.adjust,
      { user_id: m.id, amount: 1_500, reason: 'Cash at the desk' },
      { token: clerk.token },
    );
    await t.call(adminWalletCalls.adjust, { user_id: m.id, amount: -500, reason: 'Water' }, { token: admin.token });
    await t.call(adminIntegralCalls.adjust, { user_id: m.id, amount: 40, reason: 'Goodwill' }, { token: clerk.token });
    expect((await adjust(clerk, m, 50_001)).code).toBe('ADJUSTMENT_ABOVE_LIMIT');

    const wallet = await auditEntriesFor(t.app.db, 'wallet', m.id);
    expect(wallet.map((e) => [e.actorId, e.action, e.before, e.after])).toEqual([
      [admin.id, 'admin/wallet.adjust', { balance: 1_500 }, { balance: 1_000, amount: -500, reason: 'Water' }],
      [clerk.id, 'admin/wallet.adjust', { balance: 0 }, { balance: 1_500, amount: 1_500, reason: 'Cash at the desk' }],
    ]);
    const points = await auditEntriesFor(t.app.db, 'points', m.id);
    expect(points.map((e) => [e.actorId, e.after])).toEqual([
      [clerk.id, { balance: 40, amount: 40, reason: 'Goodwill' }],
    ]);
    // And the ledger names who made each adjustment.
    const rows = await t.app.db.select().from(walletLedger).where(eq(walletLedger.userId, m.id));
    expect(rows.map((r) => r.actorId).sort()).toEqual([admin.id, clerk.id, clerk.id].sort());
  });
});

describe('an account never grows past BALANCE_MAX', () => {
  it.each<Book>(['money', 'points'])('a %s credit past it is BALANCE_TOO_LARGE and writes nothing', async (book) => {
    const member = await buildMember(t);
    expect((await adjust(admin, member, 2_000, book)).code).toBe(0);
    const account = and(eq(walletAccounts.userId, member.id), eq(walletAccounts.book, book));
    // As if the member had been credited up to just under the ceiling.
    await t.app.db
      .update(walletAccounts)
      .set({ balance: BALANCE_MAX - 50 })
      .where(account);
    const entries = await entriesOf(member);

    const refused = await adjust(admin, member, 51, book);
    expect(refused).toMatchObject({ code: 'BALANCE_TOO_LARGE' });
    expect((await ledgerOf(member, admin, book)).balance).toBe(BALANCE_MAX - 50);
    expect(await entriesOf(member)).toBe(entries);
    // Up to the ceiling itself is fine, and taking off still works from there.
    expect((await adjust(admin, member, 50, book)).code).toBe(0);
    expect((await adjust(admin, member, -1_000, book)).code).toBe(0);
    expect((await ledgerOf(member, admin, book)).balance).toBe(BALANCE_MAX - 1_000);

    // Put the account back to what its ledger says, for the checks of the other tests.
    await t.app.db
      .update(walletAccounts)
      .set({ balance: 2_000 + 50 - 1_000 })
      .where(account);
  });
});
