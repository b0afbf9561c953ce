import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { z } from 'zod';
import { localizedInput, localizedTextSchema } from './localized-text';
import { defineCall, noInput } from './protocol';
import { id, isoDate, isoDateTime, paged, pageQuery } from './validators';

dayjs.extend(utc);
dayjs.extend(timezone);

// ---------------------------------------------------------------------------------------------
// Statuses and their allowed moves
// ---------------------------------------------------------------------------------------------

export const COURSE_LEVELS = ['all', 'beginner', 'intermediate', 'advanced'] as const;
export const courseLevel = z.enum(COURSE_LEVELS);
export type CourseLevel = z.infer<typeof courseLevel>;

/** Computed at read time from counts and validity (RULES.md "Course packages"); never stored. */
export const PACKAGE_STATUSES = ['unused', 'used', 'completed', 'expired'] as const;
export const packageStatus = z.enum(PACKAGE_STATUSES);
export type PackageStatus = z.infer<typeof packageStatus>;

export const SESSION_STATUSES = ['scheduled', 'cancelled'] as const;
export const sessionStatus = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof sessionStatus>;

export const RESERVATION_STATUSES = ['registered', 'done', 'cancelled'] as const;
export const reservationStatus = z.enum(RESERVATION_STATUSES);
export type ReservationStatus = z.infer<typeof reservationStatus>;

export const WAITLIST_STATUSES = ['waiting', 'completed', 'cancelled'] as const;
export const waitlistStatus = z.enum(WAITLIST_STATUSES);
export type WaitlistStatus = z.infer<typeof waitlistStatus>;

/** The caller's relation to a session on the schedule. */
export const MY_SESSION_STATUSES = ['none', 'registered', 'waiting'] as const;
export const mySessionStatus = z.enum(MY_SESSION_STATUSES);
export type MySessionStatus = z.infer<typeof mySessionStatus>;

/** A status machine: for each status, the statuses it may move to. */
export type Flow<S extends string> = Readonly<Record<S, readonly S[]>>;

/** scheduled → cancelled (staff call the class off). */
export const SESSION_FLOW: Flow<SessionStatus> = { scheduled: ['cancelled'], cancelled: [] };
/**
 * registered → done (the class ended, or the member was checked in) | cancelled (member within the
 * window, staff any time, or the session called off). done and cancelled are final.
 */
