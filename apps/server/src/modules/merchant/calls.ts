import { adminMerchantCalls, merchantCalls } from '@studio/contract/merchant';
import { handle, handlePub } from '../../platform/protocol';
import { getMerchant, saveMerchant, toAdminMerchantRecord, toMchInfo } from './service';

export const APP_VERSION = '1.0.0';

export const merchantHandlers = [
  handlePub(merchantCalls.getMchInfo, async (_input, ctx) => ({
    mchInfo: toMchInfo(await getMerchant(ctx.db), ctx.locale),
    appInfo: { name: 'Studio', version: APP_VERSION, h5_weixin_appid: '' },
  })),
  handle(adminMerchantCalls.get, async (_input, ctx) => ({
    merchant: toAdminMerchantRecord(await getMerchant(ctx.db), ctx.locale),
  })),
  handle(adminMerchantCalls.save, async (input, ctx) => ({
    merchant: toAdminMerchantRecord(await saveMerchant(ctx.db, input, ctx.clock.now()), ctx.locale),
  })),
];
