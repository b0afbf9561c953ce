import { ApiError } from '@studio/client/api-error';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import i18n from '@/i18n/i18n';
import { isOnline, watchConnection } from '@/shared/offline/connection';
import { keepSavedQueries } from '@/shared/offline/saved-queries';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Only failures of the network are worth repeating; a business error answers the same again.
      // A failure of the network also marks the app offline (shared/offline/connection.ts), which
      // pauses the query instead: it runs again once the server answers, never in an endless loop.
      retry: (failureCount, error) => failureCount < 2 && error instanceof ApiError && error.isNetwork,
      // TanStack's backoff while the server answers; none once offline, so the query pauses at once.
      retryDelay: (failureCount) => (isOnline() ? Math.min(1000 * 2 ** failureCount, 30_000) : 0),
    },
    // A write never waits, paused, for a network that is not there (a spinner that never ends): offline
    // it fails at once and says so; the buttons that need the server are disabled offline anyway.
    mutations: { retry: false, networkMode: 'always' },
  },
});

// TanStack Query pauses and resumes queries with the app's own view of the connection. Back online,
// everything is refetched, not only what was stale: what is on screen may be the copy saved offline.
watchConnection();
onlineManager.subscribe((online) => {
  if (online) void queryClient.invalidateQueries();
});
// What the member needs at the door is kept for a week (shared/offline/saved-queries.ts).
keepSavedQueries(queryClient);

// Answers carry the studio's texts in the language of the call (vk-locale): after a switch, what is
// cached is in the old one, so every query is refetched (the ones on screen at once).
i18n.on('languageChanged', () => void queryClient.invalidateQueries());
