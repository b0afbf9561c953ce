import { courseCalls } from '@studio/contract/course';
import type { CallInput } from '@studio/contract/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/call-function';
import { useViewer, viewerQuery } from '@/shared/classes/class-queries';

export type ScheduleInput = CallInput<typeof courseCalls.getSchedule>;

/** The schedule between two days (client/course.pub_getSchedule): public, with my_status when logged in. */
export function scheduleQuery(input: ScheduleInput, viewer: string | null) {
  return viewerQuery(courseCalls.getSchedule, input, viewer);
}

export function useSchedule(input: ScheduleInput) {
  // While a filter changes, keep showing the last answer instead of flashing the skeleton.
  return useQuery({ ...scheduleQuery(input, useViewer()), placeholderData: keepPreviousData });
}

/** Active courses and teachers, for the schedule's filters. They change rarely. */
export const coursesQuery = { ...callQuery(courseCalls.getCourses, {}), staleTime: 5 * 60_000 };
export const teachersQuery = { ...callQuery(courseCalls.getTeachers, {}), staleTime: 5 * 60_000 };

export function useCourses() {
  return useQuery(coursesQuery);
}

export function useTeachers() {
  return useQuery(teachersQuery);
}
