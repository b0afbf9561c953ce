import { applyLocalizedInput } from '@studio/contract/localized-text';
import {
  type courseSaveInput,
  MAX_SERIES_SESSIONS,
  type roomSaveInput,
  type sessionCreateInput,
  type sessionSeriesInput,
  type teacherSaveInput,
  weeklyOccurrences,
} from '@studio/contract/schedule';
import { accountChangeRefusal, type MemberAccess } from '@studio/contract/staff-rights';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { z } from 'zod';
import { DAY } from '../../platform/clock';
import type { DbOrTx, Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { inTransaction } from '../../platform/unit-of-work';
import { getUserOrFail, grantRole } from '../account';
import { getMerchant } from '../merchant';
import * as repo from './repo';

export {
  hasFreeSeat,
  isScheduled,
  notSession,
  type SessionRef,
  sameCourseAs,
  scheduleRangeWhere,
  selectSessionRows,
  sessionIs,
  sessionIsAnyOf,
  sessionTimes,
  startsAfter,
  startsNoLaterThan,
} from './read-model';
export {
  toAdminCourseRecord,
  toAdminRoomRecord,
  toAdminTeacherRecord,
  toCourseRecord,
  toRoomRecord,
  toSessionRecord,
  toTeacherRecord,
} from './records';
export {
  coursesRowsVersion,
  scheduleRowsVersion,
  selectSessions,
  sessionIdOrder,
  sessionOrder,
  sessionStartsIn,
} from './repo';
export { sessionsOfTeacher, type TeacherSessions, taughtSessions, teacherSessionIdsPage } from './teaching';

dayjs.extend(utc);
dayjs.extend(timezone);

export type { CourseRow, RoomRow, SessionJoinedRow, SessionRow, TeacherRow } from './repo';

// Courses, rooms, teachers -------------------------------------------------------------------------

export async function getCourseOrFail(db: DbOrTx, id: string): Promise<repo.CourseRow> {
  return (await repo.findCourse(db, id)) ?? fail('NOT_FOUND', {}, { field: 'course_id' });
}

export async function getRoomOrFail(db: DbOrTx, id: string): Promise<repo.RoomRow> {
  return (await repo.findRoom(db, id)) ?? fail('NOT_FOUND', {}, { field: 'room_id' });
}

export async function getTeacherOrFail(db: DbOrTx, userId: string): Promise<repo.TeacherRow> {
  return (await repo.findTeacher(db, userId)) ?? fail('NOT_FOUND', {}, { field: 'teacher_id' });
}

export const findCourse = repo.findCourse;
export const findRoom = repo.findRoom;
export const findTeacher = repo.findTeacher;
export const findSession = repo.findSession;
/** The filter of session lists, for the read models that add columns to them (reservations). */
export const sessionWhere = repo.sessionWhere;
export const countSessions = repo.countSessions;
export const lockSession = repo.lockSession;
export const addBookedCount = repo.addBookedCount;
export const takeSeat = repo.takeSeat;
export const seatTaking = repo.seatTaking;
/**
 * The studio called a locked, scheduled class off (reservations cancels its bookings first): its
 * status, reason and time, and no seat booked any more.
 */
export function markSessionCancelled(tx: Tx, id: string, reason: string, now: Date): Promise<repo.SessionRow> {
  return repo.updateSession(tx, id, {
    status: 'cancelled',
    cancelReason: reason,
    cancelledAt: now,
    bookedCount: 0,
    updatedAt: now,
  });
}

/** A locked class's capacity (reservations checks it against the seats booked and fills what it adds). */
export function setSessionCapacity(tx: Tx, id: string, capacity: number, now: Date): Promise<repo.SessionRow> {
  return repo.updateSession(tx, id, { capacity, updatedAt: now });
}

/** Whether every id names a course (package limitations must name real courses). */
export async function assertCoursesExist(db: DbOrTx, ids: readonly string[]): Promise<void> {
  for (const id of new Set(ids)) await getCourseOrFail(db, id);
}

export async function saveCourse(
  db: DbOrTx,
  input: z.output<typeof courseSaveInput>,
  now: Date,
): Promise<repo.CourseRow> {
  const existing = input._id ? await getCourseOrFail(db, input._id) : undefined;
  const { defaultLocale } = await getMerchant(db);
  const name = applyLocalizedInput(input.name, defaultLocale, existing?.nameI18n);
  const description = applyLocalizedInput(input.description, defaultLocale, existing?.descriptionI18n);
  return repo.upsertCourse(db, {
    id: existing?.id ?? newId(),
    name: name.value,
    nameI18n: name.values,
    description: description.value,
    descriptionI18n: description.values,
    coverImage: input.cover_image === undefined ? (existing?.coverImage ?? null) : input.cover_image,
    durationMin: input.duration_min,
    defaultCapacity: input.default_capacity,
    level: input.level,
    acceptedGoodsIds: input.accepted_goods_ids ?? existing?.acceptedGoodsIds ?? [],
    active: input.active ?? existing?.active ?? true,
    createdAt: now,
    updatedAt: now,
  });
}

export async function saveRoom(db: DbOrTx, input: z.output<typeof roomSaveInput>, now: Date): Promise<repo.RoomRow> {
  const existing = input._id ? await getRoomOrFail(db, input._id) : undefined;
  const { defaultLocale } = await getMerchant(db);
  const name = applyLocalizedInput(input.name, defaultLocale, existing?.nameI18n);
  const address =
    input.address === undefined
      ? { value: existing?.address ?? '', values: existing?.addressI18n ?? {} }
      : applyLocalizedInput(input.address, defaultLocale, existing?.addressI18n);
  return repo.upsertRoom(db, {
    id: existing?.id ?? newId(),
    name: name.value,
    nameI18n: name.values,
    capacity: input.capacity,
    address: address.value,
    addressI18n: address.values,
    active: input.active ?? existing?.active ?? true,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Creates or updates a teacher's profile and gives the member the teacher role. Giving the role is
 * a change of access (contract staff-rights.ts): staff other than an admin never give it to
 * themselves or to an admin (PERMISSION_DENIED); an admin holds every role and may.
 */
export async function saveTeacher(
  db: DbOrTx,
  input: z.output<typeof teacherSaveInput>,
  now: Date,
  actor: Pick<MemberAccess, '_id' | 'role'>,
): Promise<repo.TeacherRow> {
  // The role and the profile together, or neither.
  return inTransaction(db, async (tx) => {
    const user = await getUserOrFail(tx, input.user_id);
    if (!user.roles.includes('teacher') && !actor.role.includes('admin')) {
      const refusal = accountChangeRefusal(actor, { _id: user.id, role: user.roles });
      if (refusal) fail('PERMISSION_DENIED', {}, { reason: refusal });
    }
    const existing = await repo.findTeacher(tx, user.id);
    await grantRole(tx, user.id, now);
    const { defaultLocale } = await getMerchant(tx);
    const name =
      input.name === undefined
        ? {
            value: existing?.displayName ?? (user.nickname || user.username || 'Teacher'),
            values: existing?.displayNameI18n ?? {},
          }
        : applyLocalizedInput(input.name, defaultLocale, existing?.displayNameI18n);
    const introduction = applyLocalizedInput(input.introduction, defaultLocale, existing?.introductionI18n);
    return repo.upsertTeacher(tx, {
      userId: user.id,
      displayName: name.value,
      displayNameI18n: name.values,
      introduction: introduction.value,
      introductionI18n: introduction.values,
      photo: input.photo === undefined ? (existing?.photo ?? user.avatar) : input.photo,
      specialties: input.specialties ?? existing?.specialties ?? [],
      active: input.active ?? existing?.active ?? true,
      createdAt: now,
      updatedAt: now,
    });
  });
}

/**
 * A teacher edits their own introduction (teacher workbench). The workbench sends plain text in the
 * teacher's own words: like a plain string from staff it sets the studio's default language's value,
 * and the translations staff made are kept (staff see and update them in admin/teacher.save).
 */
export async function updateTeacherIntroduction(
  db: DbOrTx,
  userId: string,
  changes: { introduction?: string; specialties?: string[]; photo?: string | null },
  now: Date,
): Promise<repo.TeacherRow> {
  const existing = await getTeacherOrFail(db, userId);
  const introduction =
    changes.introduction === undefined
      ? { value: existing.introduction, values: existing.introductionI18n }
      : applyLocalizedInput(changes.introduction, (await getMerchant(db)).defaultLocale, existing.introductionI18n);
  return repo.upsertTeacher(db, {
    ...existing,
    introduction: introduction.value,
    introductionI18n: introduction.values,
    specialties: changes.specialties ?? existing.specialties,
    photo: changes.photo === undefined ? existing.photo : changes.photo,
    updatedAt: now,
  });
}

export const listCourses = repo.listCourses;
export const listRooms = repo.listRooms;
export const listTeachers = repo.listTeachers;

// Sessions ---------------------------------------------------------------------------------------

interface SessionParts {
  course: repo.CourseRow;
  teacher: repo.TeacherRow;
  room: repo.RoomRow;
  capacity: number;
}

async function resolveSessionParts(
  db: DbOrTx,
  input: { course_id: string; teacher_id: string; room_id: string; capacity?: number },
): Promise<SessionParts> {
  const course = await getCourseOrFail(db, input.course_id);
  const teacher = await getTeacherOrFail(db, input.teacher_id);
  const room = await getRoomOrFail(db, input.room_id);
  return { course, teacher, room, capacity: input.capacity ?? room.capacity };
}

function sessionValues(parts: SessionParts, startsAt: Date, endsAt: Date, now: Date, seriesId: string | null) {
  return {
    id: newId(),
    courseId: parts.course.id,
    teacherId: parts.teacher.userId,
    roomId: parts.room.id,
    startsAt,
    endsAt,
    capacity: parts.capacity,
    seriesId,
    createdAt: now,
    updatedAt: now,
  };
}

function timeRange(startsAt: string, endsAt: string): { start: Date; end: Date } {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  if (end.getTime() <= start.getTime()) fail('TIME_RANGE_INVALID');
  return { start, end };
}

/**
 * Refuses sessions that would put the teacher in two classes, or two classes in one room, at
 * once: TEACHER_BUSY or ROOM_BUSY naming the first session in the way. The caller holds
 * lockScheduleWrites, so the answer stays true until it commits.
 */
async function assertFree(tx: Tx, parts: SessionParts, ranges: { start: Date; end: Date }[]): Promise<void> {
  const from = new Date(Math.min(...ranges.map((r) => r.start.getTime())));
  const to = new Date(Math.max(...ranges.map((r) => r.end.getTime())));
  const taken = await repo.findClashes(tx, { teacherId: parts.teacher.userId, roomId: parts.room.id, from, to });
  for (const r of ranges) {
    const clash = taken.find((s) => s.startsAt < r.end && s.endsAt > r.start);
    if (!clash) continue;
    const data = { session_id: clash.id, starts_at: clash.startsAt.toISOString() };
    fail(clash.teacherId === parts.teacher.userId ? 'TEACHER_BUSY' : 'ROOM_BUSY', {}, data);
  }
}

export async function createSession(
  db: DbOrTx,
  input: z.output<typeof sessionCreateInput>,
  now: Date,
): Promise<repo.SessionRow> {
  const { start, end } = timeRange(input.starts_at, input.ends_at);
  return inTransaction(db, async (tx) => {
    await repo.lockScheduleWrites(tx);
    const parts = await resolveSessionParts(tx, input);
    await assertFree(tx, parts, [{ start, end }]);
    const [row] = await repo.insertSessions(tx, [sessionValues(parts, start, end, now, null)]);
    return row!;
  });
}

/**
 * A weekly series in the studio's timezone: each listed weekday from starts_at's date to until, at
 * starts_at's local wall-clock time (so DST does not shift it), each as long as the first.
 */
export async function createSeries(
  db: DbOrTx,
  input: z.output<typeof sessionSeriesInput>,
  now: Date,
): Promise<{ seriesId: string; sessions: repo.SessionRow[] }> {
  const { start, end } = timeRange(input.starts_at, input.ends_at);
  return inTransaction(db, async (tx) => {
    await repo.lockScheduleWrites(tx);
    const parts = await resolveSessionParts(tx, input);
    const tz = (await getMerchant(tx)).timezone;
    const starts = weeklyOccurrences(start, input.weekdays, input.until, tz, MAX_SERIES_SESSIONS);
    if (starts.length === 0) fail('INVALID_PARAM', { field: 'until' }, { field: 'until', reason: 'noOccurrence' });
    if (starts.length > MAX_SERIES_SESSIONS) {
      fail('INVALID_PARAM', { field: 'until' }, { field: 'until', reason: 'tooManySessions' });
    }
    const duration = end.getTime() - start.getTime();
    const ranges = starts.map((s) => ({ start: s, end: new Date(s.getTime() + duration) }));
    await assertFree(tx, parts, ranges);
    const seriesId = newId();
    const sessions = await repo.insertSessions(
      tx,
      ranges.map((r) => sessionValues(parts, r.start, r.end, now, seriesId)),
    );
    return { seriesId, sessions };
  });
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar date after `date` (YYYY-MM-DD), counted in UTC, where every day has 24 hours. */
const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

/** Midnights already worked out, by `<timezone> <date>`: a week's dates are asked for over and over. */
const midnights = new Map<string, number>();
const MIDNIGHTS_KEPT = 4096;

/** The instant a date (YYYY-MM-DD) begins in a timezone: `dayjs.tz` of a bare date is its midnight. */
function midnightIn(date: string, tz: string): Date {
  const key = `${tz} ${date}`;
  let t = midnights.get(key);
  if (t === undefined) {
    t = dayjs.tz(date, tz).valueOf();
    if (midnights.size >= MIDNIGHTS_KEPT) midnights.clear();
    midnights.set(key, t);
  }
  return new Date(t);
}

/**
 * A schedule range from the calls' date_from/date_to: a YYYY-MM-DD is a whole day in the studio's
 * timezone (date_to inclusive), an instant is taken as it is.
 */
export function resolveRange(from: string, to: string, tz: string): { from: Date; to: Date } {
  const start = DATE_ONLY.test(from) ? midnightIn(from, tz) : new Date(from);
  const end = DATE_ONLY.test(to) ? midnightIn(nextDate(to), tz) : new Date(to);
  return { from: start, to: end };
}

// The demo seed (reservations/seed.ts) writes catalogue rows as they are, through these.

/** Inserts a room unless its id exists: answers it, or undefined when it was already there. */
export async function insertRoomIfAbsent(tx: Tx, values: repo.NewRoom): Promise<repo.RoomRow | undefined> {
  return repo.insertRoomIfAbsent(tx, values);
}
export const upsertRoom = repo.upsertRoom;
export const upsertCourse = repo.upsertCourse;
