import { adminInvitationCalls, invitationCalls } from '@studio/contract/invitations';
import { handle, handlePub } from '../../platform/protocol';
import * as read from './read';
import { lockDevice } from './service';

export const invitationHandlers = [
  handlePub(invitationCalls.addUserLocking, async (input, ctx) => {
    await lockDevice(ctx, input.invite_code);
    return {};
  }),
  handle(invitationCalls.getMine, async (_input, ctx) => ({ invitation: await read.getMine(ctx) })),
  handle(invitationCalls.getInvited, (input, ctx) => read.getInvited(ctx, input)),
  handle(adminInvitationCalls.getReport, async (input, ctx) => ({ report: await read.report(ctx, input) })),
];
