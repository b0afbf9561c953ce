// Classes (admin/report.classes): how the classes of a range filled, by course, teacher and the
// weekday × hour heat map, from the reservations module's grouped counts.

import type { Locale } from '@studio/contract/locale';
import type { ClassesReport, ClassStats, ReportRange } from '@studio/contract/reports';
import { previousRange } from '@studio/contract/reports';
import type { DbOrTx } from '../../platform/db';
import { inTurn } from '../../platform/report-sql';
import type { MerchantRow } from '../merchant';
import { type ClassCell, classCells } from '../reservations';
import { courseAndTeacherNames } from '../schedule';
import { instantsOf } from './periods';

const emptyStats = (): ClassStats => ({
  sessions: 0,
  seats: 0,
  booked: 0,
  fill_rate: null,
  check_ins: 0,
  no_shows: 0,
  late_cancels: 0,
  waitlisted: 0,
});

function add(stats: ClassStats, c: ClassCell): void {
  stats.sessions += c.sessions;
  stats.seats += c.seats;
  stats.booked += c.booked;
  stats.check_ins += c.checkIns;
  stats.no_shows += c.noShows;
  stats.late_cancels += c.lateCancels;
  stats.waitlisted += c.waitlisted;
  stats.fill_rate = stats.seats > 0 ? Math.min(1, stats.booked / stats.seats) : null;
}

function grouped<K>(cells: ClassCell[], key: (c: ClassCell) => K): Map<K, ClassStats> {
  const groups = new Map<K, ClassStats>();
  for (const c of cells) {
    const k = key(c);
    const stats = groups.get(k) ?? emptyStats();
    groups.set(k, stats);
    add(stats, c);
  }
  return groups;
}

const cellsOf = (db: DbOrTx, range: ReportRange, studio: MerchantRow, now: Date) =>
  classCells(db, {
    ...instantsOf(range, studio.timezone),
    now,
    tz: studio.timezone,
    cancelWindowHours: studio.cancelWindowHours,
  });

export async function classesReport(
  db: DbOrTx,
  range: ReportRange,
  studio: MerchantRow,
  now: Date,
  locale: Locale | undefined,
): Promise<ClassesReport> {
  const [cells, before] = await inTurn(
    () => cellsOf(db, range, studio, now),
    () => cellsOf(db, previousRange(range), studio, now),
  );
  const byCourse = grouped(cells, (c) => c.courseId);
  const byTeacher = grouped(cells, (c) => c.teacherId);
  const names = await courseAndTeacherNames(db, [...byCourse.keys()], [...byTeacher.keys()], locale);
  const busiest = (a: { booked: number }, b: { booked: number }) => b.booked - a.booked;
  return {
    total: grouped(cells, () => 0).get(0) ?? emptyStats(),
    previous: grouped(before, () => 0).get(0) ?? emptyStats(),
    by_course: [...byCourse].map(([id, s]) => ({ ...s, _id: id, name: names.courses.get(id) ?? '' })).sort(busiest),
    by_teacher: [...byTeacher].map(([id, s]) => ({ ...s, _id: id, name: names.teachers.get(id) ?? '' })).sort(busiest),
    heatmap: [...grouped(cells, (c) => c.weekday * 24 + c.hour)]
      .map(([cell, s]) => ({ ...s, weekday: Math.floor(cell / 24), hour: cell % 24 }))
      .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
  };
}
