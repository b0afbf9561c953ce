// Read models of the teacher workbench. They read the class domain's tables directly (read only):
// the reservations module has no per-teacher aggregate, and building one from its per-session
// reads would take a query per session. Session records themselves still come from the
// reservations service (sessionRecordsById), so seats and counts are computed in one place.
import type { SessionScope } from '@studio/contract/teacher';
import { and, asc, count, countDistinct, desc, eq, gt, gte, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { containsPattern, offsetOf, type Page } from '../../platform/paging';
import { users } from '../account/schema';
import { reservations } from '../reservations/schema';
import { classSessions } from '../schedule/schema';

export type { Page };

const ownedBy = (teacherId: string) => eq(classSessions.teacherId, teacherId);
const isScheduled = eq(classSessions.status, 'scheduled');

function scopeWhere(teacherId: string, scope: SessionScope, now: Date): SQL | undefined {
  return and(ownedBy(teacherId), scope === 'upcoming' ? gt(classSessions.endsAt, now) : lte(classSessions.endsAt, now));
}

/** A page of the teacher's session ids: upcoming soonest first, past newest first. */
export async function sessionIdsPage(
  db: DbOrTx,
  teacherId: string,
  scope: SessionScope,
  now: Date,
  page: Page,
  filter: { scheduledOnly?: boolean } = {},
): Promise<{ ids: string[]; total: number }> {
  const where = and(scopeWhere(teacherId, scope, now), filter.scheduledOnly ? isScheduled : undefined);
  const order = scope === 'upcoming' ? asc(classSessions.startsAt) : desc(classSessions.startsAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(where)
      .orderBy(order, asc(classSessions.id))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(classSessions).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}

/** Sessions the teacher taught: not cancelled, started in [from, to), ended by `now`; by start. */
export function taughtSessions(db: DbOrTx, teacherId: string, range: { from: Date; to: Date }, now: Date) {
  return db
    .select({ id: classSessions.id, startsAt: classSessions.startsAt, endsAt: classSessions.endsAt })
    .from(classSessions)
    .where(
      and(
        ownedBy(teacherId),
        isScheduled,
        gte(classSessions.startsAt, range.from),
        lt(classSessions.startsAt, range.to),
        lte(classSessions.endsAt, now),
      ),
    )
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id));
}

function studentsWhere(teacherId: string, keyword?: string): SQL | undefined {
  const pattern = keyword ? containsPattern(keyword) : null;
  return and(
    ownedBy(teacherId),
    ne(reservations.status, 'cancelled'),
    pattern ? sql`(${users.nickname} ilike ${pattern} or ${users.username} ilike ${pattern})` : undefined,
  );
}

const lastSessionAt = sql<Date>`max(${classSessions.startsAt})`.mapWith(classSessions.startsAt);

/** How many distinct members hold a reservation (not cancelled) of the teacher's sessions. */
export async function countStudents(db: DbOrTx, teacherId: string, keyword?: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(reservations.userId) })
    .from(reservations)
    .innerJoin(classSessions, eq(classSessions.id, reservations.sessionId))
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(studentsWhere(teacherId, keyword));
  return row?.n ?? 0;
}

/**
 * Distinct members holding a reservation (not cancelled) of the teacher's sessions, the most
 * recent class first. A cancelled session's reservations are all cancelled, so it counts for no one.
 */
export async function studentsPage(db: DbOrTx, teacherId: string, keyword: string | undefined, page: Page) {
  const [rows, total] = await Promise.all([
    db
      .select({
        id: users.id,
        nickname: users.nickname,
        username: users.username,
        avatar: users.avatar,
        sessionCount: sql<number>`count(*)::int`,
        attendedCount: sql<number>`count(${reservations.checkedInAt})::int`,
        lastSessionAt,
      })
      .from(reservations)
      .innerJoin(classSessions, eq(classSessions.id, reservations.sessionId))
      .innerJoin(users, eq(users.id, reservations.userId))
      .where(studentsWhere(teacherId, keyword))
      .groupBy(users.id)
      .orderBy(desc(lastSessionAt), asc(users.id))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    countStudents(db, teacherId, keyword),
  ]);
  return { rows, total };
}
