import { teacherCalls } from '@studio/contract/teacher';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/call-function';

/** My profile, counts and next sessions (client/teacher.getWorkbench). */
export const workbenchQuery = callQuery(teacherCalls.getWorkbench, {});

export function useWorkbench() {
  return useQuery(workbenchQuery);
}
