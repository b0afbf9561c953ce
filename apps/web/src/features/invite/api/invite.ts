import type { invitationCalls as invitationDefs } from '@studio/contract/invitations';
import { INVITE_CODE_PARAM } from '@studio/contract/invite-link';
import { callRef } from '@studio/contract/protocol-core';
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '@/shared/api/call-function';
import { paths } from '@/shared/navigation/paths';

/** The invitation calls by reference (the page has no form: no zod). */
export const invitationCalls = {
  getMine: callRef<typeof invitationDefs.getMine>('client/invite.getMine'),
  getInvited: callRef<typeof invitationDefs.getInvited>('client/invite.getInvited'),
};

export function useMyInvitation() {
  return useQuery(callQuery(invitationCalls.getMine, {}));
}

/** The link a friend opens: this app's register page with the code filled in (the app's hash router). */
export function inviteLink(code: string, location: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  const query = new URLSearchParams({ [INVITE_CODE_PARAM]: code });
  return `${location.origin}${location.pathname}#${paths.register}?${query}`;
}
