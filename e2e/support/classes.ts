import type { APIRequestContext } from '@playwright/test';
import { accountCalls } from '@studio/contract/account';
import { adminPackageCalls, type PackageRecord, packageCalls } from '@studio/contract/packages';
import { adminReservationCalls, type ReservationRecord, reservationCalls } from '@studio/contract/reservations';
import { adminScheduleCalls, type SessionRecord } from '@studio/contract/schedule';
import { callApi, DEMO, type Member, registerMember, tokenOf, uniqueName } from './api';

/** The demo studio's timezone (seed.ts); the phone project runs in the same zone. */
export const STUDIO_TZ = 'Europe/London';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A course, room and teacher of their own, so a journey's rows never mix with another's. */
export interface ClassSetup {
  adminToken: string;
  /** The unique suffix of every name here, for naming more things of the journey. */
  stamp: string;
  course: { _id: string; name: string };
  room: { _id: string; name: string };
  /** The teacher is a fresh member given the teacher role; log in as them with `teacher.password`. */
  teacher: Member & { name: string };
}

/** An admin token (the demo `admin`), for the `admin/...` calls that set a journey up. */
export function adminToken(request: APIRequestContext): Promise<string> {
  return tokenOf(request, DEMO.admin);
}

/** A start time `ms` from now, on a whole 5 minutes, as ISO; and its end `minutes` later. */
export function sessionTimes(fromNowMs: number, minutes = 60): { starts_at: string; ends_at: string } {
  const start = Math.ceil((Date.now() + fromNowMs) / (5 * MINUTE_MS)) * 5 * MINUTE_MS;
  return { starts_at: new Date(start).toISOString(), ends_at: new Date(start + minutes * MINUTE_MS).toISOString() };
}

/**
 * A class `daysAhead` calendar days from today in the studio's zone, at `time` (HH:mm) there, lasting
 * `minutes`: fixed wall-clock times keep the screenshots steady from run to run.
 */
export function studioSessionTimes(
  daysAhead: number,
  time: string,
  minutes = 60,
): { starts_at: string; ends_at: string } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: STUDIO_TZ }).format(
    new Date(Date.now() + daysAhead * 24 * HOUR_MS),
  );
  // The zone's offset on that day ("GMT", "GMT+1"), from noon UTC (no zone changes offset at noon).
  const offsetName =
    new Intl.DateTimeFormat('en-GB', { timeZone: STUDIO_TZ, timeZoneName: 'shortOffset' })
      .formatToParts(new Date(`${date}T12:00:00Z`))
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const [, sign = '+', h = '0', m = '0'] = /GMT(?:([+-])(\d+)(?::(\d+))?)?/.exec(offsetName) ?? [];
  const offsetMs = (sign === '-' ? -1 : 1) * (Number(h) * HOUR_MS + Number(m) * MINUTE_MS);
  const start = Date.parse(`${date}T${time}:00Z`) - offsetMs;
  return { starts_at: new Date(start).toISOString(), ends_at: new Date(start + minutes * MINUTE_MS).toISOString() };
}

/** Hours, in ms (for `sessionTimes`). */
export const hours = (n: number): number => n * HOUR_MS;
export const minutes = (n: number): number => n * MINUTE_MS;

/**
 * Creates a course, a room and a teacher (a freshly registered member given the role by
 * admin/teacher.save), each with a unique name.
 */
export async function createClassSetup(
  request: APIRequestContext,
  options: { courseName?: string; capacity?: number } = {},
): Promise<ClassSetup> {
  const token = await adminToken(request);
  // Short unique suffixes keep names readable in the screenshots.
  const stamp = Math.random().toString(36).slice(2, 6).toUpperCase();
  const { course } = await callApi(
    request,
    adminScheduleCalls.saveCourse,
    {
      name: `${options.courseName ?? 'Sunrise Flow'} ${stamp}`,
      description: 'A gentle, breath-led flow to wake the body up. Made by the browser tests.',
      duration_min: 60,
      default_capacity: options.capacity ?? 8,
      level: 'all',
    },
    token,
  );
  const { room } = await callApi(
    request,
    adminScheduleCalls.saveRoom,
    { name: `Cedar Room ${stamp}`, capacity: options.capacity ?? 8, address: '3 Willow Lane' },
    token,
  );
  const member = await registerMember(request, { prefix: 'tch' });
  const teacherName = `Tess Moreau ${stamp}`;
  await callApi(
    request,
    adminScheduleCalls.saveTeacher,
    { user_id: member.uid, introduction: 'Teaches the browser tests.', specialties: ['Flow'], name: teacherName },
    token,
  );
  return { adminToken: token, stamp, course, room, teacher: { ...member, name: teacherName } };
}

