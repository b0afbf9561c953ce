import { adminScheduleCalls } from '@studio/contract/schedule';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/client';

const ALL = { pageIndex: 1, pageSize: 100, status: 'active' as const, sort: 'name' as const, order: 'asc' as const };

/** The active courses, teachers and rooms, for the schedule's filters and its session form. */
export function useCatalogOptions() {
  const courses = useQuery({ ...callQuery(adminScheduleCalls.getCourseList, ALL), staleTime: 60_000 });
  const teachers = useQuery({ ...callQuery(adminScheduleCalls.getTeacherList, ALL), staleTime: 60_000 });
  const rooms = useQuery({ ...callQuery(adminScheduleCalls.getRoomList, ALL), staleTime: 60_000 });
  return {
    courses: courses.data?.rows ?? [],
    teachers: teachers.data?.rows ?? [],
    rooms: rooms.data?.rows ?? [],
  };
}
