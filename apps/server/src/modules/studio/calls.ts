import { versionCalls } from '@studio/contract/channels';
import { adminMerchantCalls, merchantCalls } from '@studio/contract/merchant';
import { handle, handlePub } from '../../platform/protocol';
import { uploadedImage } from '../account';
import { audited } from '../audit';
import {
  forgetStudioRow,
  getMerchant,
  saveMerchant,
  studioRow,
  studioZoneOffsets,
  toAdminMerchantRecord,
  toMchInfo,
} from '../merchant';
import { isTestMode, usablePayTypes } from '../payments';
import { appVersionOf } from './app-version';

export const merchantHandlers = [
  handlePub(versionCalls.checkVersion, async (_input, ctx) => appVersionOf(ctx.config)),
  handlePub(merchantCalls.getMchInfo, async (_input, ctx) => {
    const mchInfo = toMchInfo(await studioRow(ctx), ctx.locale);
    const offsets = studioZoneOffsets(mchInfo.timezone, ctx.clock.now());
    return {
      mchInfo: {
        ...mchInfo,
        // Only what members can really use: a card provider also needs its keys on this server.
        pay_types: usablePayTypes(ctx.config, mchInfo.pay_types),
        test_mode: isTestMode(ctx.config, mchInfo.pay_types),
        ...(offsets ? { utc_offsets: offsets } : {}),
      },
      // The version the app is served at now (the one checkVersion answers).
      appInfo: { name: 'Studio', version: appVersionOf(ctx.config).version, h5_weixin_appid: '' },
    };
  }),
  handle(adminMerchantCalls.get, async (_input, ctx) => ({
    merchant: toAdminMerchantRecord(await getMerchant(ctx.db), ctx.locale),
  })),
  handle(adminMerchantCalls.save, async (input, ctx) => {
    const row = await audited(ctx, {
      objectType: 'studio',
      before: (tx) => getMerchant(tx),
      write: async (tx) => {
        // A new logo must be an image uploaded here (the demo's own files stay as they are).
        const current = await getMerchant(tx);
        const logo =
          input.logo && input.logo !== current.logo ? await uploadedImage(tx, input.logo, 'logo') : input.logo;
        return saveMerchant(tx, { ...input, logo }, ctx.clock.now());
      },
      idOf: (studio) => studio.id,
    });
    await forgetStudioRow(ctx.deps);
    return { merchant: toAdminMerchantRecord(row, ctx.locale) };
  }),
];
