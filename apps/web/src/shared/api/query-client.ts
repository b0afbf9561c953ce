import { ApiError } from '@studio/client/api-error';
import { QueryClient } from '@tanstack/react-query';

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
