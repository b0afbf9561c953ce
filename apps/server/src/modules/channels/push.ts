import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import { isAllowedPushEndpoint } from '../../platform/web-push';
import { studioChannels, vapidPublicKey } from './preferences';
import * as repo from './repo';

/** client/pub.getPushConfig: the key browsers subscribe with; null when the studio sends no push. */
export async function pushConfig(ctx: CallContext): Promise<{ vapid_public_key: string | null }> {
  const channels = await studioChannels(ctx);
  return { vapid_public_key: channels.push ? vapidPublicKey(ctx.config) : null };
}

/**
 * client/push.subscribe: this device gets the member's push notices. Only endpoints on the known
 * push services (or PUSH_ALLOWED_ORIGINS) are taken, so no member can make the server post to an
 * address of its choosing. The same endpoint again (new keys, another member on the device) updates it.
 */
export async function subscribe(
  ctx: AuthedContext,
  input: { endpoint: string; keys: { p256dh: string; auth: string } },
  userAgent: string,
): Promise<void> {
  if (!isAllowedPushEndpoint(input.endpoint, ctx.config.PUSH_ALLOWED_ORIGINS)) fail('PUSH_ENDPOINT_REFUSED');
  const channels = await studioChannels(ctx);
  if (!channels.push || vapidPublicKey(ctx.config) === null) fail('PUSH_OFF');
  await repo.upsertSubscription(ctx.db, {
    id: newId(),
    userId: ctx.user.uid,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: userAgent.slice(0, 300),
    createdAt: ctx.clock.now(),
  });
}

/** client/push.unsubscribe: this device no longer wants them (an unknown endpoint is fine). */
export async function unsubscribe(ctx: AuthedContext, endpoint: string): Promise<void> {
  await repo.deleteSubscriptionOf(ctx.db, ctx.user.uid, endpoint);
}
