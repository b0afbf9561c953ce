import type { merchantCalls } from '@studio/contract/merchant';
import { callRef } from '@studio/contract/protocol-core';
import { knowZoneOffsets } from '@studio/contract/zone-offsets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/call-function';

// By reference, not the definition: the home page shows it and should not load zod for it.
const getMchInfo = callRef<typeof merchantCalls.getMchInfo>('client/pub.getMchInfo');

const studioQuery = callQuery(getMchInfo, {}, { timeout: 5000, retries: 3 });

/**
 * The studio's details (spec 7: timeout 5000 ms, 3 retries), shared by every page that shows them.
 * Its timezone's offsets are kept for the date formats, which then need no timezone data of their own.
 */
export const mchInfoQuery = queryOptions({
  queryKey: studioQuery.queryKey,
  queryFn: async (context) => {
    const answer = await studioQuery.queryFn!(context);
    const { timezone, utc_offsets } = answer.mchInfo;
    if (utc_offsets) knowZoneOffsets(timezone, utc_offsets);
    return answer;
  },
  staleTime: 5 * 60_000,
  // The call already retries itself three times.
  retry: false,
});

export function useMchInfo() {
  return useQuery(mchInfoQuery);
}
