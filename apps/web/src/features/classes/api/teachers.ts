import { reservationCalls } from '@studio/contract/reservations';
import { useQuery } from '@tanstack/react-query';
import { useViewer, viewerQuery } from '@/shared/classes/class-queries';

/** A teacher's public profile and upcoming sessions (client/course.pub_getTeacher). */
export function useTeacherProfile(id: string) {
  return useQuery({ ...viewerQuery(reservationCalls.getTeacher, { _id: id }, useViewer()), enabled: id !== '' });
}
