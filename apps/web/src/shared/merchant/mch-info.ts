import type { merchantCalls } from '@studio/contract/merchant';
import { callRef } from '@studio/contract/protocol-core';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/call-function';

// By reference, not the definition: the home page shows it and should not load zod for it.
const getMchInfo = callRef<typeof merchantCalls.getMchInfo>('client/pub.getMchInfo');

/** The studio's details (spec 7: timeout 5000 ms, 3 retries), shared by every page that shows them. */
export const mchInfoQuery = {
  ...callQuery(getMchInfo, {}, { timeout: 5000, retries: 3 }),
  staleTime: 5 * 60_000,
  // The call already retries itself three times.
  retry: false,
} as const;

export function useMchInfo() {
  return useQuery(mchInfoQuery);
}
