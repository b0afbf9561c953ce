import { ANNOUNCEMENT_COURSE_DAYS } from '@studio/contract/notifications';
import { DAY } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { countUsersSince } from '../account';
import { countPackageHolders } from '../packages';
import { upcomingBookedCourses } from '../reservations';
import type { AnnouncementRow, Viewer } from './announcement-repo';

/*
 * Who an announcement is for, judged when it is read (never copied when it is published): everyone,
 * visitors too ("all"); any member; members holding a package valid now with credits left; members
 * with a registered booking on one of its courses starting within its course_days. The packages and
 * reservations modules answer for their part through their services.
 */

/** The reader as the audiences see them: two small reads for a member, none for a visitor. */
export async function viewerOf(db: DbOrTx, userId: string | null, now: Date): Promise<Viewer> {
  if (userId === null) return { kind: 'visitor' };
  const [holders, booked] = await Promise.all([
    countPackageHolders(db, now, userId),
    upcomingBookedCourses(db, { from: now, to: new Date(now.getTime() + ANNOUNCEMENT_COURSE_DAYS.max * DAY), userId }),
  ]);
  return {
    kind: 'member',
    userId,
    holdsPackage: holders > 0,
    bookings: booked.flatMap((b) => (b.startsAt ? [{ courseId: b.courseId, startsAt: b.startsAt }] : [])),
  };
}

/**
 * How many members each announcement is meant for now (the "of 120" of "read by 41 of 120"): every
 * member for "all" and "members", the package holders, or the members booked on its courses within
 * its days. At most three reads for any number of announcements.
 */
export async function audienceCounts(
  db: DbOrTx,
  rows: readonly AnnouncementRow[],
  now: Date,
): Promise<Map<string, number>> {
  const has = (audience: AnnouncementRow['audience']) => rows.some((r) => r.audience === audience);
  const courseRows = rows.filter((r) => r.audience === 'course');
  const [members, holders, booked] = await Promise.all([
    has('all') || has('members') ? countUsersSince(db, new Date(0)) : 0,
    has('package_holders') ? countPackageHolders(db, now) : 0,
    courseRows.length
      ? upcomingBookedCourses(db, {
          from: now,
          to: new Date(now.getTime() + Math.max(...courseRows.map((r) => r.courseDays)) * DAY),
          courseIds: [...new Set(courseRows.flatMap((r) => r.courseIds))],
        })
      : [],
  ]);
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (row.audience === 'package_holders') counts.set(row.id, holders);
    else if (row.audience !== 'course') counts.set(row.id, members);
    else {
      const until = now.getTime() + row.courseDays * DAY;
      const courses = new Set(row.courseIds);
      const users = new Set(
        booked
          .filter((b) => courses.has(b.courseId) && b.startsAt && b.startsAt.getTime() <= until)
          .map((b) => b.userId),
      );
      counts.set(row.id, users.size);
    }
  }
  return counts;
}
