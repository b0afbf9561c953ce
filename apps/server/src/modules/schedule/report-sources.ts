// Classes as a row source the reports compose (issue 26): the reservations module counts bookings
// per class of a range without reading this module's table itself. Read only.
import type { Locale } from '@studio/contract/locale';
import { localize } from '@studio/contract/localized-text';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, instant } from '../../platform/db';
import { classSessions, courses, teacherProfiles } from './schema';

/**
 * Classes that start in [from, to) and were not called off. Columns: id, course_id, teacher_id,
 * starts_at, ends_at, capacity, booked_count (its reservations not cancelled). Reads class_sessions_starts_idx.
 */
export function classesStartingIn(from: Date, to: Date): SQL {
  return sql`(
    select id, course_id, teacher_id, starts_at, ends_at, capacity, booked_count
    from ${classSessions}
    where starts_at >= ${instant(from)} and starts_at < ${instant(to)} and status <> 'cancelled'
  )`;
}

/** Course and teacher names by id, in `locale` when they have one. */
export async function courseAndTeacherNames(
  db: DbOrTx,
  courseIds: readonly string[],
  teacherIds: readonly string[],
  locale: Locale | undefined,
): Promise<{ courses: Map<string, string>; teachers: Map<string, string> }> {
  const courseRows = courseIds.length
    ? await db
        .select({ id: courses.id, name: courses.name, i18n: courses.nameI18n })
        .from(courses)
        .where(inArray(courses.id, [...courseIds]))
    : [];
  const teacherRows = teacherIds.length
    ? await db
        .select({
          id: teacherProfiles.userId,
          name: teacherProfiles.displayName,
          i18n: teacherProfiles.displayNameI18n,
        })
        .from(teacherProfiles)
        .where(inArray(teacherProfiles.userId, [...teacherIds]))
    : [];
  const named = (rows: { id: string; name: string; i18n: Parameters<typeof localize>[0] }[]) =>
    new Map(rows.map((r) => [r.id, (locale && localize(r.i18n, locale)) || r.name]));
  return { courses: named(courseRows), teachers: named(teacherRows) };
}
