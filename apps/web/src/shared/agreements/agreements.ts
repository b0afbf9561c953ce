import type { AgreementKind, agreementCalls } from '@studio/contract/agreements';
import { callRef } from '@studio/contract/protocol-core';
import { useQuery } from '@tanstack/react-query';
import { call, callQuery } from '@/shared/api/call-function';
import { queryClient } from '@/shared/api/query-client';

// By reference: the agreement page, the register form and the gate read these without zod.
export const agreementRefs = {
  getAgreement: callRef<typeof agreementCalls.getAgreement>('client/pub.getAgreement'),
  getPending: callRef<typeof agreementCalls.getPending>('client/agreement.getPending'),
  accept: callRef<typeof agreementCalls.accept>('client/agreement.accept'),
};

/** The agreement's current version in the member's language; version 0 means the app's own text. */
export function useAgreement(kind: AgreementKind) {
  return useQuery({
    ...callQuery(agreementRefs.getAgreement, { kind }, { silent: true }),
    staleTime: 10 * 60_000,
  });
}

/** The agreements a logged-in member must accept again (a new version published since they last did). */
export function usePendingAgreements(enabled: boolean) {
  return useQuery({
    ...callQuery(agreementRefs.getPending, {}, { silent: true }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Accepts each version, then forgets what was pending. */
export async function acceptAgreements(items: readonly { kind: AgreementKind; version: number }[]): Promise<void> {
  for (const item of items) await call(agreementRefs.accept, item);
  await queryClient.invalidateQueries({ queryKey: [agreementRefs.getPending.url] });
  await queryClient.invalidateQueries({ queryKey: [agreementRefs.getAgreement.url] });
}
