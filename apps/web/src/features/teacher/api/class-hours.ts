import { teacherCalls } from '@studio/contract/teacher';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/call-function';

/** Sessions I taught in a month (YYYY-MM, studio timezone) and their total hours. */
export function useClassHours(month: string) {
  return useQuery({ ...callQuery(teacherCalls.getClassHours, { month }), placeholderData: keepPreviousData });
}
