import { adminIntegralCalls, adminWalletCalls, integralCalls, walletCalls } from '@studio/contract/wallet';
import { pageOf } from '../../platform/paging';
import { handle } from '../../platform/protocol';
import type { Book } from './schema';
import * as wallet from './service';

export const walletHandlers = [
  handle(walletCalls.getBalance, async (_input, ctx) => ({
    balance: await wallet.readWalletBalance(ctx.db, ctx.user.uid),
  })),
  handle(walletCalls.getLedger, async (input, ctx) => {
    const { rows, total } = await wallet.listWalletLedger(ctx.db, ctx.user.uid, input);
    return pageOf(rows.map(wallet.toWalletEntryRecord), total, input);
  }),
  handle(integralCalls.getBalance, async (_input, ctx) => ({
    balance: await wallet.readBalance(ctx.db, ctx.user.uid, 'points'),
  })),
  handle(integralCalls.getLedger, async (input, ctx) => {
    const { rows, total } = await wallet.listWalletLedger(ctx.db, ctx.user.uid, input, 'points');
    return pageOf(rows.map(wallet.toWalletEntryRecord), total, input);
  }),
  handle(walletCalls.topUp, (input, ctx) => wallet.startTopUp(ctx, input)),
  ...(
    [
      ['money', adminWalletCalls],
      ['points', adminIntegralCalls],
    ] as const
  ).flatMap(([book, calls]: readonly [Book, typeof adminWalletCalls | typeof adminIntegralCalls]) => [
    handle(calls.adjust, async (input, ctx) => {
      const { entry, balance } = await wallet.adjustBalance(ctx, book, input);
      return { balance, entry: wallet.toWalletEntryRecord(entry) };
    }),
    handle(calls.getLedger, async (input, ctx) => {
      const { rows, total } = await wallet.listWalletLedger(ctx.db, input.user_id, input, book);
      return {
        ...pageOf(rows.map(wallet.toWalletEntryRecord), total, input),
        balance: await wallet.readBalance(ctx.db, input.user_id, book),
        adjust_max: await wallet.adjustmentLimit(ctx, book),
      };
    }),
  ]),
];
