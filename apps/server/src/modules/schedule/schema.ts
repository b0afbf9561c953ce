import { SESSION_STATUSES } from '@studio/contract/flow';
import { COURSE_LEVELS } from '@studio/contract/schedule';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { localizedValues } from '../../platform/localized-text';
import { users } from '../account/schema';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const rooms = pgTable('rooms', {
  id: text().primaryKey(),
  name: text().notNull(),
  /** Per-locale values of name and address (platform/localized-text.ts); the text columns hold the default language. */
  nameI18n: localizedValues('name_i18n'),
  capacity: integer().notNull(),
  address: text().notNull().default(''),
  addressI18n: localizedValues('address_i18n'),
  active: boolean().notNull().default(true),
  ...timestamps,
});

export const courses = pgTable('courses', {
  id: text().primaryKey(),
  name: text().notNull(),
  description: text().notNull().default(''),
  /** Per-locale values of name and description (platform/localized-text.ts); the text columns hold the default language. */
  nameI18n: localizedValues('name_i18n'),
  descriptionI18n: localizedValues('description_i18n'),
  coverImage: text(),
  durationMin: integer().notNull(),
  defaultCapacity: integer().notNull(),
  level: text({ enum: COURSE_LEVELS }).notNull().default('all'),
  /** Course-package goods this course accepts; empty = every package (see packages/service acceptsCourse). */
  acceptedGoodsIds: text().array().notNull().default(sql`'{}'::text[]`),
  active: boolean().notNull().default(true),
  ...timestamps,
});

/** The public profile of a member with the teacher role; the teacher's id is the user id. */
export const teacherProfiles = pgTable('teacher_profiles', {
  userId: text()
    .primaryKey()
    .references(() => users.id),
  /** Public name, kept here so schedule reads need not join the accounts table. */
  displayName: text().notNull(),
  introduction: text().notNull().default(''),
  /** Per-locale values of the name and introduction (platform/localized-text.ts); the text columns hold the default language. */
  displayNameI18n: localizedValues('display_name_i18n'),
  introductionI18n: localizedValues('introduction_i18n'),
  photo: text(),
  specialties: text().array().notNull().default(sql`'{}'::text[]`),
  active: boolean().notNull().default(true),
  ...timestamps,
});

/**
 * One class on the schedule. booked_count is the number of reservations not cancelled; it changes
 * only in the transaction that inserts or cancels a reservation while holding this row's lock.
 */
export const classSessions = pgTable(
  'class_sessions',
  {
    id: text().primaryKey(),
    courseId: text()
      .notNull()
      .references(() => courses.id),
    teacherId: text()
      .notNull()
      .references(() => teacherProfiles.userId),
    roomId: text()
      .notNull()
      .references(() => rooms.id),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    capacity: integer().notNull(),
    bookedCount: integer().notNull().default(0),
    status: text({ enum: SESSION_STATUSES }).notNull().default('scheduled'),
    cancelReason: text(),
    cancelledAt: timestamp({ withTimezone: true }),
    /** Sessions created together by admin/session.createSeries share this id. */
    seriesId: text(),
    ...timestamps,
  },
  (t) => [
    index('class_sessions_starts_idx').on(t.startsAt),
    index('class_sessions_course_idx').on(t.courseId, t.startsAt),
    index('class_sessions_teacher_idx').on(t.teacherId, t.startsAt),
    index('class_sessions_room_idx').on(t.roomId, t.startsAt),
    index('class_sessions_ends_idx').on(t.endsAt),
    // sessionTimes (a member's reservations by class time, newest first): the join reads the
    // session's times from the index alone (drizzle-kit has no INCLUDE: the columns follow the id), so a member with hundreds of bookings costs that many
    // index probes rather than a hash of every session. Names no column an update changes (HOT).
    index('class_sessions_times_idx').on(t.id, t.startsAt, t.endsAt, t.courseId),
    // The last line of defence of the seat invariant: no transaction can commit an overbooked session.
    check('class_sessions_seats_check', sql`${t.bookedCount} >= 0 and ${t.bookedCount} <= ${t.capacity}`),
    check('class_sessions_time_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
