import { type SessionScope, teacherCalls } from '@studio/contract/teacher';
import { usePagedCall } from '@/shared/api/paged';

/** My own sessions, upcoming (soonest first) or past (newest first), page by page. */
export function useTeacherSessions(scope: SessionScope, pageSize?: number) {
  return usePagedCall(teacherCalls.getSessions, { scope }, { pageSize });
}
