import dayjs from 'dayjs';
// The .js suffix: the e2e helpers load this file as native ESM (Playwright), which needs the full path.
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { z } from 'zod';
import { sessionStatus } from './flow';
import { localizedInput, localizedTextSchema } from './localized-text';
import { defineCall, noInput } from './protocol';
import { id, isoDate, isoDateTime, paged, pageQuery, sortableListQuery } from './validators';

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * The schedule module: courses, rooms, teachers and the sessions (classes) built from them. The
 * sessions' member-facing reads, which add the caller's booking status, are calls of the
 * reservations module (reservations.ts).
 */

export const COURSE_LEVELS = ['all', 'beginner', 'intermediate', 'advanced'] as const;
export const courseLevel = z.enum(COURSE_LEVELS);
export type CourseLevel = z.infer<typeof courseLevel>;

/** The caller's relation to a session on the schedule. */
export const MY_SESSION_STATUSES = ['none', 'registered', 'waiting'] as const;
export const mySessionStatus = z.enum(MY_SESSION_STATUSES);
export type MySessionStatus = z.infer<typeof mySessionStatus>;

type Instant = Date | string | number;

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

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/** A calendar date (YYYY-MM-DD, in the studio's timezone) or an instant with offset. */
export const dateOrTime = z.union([isoDate, isoDateTime]);
export const MAX_SCHEDULE_DAYS = 62;

/** Filters of the session lists. */
export const sessionFilter = {
  course_id: id.optional(),
  teacher_id: id.optional(),
  room_id: id.optional(),
};

const name = z.string().trim().min(1).max(64);
const imageUrl = z.string().trim().max(500);
/** Seats of a room, a course's default, a session. */
export const capacity = z.number().int().min(1).max(500);

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

/** A back-office list: a page, and a keyword matched against names. */
export const listQuery = { ...pageQuery, keyword: z.string().trim().max(64).optional() };

/** Courses, rooms and teachers shown to staff: in use (active) or retired. */
export const CATALOG_STATUSES = ['active', 'inactive'] as const;
const catalogList = <const F extends readonly [string, ...string[]]>(sorts: F) =>
  z.object({ ...sortableListQuery(sorts), status: z.enum(CATALOG_STATUSES).optional() }).strict();
export const COURSE_SORTS = ['name', 'duration_min', 'default_capacity', 'created_at'] as const;
export const ROOM_SORTS = ['name', 'capacity', 'created_at'] as const;
export const TEACHER_SORTS = ['name', 'created_at'] as const;

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

export const scheduleCalls = {
  getCourses: defineCall('client/course.pub_getCourses', noInput, z.object({ rows: z.array(courseRecord) })),
  getTeachers: defineCall('client/course.pub_getTeachers', noInput, z.object({ rows: z.array(teacherRecord) })),
  getRooms: defineCall('client/course.pub_getRooms', noInput, z.object({ rows: z.array(roomRecord) })),
} as const;

const manage = { permission: 'classes.manage' } as const;

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

export const adminScheduleCalls = {
  saveCourse: defineCall('admin/course.save', courseSaveInput, z.object({ course: adminCourseRecord }), manage),
  getCourseList: defineCall('admin/course.getList', catalogList(COURSE_SORTS), paged(adminCourseRecord), manage),
  saveRoom: defineCall('admin/room.save', roomSaveInput, z.object({ room: adminRoomRecord }), manage),
  getRoomList: defineCall('admin/room.getList', catalogList(ROOM_SORTS), paged(adminRoomRecord), manage),
  /** Gives the member the teacher role and their public profile. */
  saveTeacher: defineCall('admin/teacher.save', teacherSaveInput, z.object({ teacher: adminTeacherRecord }), manage),
  getTeacherList: defineCall('admin/teacher.getList', catalogList(TEACHER_SORTS), paged(adminTeacherRecord), manage),
} as const;

/** A member staff may make a teacher: found by name, username, e-mail or mobile. */
export const teacherCandidate = z.object({
  _id: z.string(),
  nickname: z.string(),
  username: z.string().nullable(),
  avatar: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  /** Already a teacher (saving edits their profile). */
  is_teacher: z.boolean(),
});
export type TeacherCandidate = z.infer<typeof teacherCandidate>;

export const adminTeacherCandidateCalls = {
  getCandidates: defineCall(
    'admin/teacher.getCandidates',
    z.object({ ...pageQuery, keyword: z.string().trim().min(1).max(64) }).strict(),
    paged(teacherCandidate),
    manage,
  ),
} as const;
