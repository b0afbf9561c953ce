import { z } from 'zod';
import { defineCall, noInput } from './protocol';
import { isoDateTime, paged, pageQuery } from './validators';

/*
 * Invitations (RULES.md "Accounts"; issue 25): every member has an invite code; a visitor who opened
 * an invite link is attributed for INVITE_LOCK_DAYS; rewards are the studio's settings, off by default.
 */

export { INVITE_CODE_PARAM, INVITE_LOCK_DAYS, INVITE_ROUTE } from './invite-link';

/**
 * The studio's invitation rewards (admin/merchant.save `invite_rewards`; kept in the studio's
 * settings). Nothing is given while `enabled` is off. A coupon is named by its id ('' for none).
 */
export const inviteRewardSettings = z.object({
  enabled: z.boolean(),
  /** Points to the inviter when the invited member's first paid order completes. */
  inviter_points: z.number().int().min(0).max(100_000),
  /** A coupon to the inviter at that moment. */
  inviter_coupon_id: z.string().trim().max(64),
  /** A coupon to the invited member when they register with an invitation. */
  welcome_coupon_id: z.string().trim().max(64),
});
export type InviteRewardSettings = z.infer<typeof inviteRewardSettings>;

export const DEFAULT_INVITE_REWARDS: InviteRewardSettings = {
  enabled: false,
  inviter_points: 0,
  inviter_coupon_id: '',
  welcome_coupon_id: '',
};

/** A reward's state: given, refused (the member seemed to invite themselves), or reversed (that order was refunded). */
export const INVITE_REWARD_STATUSES = ['granted', 'refused', 'reversed'] as const;
export type InviteRewardStatus = (typeof INVITE_REWARD_STATUSES)[number];
/** Who a reward is for: the inviter (first paid order) or the invited member (welcome, at registration). */
export const INVITE_REWARD_KINDS = ['inviter', 'welcome'] as const;
export type InviteRewardKind = (typeof INVITE_REWARD_KINDS)[number];

export const inviteReward = z.object({
  status: z.enum(INVITE_REWARD_STATUSES),
  points: z.number().int(),
  /** The coupon given, in the reader's language ('' when none). */
  coupon_name: z.string(),
  at: isoDateTime,
});
export type InviteReward = z.infer<typeof inviteReward>;

/** Someone I invited, with whether they made their first paid purchase, and my reward for it. */
export const invitedMember = z.object({
  _id: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  invited_at: isoDateTime,
  has_purchased: z.boolean(),
  reward: inviteReward.nullable(),
});
export type InvitedMember = z.infer<typeof invitedMember>;

/** My invitation page: my code, what I earned, and what the studio offers now. */
export const myInvitation = z.object({
  invite_code: z.string(),
  invited: z.number().int(),
  purchased: z.number().int(),
  points_earned: z.number().int(),
  coupons_earned: z.number().int(),
  offer: z.object({
    enabled: z.boolean(),
    inviter_points: z.number().int(),
    inviter_coupon: z.string(),
    welcome_coupon: z.string(),
  }),
});
export type MyInvitation = z.infer<typeof myInvitation>;

/** One inviter in the report. */
export const inviterReportRow = z.object({
  user_id: z.string(),
  nickname: z.string(),
  username: z.string().nullable(),
  invited: z.number().int(),
  /** Invited members with a completed paid order. */
  converted: z.number().int(),
  points: z.number().int(),
  coupons: z.number().int(),
});
export type InviterReportRow = z.infer<typeof inviterReportRow>;

export const invitationReport = z.object({
  totals: z.object({
    invited: z.number().int(),
    converted: z.number().int(),
    points: z.number().int(),
    coupons: z.number().int(),
    welcome_coupons: z.number().int(),
    refused: z.number().int(),
    reversed: z.number().int(),
  }),
  /** Inviters with the most invited members first. */
  top: z.array(inviterReportRow),
});
export type InvitationReport = z.infer<typeof invitationReport>;

const inviteCodeInput = z.string().trim().min(1).max(32);

export const invitationCalls = {
  /**
   * A visitor opened an invite link (spec call; silent): the code is remembered for this device
   * (its vk-device-id) for INVITE_LOCK_DAYS, and a registration from it is attributed. An unknown
   * code, or a device without an id, is quietly ignored.
   */
  addUserLocking: defineCall(
    'client/salesman.pub_addUserLocking',
    z.object({ invite_code: inviteCodeInput }).strict(),
    z.object({}),
  ),
  /** My invitation: my code, counts and rewards, and the studio's current offer. */
  getMine: defineCall('client/invite.getMine', noInput, z.object({ invitation: myInvitation })),
  /** The members I invited, newest first, with their first purchase and my reward. */
  getInvited: defineCall('client/invite.getInvited', z.object({ ...pageQuery }).strict(), paged(invitedMember)),
};

export const adminInvitationCalls = {
  /** Totals and the top inviters (by invited members), optionally for members invited within a period. */
  getReport: defineCall(
    'admin/invitations.getReport',
    z
      .object({
        from: isoDateTime.optional(),
        to: isoDateTime.optional(),
        limit: z.number().int().min(1).max(100).default(20),
      })
      .strict(),
    z.object({ report: invitationReport }),
    { permission: 'members.manage' },
  ),
};
