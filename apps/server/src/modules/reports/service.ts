// The owner's reports (issue 26), composed from the modules that own each number: none of their
// tables is read here. Each report reads the studio's timezone once and answers studio-local periods.
import type { Locale } from '@studio/contract/locale';
import {
  type ClassesReport,
  LIABILITY_EXPIRY_DAYS,
  type LiabilitiesReport,
  type MembersReport,
  type ReportInterval,
  type ReportRange,
  type RevenueReport,
  type SalesReport,
} from '@studio/contract/reports';
import { DAY } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { getMerchant } from '../merchant';
import { creditLiabilities } from '../orders';
import { walletHoldings } from '../wallet';
import { classesReport } from './classes';
import { type CsvFile, membersCsv } from './csv';
import { lapsedMembers, membersReport } from './members';
import { revenueReport } from './revenue';
import { salesReport } from './sales';

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

export async function sales(db: DbOrTx, range: ReportRange, locale: Locale | undefined): Promise<SalesReport> {
  return salesReport(db, range, await studioZone(db), locale);
}

export async function classes(
  db: DbOrTx,
  range: ReportRange,
  now: Date,
  locale: Locale | undefined,
): Promise<ClassesReport> {
  return classesReport(db, range, await getMerchant(db), now, locale);
}

export async function members(db: DbOrTx, range: ReportRange): Promise<MembersReport> {
  return membersReport(db, range, await studioZone(db));
}

/** The members report's CSV: its counts and every lapsed member. */
export async function membersFile(db: DbOrTx, range: ReportRange): Promise<CsvFile> {
  const tz = await studioZone(db);
  const [report, lapsed] = await Promise.all([membersReport(db, range, tz), lapsedMembers(db, range, tz, undefined)]);
  return membersCsv(report, lapsed, range);
}
