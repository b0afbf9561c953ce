import { teacherCalls } from '@studio/contract/teacher';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '@/shared/api/call-function';
import { flattenPages, nextPageIndex } from '@/shared/classes/class-queries';

const PAGE_SIZE = 20;

/** Members I taught or who booked my classes, optionally filtered by name. */
export function useStudents(keyword: string) {
  const query = useInfiniteQuery({
    queryKey: [teacherCalls.getStudents.url, { keyword, pageSize: PAGE_SIZE }, 'pages'] as const,
    queryFn: ({ pageParam, signal }) =>
      call(
        teacherCalls.getStudents,
        { pageIndex: pageParam, pageSize: PAGE_SIZE, ...(keyword && { keyword }) },
        { silent: true, loading: false, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPageIndex(last, pages, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, rows };
}
