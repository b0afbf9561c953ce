import type { CallOutput } from '@studio/contract/protocol';
import { reservationCalls } from '@studio/contract/reservations';
import { useQuery } from '@tanstack/react-query';
import { useViewer, viewerQuery } from '@/shared/classes/class-queries';

export type SessionDetail = CallOutput<typeof reservationCalls.getSessionDetail>;

/** One session with its course, teacher, room, my reservation or waitlist entry and what I may do. */
export function sessionDetailQuery(id: string, viewer: string | null) {
  return viewerQuery(reservationCalls.getSessionDetail, { _id: id }, viewer);
}

export function useSessionDetail(id: string) {
  return useQuery({ ...sessionDetailQuery(id, useViewer()), enabled: id !== '' });
}
