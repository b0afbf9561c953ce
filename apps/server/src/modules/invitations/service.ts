import type { DomainEventPayload } from '@studio/contract/domain-events';
import { INVITE_LOCK_DAYS } from '@studio/contract/invitations';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { DAY } from '../../platform/clock';
import type { Tx } from '../../platform/db';
import type { CallContext } from '../../platform/protocol';
import { runUnitOfWork, type UnitOfWorkDeps } from '../../platform/unit-of-work';
import { attachInviter, inviterByCode, inviterOf, namesOf, selfInviteReason } from '../account';
import { grantCoupon, revokeUnusedCoupon } from '../coupons';
import { getMerchant, shopSettingsOf } from '../merchant';
import { postPointsEntry, readBalance } from '../wallet';
import { inviteConversions, inviteLocks, inviteRewards } from './schema';

/*
 * Invitations (RULES.md "Accounts"): attribution and rewards, as reactions to the events of the
 * account, orders and refunds (subscribers.ts). Each reaction is its own unit of work after the
 * event's commit, so a reward that cannot be given (a coupon sold out) never undoes an order; each
 * is keyed so a repeat or a race writes nothing twice: one conversion row per invited member (its
 * primary key), one reward per invited member and kind. Lock order: these rows, then coupons (3),
 * then the points account (6).
 */

const LOCK_MS = INVITE_LOCK_DAYS * DAY;

async function rewardSettings(tx: Tx) {
  return shopSettingsOf(await getMerchant(tx)).invite_rewards;
}

/**
 * client/salesman.pub_addUserLocking: the device that opened an invite link is held for the
 * inviter for INVITE_LOCK_DAYS (the first link opened holds it until then). Silent: an unknown
 * code, or a call without a device id, does nothing.
 */
export async function lockDevice(ctx: CallContext, code: string): Promise<void> {
  const deviceId = ctx.client.deviceId.trim();
  if (!deviceId) return;
  const inviter = await inviterByCode(ctx.db, code);
  if (!inviter || inviter.id === ctx.user?.uid) return;
  const now = ctx.clock.now();
  await ctx.db
    .insert(inviteLocks)
    .values({ deviceId, inviterId: inviter.id, lockedAt: now })
    .onConflictDoUpdate({
      target: inviteLocks.deviceId,
      set: { inviterId: inviter.id, lockedAt: now },
      setWhere: lte(inviteLocks.lockedAt, new Date(now.getTime() - LOCK_MS)),
    });
}

/**
 * A member registered: one who came without a code but from a device an invite link held within
 * INVITE_LOCK_DAYS gets that inviter; an invited member gets the studio's welcome coupon (once,
 * not when they seem to have invited themselves).
 */
