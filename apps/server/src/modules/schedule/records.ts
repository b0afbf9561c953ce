import type { Locale } from '@studio/contract/locale';
import type {
  adminCourseRecord,
  adminRoomRecord,
  adminTeacherRecord,
  CourseRecord,
  MySessionStatus,
  RoomRecord,
  SessionRecord,
  TeacherRecord,
} from '@studio/contract/schedule';
import type { z } from 'zod';
import { textIn } from '../../platform/localized-text';
import type * as repo from './repo';

/** Rows as the contract's records, for members and for staff. */
// Texts staff wrote per locale are answered in `locale` (the caller's), else the default language.

export function toCourseRecord(row: repo.CourseRow, locale?: Locale): CourseRecord {
  return {
    _id: row.id,
    name: textIn(row.name, row.nameI18n, locale),
    description: textIn(row.description, row.descriptionI18n, locale),
    cover_image: row.coverImage,
    duration_min: row.durationMin,
    default_capacity: row.defaultCapacity,
    level: row.level,
    accepted_goods_ids: row.acceptedGoodsIds,
    active: row.active,
  };
}

export function toRoomRecord(row: repo.RoomRow, locale?: Locale): RoomRecord {
  return {
    _id: row.id,
    name: textIn(row.name, row.nameI18n, locale),
    capacity: row.capacity,
    address: textIn(row.address, row.addressI18n, locale),
    active: row.active,
  };
}

export function toTeacherRecord(row: repo.TeacherRow, locale?: Locale): TeacherRecord {
  return {
    _id: row.userId,
    name: textIn(row.displayName, row.displayNameI18n, locale),
    photo: row.photo,
    introduction: textIn(row.introduction, row.introductionI18n, locale),
    specialties: row.specialties,
    active: row.active,
  };
}

// What staff edit from: every locale's values beside the caller's text.

export function toAdminCourseRecord(row: repo.CourseRow, locale?: Locale): z.input<typeof adminCourseRecord> {
  return { ...toCourseRecord(row, locale), name_i18n: row.nameI18n, description_i18n: row.descriptionI18n };
}

export function toAdminRoomRecord(row: repo.RoomRow, locale?: Locale): z.input<typeof adminRoomRecord> {
  return { ...toRoomRecord(row, locale), name_i18n: row.nameI18n, address_i18n: row.addressI18n };
}

export function toAdminTeacherRecord(row: repo.TeacherRow, locale?: Locale): z.input<typeof adminTeacherRecord> {
  return { ...toTeacherRecord(row, locale), name_i18n: row.displayNameI18n, introduction_i18n: row.introductionI18n };
}

/** A session record from a joined row; the caller supplies what the reservations module knows. */
export function toSessionRecord(
  row: repo.SessionJoinedRow,
  extra: { waitlistCount: number; myStatus: MySessionStatus; locale?: Locale },
): SessionRecord {
  return {
    _id: row.id,
    course_id: row.courseId,
    course_name: textIn(row.courseName, row.courseNameI18n, extra.locale),
    course_level: row.courseLevel,
    cover_image: row.coverImage,
    teacher_id: row.teacherId,
    teacher_name: textIn(row.teacherName, row.teacherNameI18n, extra.locale),
    room_id: row.roomId,
    room_name: textIn(row.roomName, row.roomNameI18n, extra.locale),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    capacity: row.capacity,
    booked_count: row.bookedCount,
    seats_left: Math.max(0, row.capacity - row.bookedCount),
    waitlist_count: Number(extra.waitlistCount),
    my_status: extra.myStatus,
    status: row.status,
    cancel_reason: row.cancelReason,
  };
}
