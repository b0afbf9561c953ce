import { type SessionScope, teacherCalls } from '@studio/contract/teacher';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '@/shared/api/call-function';
import { flattenPages, nextPageIndex } from '@/shared/classes/class-queries';

const PAGE_SIZE = 20;

/** My own sessions, upcoming (soonest first) or past (newest first), page by page. */
export function useTeacherSessions(scope: SessionScope, pageSize = PAGE_SIZE) {
  const query = useInfiniteQuery({
    queryKey: [teacherCalls.getSessions.url, { scope, pageSize }, 'pages'] as const,
    queryFn: ({ pageParam, signal }) =>
      call(
        teacherCalls.getSessions,
        { scope, pageIndex: pageParam, pageSize },
        { silent: true, loading: false, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPageIndex(last, pages, pageSize),
  });
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, rows };
}
