import type { WaitlistStatus } from '@studio/contract/flow';
import { callRef } from '@studio/contract/protocol-core';
import type { reservationCalls } from '@studio/contract/reservations';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '@/shared/api/call-function';
import { usePagedCall } from '@/shared/api/paged';

// By reference, not the definition: the classes tab shows my positions and need not load zod for it.
const getMyWaitlist = callRef<typeof reservationCalls.getMyWaitlist>('client/course.getMyWaitlist');

/** Positions move when someone ahead leaves or is promoted: look again this often while shown. */
export const WAITLIST_REFRESH_MS = 30_000;

/** My waitlist entries of one state, page by page (client/course.getMyWaitlist). */
export function useMyWaitlist(status: WaitlistStatus) {
  return usePagedCall(
    getMyWaitlist,
    { status },
    { refetchInterval: status === 'waiting' ? WAITLIST_REFRESH_MS : false },
  );
}

/** Where I wait, by session: session id → position (the schedule shows "No. 2"). */
export function useMyWaitPositions(enabled: boolean) {
  const query = useQuery({
    queryKey: [getMyWaitlist.url, { status: 'waiting', pageSize: 100 }] as const,
    queryFn: ({ signal }) =>
      call(getMyWaitlist, { status: 'waiting', pageIndex: 1, pageSize: 100 }, { silent: true, loading: false, signal }),
    enabled,
  });
  return useMemo(
    () => new Map((query.data?.rows ?? []).map((entry) => [entry.session_id, entry.position] as const)),
    [query.data],
  );
}
