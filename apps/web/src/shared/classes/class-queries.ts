import type { CallDef, CallInput, CallRef } from '@studio/contract/protocol-core';
import { type Query, queryOptions } from '@tanstack/react-query';
import { call } from '@/shared/api/call-function';
import { queryClient } from '@/shared/api/query-client';
import { useIsLoggedIn, useUserInfo } from '@/shared/session/session';

/**
 * Calls whose answers change when a seat, a waitlist place or a credit changes: the schedule, session
 * details, my reservations, waitlist and packages, teacher and room pages, and the teacher's
 * workbench. Query keys start with the call's url (callQuery), so matching the url prefix is enough.
 */
const CLASS_URL_PREFIXES = ['client/course.', 'client/teacher.'];

export function isClassQuery(query: Pick<Query, 'queryKey'>): boolean {
  const url = query.queryKey[0];
  return typeof url === 'string' && CLASS_URL_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** Refetches everything a booking, cancellation, promotion or check-in may have changed. */
export function invalidateClassData(): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isClassQuery });
}

/**
 * Query options for a public class call whose answer depends on who asks (my_status, my
 * reservation): the viewer is part of the key, so signing in or out never shows another viewer's
 * cached answer.
 */
export function viewerQuery<C extends CallDef>(def: C | CallRef<C>, input: CallInput<C>, viewer: string | null) {
  return queryOptions({
    queryKey: [def.url, input, viewer ?? 'guest'] as const,
    queryFn: ({ signal }) => call(def, input, { silent: true, loading: false, signal }),
  });
}

/** Who is looking, for viewerQuery: the member's id when logged in, null for a visitor. */
export function useViewer(): string | null {
  const loggedIn = useIsLoggedIn();
  const uid = useUserInfo()?._id;
  return loggedIn ? (uid ?? 'member') : null;
}
