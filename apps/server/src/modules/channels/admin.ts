import type { DeliveryChannel, DeliveryRecord, DeliveryState } from '@studio/contract/channels';
import { fail } from '../../platform/errors';
import { pageOf } from '../../platform/paging';
import type { AuthedContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { contactsOf } from '../account';
import { auditBy, recordAudit } from '../audit';
import { deliverDue } from './deliver';
import * as repo from './repo';

/** The delivery log as staff read it (admin/delivery.*, notices.manage). */

/** A push target shows only its push service's host (the endpoint itself is a secret of the device). */
function targetShown(row: repo.ListedDelivery): string {
  if (row.channel !== 'push') return row.target;
  if (!row.endpoint) return '';
  try {
    return new URL(row.endpoint).host;
  } catch {
    return '';
  }
}

function toRecord(row: repo.ListedDelivery): DeliveryRecord {
  return {
    _id: row.id,
    source: row.source,
    notice_id: row.sourceId,
    type: row.type,
    user_id: row.userId,
    user_name: row.userName,
    channel: row.channel,
    target: targetShown(row),
    state: row.state,
    tries: row.tries,
    last_error: row.lastError,
    next_at: row.state === 'pending' && row.nextAt ? row.nextAt.toISOString() : null,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listDeliveries(
  ctx: AuthedContext,
  input: {
    pageIndex: number;
    pageSize: number;
    notice_id?: string;
    user_id?: string;
    channel?: DeliveryChannel;
    state?: DeliveryState;
  },
) {
  const { rows, total } = await repo.listDeliveries(
    ctx.db,
    { sourceId: input.notice_id, userId: input.user_id, channel: input.channel, state: input.state },
    input,
  );
  return pageOf(rows.map(toRecord), total, input);
}

async function recordOf(ctx: AuthedContext, id: string): Promise<DeliveryRecord> {
  const { rows } = await repo.listDeliveries(ctx.db, { id }, { pageIndex: 1, pageSize: 1 });
  return toRecord(rows[0] ?? fail('NOT_FOUND', {}, { field: '_id' }));
}

/** Whether the member can still be reached at the delivery's target (the same address, number or device). */
async function targetExists(ctx: AuthedContext, row: repo.DeliveryRow): Promise<boolean> {
  if (row.channel === 'push') return (await repo.subscriptionsById(ctx.db, [row.target])).has(row.target);
  const who = (await contactsOf(ctx.db, [row.userId])).get(row.userId);
  if (!who || who.disabled) return false;
  if (row.channel === 'email') return who.email?.toLowerCase() === row.target.toLowerCase();
  return who.mobile === row.target;
}

/**
 * admin/delivery.resend: a delivery tried again now with fresh tries (audited), then tried at once;
 * DELIVERY_TARGET_GONE when the device was dropped or the address or number changed. One being
 * sent this moment is answered as it is.
 */
export async function resendDelivery(ctx: AuthedContext, id: string): Promise<{ delivery: DeliveryRecord }> {
  const now = ctx.clock.now();
  const existing = (await repo.findDelivery(ctx.db, id)) ?? fail('NOT_FOUND', {}, { field: '_id' });
  if (!(await targetExists(ctx, existing))) fail('DELIVERY_TARGET_GONE');
  const reset = await runUnitOfWork(ctx, async ({ tx }) => {
    const after = await repo.resetForResend(tx, id, now);
    if (after)
      await recordAudit(tx, auditBy(ctx), { objectType: 'notice_delivery', objectId: id, before: existing, after });
    return after;
  });
  // Being sent this moment: that try's outcome is the answer.
  if (reset) await deliverDue(ctx, now, [id]);
  return { delivery: await recordOf(ctx, id) };
}
