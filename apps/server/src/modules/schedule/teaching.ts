// A teacher's sessions, for the teacher workbench (modules/teacher reads them through service.ts).
import type { SessionScope } from '@studio/contract/teacher';
import { and, asc, count, desc, eq, gt, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { offsetOf, type Page } from '../../platform/paging';
import { classSessions } from './schema';

const ownedBy = (teacherId: string) => eq(classSessions.teacherId, teacherId);
const isScheduled = eq(classSessions.status, 'scheduled');

function scopeWhere(teacherId: string, scope: SessionScope, now: Date): SQL | undefined {
  return and(ownedBy(teacherId), scope === 'upcoming' ? gt(classSessions.endsAt, now) : lte(classSessions.endsAt, now));
}

/** A page of the teacher's session ids: upcoming soonest first, past newest first. */
export async function teacherSessionIdsPage(
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

/**
 * Every session of the teacher as a subquery (`id`, `starts_at`), for another module's read model
 * to join without knowing this module's tables (reservations: the teacher's students).
 */
export function sessionsOfTeacher(db: DbOrTx, teacherId: string) {
  return db
    .select({ id: classSessions.id, startsAt: classSessions.startsAt })
    .from(classSessions)
    .where(ownedBy(teacherId))
    .as('teacher_sessions');
}

export type TeacherSessions = ReturnType<typeof sessionsOfTeacher>;
