// Pieces of the class read model that the reservations module composes into its own statements
// (session lists with waitlist counts and the viewer's status, a member's bookings by class time,
// the sweeps), so one list stays one round trip while this module keeps its tables to itself.
// Other modules reach them through service.ts.
import { eq, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type DbOrTx, instant, isAnyOf } from '../../platform/db';
import { classSessions } from './schema';

/** A session's id and times inside another module's statement: correlate with them, order by them. */
export interface SessionRef {
  id: AnyPgColumn;
  startsAt: AnyPgColumn;
  endsAt: AnyPgColumn;
}

/** The session row of the statement `selectSessions` / `selectSessionRows` builds. */
export const sessionRef: SessionRef = {
  id: classSessions.id,
  startsAt: classSessions.startsAt,
  endsAt: classSessions.endsAt,
};

/** Every session's id, course and times, as a subquery to join by id (a member's bookings by class time). */
export function sessionTimes(db: DbOrTx) {
  return db
    .select({
      id: classSessions.id,
      courseId: classSessions.courseId,
      startsAt: classSessions.startsAt,
      endsAt: classSessions.endsAt,
    })
    .from(classSessions)
    .as('session_times');
}

/** Whole session rows plus `extra` columns built on the session (a member's seat in it). */
export function selectSessionRows<E extends Record<string, SQL | SQL.Aliased>>(
  db: DbOrTx,
  extra: (session: SessionRef) => E,
) {
  return db.select({ session: classSessions, ...extra(sessionRef) }).from(classSessions);
}

// Conditions on the session of such a statement.

export const sessionIs = (id: string | Placeholder) => eq(classSessions.id, id);
/** The sessions whose id is in a text[] placeholder (one prepared statement for any number of ids). */
export const sessionIsAnyOf = (ids: Placeholder) => isAnyOf(classSessions.id, ids);
/** Scheduled sessions with a free seat (COURSE_FULL suggestions, the "book" filters). */
export const hasFreeSeat = sql`${classSessions.bookedCount} < ${classSessions.capacity}`;
export const startsAfter = (t: Date) => sql`${classSessions.startsAt} > ${instant(t)}`;
export const startsNoLaterThan = (t: Date) => sql`${classSessions.startsAt} <= ${instant(t)}`;
export const isScheduled = eq(classSessions.status, 'scheduled');
export const notSession = (id: string) => ne(classSessions.id, id);
/** Sessions of the course that session `id` belongs to. */
export const sameCourseAs = (id: string) =>
  sql`${classSessions.courseId} = (select other.course_id from ${classSessions} other where other.id = ${id})`;

/**
 * Sessions starting in [from, to) of the course, teacher and room given (null: any), all as
 * placeholders of a prepared statement: `from`, `to` (ISO instants), `course`, `teacher`, `room`.
 */
export function scheduleRangeWhere(p: (name: string) => Placeholder): SQL {
  const optionally = (column: AnyPgColumn, name: string) =>
    sql`(${p(name)}::text is null or ${column} = ${p(name)}::text)`;
  return sql.join(
    [
      sql`${classSessions.startsAt} >= ${instant(p('from'))}`,
      sql`${classSessions.startsAt} < ${instant(p('to'))}`,
      optionally(classSessions.courseId, 'course'),
      optionally(classSessions.teacherId, 'teacher'),
      optionally(classSessions.roomId, 'room'),
    ],
    sql` and `,
  );
}
