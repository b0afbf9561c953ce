import { ApiError } from '@studio/client/api-error';
import { QueryClient } from '@tanstack/react-query';
import i18n from '@/i18n/i18n';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Only failures of the network are worth repeating; a business error answers the same again.
      retry: (failureCount, error) => failureCount < 2 && error instanceof ApiError && error.isNetwork,
    },
    mutations: { retry: false },
  },
});

// Answers carry the studio's texts in the language of the call (vk-locale): after a switch, what is
// cached is in the old one, so every query is refetched (the ones on screen at once).
i18n.on('languageChanged', () => void queryClient.invalidateQueries());
