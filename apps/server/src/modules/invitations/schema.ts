import { INVITE_REWARD_KINDS, INVITE_REWARD_STATUSES } from '@studio/contract/invitations';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../account/schema';

/**
 * An invite link opened on a device (client/salesman.pub_addUserLocking): a registration from that
 * device within INVITE_LOCK_DAYS is attributed to the inviter. The first link opened holds the
 * device until its lock ends; only then may another take it.
 */
export const inviteLocks = pgTable('invite_locks', {
  deviceId: text().primaryKey(),
  inviterId: text()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  lockedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * An invited member's first paid order that completed: one row per invited member, ever (the
 * primary key), so the inviter's reward is decided once however many completions race.
 * `refundedAt`: that order was refunded in full (the member no longer counts as converted).
 */
export const inviteConversions = pgTable(
  'invite_conversions',
  {
    inviteeId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderNo: text().notNull(),
    convertedAt: timestamp({ withTimezone: true }).notNull(),
    refundedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('invite_conversions_inviter_idx').on(t.inviterId)],
);

/**
 * A reward of an invitation: to the inviter (`inviter`, for the invited member's first paid order)
 * or the welcome coupon to the invited member (`welcome`). At most one of each kind per invited
 * member (the primary key). `refused`: it looked like someone inviting themselves (`reason`);
 * `reversed`: that order was refunded, the points taken back and an unused coupon revoked.
 */
export const inviteRewards = pgTable(
  'invite_rewards',
  {
    inviteeId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: INVITE_REWARD_KINDS }).notNull(),
    /** Who got it: the inviter, or the invited member for a welcome. */
    recipientId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: INVITE_REWARD_STATUSES }).notNull(),
    reason: text().notNull().default(''),
    orderNo: text(),
    points: integer().notNull().default(0),
    /** Points taken back on reversal (no more than the recipient still held). */
    pointsReversed: integer().notNull().default(0),
    couponId: text(),
    /** The recipient's copy of the coupon (member_coupons.id), null when none was given. */
    memberCouponId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    reversedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.inviteeId, t.kind] }), index('invite_rewards_inviter_idx').on(t.inviterId, t.kind)],
);
