/*
 * Where a class stands in time, and what a member's booking of it came to: one rule for every list,
 * page and sheet that shows a class (the schedule, a class page, my reservations, home). Plain values
 * in, plain values out, and no zod: the member app's pages read it without loading the validation
 * library.
 */

/** upcoming → started → ended, or cancelled whenever staff call it off. */
export type ClassPhase = 'upcoming' | 'started' | 'ended' | 'cancelled';

/** The fields of a session the phase reads (a SessionRecord has them). */
export interface PhaseOfSession {
  starts_at: string;
  ends_at: string;
  status: string;
}

/** A class's phase at `now` (ms since epoch): started from its start, ended from its end. */
export function classPhase(session: PhaseOfSession, now: number): ClassPhase {
  if (session.status === 'cancelled') return 'cancelled';
  if (now < Date.parse(session.starts_at)) return 'upcoming';
  return now < Date.parse(session.ends_at) ? 'started' : 'ended';
}

/**
 * What the member's booking came to: booked (the class is ahead or under way), attended (checked in,
 * or the class ended and the booking was kept: RULES.md, ended bookings become done, the attendance),
 * or cancelled (by the member, staff, or the class called off).
 */
export type BookingOutcome = 'booked' | 'attended' | 'cancelled';

/** The fields of a reservation the outcome reads (a ReservationRecord has them). */
export interface OutcomeOfBooking {
  status: string;
  checked_in_at: string | null;
  session: PhaseOfSession;
}

export function bookingOutcome(booking: OutcomeOfBooking, now: number): BookingOutcome {
  if (booking.status === 'cancelled' || booking.session.status === 'cancelled') return 'cancelled';
  if (booking.status === 'done' || booking.checked_in_at !== null) return 'attended';
  return classPhase(booking.session, now) === 'ended' ? 'attended' : 'booked';
}
