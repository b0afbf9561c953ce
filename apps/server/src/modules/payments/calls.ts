import { paymentCalls } from '@studio/contract/payments';
import { fail } from '../../platform/errors';
import { handle, handlePub } from '../../platform/protocol';
import { decideSandboxCharge, getSandboxCharge } from './sandbox';
import * as payments from './service';

export const paymentHandlers = [
  handle(paymentCalls.getStatus, async (input, ctx) => ({
    payment: payments.toPaymentRecord(await payments.ownPaymentOrFail(ctx.db, ctx.user.uid, input.out_trade_no)),
  })),
  handlePub(paymentCalls.getSandboxCharge, async (input, ctx) => {
    if (!ctx.config.SANDBOX_PAYMENTS) fail('PAY_TYPE_DISABLED');
    return { charge: await getSandboxCharge(ctx.db, input.out_trade_no) };
  }),
  handlePub(paymentCalls.decideSandboxCharge, async (input, ctx) => {
    if (!ctx.config.SANDBOX_PAYMENTS) fail('PAY_TYPE_DISABLED');
    return {
      charge: await decideSandboxCharge(ctx, ctx.deps.sandboxSecret, input, ctx.clock.now()),
    };
  }),
];
