// A teacher's students: members holding a reservation (not cancelled) of the teacher's sessions.
// The sessions come from the schedule module as a subquery, the name filter from the account
// module: this file reads no other module's table.
import { and, asc, countDistinct, desc, eq, inArray, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { offsetOf, type Page } from '../../platform/paging';
import type { TeacherSessions } from '../schedule';
import { reservations } from './schema';

function studentsWhere(members: SQLWrapper | undefined): SQL | undefined {
  return and(ne(reservations.status, 'cancelled'), members ? inArray(reservations.userId, members) : undefined);
}

/** How many distinct members hold a reservation (not cancelled) of `sessions`. */
export async function countStudents(db: DbOrTx, sessions: TeacherSessions, members?: SQLWrapper): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(reservations.userId) })
    .from(reservations)
    .innerJoin(sessions, eq(sessions.id, reservations.sessionId))
    .where(studentsWhere(members));
  return row?.n ?? 0;
}

/**
 * A page of those members with their counts, the most recent class first. A cancelled session's
 * reservations are all cancelled, so it counts for no one.
 */
export async function studentsPage(db: DbOrTx, sessions: TeacherSessions, members: SQLWrapper | undefined, page: Page) {
  const lastSessionAt = sql<Date>`max(${sessions.startsAt})`.mapWith(sessions.startsAt);
  const [rows, total] = await Promise.all([
    db
      .select({
        userId: reservations.userId,
        sessionCount: sql<number>`count(*)::int`,
        attendedCount: sql<number>`count(${reservations.checkedInAt})::int`,
        lastSessionAt,
      })
      .from(reservations)
      .innerJoin(sessions, eq(sessions.id, reservations.sessionId))
      .where(studentsWhere(members))
      .groupBy(reservations.userId)
      .orderBy(desc(lastSessionAt), asc(reservations.userId))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    countStudents(db, sessions, members),
  ]);
  return { rows, total };
}
