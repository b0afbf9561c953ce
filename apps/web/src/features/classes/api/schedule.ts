import { type CallInput, callRef } from '@studio/contract/protocol-core';
import type { reservationCalls } from '@studio/contract/reservations';
import type { scheduleCalls } from '@studio/contract/schedule';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/call-function';
import { useViewer, viewerQuery } from '@/shared/classes/class-queries';

// By reference, not the definitions: the classes tab parses nothing with zod, so it need not load it.
const getSchedule = callRef<typeof reservationCalls.getSchedule>('client/course.pub_getSchedule');
const getCourses = callRef<typeof scheduleCalls.getCourses>('client/course.pub_getCourses');
const getTeachers = callRef<typeof scheduleCalls.getTeachers>('client/course.pub_getTeachers');

export type ScheduleInput = CallInput<typeof reservationCalls.getSchedule>;

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
