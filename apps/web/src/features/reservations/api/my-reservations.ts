import type { ReservationStatus } from '@studio/contract/flow';
import { reservationCalls } from '@studio/contract/reservations';
import { usePagedCall } from '@/shared/api/paged';

/** My reservations of one state, page by page (client/course.getMyReservations; spec 4 paging). */
export function useMyReservations(status: ReservationStatus) {
  return usePagedCall(reservationCalls.getMyReservations, { status });
}