export const RESERVATION_FLOW: Flow<ReservationStatus> = {
  registered: ['done', 'cancelled'],
  done: [],
  cancelled: [],
};
/** waiting → completed (promoted to a seat, or booked directly) | cancelled (left, session started or called off). */
export const WAITLIST_FLOW: Flow<WaitlistStatus> = {
  waiting: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export function canTransition<S extends string>(flow: Flow<S>, from: S, to: S): boolean {
  return flow[from].includes(to);
}

/**
 * The one gate for status changes: answers `to` when the flow allows the move, otherwise calls
 * `refuse` (which throws the caller's named error, e.g. RESERVATION_NOT_ACTIVE).
 */
export function transition<S extends string>(flow: Flow<S>, from: S, to: S, refuse: (from: S, to: S) => never): S {
  if (!canTransition(flow, from, to)) refuse(from, to);
  return to;
}

// ---------------------------------------------------------------------------------------------
// Pure rules (shared by server and clients)
// ---------------------------------------------------------------------------------------------

type Instant = Date | string | number;
const ms = (t: Instant) => new Date(t).getTime();
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A package's state from its counts and validity at `now`: completed beats expired (nothing left to expire). */
export function computePackageStatus(
  pkg: { total_count: number; remaining_count: number; valid_until: Instant | null },
  now: Instant,
): PackageStatus {
  if (pkg.remaining_count <= 0) return 'completed';
  if (pkg.valid_until !== null && ms(now) > ms(pkg.valid_until)) return 'expired';
  return pkg.remaining_count >= pkg.total_count ? 'unused' : 'used';
}

/**
 * How long a package is valid (goods exp_time_mode of RULES.md): 1 = a fixed range, 2 = [delay days,
 * valid days] counted from purchase, anything else long-term (valid_until null).
 */
export type PackageValidityRule =
  | { mode: 'fixed'; valid_from: Instant; valid_until: Instant }
  | { mode: 'rule'; delay_days: number; valid_days: number }
  | { mode: 'long_term'; valid_from?: Instant };

/** The validity window a package gets when issued at `issuedAt`; day counts are exact 24-hour days. */
export function packageValidity(
  rule: PackageValidityRule,
  issuedAt: Instant,
): { valid_from: Date; valid_until: Date | null } {
  switch (rule.mode) {
    case 'fixed':
      return { valid_from: new Date(rule.valid_from), valid_until: new Date(rule.valid_until) };
    case 'rule': {
      const from = ms(issuedAt) + Math.max(0, rule.delay_days) * DAY_MS;
      return { valid_from: new Date(from), valid_until: new Date(from + Math.max(0, rule.valid_days) * DAY_MS) };
    }
    default:
      return { valid_from: new Date(ms(rule.valid_from ?? issuedAt)), valid_until: null };
  }
}

/** Whether a package can pay for a class starting at `startsAt`: credits left and the start inside its validity. */
export function packageCoversSession(
  pkg: { remaining_count: number; valid_from: Instant; valid_until: Instant | null },
  startsAt: Instant,
): boolean {
  const start = ms(startsAt);
  return (
    pkg.remaining_count > 0 && ms(pkg.valid_from) <= start && (pkg.valid_until === null || start <= ms(pkg.valid_until))
  );
}

/** The last instant a member may cancel: `hours` before start (spec: 24). Cancelling at exactly the deadline is allowed. */
export function cancelDeadline(startsAt: Instant, cancelWindowHours: number): Date {
  return new Date(ms(startsAt) - cancelWindowHours * HOUR_MS);
}

/** When booking opens: `days` before start (RULES.md: 14). It closes at start. */
export function bookingOpensAt(startsAt: Instant, bookingWindowDays: number): Date {
  return new Date(ms(startsAt) - bookingWindowDays * DAY_MS);
}

/** A reservation's status as the member sees it now: a registered one whose class has ended is done. */
export function effectiveReservationStatus(
  status: ReservationStatus,
  endsAt: Instant,
  now: Instant,
): ReservationStatus {
  return status === 'registered' && ms(now) >= ms(endsAt) ? 'done' : status;
}

/** A waitlist entry's status now: still waiting when the class starts means cancelled. */
export function effectiveWaitlistStatus(status: WaitlistStatus, startsAt: Instant, now: Instant): WaitlistStatus {
  return status === 'waiting' && ms(now) >= ms(startsAt) ? 'cancelled' : status;
}

/**
 * The start of each occurrence of a weekly series: every date from `firstStart`'s local date to
 * `until` (inclusive, a YYYY-MM-DD in `tz`) whose weekday (0 = Sunday) is listed, at the same local
 * wall-clock time as `firstStart` — so a 09:00 class stays at 09:00 across a DST change. Stops once
 * it has more than `max` (the caller refuses so many), so a far-off `until` costs nothing.
 */
export function weeklyOccurrences(
  firstStart: Instant,
  weekdays: readonly number[],
  until: string,
  tz: string,
  max = Number.POSITIVE_INFINITY,
): Date[] {
  const first = dayjs(firstStart).tz(tz);
  const time = first.format('HH:mm:ss');
  const last = dayjs.tz(until, tz).format('YYYY-MM-DD');
  const out: Date[] = [];
  // Walk calendar dates (noon UTC avoids any DST edge while stepping by day).
  for (
    let d = dayjs.utc(`${first.format('YYYY-MM-DD')}T12:00:00Z`);
    d.format('YYYY-MM-DD') <= last && out.length <= max;
    d = d.add(1, 'day')
  ) {
    if (!weekdays.includes(d.day())) continue;
    const start = dayjs.tz(`${d.format('YYYY-MM-DD')} ${time}`, tz);
    if (start.valueOf() >= first.valueOf()) out.push(start.toDate());
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Records (field names of API.md)
// ---------------------------------------------------------------------------------------------

export const courseRecord = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  cover_image: z.string().nullable(),
  duration_min: z.number().int(),
  default_capacity: z.number().int(),
  level: courseLevel,
  /** Goods ids (course-package products) this course accepts; empty = every package. */
  accepted_goods_ids: z.array(z.string()),
  active: z.boolean(),
});
export type CourseRecord = z.infer<typeof courseRecord>;

export const roomRecord = z.object({
  _id: z.string(),
  name: z.string(),
  capacity: z.number().int(),
  address: z.string(),
  active: z.boolean(),
});
export type RoomRecord = z.infer<typeof roomRecord>;

/** A teacher: `_id` is the member's user id. */
export const teacherRecord = z.object({
  _id: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  introduction: z.string(),
  specialties: z.array(z.string()),
  active: z.boolean(),
});
export type TeacherRecord = z.infer<typeof teacherRecord>;

export const sessionRecord = z.object({
  _id: z.string(),
  course_id: z.string(),
  course_name: z.string(),
  course_level: courseLevel,
  cover_image: z.string().nullable(),
  teacher_id: z.string(),
  teacher_name: z.string(),
  room_id: z.string(),
  room_name: z.string(),
  starts_at: isoDateTime,
  ends_at: isoDateTime,
  capacity: z.number().int(),
  booked_count: z.number().int(),
  seats_left: z.number().int(),
  waitlist_count: z.number().int(),
  my_status: mySessionStatus,
  status: sessionStatus,
  cancel_reason: z.string().nullable(),
});
export type SessionRecord = z.infer<typeof sessionRecord>;

export const packageRecord = z.object({
  _id: z.string(),
  name: z.string(),
  total_count: z.number().int(),
  remaining_count: z.number().int(),
  status: packageStatus,
  valid_from: isoDateTime,
  /** null = long-term. */
  valid_until: isoDateTime.nullable(),
  /** Courses this package may book; empty = every course. */
  course_ids: z.array(z.string()),
  created_at: isoDateTime,
});
export type PackageRecord = z.infer<typeof packageRecord>;

export const reservationRecord = z.object({
  _id: z.string(),
  session_id: z.string(),
  package_id: z.string(),
  status: reservationStatus,
  /** For the check-in QR. */
  code: z.string(),
  checked_in_at: isoDateTime.nullable(),
  cancelled_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  session: sessionRecord,
});
export type ReservationRecord = z.infer<typeof reservationRecord>;

export const waitlistEntryRecord = z.object({
  _id: z.string(),
  session_id: z.string(),
  /** 1-based while waiting, null otherwise; computed, so it closes up when someone ahead leaves. */
  position: z.number().int().nullable(),
  status: waitlistStatus,
  /** The seat a promotion gave (status completed). */
  reservation_id: z.string().nullable(),
  created_at: isoDateTime,
  session: sessionRecord,
});
export type WaitlistEntryRecord = z.infer<typeof waitlistEntryRecord>;

const memberBrief = z.object({ _id: z.string(), nickname: z.string(), avatar: z.string().nullable() });

export const rosterRow = z.object({
  _id: z.string(),
  status: reservationStatus,
  checked_in_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  member: memberBrief,
});
export const rosterWaitRow = z.object({
  _id: z.string(),
  position: z.number().int(),
  created_at: isoDateTime,
  member: memberBrief,
});
/** Who is booked (not cancelled) and who is waiting, for staff and the session's teacher. */
export const roster = z.object({ session: sessionRecord, rows: z.array(rosterRow), waitlist: z.array(rosterWaitRow) });
export type Roster = z.infer<typeof roster>;

/** Data of the COURSE_FULL error: the session and other upcoming sessions of its course with seats. */
export const courseFullData = z.object({ session_id: z.string(), suggestions: z.array(sessionRecord) });

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

/** A calendar date (YYYY-MM-DD, in the studio's timezone) or an instant with offset. */
const dateOrTime = z.union([isoDate, isoDateTime]);
export const MAX_SCHEDULE_DAYS = 62;

const sessionFilter = {
  course_id: id.optional(),
  teacher_id: id.optional(),
  room_id: id.optional(),
};

export const courseCalls = {
  /** Sessions from date_from to date_to (inclusive dates in the studio timezone), at most 62 days. */
  getSchedule: defineCall(
    'client/course.pub_getSchedule',
    z.object({ date_from: dateOrTime, date_to: dateOrTime, ...sessionFilter }).strict(),
    z.object({ rows: z.array(sessionRecord) }),
  ),
  getSessionDetail: defineCall(
    'client/course.pub_getSessionDetail',
    z.object({ _id: id }).strict(),
    z.object({
      session: sessionRecord,
      course: courseRecord,
      teacher: teacherRecord,
      room: roomRecord,
      reservation: reservationRecord.omit({ session: true }).nullable(),
      waitlist_entry: waitlistEntryRecord.omit({ session: true }).nullable(),
      booking_opens_at: isoDateTime,
      cancel_deadline: isoDateTime,
      can_book: z.boolean(),
      can_cancel: z.boolean(),
      can_join_waitlist: z.boolean(),
    }),
  ),
  getMyPackages: defineCall(
    'client/course.getMyPackages',
    z.object({ status: packageStatus.optional() }).strict(),
    z.object({ rows: z.array(packageRecord) }),
  ),
  /** Takes one credit: from package_id when given, else from the valid package that expires first. */
  book: defineCall(
    'client/course.book',
    z.object({ session_id: id, package_id: id.optional() }).strict(),
    z.object({ reservation: reservationRecord }),
  ),
  cancelBooking: defineCall(
    'client/course.cancelBooking',
    z.object({ reservation_id: id }).strict(),
    z.object({ reservation: reservationRecord }),
  ),
  joinWaitlist: defineCall(
    'client/course.joinWaitlist',
    // package_id: the package that pays when a seat frees up (as when booking); else the server's pick.
    z.object({ session_id: id, package_id: id.optional() }).strict(),
    z.object({ entry: waitlistEntryRecord }),
  ),
  leaveWaitlist: defineCall(
    'client/course.leaveWaitlist',
    z.object({ entry_id: id }).strict(),
    z.object({ entry: waitlistEntryRecord }),
  ),
  getMyReservations: defineCall(
    'client/course.getMyReservations',
    z.object({ ...pageQuery, status: reservationStatus.optional() }).strict(),
    paged(reservationRecord),
  ),
  getMyWaitlist: defineCall(
    'client/course.getMyWaitlist',
    z.object({ ...pageQuery, status: waitlistStatus.optional() }).strict(),
    paged(waitlistEntryRecord),
  ),
  getCourses: defineCall('client/course.pub_getCourses', noInput, z.object({ rows: z.array(courseRecord) })),
  getTeachers: defineCall('client/course.pub_getTeachers', noInput, z.object({ rows: z.array(teacherRecord) })),
  /** A teacher with their upcoming sessions. */
  getTeacher: defineCall(
    'client/course.pub_getTeacher',
    z.object({ _id: id }).strict(),
    z.object({ teacher: teacherRecord, sessions: z.array(sessionRecord) }),
  ),
  getRooms: defineCall('client/course.pub_getRooms', noInput, z.object({ rows: z.array(roomRecord) })),
  /** A room with its upcoming sessions. */
  getRoom: defineCall(
    'client/course.pub_getRoom',
    z.object({ _id: id }).strict(),
    z.object({ room: roomRecord, sessions: z.array(sessionRecord) }),
  ),
} as const;

const name = z.string().trim().min(1).max(64);
const imageUrl = z.string().trim().max(500);
const capacity = z.number().int().min(1).max(500);

// Studio-authored texts take a plain string (the studio's default language) or per-locale values
// (localized-text.ts); answers give the caller's locale's text, and staff's answers the values too.

export const courseSaveInput = z
  .object({
    _id: id.optional(),
    name: localizedInput(name),
    description: localizedInput(z.string().max(4000)).default(''),
    cover_image: imageUrl.nullable().optional(),
    duration_min: z.number().int().min(5).max(600),
    default_capacity: capacity,
    level: courseLevel.default('all'),
    accepted_goods_ids: z.array(id).max(200).optional(),
    active: z.boolean().optional(),
  })
  .strict();

export const roomSaveInput = z
  .object({
    _id: id.optional(),
    name: localizedInput(name),
    capacity,
    address: localizedInput(z.string().trim().max(200)).optional(),
    active: z.boolean().optional(),
  })
  .strict();

export const teacherSaveInput = z
  .object({
    user_id: id,
    introduction: localizedInput(z.string().max(4000)),
    specialties: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
    photo: imageUrl.nullable().optional(),
    /** Public name; defaults to the member's nickname. */
    name: localizedInput(name).optional(),
    active: z.boolean().optional(),
  })
  .strict();

export const sessionCreateInput = z
  .object({
    course_id: id,
    teacher_id: id,
    room_id: id,
    starts_at: isoDateTime,
    ends_at: isoDateTime,
    /** Defaults to the room's capacity. */
    capacity: capacity.optional(),
  })
  .strict();

export const MAX_SERIES_SESSIONS = 366;

export const sessionSeriesInput = sessionCreateInput
  .extend({
    /** 0 = Sunday … 6 = Saturday, in the studio timezone. */
    weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    /** Last date of the series (inclusive), in the studio timezone. */
    until: isoDate,
  })
  .strict();

const listQuery = { ...pageQuery, keyword: z.string().trim().max(64).optional() };

export const packageGrantInput = z
  .object({
    user_id: id,
    name: localizedInput(name),
    class_count: z.number().int().min(1).max(1000),
    /** Defaults to now. */
    valid_from: isoDateTime.optional(),
    /** Absent = long-term. */
    valid_until: isoDateTime.optional(),
    /** Courses the package may book; absent or empty = every course. */
    course_ids: z.array(id).max(200).optional(),
  })
  .strict();

export const adminPackageRecord = packageRecord.extend({ user_id: z.string(), name_i18n: localizedTextSchema });

/** What staff edit from: the record (in the caller's locale) with every locale's values of its texts. */
export const adminCourseRecord = courseRecord.extend({
  name_i18n: localizedTextSchema,
  description_i18n: localizedTextSchema,
});
export const adminRoomRecord = roomRecord.extend({ name_i18n: localizedTextSchema, address_i18n: localizedTextSchema });
export const adminTeacherRecord = teacherRecord.extend({
  name_i18n: localizedTextSchema,
  introduction_i18n: localizedTextSchema,
});

export const adminClassCalls = {
  saveCourse: defineCall('admin/course.save', courseSaveInput, z.object({ course: adminCourseRecord })),
  getCourseList: defineCall('admin/course.getList', z.object(listQuery).strict(), paged(adminCourseRecord)),
  saveRoom: defineCall('admin/room.save', roomSaveInput, z.object({ room: adminRoomRecord })),
  getRoomList: defineCall('admin/room.getList', z.object(listQuery).strict(), paged(adminRoomRecord)),
  /** Gives the member the teacher role and their public profile. */
  saveTeacher: defineCall('admin/teacher.save', teacherSaveInput, z.object({ teacher: adminTeacherRecord })),
  getTeacherList: defineCall('admin/teacher.getList', z.object(listQuery).strict(), paged(adminTeacherRecord)),
  createSession: defineCall('admin/session.create', sessionCreateInput, z.object({ session: sessionRecord })),
  /** A weekly series: one session per listed weekday from starts_at's date to until. */
  createSeries: defineCall(
    'admin/session.createSeries',
    sessionSeriesInput,
    z.object({ series_id: z.string(), sessions: z.array(sessionRecord) }),
  ),
  /** Calls a session off: every reservation cancelled with its credit returned, the waitlist closed, members told. */
  cancelSession: defineCall(
    'admin/session.cancel',
    z.object({ _id: id, reason: z.string().trim().min(1).max(200) }).strict(),
    z.object({ session: sessionRecord }),
  ),
  getSessionList: defineCall(
    'admin/session.getList',
    z
      .object({
        ...pageQuery,
        date_from: dateOrTime.optional(),
        date_to: dateOrTime.optional(),
        status: sessionStatus.optional(),
        ...sessionFilter,
      })
      .strict(),
    paged(sessionRecord),
  ),
  getRoster: defineCall('admin/session.getRoster', z.object({ _id: id }).strict(), roster),
  checkIn: defineCall(
    'admin/reservation.checkIn',
    z.object({ _id: id }).strict(),
    z.object({ reservation: reservationRecord }),
  ),
  /** Staff cancel: any time before the class ends, credit returned, the first eligible waiter promoted. */
  cancelReservation: defineCall(
    'admin/reservation.cancel',
    z.object({ _id: id }).strict(),
    z.object({ reservation: reservationRecord }),
  ),
  grantPackage: defineCall('admin/package.grant', packageGrantInput, z.object({ package: adminPackageRecord })),
  getPackageList: defineCall(
    'admin/package.getList',
    z.object({ ...pageQuery, user_id: id.optional(), status: packageStatus.optional() }).strict(),
    paged(adminPackageRecord),
  ),
} as const;

/** Realtime events the class domain pushes to a member (`ctx.realtime.notifyUser`). */
export const CLASS_EVENTS = {
  waitlistPromoted: 'waitlistPromoted',
  waitlistSkipped: 'waitlistSkipped',
  reservationCancelled: 'reservationCancelled',
  sessionCancelled: 'sessionCancelled',
} as const;
