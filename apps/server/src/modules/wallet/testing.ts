import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { walletAccounts, walletLedger } from './schema';

/** Every wallet's cached balance equals the sum of its ledger (DESIGN.md "Money"). */
export async function expectLedgersBalanced(t: TestApp) {
  const sums = await t.app.db
    .select({
      userId: walletLedger.userId,
      book: walletLedger.book,
      sum: sql<number>`sum(${walletLedger.amount})::int`,
    })
    .from(walletLedger)
    .groupBy(walletLedger.userId, walletLedger.book);
  const accounts = await t.app.db.select().from(walletAccounts);
  const sumOf = new Map(sums.map((r) => [`${r.userId}/${r.book}`, r.sum]));
  expect(accounts.length).toBeGreaterThan(0);
  for (const a of accounts) expect(a.balance, `${a.book} of ${a.userId}`).toBe(sumOf.get(`${a.userId}/${a.book}`) ?? 0);
}
