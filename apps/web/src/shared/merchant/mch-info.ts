import { merchantCalls } from '@studio/contract/account';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/call-function';

/** The studio's details (spec 7: timeout 5000 ms, 3 retries), shared by every page that shows them. */
export const mchInfoQuery = {
  ...callQuery(merchantCalls.getMchInfo, {}, { timeout: 5000, retries: 3 }),
  staleTime: 5 * 60_000,
  // The call already retries itself three times.
  retry: false,
} as const;

export function useMchInfo() {
  return useQuery(mchInfoQuery);
}
