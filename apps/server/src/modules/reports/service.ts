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
import type { Db, DbOrTx } from '../../platform/db';
import { inTurn, readReport } from '../../platform/report-sql';
import { getMerchant } from '../merchant';
import { creditLiabilities } from '../orders';
import { walletHoldings } from '../wallet';
import { classesReport } from './classes';
import { type CsvFile, membersCsv } from './csv';
import { membersExport, membersReport } from './members';
import { revenueReport } from './revenue';
import { salesReport } from './sales';

/** The studio's timezone, as the schedule reads it (read before a report's read-only transaction: a new studio's row is written on its first read). */
export async function studioZone(db: DbOrTx): Promise<string> {
  return (await getMerchant(db)).timezone;
}

// Each report reads in one read-only transaction (readReport): one snapshot, no JIT, no lock.

export function revenue(db: Db, input: ReportRange & { interval: ReportInterval }): Promise<RevenueReport> {
  return studioZone(db).then((tz) => readReport(db, (tx) => revenueReport(tx, input, tz)));
}

/** What the studio owes now: unused credits and their value, wallet balances, points, packages running out. */
export function liabilities(db: Db, now: Date): Promise<LiabilitiesReport> {
  return readReport(db, (tx) => owed(tx, now));
}

async function owed(db: DbOrTx, now: Date): Promise<LiabilitiesReport> {
  const [credits, holdings] = await inTurn(
    () => creditLiabilities(db, now, new Date(now.getTime() + LIABILITY_EXPIRY_DAYS * DAY)),
    () => walletHoldings(db),
  );
  return {
    unused_credits: credits.credits,
    unused_credits_value: credits.value,
    wallet_balances: holdings.balances,
    points_outstanding: holdings.points,
    expiring_30d: credits.expiring,
    at: now.toISOString(),
  };
}

export function sales(db: Db, range: ReportRange, locale: Locale | undefined): Promise<SalesReport> {
  return studioZone(db).then((tz) => readReport(db, (tx) => salesReport(tx, range, tz, locale)));
}

export function classes(db: Db, range: ReportRange, now: Date, locale: Locale | undefined): Promise<ClassesReport> {
  return getMerchant(db).then((studio) => readReport(db, (tx) => classesReport(tx, range, studio, now, locale)));
}

export function members(db: Db, range: ReportRange): Promise<MembersReport> {
  return studioZone(db).then((tz) => readReport(db, (tx) => membersReport(tx, range, tz)));
}

/** The members report's CSV: its counts and every lapsed member. */
export function membersFile(db: Db, range: ReportRange): Promise<CsvFile> {
  return studioZone(db).then((tz) =>
    readReport(db, async (tx) => {
      const { total, lapsed } = await membersExport(tx, range, tz);
      return membersCsv({ total }, lapsed, range);
    }),
  );
}
