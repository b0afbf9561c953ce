import { z } from 'zod';
import { orderRecord } from './orders';
import { defineCall, noInput } from './protocol';
import { memberBrief, reservationRecord, roster } from './reservations';
import { sessionRecord, teacherRecord, teacherSaveInput } from './schedule';
import { id, isoDateTime, paged, pageQuery, yearMonth } from './validators';

// ---------------------------------------------------------------------------------------------
// Check-in window (teacher check-in and verification scans)
// ---------------------------------------------------------------------------------------------

/** Check-in opens this many minutes before a class starts (members arrive early)... */
export const CHECK_IN_OPENS_BEFORE_MIN = 60;
/** ...and stays open this many minutes after it ends, so a teacher can still mark the roster. */
export const CHECK_IN_CLOSES_AFTER_MIN = 30;

type Instant = Date | string | number;
const MINUTE_MS = 60_000;

/** The instants between which a reservation of a class may be checked in (both inclusive). */
export function checkInWindow(startsAt: Instant, endsAt: Instant): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(new Date(startsAt).getTime() - CHECK_IN_OPENS_BEFORE_MIN * MINUTE_MS),
    closesAt: new Date(new Date(endsAt).getTime() + CHECK_IN_CLOSES_AFTER_MIN * MINUTE_MS),
  };
}

export type CheckInTiming = 'early' | 'open' | 'closed';

/** Where `now` falls against a class's check-in window. */
export function checkInTiming(session: { starts_at: Instant; ends_at: Instant }, now: Instant): CheckInTiming {
  const { opensAt, closesAt } = checkInWindow(session.starts_at, session.ends_at);
  const t = new Date(now).getTime();
  if (t < opensAt.getTime()) return 'early';
  return t > closesAt.getTime() ? 'closed' : 'open';
}

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

export const SESSION_SCOPES = ['upcoming', 'past'] as const;
/** upcoming = not yet ended (a class in progress is still upcoming), past = ended. */
export const sessionScope = z.enum(SESSION_SCOPES);
export type SessionScope = z.infer<typeof sessionScope>;

/** Sessions taught in a month: not cancelled, started in the month (studio timezone), already ended. */
export const classHours = z.object({
  month: yearMonth,
  session_count: z.number().int(),
  total_minutes: z.number().int(),
  /** total_minutes / 60, rounded to 2 decimals. */
  hours: z.number(),
  rows: z.array(sessionRecord),
});
export type ClassHours = z.infer<typeof classHours>;

export const workbench = z.object({
  teacher: teacherRecord,
  counts: z.object({
    /** Own sessions not cancelled and not yet ended. */
    upcoming_sessions: z.number().int(),
    /** This month's class hours (see classHours). */
    month: yearMonth,
    month_sessions: z.number().int(),
    month_minutes: z.number().int(),
    month_hours: z.number(),
    /** Distinct members who attended or booked an own class (getStudents' total). */
    students: z.number().int(),
  }),
  /** The next few own sessions not cancelled and not yet ended, soonest first. */
  next_sessions: z.array(sessionRecord),
});
export type Workbench = z.infer<typeof workbench>;

/** A member the teacher taught or who booked one of the teacher's classes. */
export const studentRecord = memberBrief.extend({
  /** The member's reservations (not cancelled) of the teacher's classes, past and booked. */
  session_count: z.number().int(),
  /** Of those, how many were checked in. */
  attended_count: z.number().int(),
  /** Start of the latest of those classes (may be an upcoming booking). */
  last_session_at: isoDateTime,
});
export type StudentRecord = z.infer<typeof studentRecord>;

/** A reservation as a scanner sees it: with its session and who holds it. */
export const scannedReservation = reservationRecord.extend({ member: memberBrief });

/**
 * What a verification scan found and verified, by kind. Order pickup codes add
 * `{ kind: 'order', order }` here when the shop arrives.
 */
export const scanResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reservation'), reservation: scannedReservation }),
  z.object({ kind: z.literal('order'), order: orderRecord }),
]);
export type ScanResult = z.infer<typeof scanResult>;

/** Who handed a pickup order over at the desk, and when. */
export const pickupHandover = z.object({
  at: isoDateTime,
  by: z.object({ _id: z.string().nullable(), nickname: z.string() }),
});
export type PickupHandover = z.infer<typeof pickupHandover>;

/**
 * What a code names, before anything is done with it: a member's reservation (a scan checks them
 * in), or a pickup order with whose it is, what is in it and, when it was handed over already, when
 * and by whom (a scan of a waiting one hands it over).
 */
export const codePreview = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reservation') }),
  z.object({
    kind: z.literal('order'),
    order: orderRecord,
    member: memberBrief,
    picked_up: pickupHandover.nullable(),
  }),
]);
export type CodePreview = z.infer<typeof codePreview>;

/** A code typed or scanned from a QR. */
const scanCode = z.string().trim().min(1).max(64);

export const checkInInput = z
  .object({ reservation_id: id.optional(), code: scanCode.optional() })
  .strict()
  .refine((v) => (v.reservation_id === undefined) !== (v.code === undefined), {
    message: 'required',
    path: ['reservation_id'],
  });

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

/** The teacher workbench: the caller must hold the teacher role (or admin); sessions are the caller's own. */
export const teacherCalls = {
  getWorkbench: defineCall('client/teacher.getWorkbench', noInput, workbench),
  /** Edits the caller's own public profile. photo: an image the teacher uploaded, or null to remove it. */
  updateIntroduction: defineCall(
    'client/teacher.updateIntroduction',
    // The introduction is plain text in the teacher's own words (the studio's default language's
    // value); staff edit its translations in admin/teacher.save.
    teacherSaveInput
      .pick({ specialties: true, photo: true })
      .extend({ introduction: z.string().max(4000) })
      .strict(),
    z.object({ teacher: teacherRecord }),
  ),
  /** Own sessions (cancelled ones included, with their status): upcoming soonest first, past newest first. */
  getSessions: defineCall(
    'client/teacher.getSessions',
    z.object({ ...pageQuery, scope: sessionScope.default('upcoming') }).strict(),
    paged(sessionRecord),
  ),
  /** month defaults to the current month in the studio's timezone. */
  getClassHours: defineCall(
    'client/teacher.getClassHours',
    z.object({ month: yearMonth.optional() }).strict(),
    classHours,
  ),
  getRoster: defineCall('client/teacher.getRoster', z.object({ session_id: id }).strict(), roster),
  /** Marks a reservation of an own class attended, by id (roster) or by the member's QR code. */
  checkIn: defineCall('client/teacher.checkIn', checkInInput, z.object({ reservation: reservationRecord })),
  getStudents: defineCall(
    'client/teacher.getStudents',
    z.object({ ...pageQuery, keyword: z.string().trim().max(64).optional() }).strict(),
    paged(studentRecord),
  ),
} as const;

/** Verification staff (is_verify_staff, or admin) scan or type a member's code. */
export const verifyCalls = {
  /** What the code names, changing nothing: the desk shows whose order it is before handing it over. */
  lookup: defineCall('client/verify.lookup', z.object({ code: scanCode }).strict(), codePreview),
  /**
   * Verifies the code: a reservation is checked in, a paid pickup order handed over (a used code:
   * PICKUP_ALREADY_DONE, saying when and by whom).
   */
  scan: defineCall('client/verify.scan', z.object({ code: scanCode }).strict(), scanResult),
} as const;
