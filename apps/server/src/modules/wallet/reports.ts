// The owner's reports' numbers that the wallet owns (issue 26): money put in and adjusted in a range,
// and what members hold now. Read only, grouped in SQL.
import { sql } from 'drizzle-orm';
import { type DbOrTx, instant } from '../../platform/db';
import { num, rowsOf } from '../../platform/report-sql';
import { walletAccounts, walletLedger } from './schema';

/**
 * Top-ups (money members put in: not sales) and staff adjustments (signed: neither sales nor money in)
 * of the money book written in [from, to). Reads wallet_ledger_kind_idx.
 */
export async function walletFlows(db: DbOrTx, from: Date, to: Date): Promise<{ topUps: number; adjustments: number }> {
  const [row] = await rowsOf<{ top_ups: unknown; adjustments: unknown }>(
    db,
    sql`select coalesce(sum(amount) filter (where kind = 'top_up'), 0)::float8 as top_ups,
        coalesce(sum(amount) filter (where kind = 'adjustment'), 0)::float8 as adjustments
      from ${walletLedger}
      where kind in ('top_up', 'adjustment') and book = 'money'
        and created_at >= ${instant(from)} and created_at < ${instant(to)}`,
  );
  return { topUps: num(row?.top_ups), adjustments: num(row?.adjustments) };
}

/** What members hold now: wallet balances and points, summed. */
export async function walletHoldings(db: DbOrTx): Promise<{ balances: number; points: number }> {
  const [row] = await rowsOf<{ balances: unknown; points: unknown }>(
    db,
    sql`select coalesce(sum(balance) filter (where book = 'money'), 0)::float8 as balances,
        coalesce(sum(balance) filter (where book = 'points'), 0)::float8 as points
      from ${walletAccounts}`,
  );
  return { balances: num(row?.balances), points: num(row?.points) };
}