/** A session of the setup's course, teacher and room (admin/session.create). */
export async function createSession(
  request: APIRequestContext,
  setup: ClassSetup,
  times: { starts_at: string; ends_at: string },
  capacity?: number,
): Promise<SessionRecord> {
  const { session } = await callApi(
    request,
    adminReservationCalls.createSession,
    {
      course_id: setup.course._id,
      teacher_id: setup.teacher.uid,
      room_id: setup.room._id,
      ...times,
      ...(capacity !== undefined && { capacity }),
    },
    setup.adminToken,
  );
  return session;
}

/** Gives a member a long-term course package (admin/package.grant). */
export async function grantPackage(
  request: APIRequestContext,
  token: string,
  userId: string,
  name: string,
  classCount: number,
): Promise<PackageRecord> {
  const { package: pkg } = await callApi(
    request,
    adminPackageCalls.grantPackage,
    { user_id: userId, name, class_count: classCount },
    token,
  );
  return pkg;
}

/** Books a seat for the member through the API (client/course.book). */
export async function bookThroughApi(
  request: APIRequestContext,
  member: Pick<Member, 'token'>,
  sessionId: string,
): Promise<ReservationRecord> {
  const { reservation } = await callApi(request, reservationCalls.book, { session_id: sessionId }, member.token);
  return reservation;
}

/** Cancels the member's reservation through the API (client/course.cancelBooking). */
export async function cancelThroughApi(
  request: APIRequestContext,
  member: Pick<Member, 'token'>,
  reservationId: string,
): Promise<ReservationRecord> {
  const { reservation } = await callApi(
    request,
    reservationCalls.cancelBooking,
    { reservation_id: reservationId },
    member.token,
  );
  return reservation;
}

/** The member's packages as the server counts them (client/course.getMyPackages). */
export async function packagesOf(request: APIRequestContext, member: Pick<Member, 'token'>): Promise<PackageRecord[]> {
  const { rows } = await callApi(request, packageCalls.getMyPackages, {}, member.token);
  return rows;
}

/**
 * A fresh member holding one package of `classCount` credits (with `nickname`, what rosters and
 * scans show, when given); answers the member and the package.
 */
export async function memberWithPackage(
  request: APIRequestContext,
  token: string,
  options: { prefix?: string; nickname?: string; packageName?: string; classCount?: number } = {},
): Promise<{ member: Member; pkg: PackageRecord }> {
  const member = await registerMember(request, { prefix: options.prefix ?? 'cls' });
  if (options.nickname) {
    await callApi(request, accountCalls.updateUser, { nickname: options.nickname }, member.token);
  }
  const pkg = await grantPackage(
    request,
    token,
    member.uid,
    options.packageName ?? `Pack ${uniqueName('').slice(-8)}`,
    options.classCount ?? 5,
  );
  return { member, pkg };
}

const EN_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function studioParts(instant: string | Date): { weekday: number; day: number; month: number; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: STUDIO_TZ,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return {
    weekday: EN_WEEKDAYS.indexOf(String(parts.weekday)),
    day: Number(parts.day),
    month: Number(parts.month) - 1,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** The day of an instant as the English app writes it in the studio's zone: "Tue 3 Dec". */
export function dayLabel(instant: string | Date): string {
  const p = studioParts(instant);
  return `${EN_WEEKDAYS[p.weekday]} ${p.day} ${EN_MONTHS[p.month]}`;
}

/** The start time of an instant in the studio's zone: "18:00". */
export function timeLabel(instant: string | Date): string {
  return studioParts(instant).time;
}

/** iCalendar's UTC form of an instant: 20261122T090000Z. */
export function icsTime(instant: string | Date): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
