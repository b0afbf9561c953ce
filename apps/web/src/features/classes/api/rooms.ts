import { reservationCalls } from '@studio/contract/reservations';
import { scheduleCalls } from '@studio/contract/schedule';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/call-function';
import { useViewer, viewerQuery } from '@/shared/classes/class-queries';

/** The studio's rooms (client/course.pub_getRooms). */
export const roomsQuery = { ...callQuery(scheduleCalls.getRooms, {}), staleTime: 5 * 60_000 };

export function useRooms() {
  return useQuery(roomsQuery);
}

/** A room and its upcoming sessions (client/course.pub_getRoom). */
export function useRoom(id: string) {
  return useQuery({ ...viewerQuery(reservationCalls.getRoom, { _id: id }, useViewer()), enabled: id !== '' });
}
