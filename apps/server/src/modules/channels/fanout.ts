import { type DeliveryChannel, preferenceCategoryOf, SMS_NOTICE_TYPES } from '@studio/contract/channels';
import type { SubscriberContext } from '../../platform/events';
import { newId } from '../../platform/ids';
import { contactsOf } from '../account';
import { forEachAnnouncementReader } from '../notifications';
import { deliverDue } from './deliver';
import { preferencesFrom, studioChannels } from './preferences';
import * as repo from './repo';

/*
 * From a notice (or an announcement) to its deliveries: for each member, each channel the studio
 * has on, the member's preference allows and a target exists for (their address, their number, each
 * of their push devices), one row, written once (the idempotency key). A member's notice is then
 * tried at once (what fails stays pending for the sweep); an announcement's rows wait for the sweep.
 */

interface Source {
  kind: 'notice' | 'announcement';
  id: string;
  type: string;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Writes the deliveries of `source` to these members; answers the ids written now. */
export async function planDeliveries(
  ctx: SubscriberContext,
  source: Source,
  userIds: readonly string[],
  now: Date,
): Promise<string[]> {
  const channels = await studioChannels(ctx);
  const on = new Set<DeliveryChannel>();
  if (channels.email) on.add('email');
  if (channels.sms && (channels.sms_types as readonly string[]).includes(source.type)) on.add('sms');
  if (channels.push) on.add('push');
  // Only urgent class notices ever go by text, whatever the studio lists.
  if (!(SMS_NOTICE_TYPES as readonly string[]).includes(source.type)) on.delete('sms');
  if (on.size === 0 || userIds.length === 0) return [];
  const category = preferenceCategoryOf(source.type);
  const [contacts, prefRows, subs] = await Promise.all([
    contactsOf(ctx.db, userIds),
    repo.preferencesOf(ctx.db, userIds, category),
    on.has('push') ? repo.subscriptionsOf(ctx.db, userIds) : [],
  ]);
  const rows: repo.NewDelivery[] = [];
  const row = (userId: string, channel: DeliveryChannel, target: string): repo.NewDelivery => ({
    id: newId(),
    source: source.kind,
    sourceId: source.id,
    userId,
    type: source.type,
    category,
    channel,
    target,
    state: 'pending',
    nextAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const prefsOf = groupBy(prefRows, (p) => p.userId);
  const devicesOf = groupBy(subs, (s) => s.userId);
  for (const userId of new Set(userIds)) {
    const who = contacts.get(userId);
    if (!who || who.disabled) continue;
    const wants = preferencesFrom(prefsOf.get(userId) ?? [])[category];
    if (on.has('email') && wants.email && who.email) rows.push(row(userId, 'email', who.email));
    if (on.has('sms') && wants.sms && who.mobile) rows.push(row(userId, 'sms', who.mobile));
    if (on.has('push') && wants.push) {
      for (const sub of devicesOf.get(userId) ?? []) rows.push(row(userId, 'push', sub.id));
    }
  }
  return repo.insertDeliveries(ctx.db, rows);
}

/**
 * A member's notice: its deliveries written, and tried at once in the background, so the call that
 * caused the notice (a class cancelled for 30 members) answers without waiting for mail servers and
 * push services; what that first try leaves, the sweep retries.
 */
export async function deliverNotice(
  ctx: SubscriberContext,
  notice: { notice_id: string; user_id: string; type: string },
  now: Date,
): Promise<void> {
  const ids = await planDeliveries(
    ctx,
    { kind: 'notice', id: notice.notice_id, type: notice.type },
    [notice.user_id],
    now,
  );
  const send = () => deliverDue(ctx, ctx.clock.now(), ids);
  if (ctx.deps.background) ctx.deps.background.start('channels.deliverNotice', send);
  else await send();
}

const AUDIENCE_BATCH = 500;

/**
 * An announcement now visible: deliveries to the members it reaches now, written batch by batch.
 * They are sent by the sweep (channels.deliver, every few seconds), not here: this runs before the
 * staff's save answers, and an audience of thousands must not hold it.
 */
export async function deliverAnnouncement(ctx: SubscriberContext, announcementId: string, now: Date): Promise<void> {
  await forEachAnnouncementReader(ctx.db, announcementId, now, AUDIENCE_BATCH, async (userIds) => {
    await planDeliveries(ctx, { kind: 'announcement', id: announcementId, type: 'announcement' }, userIds, now);
  });
}
