import type { NoticeCategory, notificationCalls as noticeDefs } from '@studio/contract/notifications';
import { callRef } from '@studio/contract/protocol-core';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/shared/api/call-function';
import { usePagedCall } from '@/shared/api/paged';
import {
  getMyNotifications,
  getPublicNotices,
  invalidateNotices,
  setUnreadNotices,
} from '@/shared/notices/unread-notices';

/** The calls by reference (zod-free): the notice pages have no form. The lists' are shared with the bell. */
const noticeCalls = {
  getMyNotifications,
  getInfo: callRef<typeof noticeDefs.getInfo>('client/notice.getInfo'),
  markAllRead: callRef<typeof noticeDefs.markAllRead>('client/notice.markAllRead'),
  pubGetList: getPublicNotices,
  pubGetInfo: callRef<typeof noticeDefs.pub_getInfo>('client/notice.pub_getInfo'),
};

/** The list's tabs: "all" is no filter, the others are the contract's categories. */
export const NOTICE_TABS = ['all', 'classes', 'orders', 'studio'] as const satisfies readonly (
  | 'all'
  | NoticeCategory
)[];
export type NoticeTab = (typeof NOTICE_TABS)[number];

/** The member's notices of one tab, pinned announcements first, then newest first. */
export function useMyNotices(tab: NoticeTab) {
  return usePagedCall(noticeCalls.getMyNotifications, tab === 'all' ? {} : { category: tab });
}

/** The studio's public announcements, for a visitor. */
export function usePublicNotices() {
  return usePagedCall(noticeCalls.pubGetList, {});
}

/**
 * One notice: a member's through getInfo, which marks it read (the count on the bell and the tab
 * follows, and the lists refetch to drop its dot); a visitor's public announcement through pub_getInfo.
 */
export function useNotice(id: string, member: boolean) {
  return useQuery({
    queryKey: [member ? noticeCalls.getInfo.url : noticeCalls.pubGetInfo.url, { _id: id }],
    enabled: id !== '',
    // Read once per visit: opening it again later asks again (it may have been withdrawn).
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    queryFn: async ({ signal }) => {
      // Silent: the page shows its own error state.
      const options = { silent: true, loading: false, signal };
      if (!member) return (await call(noticeCalls.pubGetInfo, { _id: id }, options)).notice;
      const answer = await call(noticeCalls.getInfo, { _id: id }, options);
      setUnreadNotices(answer.unread);
      void invalidateNotices({ exceptCount: true });
      return answer.notice;
    },
  });
}

/** Marks every notice read: the count drops to what the server says, the lists lose their dots. */
export async function markAllNoticesRead(): Promise<void> {
  const { unread } = await call(noticeCalls.markAllRead, {});
  setUnreadNotices(unread);
  await invalidateNotices({ exceptCount: true });
}
