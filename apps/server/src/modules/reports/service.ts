// The owner's reports (issue 26), composed from the modules that own each number: none of their
// tables is read here. Each report reads the studio's timezone once and answers studio-local periods.
import {
  LIABILITY_EXPIRY_DAYS,
  type LiabilitiesReport,
  type ReportInterval,
  type ReportRange,
  type RevenueReport,
} from '@studio/contract/reports';
import { DAY } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { getMerchant } from '../merchant';
import { creditLiabilities } from '../orders';
import { walletHoldings } from '../wallet';
import { revenueReport } from './revenue';

/** The studio's timezone, as the schedule reads it. */
export async function studioZone(db: DbOrTx): Promise<string> {
  return (await getMerchant(db)).timezone;
}

export async function revenue(db: DbOrTx, input: ReportRange & { interval: ReportInterval }): Promise<RevenueReport> {
  return revenueReport(db, input, await studioZone(db));
}

/** What the studio owes now: unused credits and their value, wallet balances, points, packages running out. */
export async function liabilities(db: DbOrTx, now: Date): Promise<LiabilitiesReport> {
  const [credits, holdings] = await Promise.all([
    creditLiabilities(db, now, new Date(now.getTime() + LIABILITY_EXPIRY_DAYS * DAY)),
    walletHoldings(db),
  ]);
  return {
    unused_credits: credits.credits,
    unused_credits_value: credits.value,
    wallet_balances: holdings.balances,
    points_outstanding: holdings.points,
    expiring_30d: credits.expiring,
    at: now.toISOString(),
  };
}
