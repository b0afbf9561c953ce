import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A write as a TanStack mutation: pending state for the button (spinner, disabled, so a double tap
 * never sends twice), and the queries it changes refetched after it settles, succeeded or not (a
 * failure may still have changed the server: a seat taken by someone else).
 */
export function useCallMutation<I, O>(
  mutationFn: (input: I) => Promise<O>,
  options: {
    /** What to refetch afterwards: query keys, or a function of the query client. */
    invalidates?: readonly QueryKey[] | ((queryClient: QueryClient) => Promise<unknown>);
    onSuccess?: (output: O, input: I) => void;
    /** Failures the app's client has not shown already (e.g. COURSE_FULL turned into a sheet). */
    onError?: (error: Error, input: I) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: options.onSuccess,
    onError: options.onError,
    onSettled: async () => {
      const { invalidates } = options;
      if (typeof invalidates === 'function') await invalidates(queryClient);
      else if (invalidates)
        await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
