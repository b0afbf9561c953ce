import { z } from 'zod';
import { type ReservationStatus, reservationStatus, sessionStatus, type WaitlistStatus, waitlistStatus } from './flow';
import { packageRecord } from './packages';
import { deskMethod } from './payments';
import { defineCall } from './protocol';
import {
  capacity,
  courseRecord,
  dateOrTime,
  roomRecord,
  sessionCreateInput,
  sessionFilter,
  sessionRecord,
  sessionSeriesInput,
  teacherRecord,
} from './schedule';
import { id, isoDate, isoDateTime, moneyMinor, paged, pageQuery } from './validators';

/*
 * The reservations module: booking seats, the waitlist, and the session reads that carry the
 * caller's booking status (the schedule, a session's detail, a teacher's or room's classes).
 */

type Instant = Date | string | number;
const ms = (t: Instant) => new Date(t).getTime();
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

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

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

export const reservationRecord = z.object({
  _id: z.string(),
  session_id: z.string(),
  /** The package whose credit paid; null for a drop-in paid at the desk. */
  package_id: z.string().nullable(),
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

/** Who holds a seat or a waitlist place, as staff and the session's teacher see them. */
export const memberBrief = z.object({ _id: z.string(), nickname: z.string(), avatar: z.string().nullable() });

/** A drop-in: a seat paid with money at the desk (minor units, and how), not with a package's credit. */
export const dropIn = z.object({ amount: moneyMinor.max(10_000_000), method: deskMethod });
export type DropIn = z.infer<typeof dropIn>;

export const rosterRow = z.object({
  _id: z.string(),
  status: reservationStatus,
  checked_in_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  member: memberBrief,
  /** Paid at the desk instead of with a credit; null: a package's credit paid. */
  drop_in: dropIn.nullable(),
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
export type CourseFullData = z.infer<typeof courseFullData>;

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

export const reservationCalls = {
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
  /** A teacher with their upcoming sessions. */
  getTeacher: defineCall(
    'client/course.pub_getTeacher',
    z.object({ _id: id }).strict(),
    z.object({ teacher: teacherRecord, sessions: z.array(sessionRecord) }),
  ),
  /** A room with its upcoming sessions. */
  getRoom: defineCall(
    'client/course.pub_getRoom',
    z.object({ _id: id }).strict(),
    z.object({ room: roomRecord, sessions: z.array(sessionRecord) }),
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
} as const;

const manage = { permission: 'classes.manage' } as const;

/**
 * How a member staff add to a roster pays: a credit of one of their packages (`package_id`, else the
 * valid one expiring first, as when they book) or a drop-in paid at the desk.
 */
export const deskSeatPay = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('package'), package_id: id.optional() }).strict(),
  dropIn.extend({ kind: z.literal('drop_in') }).strict(),
]);
export type DeskSeatPay = z.infer<typeof deskSeatPay>;

export const adminReservationCalls = {
  createSession: defineCall('admin/session.create', sessionCreateInput, z.object({ session: sessionRecord }), manage),
  /** A weekly series: one session per listed weekday from starts_at's date to until. */
  createSeries: defineCall(
    'admin/session.createSeries',
    sessionSeriesInput,
    z.object({ series_id: z.string(), sessions: z.array(sessionRecord) }),
    manage,
  ),
  /** Calls a session off: every reservation cancelled with its credit returned, the waitlist closed, members told. */
  cancelSession: defineCall(
    'admin/session.cancel',
    z.object({ _id: id, reason: z.string().trim().min(1).max(200) }).strict(),
    z.object({ session: sessionRecord }),
    manage,
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
    manage,
  ),
  getRoster: defineCall('admin/session.getRoster', z.object({ _id: id }).strict(), roster, manage),
  /** Every session from one date to another (studio timezone), cancelled ones too, for the week calendar. */
  getCalendar: defineCall(
    'admin/session.getCalendar',
    z
      .object({ from: isoDate, to: isoDate, ...sessionFilter })
      .strict()
      .refine((v) => v.to >= v.from, { message: 'dateRange', path: ['to'] }),
    z.object({ rows: z.array(sessionRecord) }),
    manage,
  ),
  /** A session's capacity: never below its bookings; seats added are offered to the waitlist at once. */
  updateSession: defineCall(
    'admin/session.update',
    z.object({ _id: id, capacity }).strict(),
    z.object({ session: sessionRecord }),
    manage,
  ),
  /** A member's reservations, newest first, for their page in the back office. */
  getListByUser: defineCall(
    'admin/reservation.getListByUser',
    z.object({ ...pageQuery, user_id: id, status: reservationStatus.optional() }).strict(),
    paged(reservationRecord),
    { permission: 'members.manage' },
  ),
  /** A member's waitlist places, newest first. */
  getWaitlistByUser: defineCall(
    'admin/waitlist.getListByUser',
    z.object({ ...pageQuery, user_id: id, status: waitlistStatus.optional() }).strict(),
    paged(waitlistEntryRecord),
    { permission: 'members.manage' },
  ),
  /** A session's roster and waitlist as a CSV file. */
  exportRoster: defineCall(
    'admin/session.exportRoster',
    z.object({ _id: id }).strict(),
    z.object({ filename: z.string(), csv: z.string() }),
    manage,
  ),
  checkIn: defineCall(
    'admin/reservation.checkIn',
    z.object({ _id: id }).strict(),
    z.object({ reservation: reservationRecord }),
    manage,
  ),
  /**
   * Staff add a member to a session's roster at the desk, with the rules of a member's booking (the
   * booking window, a seat free, one booking each; a package valid at the class's start that covers
   * its course). The member is told; a waitlist place of theirs completes.
   */
  addToRoster: defineCall(
    'admin/reservation.add',
    z.object({ session_id: id, user_id: id, pay: deskSeatPay }).strict(),
    z.object({ reservation: reservationRecord }),
    manage,
  ),
  /** A member's packages that can pay for the session (credits left, valid at its start, its course), expiring first. */
  getPayablePackages: defineCall(
    'admin/session.getPayablePackages',
    z.object({ _id: id, user_id: id }).strict(),
    z.object({ rows: z.array(packageRecord) }),
    manage,
  ),
  /**
   * Staff remove a member from the roster: any time before the class ends, whatever the member's
   * cancel window; a credit goes back (a drop-in's money is the desk's to hand back), the first
   * eligible waiting member is promoted, and the member is told.
   */
  cancelReservation: defineCall(
    'admin/reservation.cancel',
    z.object({ _id: id }).strict(),
    z.object({ reservation: reservationRecord }),
    manage,
  ),
} as const;
