import type { Locale } from '@studio/contract/locale';
import type { ReservationRecord, Roster } from '@studio/contract/reservations';
import type { SessionRecord, TeacherRecord } from '@studio/contract/schedule';
import {
  CHECK_IN_CLOSES_AFTER_MIN,
  CHECK_IN_OPENS_BEFORE_MIN,
  type ClassHours,
  checkInTiming,
  checkInWindow,
  type SessionScope,
  type StudentRecord,
  type Workbench,
} from '@studio/contract/teacher';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { pageOf } from '../../platform/paging';
import type { AuthUser, CallContext } from '../../platform/protocol';
import { inTransaction } from '../../platform/unit-of-work';
import { briefsOf, getUserOrFail, idsOfUsersNamed, uploadedImage } from '../account';
import { getMerchant } from '../merchant';
import * as reservationReads from '../reservations';
import * as reservations from '../reservations';
import * as schedule from '../schedule';

dayjs.extend(utc);
dayjs.extend(timezone);

/** How many upcoming sessions the workbench shows. */
export const WORKBENCH_NEXT_SESSIONS = 5;

// Access -----------------------------------------------------------------------------------------

/** The workbench is for teachers; admins may use it too. The url group is kh, so the role is checked here. */
export function assertTeacher(user: AuthUser): void {
  if (!user.role.includes('teacher') && !user.role.includes('admin')) fail('PERMISSION_DENIED');
}

// Pure rules -------------------------------------------------------------------------------------

/** The instants a month (YYYY-MM) spans in `tz`: [from, to). */
export function monthRange(month: string, tz: string): { from: Date; to: Date } {
  const next = dayjs.utc(`${month}-01T00:00:00Z`).add(1, 'month').format('YYYY-MM-DD');
  return { from: dayjs.tz(`${month}-01`, tz).toDate(), to: dayjs.tz(next, tz).toDate() };
}

/** The month (YYYY-MM) that `now` falls in, in `tz`. */
export function monthOf(now: Date, tz: string): string {
  return dayjs(now).tz(tz).format('YYYY-MM');
}

/** Minutes as hours, rounded to 2 decimals (90 → 1.5). */
export function minutesToHours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

// Profile ----------------------------------------------------------------------------------------

/**
 * The caller's teacher profile. A member given the teacher role without a profile yet (or an admin
 * looking at the workbench) sees an unpublished one drawn from their account until they save it.
 */
export async function getProfile(db: DbOrTx, userId: string): Promise<TeacherRecord> {
  const profile = await schedule.findTeacher(db, userId);
  if (profile) return schedule.toTeacherRecord(profile);
  const user = await getUserOrFail(db, userId);
  return {
    _id: user.id,
    name: user.nickname || user.username || '',
    photo: user.avatar,
    introduction: '',
    specialties: [],
    active: false,
  };
}

/**
 * Edits the caller's own profile (creating it when the role came without one). A new photo must be
 * an image the teacher uploaded (POST /api/upload); the current photo may be sent back unchanged.
 */
export async function updateIntroduction(
  db: DbOrTx,
  userId: string,
  input: { introduction: string; specialties?: string[]; photo?: string | null },
  now: Date,
): Promise<TeacherRecord> {
  const row = await inTransaction(db, (tx) => writeIntroduction(tx, userId, input, now));
  return schedule.toTeacherRecord(row);
}

async function writeIntroduction(
  db: DbOrTx,
  userId: string,
  input: { introduction: string; specialties?: string[]; photo?: string | null },
  now: Date,
) {
  const existing = await schedule.findTeacher(db, userId);
  let photo = input.photo;
  if (photo && photo !== existing?.photo) {
    photo = await uploadedImage(db, photo, 'photo', userId);
  }
  return existing
    ? await schedule.updateTeacherIntroduction(
        db,
        userId,
        { introduction: input.introduction, specialties: input.specialties, photo },
        now,
      )
    : await schedule.saveTeacher(
        db,
        { user_id: userId, introduction: input.introduction, specialties: input.specialties, photo },
        now,
        // A teacher writing their own first profile: they hold the role already.
        { _id: userId, role: ['teacher'] },
      );
}

// Sessions ---------------------------------------------------------------------------------------

/**
 * Session records in the teacher's locale (course and room names). The workbench's own profile is
 * not localized: it is the text the teacher edits (updateIntroduction), in the default language.
 */
async function recordsInOrder(db: DbOrTx, ids: string[], now: Date, locale?: Locale): Promise<SessionRecord[]> {
  const records = await reservationReads.sessionRecordsById(db, ids, null, now, locale);
  return ids.map((id) => records.get(id)!);
}

/** Own sessions, cancelled ones included (shown with their status). */
export async function getSessions(
  db: DbOrTx,
  teacherId: string,
  input: { scope: SessionScope; pageIndex: number; pageSize: number },
  now: Date,
  locale?: Locale,
) {
  const { ids, total } = await schedule.teacherSessionIdsPage(db, teacherId, input.scope, now, input);
  return pageOf(await recordsInOrder(db, ids, now, locale), total, input);
}

