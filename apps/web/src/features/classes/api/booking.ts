import { ApiError } from '@studio/client/api-error';
import { courseFullData, reservationCalls } from '@studio/contract/reservations';
import type { SessionRecord } from '@studio/contract/schedule';
import { call } from '@/shared/api/call-function';
import { invalidateClassData } from '@/shared/classes/class-queries';
import { showAlert } from '@/shared/ui/feedback';

/** A booking refused because the class filled up, with other sessions of the course that have seats. */
export class CourseFullError extends Error {
  constructor(
    readonly msg: string,
    readonly suggestions: SessionRecord[],
  ) {
    super(msg);
  }
}

/**
 * Books a seat (one credit: package_id, or the server's pick, the valid package expiring first).
 * COURSE_FULL comes back as a CourseFullError carrying the suggested sessions; any other failure is
 * shown as the api client shows it.
 */
export async function bookSession(sessionId: string, packageId?: string) {
  try {
    const { reservation } = await call(
      reservationCalls.book,
      { session_id: sessionId, ...(packageId && { package_id: packageId }) },
      { silent: true },
    );
    return reservation;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'COURSE_FULL') {
      const data = courseFullData.safeParse(error.data);
      throw new CourseFullError(error.msg, data.success ? data.data.suggestions : []);
    }
    if (error instanceof ApiError && !error.isTokenError) showAlert(error.msg);
    throw error;
  } finally {
    void invalidateClassData();
  }
}

/** Cancels my booking; the credit comes back (refused inside the cancel window). */
export async function cancelReservation(reservationId: string) {
  try {
    return (await call(reservationCalls.cancelBooking, { reservation_id: reservationId })).reservation;
  } finally {
    void invalidateClassData();
  }
}

/** Joins the waitlist; package_id pays when a seat frees up (else the server's pick). */
export async function joinWaitlist(sessionId: string, packageId?: string) {
  try {
    return (
      await call(reservationCalls.joinWaitlist, { session_id: sessionId, ...(packageId && { package_id: packageId }) })
    ).entry;
  } finally {
    void invalidateClassData();
  }
}

export async function leaveWaitlist(entryId: string) {
  try {
    return (await call(reservationCalls.leaveWaitlist, { entry_id: entryId })).entry;
  } finally {
    void invalidateClassData();
  }
}
