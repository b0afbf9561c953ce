import { adminDeliveryCalls, channelCalls } from '@studio/contract/channels';
import { handle, handlePub } from '../../platform/protocol';
import { listDeliveries, resendDelivery } from './admin';
import { getPreferences, setPreferences } from './preferences';
import { pushConfig, subscribe, unsubscribe } from './push';

export const channelHandlers = [
  handle(channelCalls.getPreferences, (_input, ctx) => getPreferences(ctx)),
  handle(channelCalls.setPreferences, (input, ctx) => setPreferences(ctx, input.preferences)),
  handlePub(channelCalls.getPushConfig, (_input, ctx) => pushConfig(ctx)),
  handle(channelCalls.subscribePush, async (input, ctx) => {
    await subscribe(ctx, input, ctx.client.platform);
    return {};
  }),
  handle(channelCalls.unsubscribePush, async (input, ctx) => {
    await unsubscribe(ctx, input.endpoint);
    return {};
  }),
  handle(adminDeliveryCalls.getList, (input, ctx) => listDeliveries(ctx, input)),
  handle(adminDeliveryCalls.resend, (input, ctx) => resendDelivery(ctx, input._id)),
];
