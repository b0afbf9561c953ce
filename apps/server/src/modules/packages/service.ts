import type { Locale } from '@studio/contract/locale';
import { applyLocalizedInput, type LocalizedText } from '@studio/contract/localized-text';
import {
  type adminPackageRecord,
  computePackageStatus,
  type PackageRecord,
  type PackageStatus,
  type PackageValidityRule,
  type packageGrantInput,
  packageValidity,
} from '@studio/contract/packages';
import { and, asc, countDistinct, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, instant, type Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { textIn } from '../../platform/localized-text';
import { offsetOf } from '../../platform/paging';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import { runUnitOfWork, type Work } from '../../platform/unit-of-work';
import { getUserOrFail } from '../account';
import { auditBy, recordAudit } from '../audit';
import { getMerchant } from '../merchant';
import { assertCoursesExist } from '../schedule';
import * as repo from './repo';
import { memberPackages } from './schema';

export type { CourseAcceptance, PackageRow } from './repo';

/** A package with its name in `locale` (the caller's), else the studio's default language. */
export function toPackageRecord(row: repo.PackageRow, now: Date, locale?: Locale): PackageRecord {
  return {
    _id: row.id,
    name: textIn(row.name, row.nameI18n, locale),
    total_count: row.totalCount,
    remaining_count: row.remainingCount,
    status: statusOf(row, now),
    valid_from: row.validFrom.toISOString(),
    valid_until: row.validUntil?.toISOString() ?? null,
    course_ids: row.courseIds,
    created_at: row.createdAt.toISOString(),
  };
}

/** What staff see: the member's id and every locale's value of the name. */
export function toAdminPackageRecord(
  row: repo.PackageRow,
  now: Date,
  locale?: Locale,
): z.input<typeof adminPackageRecord> {
  return {
    ...toPackageRecord(row, now, locale),
    user_id: row.userId,
    name_i18n: row.nameI18n,
    refunded_at: row.refundedAt?.toISOString() ?? null,
  };
}

export function statusOf(row: repo.PackageRow, now: Date): PackageStatus {
  return computePackageStatus(
    { total_count: row.totalCount, remaining_count: row.remainingCount, valid_until: row.validUntil },
    now,
  );
}

export interface IssuePackageInput {
  userId: string;
  /** A plain string is the studio's default language's name; the shop passes its goods' per-locale names. */
  name: string | LocalizedText;
  classCount: number;
  validity: PackageValidityRule;
  /** Courses it may book; empty = every course. */
  courseIds?: readonly string[];
  /** The course-package goods it was bought as (shop). */
  goodsId?: string | null;
  source: 'grant' | 'order';
  /** The granting admin's id, or the order number. */
  sourceId?: string | null;
  now: Date;
}

/**
 * Issues a package of class credits: staff grants, and the shop when a course-package order is paid
 * (call it inside the payment's transaction so the package exists exactly when the order is paid).
 */
export async function issuePackage(db: DbOrTx, input: IssuePackageInput): Promise<repo.PackageRow> {
  const { valid_from, valid_until } = packageValidity(input.validity, input.now);
  if (valid_until && valid_until.getTime() <= valid_from.getTime()) fail('TIME_RANGE_INVALID');
  const name = applyLocalizedInput(input.name, (await getMerchant(db)).defaultLocale);
  return repo.insertPackage(db, {
    id: newId(),
    userId: input.userId,
    name: name.value,
    nameI18n: name.values,
    totalCount: input.classCount,
    remainingCount: input.classCount,
    validFrom: valid_from,
    validUntil: valid_until,
    courseIds: [...new Set(input.courseIds ?? [])],
    goodsId: input.goodsId ?? null,
    source: input.source,
    sourceId: input.sourceId ?? null,
    createdAt: input.now,
    updatedAt: input.now,
  });
}

/** Issues a package (issuePackage) in a unit of work and says so (`package.issued`): bought, or granted by staff. */
export async function issueAndTell(work: Work, input: IssuePackageInput): Promise<repo.PackageRow> {
  const row = await issuePackage(work.tx, input);
  await work.emit(
    'package.issued',
    {
      package_id: row.id,
      user_id: row.userId,
      name: row.name,
      name_i18n: row.nameI18n,
      class_count: row.totalCount,
      expires_at: row.validUntil?.toISOString() ?? null,
      source: input.source,
      order_no: input.source === 'order' ? (input.sourceId ?? null) : null,
    },
    input.now,
  );
  return row;
}

/**
 * admin/package.grant: a fixed range when valid_until is given, else long-term from valid_from (or
 * now); audited, and the member told (`package.issued`), in one unit of work.
 */
export async function grantPackage(
  ctx: AuthedContext,
  input: z.output<typeof packageGrantInput>,
  now: Date,
): Promise<repo.PackageRow> {
  return runUnitOfWork(ctx, async (work) => {
    await getUserOrFail(work.tx, input.user_id);
    await assertCoursesExist(work.tx, input.course_ids ?? []);
    const from = input.valid_from ?? now.toISOString();
    const validity: PackageValidityRule = input.valid_until
      ? { mode: 'fixed', valid_from: from, valid_until: input.valid_until }
      : { mode: 'long_term', valid_from: from };
    const row = await issueAndTell(work, {
      userId: input.user_id,
      name: input.name,
      classCount: input.class_count,
      validity,
      courseIds: input.course_ids,
      source: 'grant',
      sourceId: ctx.user.uid,
      now,
    });
    await recordAudit(work.tx, auditBy(ctx), { objectType: 'package', objectId: row.id, before: null, after: row });
    return row;
  });
}

/** A member's packages, newest first, optionally only those in one (computed) state. */
export async function listMyPackages(
  db: DbOrTx,
  userId: string,
  now: Date,
  status?: PackageStatus,
  locale?: Locale,
): Promise<PackageRecord[]> {
  const rows = await repo.listPackagesOfUser(db, userId);
  return rows.map((row) => toPackageRecord(row, now, locale)).filter((p) => !status || p.status === status);
}

export async function listPackagesForAdmin(
  db: DbOrTx,
  filter: { userId?: string; status?: PackageStatus },
  page: { pageIndex: number; pageSize: number },
  now: Date,
) {
  if (filter.status) {
    // The state is computed, so filter after reading: fine for one member's or a studio's packages.
    const all = (await repo.listPackages(db, filter.userId, { pageIndex: 1, pageSize: 100_000 })).rows.filter(
      (r) => statusOf(r, now) === filter.status,
    );
    const start = offsetOf(page);
    return { rows: all.slice(start, start + page.pageSize), total: all.length };
  }
  return repo.listPackages(db, filter.userId, page);
}

/**
 * The package a booking pays with: `packageId` when the member chose one (it must be theirs and
 * able to pay, else PACKAGE_INVALID), otherwise the payable one that expires first. Takes the
 * credit with a conditional update, choosing and taking in one statement; if a concurrent booking
 * took that package's last credit first, goes through the payable packages in order.
 */
export async function takeCreditForSession(
  tx: Tx,
  userId: string,
  course: repo.CourseAcceptance,
  startsAt: Date,
  now: Date,
  packageId?: string,
): Promise<repo.PackageRow | undefined> {
  const first = await repo.takeFirstPayableCredit(tx, userId, course, startsAt, now, packageId);
  if (first) return first;
  const candidates = await repo.payablePackages(tx, userId, course, startsAt, packageId);
  for (const candidate of candidates) {
    const taken = await repo.takeCredit(tx, candidate.id, now);
    if (taken) return taken;
  }
  return undefined;
}

/**
 * The member's packages that could pay for the class, in the order a booking would take them
 * (expiring first): what staff choose from when they add the member to the roster at the desk.
 */
export async function payablePackageRecords(
  db: DbOrTx,
  userId: string,
  course: repo.CourseAcceptance,
  startsAt: Date,
  now: Date,
  locale?: Locale,
): Promise<PackageRecord[]> {
  return (await repo.payablePackages(db, userId, course, startsAt)).map((row) => toPackageRecord(row, now, locale));
}

/** Whether the member holds any package that could pay for the class (waitlist eligibility). */
export async function hasPayablePackage(
  db: DbOrTx,
  userId: string,
  course: repo.CourseAcceptance,
  startsAt: Date,
  /** Only this package (the member's choice). */
  onlyId?: string,
): Promise<boolean> {
  return (await repo.payablePackages(db, userId, course, startsAt, onlyId)).length > 0;
}

/**
 * How many members hold a package valid at `now` with credits left (not refunded, started, not
 * ended); with `userId`, 1 if that member does, else 0. The notices' "package holders" audience.
 */
export async function countPackageHolders(db: DbOrTx, now: Date, userId?: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(memberPackages.userId) })
    .from(memberPackages)
    .where(
      and(
        userId === undefined ? undefined : eq(memberPackages.userId, userId),
        isNull(memberPackages.refundedAt),
        gt(memberPackages.remainingCount, 0),
        lte(memberPackages.validFrom, now),
        or(isNull(memberPackages.validUntil), sql`${memberPackages.validUntil} >= ${instant(now)}`),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Ids of the members holding a package valid now with credits left (countPackageHolders' members),
 * in id order after `afterId`, at most `limit`: an announcement to package holders, page by page.
 */
export async function packageHolderIdsAfter(db: DbOrTx, now: Date, afterId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: memberPackages.userId })
    .from(memberPackages)
    .where(
      and(
        gt(memberPackages.userId, afterId),
        isNull(memberPackages.refundedAt),
        gt(memberPackages.remainingCount, 0),
        lte(memberPackages.validFrom, now),
        or(isNull(memberPackages.validUntil), sql`${memberPackages.validUntil} >= ${instant(now)}`),
      ),
    )
    .orderBy(asc(memberPackages.userId))
    .limit(limit);
  return rows.map((r) => r.id);
}

export const returnCredit = repo.returnCredit;
export const firstCreditTaking = repo.firstCreditTaking;
export const findPackage = repo.findPackage;

/**
 * Staff add or take away credits (admin/package.adjustCredits), audited with the reason in the same
 * transaction. Taking away more than remain is refused with how many do.
 */
export async function adjustCredits(
  ctx: CallContext,
  input: { _id: string; delta: number; reason: string },
): Promise<repo.PackageRow> {
  const now = ctx.clock.now();
  return runUnitOfWork(ctx, async ({ tx }) => {
    const before = (await repo.findPackage(tx, input._id)) ?? fail('PACKAGE_NOT_FOUND');
    if (before.refundedAt) fail('PACKAGE_REFUNDED');
    const after = await repo.adjustCredits(tx, before.id, input.delta, now);
    if (!after) {
      // Another adjustment, booking or refund may have changed the package since `before`.
      const latest = await repo.findPackage(tx, before.id);
      if (latest?.refundedAt) fail('PACKAGE_REFUNDED');
      const remaining = latest?.remainingCount ?? 0;
      fail('CREDITS_BELOW_ZERO', { remaining }, { remaining });
    }
    await recordAudit(tx, auditBy(ctx), {
      objectType: 'package',
      objectId: before.id,
      before,
      after: { ...after, reason: input.reason, delta: input.delta },
    });
    return after!;
  });
}

/**
 * Staff move a package's last day later (admin/package.extend): never earlier than it is, never
 * into the past; a long-term package has no last day to move. Audited with the reason.
 */
export async function extendPackage(
  ctx: CallContext,
  input: { _id: string; valid_until: string; reason: string },
): Promise<repo.PackageRow> {
  const now = ctx.clock.now();
  const until = new Date(input.valid_until);
  return runUnitOfWork(ctx, async ({ tx }) => {
    const before = (await repo.findPackage(tx, input._id)) ?? fail('PACKAGE_NOT_FOUND');
    if (before.refundedAt) fail('PACKAGE_REFUNDED');
    if (!before.validUntil) fail('PACKAGE_LONG_TERM');
    if (until.getTime() <= Math.max(before.validUntil!.getTime(), now.getTime())) {
      fail('INVALID_PARAM', { field: 'valid_until' }, { field: 'valid_until', reason: 'notLater' });
    }
    // A refund committed since `before` leaves the package ended.
    const after = (await repo.setValidUntil(tx, before.id, until, now)) ?? fail('PACKAGE_REFUNDED');
    await recordAudit(tx, auditBy(ctx), {
      objectType: 'package',
      objectId: before.id,
      before,
      after: { ...after, reason: input.reason },
    });
    return after;
  });
}

export const expiringPackages = repo.expiringPackages;

/** Whether every package an order issued is still unused (a course package is refundable only then). */
export async function orderPackagesUnused(db: DbOrTx, orderNo: string): Promise<boolean> {
  const rows = await repo.packagesFromOrder(db, orderNo);
  return rows.every((p) => p.remainingCount === p.totalCount);
}

/**
 * Voids the packages an order issued, in the refund's transaction (lock order 4: by id): refused
 * with PACKAGE_ALREADY_USED when a credit of one was used meanwhile. A voided package has no credits
 * left, ends now and is marked refunded: it can never book, leaves the member's list, and staff can
 * no longer add credits or days to it.
 */
export async function voidOrderPackages(tx: Tx, orderNo: string, now: Date): Promise<number> {
  // One voided before (its order refunded) is not voided again, nor counted.
  const rows = (await repo.packagesFromOrder(tx, orderNo, true)).filter((p) => p.refundedAt === null);
  if (rows.some((p) => p.remainingCount !== p.totalCount)) fail('PACKAGE_ALREADY_USED');
  for (const p of rows) await repo.voidPackage(tx, p.id, now);
  return rows.length;
}

/**
 * The goods each package an order issued and that is not void yet was bought as: what a refund
 * voiding them gives back to the shelf. Read without a lock, before the SKUs' (lock order 1 comes
 * before packages, 4); voidOrderPackages then locks them, refusing if one was used meanwhile.
 */
export async function orderPackagesToVoid(db: DbOrTx, orderNo: string): Promise<(string | null)[]> {
  const rows = await repo.packagesFromOrder(db, orderNo);
  return rows.filter((p) => p.refundedAt === null).map((p) => p.goodsId);
}
