import type { Query, QueryClient } from '@tanstack/react-query';

/*
 * What the app keeps on the phone for the studio's basement (DESIGN.md "The member app as a PWA"):
 * only what a member needs at the door, never the whole cache. Query keys start with the call's url
 * (callQuery, viewerQuery, usePagedCall), then its input.
 */

/** How long saved answers are kept (and may be shown offline): a week. */
export const SAVED_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const URL = {
  myReservations: 'client/course.getMyReservations',
  sessionDetail: 'client/course.pub_getSessionDetail',
  myPackages: 'client/course.getMyPackages',
  orderList: 'client/order.getList',
  orderInfo: 'client/order.getInfo',
  studio: 'client/pub.getMchInfo',
} as const;

/** Every url a saved answer may come from (their queries stay in memory as long as they are kept). */
export const SAVED_QUERY_URLS: readonly string[] = Object.values(URL);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A field of a record inside a record (`data.orderInfo.pickup_code`), or undefined. */
function field(value: unknown, outer: string, inner: string): unknown {
  return isRecord(value) && isRecord(value[outer]) ? value[outer][inner] : undefined;
}

/**
 * Whether a query's answer is one a member needs offline:
 * - my reservations, every list of them (the check-in code is on each row);
 * - a class's detail when it holds my reservation (its QR and whether I may cancel), not a guest's;
 * - my packages;
 * - the orders waiting for pickup (the list's "To receive" tab) and an order that has a pickup code;
 * - the studio's details, whose timezone and currency every date and price above is written in.
 */
export function isSavedQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const [url, input, viewer] = query.queryKey;
  const { data } = query.state;
  switch (url) {
    case URL.myReservations:
    case URL.myPackages:
    case URL.studio:
      return true;
    case URL.sessionDetail:
      return typeof viewer === 'string' && viewer !== 'guest' && isRecord(data) && isRecord(data.reservation);
    case URL.orderList:
      return isRecord(input) && input.tab === 'unreceived';
    case URL.orderInfo:
      return typeof field(data, 'orderInfo', 'pickup_code') === 'string';
    default:
      return false;
  }
}

/** Only answers that arrived (not pending or failed ones) and that are on the list above. */
export function shouldSaveQuery(query: Query): boolean {
  return query.state.status === 'success' && isSavedQuery(query);
}

/**
 * Keeps saved queries in memory as long as they are kept on the phone: a query dropped from memory
 * after TanStack's default five unused minutes would be dropped from the saved copy at its next save.
 */
export function keepSavedQueries(queryClient: QueryClient): void {
  for (const url of SAVED_QUERY_URLS) queryClient.setQueryDefaults([url], { gcTime: SAVED_MAX_AGE_MS });
}
