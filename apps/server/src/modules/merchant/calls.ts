import { merchantCalls } from '@studio/contract/merchant';
import { handlePub } from '../../platform/protocol';
import { getMerchant, toMchInfo } from './service';

export const APP_VERSION = '1.0.0';

export const merchantHandlers = [
  handlePub(merchantCalls.getMchInfo, async (_input, ctx) => ({
    mchInfo: toMchInfo(await getMerchant(ctx.db)),
    appInfo: { name: 'Studio', version: APP_VERSION, h5_weixin_appid: '' },
  })),
];
