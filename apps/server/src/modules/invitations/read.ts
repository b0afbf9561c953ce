import type { InvitationReport, InvitedMember, InviteReward, MyInvitation } from '@studio/contract/invitations';
import { and, count, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { Page } from '../../platform/paging';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import { getUserOrFail, invitedBy, invitedCounts } from '../account';
import { couponNames } from '../coupons';
import { getMerchant, shopSettingsOf } from '../merchant';
import { inviteConversions, inviteRewards } from './schema';

/* What members and staff read of invitations: my invitation page, my invited members, the report. */

type RewardRow = typeof inviteRewards.$inferSelect;

async function rewardRecords(ctx: CallContext, rows: RewardRow[]): Promise<Map<string, InviteReward>> {
  const names = await couponNames(
    ctx.db,
    rows.filter((r) => r.memberCouponId && r.couponId).map((r) => r.couponId!),
    ctx.locale,
  );
  return new Map(
    rows.map((r) => [
      r.inviteeId,
      {
        status: r.status,
        points: r.points,
        coupon_name: r.memberCouponId && r.couponId ? (names.get(r.couponId) ?? '') : '',
        at: (r.reversedAt ?? r.createdAt).toISOString(),
      },
    ]),
  );
}

/** My invitation: my code, how many I invited and converted, what I earned, and the studio's offer. */
export async function getMine(ctx: AuthedContext): Promise<MyInvitation> {
  const me = ctx.user.uid;
  const [user, invited, [purchased], [earned], studio] = await Promise.all([
    getUserOrFail(ctx.db, me),
    invitedBy(ctx.db, me, { pageIndex: 1, pageSize: 1 }),
    ctx.db
      .select({ n: count() })
      .from(inviteConversions)
      .where(and(eq(inviteConversions.inviterId, me), isNull(inviteConversions.refundedAt))),
    ctx.db
      .select({
        points: sql<number>`coalesce(sum(${inviteRewards.points}), 0)::int`,
        coupons: sql<number>`count(${inviteRewards.memberCouponId})::int`,
      })
      .from(inviteRewards)
      .where(
        and(eq(inviteRewards.recipientId, me), eq(inviteRewards.kind, 'inviter'), eq(inviteRewards.status, 'granted')),
      ),
    getMerchant(ctx.db),
  ]);
  const offer = shopSettingsOf(studio).invite_rewards;
  const names = await couponNames(
    ctx.db,
    [offer.inviter_coupon_id, offer.welcome_coupon_id].filter(Boolean),
    ctx.locale,
  );
  return {
    invite_code: user.inviteCode,
    invited: invited.total,
    purchased: purchased?.n ?? 0,
    points_earned: earned?.points ?? 0,
    coupons_earned: earned?.coupons ?? 0,
    offer: {
      enabled: offer.enabled,
      inviter_points: offer.enabled ? offer.inviter_points : 0,
      inviter_coupon: offer.enabled ? (names.get(offer.inviter_coupon_id) ?? '') : '',
      welcome_coupon: offer.enabled ? (names.get(offer.welcome_coupon_id) ?? '') : '',
    },
  };
}

/** The members I invited, newest first, each with their first purchase and my reward for it. */
export async function getInvited(ctx: AuthedContext, page: Page) {
  const list = await invitedBy(ctx.db, ctx.user.uid, page);
  const ids = list.rows.map((r) => r._id);
  const [conversions, rewards] = ids.length
    ? await Promise.all([
        ctx.db.select().from(inviteConversions).where(inArray(inviteConversions.inviteeId, ids)),
        ctx.db
          .select()
          .from(inviteRewards)
          .where(and(inArray(inviteRewards.inviteeId, ids), eq(inviteRewards.kind, 'inviter'))),
      ])
    : [[], []];
  const purchased = new Set(conversions.filter((c) => !c.refundedAt).map((c) => c.inviteeId));
  const records = await rewardRecords(ctx, rewards);
  const rows: InvitedMember[] = list.rows.map((r) => ({
    ...r,
    has_purchased: purchased.has(r._id),
    reward: records.get(r._id) ?? null,
  }));
  return { ...list, rows };
}

/** Sums of rewards per inviter (or in all, `inviterIds` absent) given within `range`. */
async function rewardSums(db: DbOrTx, range: { from?: Date; to?: Date }, inviterIds?: string[]) {
  const within = and(
    range.from ? gte(inviteRewards.createdAt, range.from) : undefined,
    range.to ? lt(inviteRewards.createdAt, range.to) : undefined,
    inviterIds ? inArray(inviteRewards.inviterId, inviterIds) : undefined,
  );
  return db
    .select({
      inviterId: inviteRewards.inviterId,
      kind: inviteRewards.kind,
      status: inviteRewards.status,
      points: sql<number>`coalesce(sum(${inviteRewards.points}), 0)::int`,
      coupons: sql<number>`count(${inviteRewards.memberCouponId})::int`,
      n: count(),
    })
    .from(inviteRewards)
    .where(within)
    .groupBy(inviteRewards.inviterId, inviteRewards.kind, inviteRewards.status);
}

/**
 * The report: members invited within the period (by when they were invited), the inviters with the
 * most of them, conversions (invited members whose first paid order completed within the period and
 * was not refunded) and the rewards given within it.
 */
export async function report(
  ctx: CallContext,
  input: { from?: string; to?: string; limit: number },
): Promise<InvitationReport> {
  const range = { from: input.from ? new Date(input.from) : undefined, to: input.to ? new Date(input.to) : undefined };
  const converted = and(
    isNull(inviteConversions.refundedAt),
    range.from ? gte(inviteConversions.convertedAt, range.from) : undefined,
    range.to ? lt(inviteConversions.convertedAt, range.to) : undefined,
  );
  const invited = await invitedCounts(ctx.db, range, input.limit);
  const ids = invited.top.map((r) => r.inviterId);
  const [[allConverted], perConverted, allSums, perSums] = await Promise.all([
    ctx.db.select({ n: count() }).from(inviteConversions).where(converted),
    ids.length
      ? ctx.db
          .select({ inviterId: inviteConversions.inviterId, n: count() })
          .from(inviteConversions)
          .where(and(converted, inArray(inviteConversions.inviterId, ids), isNotNull(inviteConversions.inviterId)))
          .groupBy(inviteConversions.inviterId)
      : [],
    rewardSums(ctx.db, range),
    ids.length ? rewardSums(ctx.db, range, ids) : [],
  ]);
  const granted = (rows: typeof allSums, kind: 'inviter' | 'welcome') =>
    rows.filter((r) => r.kind === kind && r.status === 'granted');
  const sum = <K extends 'points' | 'coupons' | 'n'>(rows: typeof allSums, key: K) =>
    rows.reduce((total, r) => total + r[key], 0);
  const convertedBy = new Map(perConverted.map((r) => [r.inviterId, r.n]));
  return {
    totals: {
      invited: invited.total,
      converted: allConverted?.n ?? 0,
      points: sum(granted(allSums, 'inviter'), 'points'),
      coupons: sum(granted(allSums, 'inviter'), 'coupons'),
      welcome_coupons: sum(granted(allSums, 'welcome'), 'coupons'),
      refused: sum(
        allSums.filter((r) => r.status === 'refused'),
        'n',
      ),
      reversed: sum(
        allSums.filter((r) => r.status === 'reversed'),
        'n',
      ),
    },
    top: invited.top.map((r) => {
      const mine = granted(
        perSums.filter((s) => s.inviterId === r.inviterId),
        'inviter',
      );
      return {
        user_id: r.inviterId,
        nickname: r.nickname,
        username: r.username,
        invited: r.invited,
        converted: convertedBy.get(r.inviterId) ?? 0,
        points: sum(mine, 'points'),
        coupons: sum(mine, 'coupons'),
      };
    }),
  };
}