/** Sessions taught in `month` (default: this month) in the studio's timezone, and their length. */
export async function getClassHours(
  db: DbOrTx,
  teacherId: string,
  month: string | undefined,
  now: Date,
  locale?: Locale,
): Promise<ClassHours> {
  const tz = (await getMerchant(db)).timezone;
  const m = month ?? monthOf(now, tz);
  const taught = await schedule.taughtSessions(db, teacherId, monthRange(m, tz), now);
  const minutes = taught.reduce((sum, s) => sum + Math.round((s.endsAt.getTime() - s.startsAt.getTime()) / 60_000), 0);
  return {
    month: m,
    session_count: taught.length,
    total_minutes: minutes,
    hours: minutesToHours(minutes),
    rows: await recordsInOrder(
      db,
      taught.map((s) => s.id),
      now,
      locale,
    ),
  };
}

export async function getWorkbench(db: DbOrTx, teacherId: string, now: Date, locale?: Locale): Promise<Workbench> {
  const [teacher, next, hours, students] = await Promise.all([
    getProfile(db, teacherId),
    schedule.teacherSessionIdsPage(
      db,
      teacherId,
      'upcoming',
      now,
      { pageIndex: 1, pageSize: WORKBENCH_NEXT_SESSIONS },
      { scheduledOnly: true },
    ),
    getClassHours(db, teacherId, undefined, now, locale),
    reservationReads.countStudents(db, schedule.sessionsOfTeacher(db, teacherId)),
  ]);
  return {
    teacher,
    counts: {
      upcoming_sessions: next.total,
      month: hours.month,
      month_sessions: hours.session_count,
      month_minutes: hours.total_minutes,
      month_hours: hours.hours,
      students,
    },
    next_sessions: await recordsInOrder(db, next.ids, now, locale),
  };
}

/** A session of the caller's, or SESSION_NOT_FOUND / NOT_YOUR_SESSION. */
async function ownSession(db: DbOrTx, teacherId: string, sessionId: string) {
  const session = (await schedule.findSession(db, sessionId)) ?? fail('SESSION_NOT_FOUND');
  if (session.teacherId !== teacherId) fail('NOT_YOUR_SESSION');
  return session;
}

export async function getRoster(
  db: DbOrTx,
  teacherId: string,
  sessionId: string,
  now: Date,
  locale?: Locale,
): Promise<Roster> {
  await ownSession(db, teacherId, sessionId);
  return reservationReads.getRoster(db, sessionId, now, locale);
}

// Check-in ---------------------------------------------------------------------------------------

/**
 * Checks a member in under the workbench's rules, in order: the class is the teacher's (when
 * `teacherId` is given; verification staff pass none), the reservation is active, not yet checked
 * in, and now is inside the check-in window (CHECK_IN_OPENS_BEFORE_MIN before start to
 * CHECK_IN_CLOSES_AFTER_MIN after end). The reservations service re-checks status under the row
 * lock, so of many concurrent check-ins exactly one succeeds and the rest get ALREADY_CHECKED_IN.
 */
export async function checkInWithinWindow(
  ctx: CallContext,
  reservation: reservations.ReservationRow,
  byUserId: string,
  teacherId?: string,
): Promise<ReservationRecord> {
  const now = ctx.clock.now();
  const session = (await schedule.findSession(ctx.db, reservation.sessionId)) ?? fail('SESSION_NOT_FOUND');
  if (teacherId !== undefined && session.teacherId !== teacherId) fail('NOT_YOUR_SESSION');
  if (reservation.status === 'cancelled') fail('RESERVATION_NOT_ACTIVE');
  if (reservation.checkedInAt) fail('ALREADY_CHECKED_IN');
  const timing = checkInTiming({ starts_at: session.startsAt, ends_at: session.endsAt }, now);
  if (timing !== 'open') {
    const window = checkInWindow(session.startsAt, session.endsAt);
    const data = { opens_at: window.opensAt.toISOString(), closes_at: window.closesAt.toISOString() };
    if (timing === 'early') fail('CHECK_IN_NOT_OPEN', { minutes: CHECK_IN_OPENS_BEFORE_MIN }, data);
    fail('CHECK_IN_CLOSED', { minutes: CHECK_IN_CLOSES_AFTER_MIN }, data);
  }
  return reservations.checkIn(ctx, reservation.id, byUserId);
}

/** The teacher checks a member of an own class in, by reservation id (roster) or the member's code (QR). */
export async function checkIn(
  ctx: CallContext,
  teacherId: string,
  input: { reservation_id?: string; code?: string },
): Promise<ReservationRecord> {
  const reservation = input.code
    ? ((await reservationReads.findReservationByCode(ctx.db, input.code)) ?? fail('CODE_NOT_FOUND'))
    : ((await reservationReads.findReservation(ctx.db, input.reservation_id!)) ?? fail('RESERVATION_NOT_FOUND'));
  return checkInWithinWindow(ctx, reservation, teacherId, teacherId);
}

// Students ---------------------------------------------------------------------------------------

export async function getStudents(
  db: DbOrTx,
  teacherId: string,
  input: { pageIndex: number; pageSize: number; keyword?: string },
) {
  const sessions = schedule.sessionsOfTeacher(db, teacherId);
  const members = input.keyword ? idsOfUsersNamed(db, input.keyword) : undefined;
  const { rows, total } = await reservationReads.studentsPage(db, sessions, members, input);
  const briefs = await briefsOf(
    db,
    rows.map((r) => r.userId),
  );
  const records: StudentRecord[] = rows.map((r) => ({
    _id: r.userId,
    nickname: briefs.get(r.userId)?.nickname ?? '',
    avatar: briefs.get(r.userId)?.avatar || null,
    session_count: r.sessionCount,
    attended_count: r.attendedCount,
    last_session_at: r.lastSessionAt.toISOString(),
  }));
  return pageOf(records, total, input);
}
