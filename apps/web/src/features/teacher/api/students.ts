import { teacherCalls } from '@studio/contract/teacher';
import { usePagedCall } from '@/shared/api/paged';

/** Members I taught or who booked my classes, optionally filtered by name. */
export function useStudents(keyword: string) {
  // While the keyword changes, the last answer stays on screen instead of the skeleton.
  return usePagedCall(teacherCalls.getStudents, keyword ? { keyword } : {}, { keepPrevious: true });
}
