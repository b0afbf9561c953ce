import type { ReservationStatus } from '@studio/contract/flow';
import { reservationCalls } from '@studio/contract/reservations';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '@/shared/api/call-function';
import { flattenPages, nextPageIndex } from '@/shared/classes/class-queries';

const PAGE_SIZE = 20;

/** My reservations of one state, page by page (client/course.getMyReservations; spec 4 paging). */
export function useMyReservations(status: ReservationStatus) {
  const query = useInfiniteQuery({
    queryKey: [reservationCalls.getMyReservations.url, { status, pageSize: PAGE_SIZE }, 'pages'] as const,
    queryFn: ({ pageParam, signal }) =>
      call(
        reservationCalls.getMyReservations,
        { status, pageIndex: pageParam, pageSize: PAGE_SIZE },
        { silent: true, loading: false, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPageIndex(last, pages, PAGE_SIZE),
  });
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return { ...query, rows };
}
