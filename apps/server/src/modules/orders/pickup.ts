import { formatDateTime } from '@studio/contract/format';
import { ORDER_STATUS, type OrderRecord } from '@studio/contract/orders';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import type { AuthedContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { namesOf } from '../account';
import { auditBy, recordAudit } from '../audit';
import { getMerchant } from '../merchant';
import { lockAny, move, refuse } from './flow';
import { orderRecords } from './records';
import * as repo from './repo';

/**
 * Pickup orders at the desk: what a pickup code names (whose order, what is in it, whether it was
 * handed over already, when and by whom), and handing it over (verification staff, audited).
 */

const S = ORDER_STATUS;

/** When a pickup order was handed over and by which staff member; null while it waits (or is no pickup). */
export interface Handover {
  at: Date;
  by: string | null;
}

async function handoverOf(db: DbOrTx, order: repo.OrderRow): Promise<Handover | null> {
  if (order.delivery !== 'pickup' || order.status !== S.completed) return null;
  const done = await repo.completionOf(db, order.id);
  return { at: done?.at ?? order.completedAt ?? order.updatedAt, by: done?.actorId ?? null };
}

/** The order a pickup code names, whose it is, and its handover; null when no order has the code. */
export async function findPickup(
  ctx: AuthedContext,
  code: string,
): Promise<{ order: OrderRecord; userId: string; handover: Handover | null } | null> {
  const row = await repo.findByPickupCode(ctx.db, code.trim().toUpperCase());
  if (!row) return null;
  const [order] = await orderRecords(ctx.db, [row], ctx.locale);
  return { order: order!, userId: row.userId, handover: await handoverOf(ctx.db, row) };
}

/** PICKUP_ALREADY_DONE: when (the caller's language, the studio's timezone) and by whom it was handed over. */
async function refuseHandedOver(ctx: AuthedContext, handover: Handover): Promise<never> {
  const { timezone } = await getMerchant(ctx.db);
  const name = handover.by ? ((await namesOf(ctx.db, [handover.by])).get(handover.by) ?? '') : '';
  return fail(
    'PICKUP_ALREADY_DONE',
    { time: formatDateTime(handover.at, ctx.locale ?? 'en', timezone), name: name || '—' },
    { picked_up_at: handover.at.toISOString(), by: handover.by },
  );
}

/**
 * Verification staff hand over the paid pickup order a code names: it completes, audited as the
 * staff member's change. A code used already says when and by whom; null when no order has it.
 */
export async function completePickup(ctx: AuthedContext, code: string): Promise<OrderRecord | null> {
  const found = await repo.findByPickupCode(ctx.db, code.trim().toUpperCase());
  if (!found) return null;
  const now = ctx.clock.now();
  const row = await runUnitOfWork(ctx, async (work) => {
    const order = await lockAny(work.tx, found.id);
    const handover = await handoverOf(work.tx, order);
    if (handover) return { handover, after: null };
    if (order.status !== S.paid || order.delivery !== 'pickup') refuse(ctx.locale, order.status);
    const after = await move(work, order, 'pick_up', 'completed', now, {
      set: { completedAt: now },
      actorId: ctx.user.uid,
      note: 'picked up',
    });
    await recordAudit(work.tx, auditBy(ctx), {
      objectType: 'order',
      objectId: order.id,
      before: { status: order.status, user_id: order.userId },
      after: { status: after.status, user_id: order.userId },
    });
    return { handover: null, after };
  });
  // Refused outside the unit of work: naming who handed it over reads other modules.
  if (row.handover) return refuseHandedOver(ctx, row.handover);
  return (await orderRecords(ctx.db, [row.after!], ctx.locale))[0]!;
}
