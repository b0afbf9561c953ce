import type {
  channelCalls,
  DeliveryChannel,
  NotificationPreferences,
  PreferenceCategory,
} from '@studio/contract/channels';
import { callRef } from '@studio/contract/protocol-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callQuery } from '@/shared/api/call-function';

// By reference: the page has switches, not a form, and parses nothing with zod.
const preferenceCalls = {
  get: callRef<typeof channelCalls.getPreferences>('client/notice.getPreferences'),
  set: callRef<typeof channelCalls.setPreferences>('client/notice.setPreferences'),
};

/** The categories in the order the page shows them (the contract's PREFERENCE_CATEGORIES, without loading zod). */
export const CATEGORIES = ['classes', 'orders', 'studio', 'offers'] as const satisfies readonly PreferenceCategory[];

/** One switch moved. */
export interface PreferenceChange {
  category: PreferenceCategory;
  channel: DeliveryChannel;
  on: boolean;
}

const preferencesQuery = () => callQuery(preferenceCalls.get, {});

/**
 * The member's choices and which channels can reach them. Always read afresh when the page opens:
 * the member may come back from adding an e-mail address.
 */
export function usePreferences() {
  return useQuery({ ...preferencesQuery(), staleTime: 0 });
}

function withSwitch(answer: NotificationPreferences, { category, channel, on }: PreferenceChange) {
  const preferences = { ...answer.preferences, [category]: { ...answer.preferences[category], [channel]: on } };
  return { ...answer, preferences };
}

const mutationKey = [preferenceCalls.set.url];

/**
 * Saves one switch at once, sending only that change. The switch moves before the server answers;
 * a failure puts it back and says why in a toast. While several changes are on their way, only the
 * last answer replaces what the page shows, so an earlier one never flips a later switch back.
 */
export function useSetPreference() {
  const queryClient = useQueryClient();
  const { queryKey } = preferencesQuery();
  return useMutation({
    mutationKey,
    mutationFn: ({ category, channel, on }: PreferenceChange) =>
      call(
        preferenceCalls.set,
        { preferences: { [category]: { [channel]: on } } },
        { toastOnly: true, loading: false },
      ),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (old) => old && { ...old, ...withSwitch(old, change) });
    },
    onError: (_error, change) =>
      queryClient.setQueryData(queryKey, (old) => old && { ...old, ...withSwitch(old, { ...change, on: !change.on }) }),
    onSuccess: (answer) => {
      if (queryClient.isMutating({ mutationKey }) === 1)
        queryClient.setQueryData(queryKey, (old) => old && { ...old, ...answer });
    },
  });
}
