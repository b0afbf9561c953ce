import { reservationCalls } from '@studio/contract/reservations';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/shared/api/call-function';
import { invalidateClassData, useViewer, viewerQuery } from '@/shared/classes/class-queries';

/** The reservation's session as the detail page sees it: whether I may still cancel, and until when. */
export function useSessionRules(sessionId: string, enabled: boolean) {
  return useQuery({ ...viewerQuery(reservationCalls.getSessionDetail, { _id: sessionId }, useViewer()), enabled });
}

/** Cancels my booking; the credit comes back. Refused inside the cancel window (RULES.md). */
export async function cancelBooking(reservationId: string) {
  try {
    return (await call(reservationCalls.cancelBooking, { reservation_id: reservationId })).reservation;
  } finally {
    void invalidateClassData();
  }
}
