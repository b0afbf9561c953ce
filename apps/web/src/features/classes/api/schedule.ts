import type { courseCalls } from '@studio/contract/course';
import { type CallInput, callRef } from '@studio/contract/protocol-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/call-function';
import { useViewer, viewerQuery } from '@/shared/classes/class-queries';

// By reference, not the definitions: the classes tab parses nothing with zod, so it need not load it.
const getSchedule = callRef<typeof courseCalls.getSchedule>('client/course.pub_getSchedule');
const getCourses = callRef<typeof courseCalls.getCourses>('client/course.pub_getCourses');
const getTeachers = callRef<typeof courseCalls.getTeachers>('client/course.pub_getTeachers');

export type ScheduleInput = CallInput<typeof courseCalls.getSchedule>;

/** The schedule between two days (client/course.pub_getSchedule): public, with my_status when logged in. */
export function scheduleQuery(input: ScheduleInput, viewer: string | null) {
  return viewerQuery(getSchedule, input, viewer);
}

export function useSchedule(input: ScheduleInput) {
  // While a filter changes, keep showing the last answer instead of flashing the skeleton.
  return useQuery({ ...scheduleQuery(input, useViewer()), placeholderData: keepPreviousData });
}

/** Active courses and teachers, for the schedule's filters. They change rarely. */
export const coursesQuery = { ...callQuery(getCourses, {}), staleTime: 5 * 60_000 };
export const teachersQuery = { ...callQuery(getTeachers, {}), staleTime: 5 * 60_000 };

export function useCourses() {
  return useQuery(coursesQuery);
}

export function useTeachers() {
  return useQuery(teachersQuery);
}
