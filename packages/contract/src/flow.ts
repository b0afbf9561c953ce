import { z } from 'zod';

/*
 * The stored statuses of the class domain and the moves each may make. Each module's records use
 * these (schedule: sessions; reservations: reservations and waitlist entries), and every status
 * change on the server goes through transition(), so an illegal move is refused in one place.
 */

export const SESSION_STATUSES = ['scheduled', 'cancelled'] as const;
export const sessionStatus = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof sessionStatus>;

export const RESERVATION_STATUSES = ['registered', 'done', 'cancelled'] as const;
export const reservationStatus = z.enum(RESERVATION_STATUSES);
export type ReservationStatus = z.infer<typeof reservationStatus>;

export const WAITLIST_STATUSES = ['waiting', 'completed', 'cancelled'] as const;
export const waitlistStatus = z.enum(WAITLIST_STATUSES);
export type WaitlistStatus = z.infer<typeof waitlistStatus>;

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
