import type { notificationCalls } from '@studio/contract/notifications';
import { callRef } from '@studio/contract/protocol-core';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/call-function';
import { queryClient } from '@/shared/api/query-client';
import { useIsLoggedIn } from '@/shared/session/session';

/**
 * The member's unread notices, one query shared by the home page's bell and the Me tab's badge. By
 * reference (zod-free): both are on the app's first screens.
 */
export const getMyNotifications = callRef<typeof notificationCalls.getMyNotifications>(
  'client/notice.getMyNotifications',
);
/** The visitors' list (the studio's public announcements): refetched with the member's. */
export const getPublicNotices = callRef<typeof notificationCalls.pub_getList>('client/notice.pub_getList');

/**
 * The urls of the notice lists, the member's (with the count) and the visitors'. A single notice is
 * not among them: it does not change when others come, and fetching it again would mark it read again.
 */
const NOTICE_LIST_URLS: readonly string[] = [getMyNotifications.url, getPublicNotices.url];

/** One row is enough: the answer carries the unread count. */
const unreadQuery = callQuery(getMyNotifications, { pageIndex: 1, pageSize: 1 });

/**
 * How many of the member's notices are unread; 0 for a visitor (nothing is fetched). The app's query
 * client is named here rather than read from context: the tab bar renders outside a provider in the
 * shell's markup test, and there is one client anyway.
 */
export function useUnreadNotices(): number {
  const loggedIn = useIsLoggedIn();
  const { data } = useQuery({ ...unreadQuery, enabled: loggedIn, select: (page) => page.unread }, queryClient);
  return loggedIn ? (data ?? 0) : 0;
}

/** Sets the count from an answer that carries it (getInfo, markRead, markAllRead, a `noticesRead` push). */
export function setUnreadNotices(unread: number): void {
  queryClient.setQueryData(unreadQuery.queryKey, (page) => (page ? { ...page, unread } : page));
}

/**
 * The notice lists are stale (a notice arrived, one was read or an announcement withdrawn): they and
 * the count refetch. `exceptCount` keeps the count, when it was just set from an answer.
 */
export async function invalidateNotices(options: { exceptCount?: boolean } = {}): Promise<void> {
  const countHash = JSON.stringify(unreadQuery.queryKey);
  await queryClient.invalidateQueries({
    predicate: (query) =>
      NOTICE_LIST_URLS.includes(String(query.queryKey[0])) &&
      !(options.exceptCount && JSON.stringify(query.queryKey) === countHash),
  });
}