export async function onRegistered(deps: UnitOfWorkDeps, e: DomainEventPayload<'member.registered'>, at: Date) {
  await runUnitOfWork(deps, async ({ tx }) => {
    let inviter = await inviterOf(tx, e.user_id);
    if (!inviter && e.device_id) {
      const [lock] = await tx
        .select()
        .from(inviteLocks)
        .where(and(eq(inviteLocks.deviceId, e.device_id), gt(inviteLocks.lockedAt, new Date(at.getTime() - LOCK_MS))));
      // The inviter's own phone: no attribution at all.
      if (lock && !(await selfInviteReason(tx, lock.inviterId, e.user_id, e.device_id))) {
        if (await attachInviter(tx, e.user_id, lock.inviterId, at))
          inviter = { inviterId: lock.inviterId, invitedAt: at };
      }
    }
    if (!inviter) return;
    const settings = await rewardSettings(tx);
    if (!settings.enabled || !settings.welcome_coupon_id) return;
    const reason = await selfInviteReason(tx, inviter.inviterId, e.user_id, e.device_id);
    const [row] = await tx
      .insert(inviteRewards)
      .values({
        inviteeId: e.user_id,
        kind: 'welcome',
        recipientId: e.user_id,
        inviterId: inviter.inviterId,
        status: reason ? 'refused' : 'granted',
        reason: reason ?? '',
        couponId: settings.welcome_coupon_id,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning();
    if (!row || reason) return;
    const copy = await grantCoupon(tx, e.user_id, settings.welcome_coupon_id, at);
    if (copy) await setCopy(tx, e.user_id, 'welcome', copy.copyId);
  });
}

function setCopy(tx: Tx, inviteeId: string, kind: 'welcome' | 'inviter', memberCouponId: string) {
  return tx
    .update(inviteRewards)
    .set({ memberCouponId })
    .where(and(eq(inviteRewards.inviteeId, inviteeId), eq(inviteRewards.kind, kind)));
}

/**
 * An order completed: the invited member's first one with money paid converts them (once, ever),
 * and rewards the inviter as the studio's settings say, unless they seem to have invited themselves.
 * The inviter is told (`invite.rewarded`).
 */
export async function onOrderCompleted(deps: UnitOfWorkDeps, e: DomainEventPayload<'order.completed'>, at: Date) {
  if (e.paid <= 0) return;
  await runUnitOfWork(deps, async (work) => {
    const { tx } = work;
    const inviter = await inviterOf(tx, e.user_id);
    if (!inviter) return;
    const [converted] = await tx
      .insert(inviteConversions)
      .values({ inviteeId: e.user_id, inviterId: inviter.inviterId, orderNo: e.order_no, convertedAt: at })
      .onConflictDoNothing()
      .returning();
    if (!converted) return;
    const settings = await rewardSettings(tx);
    if (!settings.enabled || (settings.inviter_points <= 0 && !settings.inviter_coupon_id)) return;
    const reason = await selfInviteReason(tx, inviter.inviterId, e.user_id);
    await tx.insert(inviteRewards).values({
      inviteeId: e.user_id,
      kind: 'inviter',
      recipientId: inviter.inviterId,
      inviterId: inviter.inviterId,
      status: reason ? 'refused' : 'granted',
      reason: reason ?? '',
      orderNo: e.order_no,
      couponId: settings.inviter_coupon_id || null,
      createdAt: at,
    });
    if (reason) return;
    const copy = await grantCoupon(tx, inviter.inviterId, settings.inviter_coupon_id, at);
    if (copy) await setCopy(tx, e.user_id, 'inviter', copy.copyId);
    const points = settings.inviter_points;
    if (points > 0) {
      await postPointsEntry(tx, {
        userId: inviter.inviterId,
        amount: points,
        kind: 'invite_reward',
        key: `invite_reward:${e.user_id}`,
        ref: e.order_no,
        at,
      });
      await tx
        .update(inviteRewards)
        .set({ points })
        .where(and(eq(inviteRewards.inviteeId, e.user_id), eq(inviteRewards.kind, 'inviter')));
    }
    if (points <= 0 && !copy) return;
    const invitee = (await namesOf(tx, [e.user_id])).get(e.user_id) ?? '';
    await work.emit(
      'invite.rewarded',
      {
        user_id: inviter.inviterId,
        invitee_id: e.user_id,
        invitee_name: invitee,
        points,
        coupon_name: copy?.name ?? '',
      },
      at,
    );
  });
}

/**
 * The converting order was refunded in full: the member no longer counts as converted, and the
 * inviter's reward is reversed: the points taken back as far as they still hold them (the ledger
 * never goes below 0), the coupon revoked while unused. Never a second reward for a later order.
 */
export async function onRefunded(deps: UnitOfWorkDeps, e: DomainEventPayload<'refund.approved'>, at: Date) {
  if (!e.full) return;
  await runUnitOfWork(deps, async ({ tx }) => {
    const [conversion] = await tx
      .update(inviteConversions)
      .set({ refundedAt: at })
      .where(
        and(
          eq(inviteConversions.inviteeId, e.user_id),
          eq(inviteConversions.orderNo, e.order_no),
          isNull(inviteConversions.refundedAt),
        ),
      )
      .returning();
    if (!conversion) return;
    const [reward] = await tx
      .select()
      .from(inviteRewards)
      .where(
        and(
          eq(inviteRewards.inviteeId, e.user_id),
          eq(inviteRewards.kind, 'inviter'),
          eq(inviteRewards.status, 'granted'),
        ),
      )
      .for('update');
    if (!reward) return;
    if (reward.memberCouponId) await revokeUnusedCoupon(tx, reward.memberCouponId);
    let taken = 0;
    if (reward.points > 0) {
      taken = Math.min(reward.points, await readBalance(tx, reward.recipientId, 'points'));
      if (taken > 0) {
        await postPointsEntry(tx, {
          userId: reward.recipientId,
          amount: -taken,
          kind: 'invite_reversed',
          key: `invite_reversed:${e.user_id}`,
          ref: e.order_no,
          at,
        });
      }
    }
    await tx
      .update(inviteRewards)
      .set({ status: 'reversed', reversedAt: at, pointsReversed: taken })
      .where(and(eq(inviteRewards.inviteeId, e.user_id), eq(inviteRewards.kind, 'inviter')));
  });
}
