import { calendarCalls } from '@studio/contract/calendar';
import { useQuery } from '@tanstack/react-query';
import { call, callQuery } from '@/shared/api/call-function';
import { queryClient } from '@/shared/api/query-client';

/** My private calendar feed url (client/course.getCalendarFeed), created on first use. */
export const calendarFeedQuery = {
  ...callQuery(calendarCalls.getCalendarFeed, {}),
  staleTime: Number.POSITIVE_INFINITY,
};

export function useCalendarFeed(enabled: boolean) {
  return useQuery({ ...calendarFeedQuery, enabled });
}

/** Revokes the current url (calendars using it stop updating) and keeps the new one. */
export async function resetCalendarFeed(): Promise<string> {
  const { url } = await call(calendarCalls.resetCalendarFeed, {});
  queryClient.setQueryData(calendarFeedQuery.queryKey, { url });
  return url;
}

/** The feed as an absolute https url and as a webcal:// link that calendar apps subscribe to. */
export function feedLinks(path: string, origin: string = window.location.origin): { https: string; webcal: string } {
  const https = `${origin}${path}`;
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}
