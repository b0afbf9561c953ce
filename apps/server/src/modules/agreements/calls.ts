import { adminAgreementCalls, agreementCalls } from '@studio/contract/agreements';
import { handle, handlePub } from '../../platform/protocol';
import * as agreements from './service';

export const agreementHandlers = [
  handlePub(agreementCalls.getAgreement, (input, ctx) => agreements.getAgreement(ctx, input.kind)),
  handle(agreementCalls.getPending, async (_input, ctx) => ({
    pending: await agreements.pendingAgreements(ctx.db, ctx.user.uid),
  })),
  handle(agreementCalls.accept, async (input, ctx) => {
    await agreements.acceptAgreement(ctx, input.kind, input.version);
    return {};
  }),
  handle(adminAgreementCalls.getList, (input, ctx) => agreements.listVersions(ctx.db, input.kind)),
  handle(adminAgreementCalls.saveDraft, async (input, ctx) => ({
    row: await agreements.saveDraft(ctx, input.kind, input.texts),
  })),
  handle(adminAgreementCalls.publish, async (input, ctx) => ({
    row: await agreements.publishDraft(ctx, input.kind, input._id),
  })),
];
