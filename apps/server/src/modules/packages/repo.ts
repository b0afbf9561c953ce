import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type DbOrTx, instant, preparedQuery, type Tx } from '../../platform/db';
import { offsetOf } from '../../platform/paging';
import { memberPackages } from './schema';

export type PackageRow = typeof memberPackages.$inferSelect;

export async function insertPackage(db: DbOrTx, values: typeof memberPackages.$inferInsert): Promise<PackageRow> {
  const [row] = await db.insert(memberPackages).values(values).returning();
  return row!;
}

export async function findPackage(db: DbOrTx, id: string): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(memberPackages).where(eq(memberPackages.id, id)).limit(1);
  return row;
}

/** A member's own packages: a refunded one is no longer theirs. */
export function listPackagesOfUser(db: DbOrTx, userId: string): Promise<PackageRow[]> {
  return db
    .select()
    .from(memberPackages)
    .where(and(eq(memberPackages.userId, userId), isNull(memberPackages.refundedAt)))
    .orderBy(desc(memberPackages.createdAt), desc(memberPackages.id));
}

export async function listPackages(
  db: DbOrTx,
  userId: string | undefined,
  page: { pageIndex: number; pageSize: number },
) {
  const where = userId ? eq(memberPackages.userId, userId) : undefined;
  const rows = await db
    .select()
    .from(memberPackages)
    .where(where)
    .orderBy(desc(memberPackages.createdAt), desc(memberPackages.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(memberPackages).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** What a course accepts: its id, and the course-package goods it is limited to (empty = any). */
export interface CourseAcceptance {
  id: string;
  acceptedGoodsIds: readonly string[];
}

/**
 * What decides which of a member's packages can pay for `course` at `startsAt`, the one to use first
 * first: credits left, the class start inside the validity, the package not limited to other
 * courses, and (when the course names the goods it accepts) bought as one of them — staff-granted
 * packages carry no goods and are limited by their course list only. Order: earliest expiry,
 * long-term last. Each input is a placeholder, or an expression of the statement the rule is part of
 * (a booking's seat).
 */
interface PayableInputs {
  user: Placeholder;
  /** text: only this package (the member's choice), or null. */
  only: SQL;
  startsAt: SQL;
  course: SQL;
  /** text[]: the goods the course accepts (empty: any). */
  goods: SQL;
  /** A condition of the enclosing statement (the seat was taken): otherwise nothing is payable. */
  onlyIf?: SQL;
}

function payableWhere(p: PayableInputs) {
  return and(
    p.onlyIf,
    eq(memberPackages.userId, p.user),
    sql`(${p.only} is null or ${memberPackages.id} = ${p.only})`,
    isNull(memberPackages.refundedAt),
    gt(memberPackages.remainingCount, 0),
    lte(memberPackages.validFrom, p.startsAt),
    or(isNull(memberPackages.validUntil), sql`${memberPackages.validUntil} >= ${p.startsAt}`),
    sql`(cardinality(${memberPackages.courseIds}) = 0 or ${p.course} = any(${memberPackages.courseIds}))`,
    sql`(cardinality(${p.goods}) = 0 or ${memberPackages.goodsId} is null or ${memberPackages.goodsId} = any(${p.goods}))`,
  );
}

const payableOrder = [
  sql`${memberPackages.validUntil} asc nulls last`,
  asc(memberPackages.createdAt),
  asc(memberPackages.id),
] as const;

/** The rule's inputs as the placeholders of a prepared statement (filled by payableValues). */
const payablePlaceholders = (): PayableInputs => ({
  user: sql.placeholder('user'),
  only: sql`${sql.placeholder('only')}::text`,
  startsAt: instant(sql.placeholder('startsAt')),
  course: sql`${sql.placeholder('course')}::text`,
  goods: sql`${sql.placeholder('goods')}::text[]`,
});

const payableValues = (userId: string, course: CourseAcceptance, startsAt: Date, onlyId?: string) => ({
  user: userId,
  only: onlyId ?? null,
  startsAt: startsAt.toISOString(),
  course: course.id,
  goods: [...course.acceptedGoodsIds],
});

const payableStatement = preparedQuery('payable_packages', (db) =>
  db
    .select()
    .from(memberPackages)
    .where(payableWhere(payablePlaceholders()))
    .orderBy(...payableOrder),
);

/** A member's packages that can pay for `course` at `startsAt`, the one to use first first (payableWhere). */
export function payablePackages(
  db: DbOrTx,
  userId: string,
  course: CourseAcceptance,
  startsAt: Date,
  onlyId?: string,
): Promise<PackageRow[]> {
  return payableStatement(db, payableValues(userId, course, startsAt, onlyId));
}

/**
 * What taking one credit sets beside the count: when it was the last, the time it was used up (the
 * usedUp sweep tells the member); otherwise the same value, so the update stays HOT.
 */
const usedUpIfLast = (now: SQL) =>
  sql`case when ${memberPackages.remainingCount} = 1 then ${now} else ${memberPackages.usedUpAt} end`;

/** The statement that takes one credit of the package payablePackages would list first. */
export function firstCreditTaking(db: DbOrTx, p: PayableInputs & { now: Placeholder }) {
  const first = db
    .select({ id: memberPackages.id })
    .from(memberPackages)
    .where(payableWhere(p))
    .orderBy(...payableOrder)
    .limit(1);
  return db
    .update(memberPackages)
    .set({
      remainingCount: sql`${memberPackages.remainingCount} - 1`,
      usedUpAt: usedUpIfLast(instant(p.now)),
      updatedAt: instant(p.now),
    })
    .where(and(sql`${memberPackages.id} = (${first})`, gt(memberPackages.remainingCount, 0)))
    .returning();
}

const takeFirstCreditStatement = preparedQuery('take_first_credit', (db) =>
  firstCreditTaking(db, { ...payablePlaceholders(), now: sql.placeholder('now') }),
);

/**
 * Takes one credit of the package payablePackages would list first, in one statement. Undefined when
 * there is none, or when a concurrent writer took that package's last credit first (the caller
 * then goes through the list).
 */
export async function takeFirstPayableCredit(
  tx: Tx,
  userId: string,
  course: CourseAcceptance,
  startsAt: Date,
  now: Date,
  onlyId?: string,
): Promise<PackageRow | undefined> {
  const [row] = await takeFirstCreditStatement(tx, {
    ...payableValues(userId, course, startsAt, onlyId),
    now: now.toISOString(),
  });
  return row;
}

/**
 * Takes one credit if one is left. The condition is re-checked on the row's latest version after any
 * concurrent writer commits, so two bookings can never spend the same last credit.
 */
export async function takeCredit(tx: Tx, id: string, now: Date): Promise<PackageRow | undefined> {
  const [row] = await tx
    .update(memberPackages)
    .set({
      remainingCount: sql`${memberPackages.remainingCount} - 1`,
      usedUpAt: usedUpIfLast(instant(now)),
      updatedAt: now,
    })
    .where(and(eq(memberPackages.id, id), gt(memberPackages.remainingCount, 0)))
    .returning();
  return row;
}

/** Gives one credit back (a cancelled reservation); never above the package's total. No longer used up. */
export async function returnCredit(tx: Tx, id: string, now: Date): Promise<PackageRow | undefined> {
  const [row] = await tx
    .update(memberPackages)
    .set({ remainingCount: sql`${memberPackages.remainingCount} + 1`, usedUpAt: null, updatedAt: now })
    .where(and(eq(memberPackages.id, id), sql`${memberPackages.remainingCount} < ${memberPackages.totalCount}`))
    .returning();
  return row;
}

/**
 * Adds `delta` credits to a package's total and remaining (delta < 0 takes them away), in one
 * statement whose condition is re-checked on the row's latest version: concurrent adjustments all
 * land, and none can take the remaining credits below zero; a refunded package is left as it is.
 * Undefined when it would go below zero or the package was refunded.
 */
export async function adjustCredits(tx: Tx, id: string, delta: number, now: Date): Promise<PackageRow | undefined> {
  const [row] = await tx
    .update(memberPackages)
    .set({
      totalCount: sql`${memberPackages.totalCount} + ${delta}`,
      remainingCount: sql`${memberPackages.remainingCount} + ${delta}`,
      // Credits added: no longer used up (taking the last ones away is not using them).
      usedUpAt: sql`case when ${memberPackages.remainingCount} + ${delta} > 0 then null else ${memberPackages.usedUpAt} end`,
      updatedAt: now,
    })
    .where(
      and(
        eq(memberPackages.id, id),
        isNull(memberPackages.refundedAt),
        sql`${memberPackages.remainingCount} + ${delta} >= 0`,
      ),
    )
    .returning();
  return row;
}

/** A new last day (the member may be told again before it); undefined when the package was refunded (it stays ended). */
export async function setValidUntil(tx: Tx, id: string, validUntil: Date, now: Date): Promise<PackageRow | undefined> {
  const [row] = await tx
    .update(memberPackages)
    .set({ validUntil, expiryNotifiedAt: null, updatedAt: now })
    .where(and(eq(memberPackages.id, id), isNull(memberPackages.refundedAt)))
    .returning();
  return row;
}

/** Packages with credits left whose last day falls in [from, to), soonest first, and how many there are. */
export async function expiringPackages(db: DbOrTx, from: Date, to: Date, limit: number) {
  const where = and(
    gte(memberPackages.validUntil, from),
    lt(memberPackages.validUntil, to),
    gt(memberPackages.remainingCount, 0),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(memberPackages)
      .where(where)
      .orderBy(asc(memberPackages.validUntil), asc(memberPackages.id))
      .limit(limit),
    db.select({ n: count() }).from(memberPackages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The packages an order issued, in id order (locked when asked: lock order 4). */
export function packagesFromOrder(db: DbOrTx, orderNo: string, lock = false): Promise<PackageRow[]> {
  const query = db
    .select()
    .from(memberPackages)
    .where(and(eq(memberPackages.source, 'order'), eq(memberPackages.sourceId, orderNo)))
    .orderBy(memberPackages.id);
  return lock ? query.for('update') : query;
}

export async function voidPackage(tx: Tx, id: string, now: Date): Promise<void> {
  await tx
    .update(memberPackages)
    .set({ remainingCount: 0, validUntil: now, refundedAt: now, updatedAt: now })
    .where(eq(memberPackages.id, id));
}

// Notices -----------------------------------------------------------------------------------------
// Each claim marks a batch as told in one statement, its rows chosen with FOR UPDATE SKIP LOCKED and
// re-checked by the UPDATE: two instances sweeping at once tell each package once.

/**
 * Claims packages with credits left whose last day falls in (now, until], issued before that window
 * opened (a package valid for less than the window is not "expiring soon" when bought), not told yet.
 */
export async function claimExpiring(tx: Tx, now: Date, until: Date, windowMs: number, limit: number) {
  const notTold = and(isNull(memberPackages.expiryNotifiedAt), isNull(memberPackages.refundedAt));
  const due = tx
    .select({ id: memberPackages.id })
    .from(memberPackages)
    .where(
      and(
        notTold,
        gt(memberPackages.validUntil, now),
        lte(memberPackages.validUntil, until),
        gt(memberPackages.remainingCount, 0),
        sql`${memberPackages.createdAt} <= ${memberPackages.validUntil} - ${`${windowMs} milliseconds`}::interval`,
      ),
    )
    .orderBy(asc(memberPackages.validUntil))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(memberPackages)
    .set({ expiryNotifiedAt: now })
    .where(and(inArray(memberPackages.id, due), notTold))
    .returning();
}

/** Claims packages whose last credit a booking took, not told yet (and still used up). */
export async function claimUsedUp(tx: Tx, now: Date, limit: number) {
  const notTold = and(
    isNotNull(memberPackages.usedUpAt),
    isNull(memberPackages.usedUpNotifiedAt),
    isNull(memberPackages.refundedAt),
    eq(memberPackages.remainingCount, 0),
  );
  const due = tx
    .select({ id: memberPackages.id })
    .from(memberPackages)
    .where(notTold)
    .orderBy(asc(memberPackages.usedUpAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(memberPackages)
    .set({ usedUpNotifiedAt: now })
    .where(and(inArray(memberPackages.id, due), notTold))
    .returning();
}
