import { courseCalls } from '@studio/contract/course';
import { useQuery } from '@tanstack/react-query';
import { useViewer, viewerQuery } from '@/shared/classes/class-queries';

/** A teacher's public profile and upcoming sessions (client/course.pub_getTeacher). */
export function useTeacherProfile(id: string) {
  return useQuery({ ...viewerQuery(courseCalls.getTeacher, { _id: id }, useViewer()), enabled: id !== '' });
}
