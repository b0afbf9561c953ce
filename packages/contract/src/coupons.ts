import { z } from 'zod';
import type { Locale } from './locale';
import { localizedInput, localizedTextSchema } from './localized-text';
import { defineCall, noInput } from './protocol';
import { id, isoDateTime, moneyMinor, paged, pageQuery, sortableListQuery } from './validators';

/*
 * The coupons module (spec section 3 "Coupon", RULES.md "Coupons"). Staff define a coupon (its rule,
 * validity, goods, quantity); members claim copies of it (from the coupon centre or with an exchange
 * code) and spend one copy on one order.
 */

/** 1 full reduction (spend min_amount, take discount_amount off); 2 discount (pay discount_proportion tenths). */
export const COUPON_TYPES = [1, 2] as const;
export const couponType = z.union([z.literal(1), z.literal(2)]);
export type CouponType = z.infer<typeof couponType>;

/** Validity (spec): type 0 a fixed range; otherwise days after the claim. */
export const COUPON_TIME_FIXED = 0;
export const COUPON_TIME_DYNAMIC = 1;

/** The most one batch of exchange codes holds. */
export const MAX_CODES_PER_BATCH = 1000;

/**
 * How a discount proportion reads (spec section 5): 10 is the original price, 0 free; anything else
 * "8.5 off" in the locale's way (zh: 8.5折). Outside 0–10 is refused by the schema before it gets here.
 */
export function discountLabel(proportion: number, locale: Locale): string {
  if (proportion >= 10) return DISCOUNT_WORDS.original[locale];
  if (proportion <= 0) return DISCOUNT_WORDS.free[locale];
  if (locale === 'en') return `${Math.round((10 - proportion) * 10)}% off`;
  return `${proportion}折`;
}

const DISCOUNT_WORDS: Record<'original' | 'free', Record<Locale, string>> = {
  original: { en: 'Original price', 'zh-Hans': '原价', 'zh-Hant': '原價' },
  free: { en: 'Free', 'zh-Hans': '免费', 'zh-Hant': '免費' },
};

/**
 * What a coupon takes off an order whose eligible goods come to `eligible` (minor units): null when
 * it cannot be used (below its minimum spend). Never more than the eligible amount.
 */
export function couponDeduction(
  c: { type: CouponType; coupon_rule: { min_amount: number; discount_amount: number }; discount_proportion: number },
  eligible: number,
): number | null {
  if (eligible <= 0 || eligible < c.coupon_rule.min_amount) return null;
  if (c.type === 1) return Math.min(c.coupon_rule.discount_amount, eligible);
  return eligible - Math.round((eligible * c.discount_proportion) / 10);
}

export const couponRule = z
  .object({
    /** The least the eligible goods must come to (0: any amount). */
    min_amount: moneyMinor.max(100_000_000),
    /** What a full-reduction coupon takes off (type 1). */
    discount_amount: moneyMinor.max(100_000_000),
  })
  .strict();

/**
 * A discount proportion on the 0–10 scale with at most one decimal (8.5 = pay 85%); the messages
 * are the spec's: above 10 "may not exceed the original price", below 0 "may not be below 0".
 */
export const discountProportion = z
  .number()
  .max(10, 'discountAboveOriginal')
  .min(0, 'discountBelowZero')
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, 'oneDecimal');

export const effectiveTimeRule = z
  .object({
    type: z.number().int().min(0).max(1),
    start_fixed_time: isoDateTime.optional(),
    end_fixed_time: isoDateTime.optional(),
    /** Days after the claim the copy becomes usable (0: at once). */
    start_dynamic_time: z.number().int().min(0).max(3650).optional(),
    /** Days after the claim it stops being usable. */
    end_dynamic_time: z.number().int().min(1).max(3650).optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.type === COUPON_TIME_FIXED) {
      if (!r.start_fixed_time) ctx.addIssue({ code: 'custom', path: ['start_fixed_time'], message: 'required' });
      if (!r.end_fixed_time) ctx.addIssue({ code: 'custom', path: ['end_fixed_time'], message: 'required' });
      if (r.start_fixed_time && r.end_fixed_time && r.end_fixed_time <= r.start_fixed_time)
        ctx.addIssue({ code: 'custom', path: ['end_fixed_time'], message: 'endBeforeStart' });
    } else {
      if (r.end_dynamic_time === undefined)
        ctx.addIssue({ code: 'custom', path: ['end_dynamic_time'], message: 'required' });
      else if (r.end_dynamic_time <= (r.start_dynamic_time ?? 0))
        ctx.addIssue({ code: 'custom', path: ['end_dynamic_time'], message: 'endBeforeStart' });
    }
  });
export type EffectiveTimeRule = z.infer<typeof effectiveTimeRule>;

/** A coupon as members see it (the centre, a copy's detail). */
export const couponRecord = z.object({
  _id: z.string(),
  name: z.string(),
  type: couponType,
  coupon_rule: z.object({ min_amount: z.number().int(), discount_amount: z.number().int() }),
  /** Type 2's proportion (0–10); 10 for type 1. */
  discount_proportion: z.number(),
  effective_time_rule: z.object({
    type: z.number().int(),
    start_fixed_time: isoDateTime.nullable(),
    end_fixed_time: isoDateTime.nullable(),
    start_dynamic_time: z.number().int().nullable(),
    end_dynamic_time: z.number().int().nullable(),
  }),
  /** The goods it applies to; empty = every goods item. */
  goods_ids: z.array(z.string()),
  total: z.number().int(),
  claimed: z.number().int(),
  used: z.number().int(),
  per_member_limit: z.number().int(),
  in_center: z.boolean(),
  enabled: z.boolean(),
  created_at: isoDateTime,
});
export type CouponRecord = z.infer<typeof couponRecord>;

/** In the coupon centre: how many the caller holds and whether they may claim another. */
export const centerCouponRecord = couponRecord.extend({
  claimed_by_me: z.number().int(),
  can_claim: z.boolean(),
  /** Why not: 'sold_out', 'limit_reached' or 'ended'; null when they can. */
  blocked: z.enum(['sold_out', 'limit_reached', 'ended']).nullable(),
});
export type CenterCouponRecord = z.infer<typeof centerCouponRecord>;

export const MEMBER_COUPON_TABS = ['usable', 'used', 'expired'] as const;
export const memberCouponTab = z.enum(MEMBER_COUPON_TABS);
export type MemberCouponTab = z.infer<typeof memberCouponTab>;

/** A member's copy of a coupon. `status`: 'not_started' before its validity opens. */
export const memberCouponRecord = z.object({
  _id: z.string(),
  coupon: couponRecord,
  status: z.enum(['usable', 'not_started', 'used', 'expired']),
  starts_at: isoDateTime,
  ends_at: isoDateTime,
  claimed_at: isoDateTime,
  used_at: isoDateTime.nullable(),
  order_no: z.string().nullable(),
  /** How the member got it: claimed in the centre, by an exchange code, or as an invitation reward. */
  source: z.enum(['center', 'code', 'invite']),
});
export type MemberCouponRecord = z.infer<typeof memberCouponRecord>;

/** Why a copy cannot be used on this checkout. */
export const COUPON_UNUSABLE_REASONS = [
  'not_started',
  'expired',
  'used',
  'no_eligible_goods',
  'below_min_amount',
] as const;
export type CouponUnusableReason = (typeof COUPON_UNUSABLE_REASONS)[number];

/** A copy as checkout shows it: what it would take off, or why it cannot. */
export const checkoutCoupon = z.object({
  member_coupon: memberCouponRecord,
  usable: z.boolean(),
  reason: z.enum(COUPON_UNUSABLE_REASONS).nullable(),
  /** What it takes off this order (0 when unusable). */
  deduction: z.number().int(),
});
export type CheckoutCoupon = z.infer<typeof checkoutCoupon>;

const memberCouponId = z.object({ _id: id }).strict();

export const couponCalls = {
  /** The coupons on offer in the centre (anyone may look; claim needs a login). */
  getCenter: defineCall('client/coupon.pub_getCenter', z.object(pageQuery).strict(), paged(centerCouponRecord)),
  claim: defineCall(
    'client/coupon.claim',
    z.object({ coupon_id: id }).strict(),
    z.object({ member_coupon: memberCouponRecord }),
  ),
  /** Claims the coupon an exchange code stands for; each code works once. */
  exchange: defineCall(
    'client/coupon.exchange',
    z.object({ code: z.string().trim().min(1).max(64) }).strict(),
    z.object({ member_coupon: memberCouponRecord }),
  ),
  getList: defineCall(
    'client/coupon.getList',
    z.object({ ...pageQuery, tab: memberCouponTab.default('usable') }).strict(),
    paged(memberCouponRecord),
  ),
  getDetail: defineCall('client/coupon.getDetail', memberCouponId, z.object({ member_coupon: memberCouponRecord })),
  /** A coupon as the centre shows it (for a shared link or the goods-list banner). */
  getCoupon: defineCall(
    'client/coupon.pub_getCoupon',
    z.object({ coupon_id: id }).strict(),
    z.object({ coupon: centerCouponRecord }),
  ),
  getCounts: defineCall('client/coupon.getCounts', noInput, z.object({ usable: z.number().int() })),
} as const;

// ---------------------------------------------------------------------------------------------
// Staff
// ---------------------------------------------------------------------------------------------

export const adminCouponRecord = couponRecord.extend({
  name_i18n: localizedTextSchema,
  codes: z.number().int(),
  codes_redeemed: z.number().int(),
});
export type AdminCouponRecord = z.infer<typeof adminCouponRecord>;

export const couponSaveInput = z
  .object({
    _id: id.optional(),
    name: localizedInput(z.string().trim().min(1).max(40)),
    type: couponType,
    coupon_rule: couponRule,
    discount_proportion: discountProportion.optional(),
    effective_time_rule: effectiveTimeRule,
    /** Empty or absent: every goods item. */
    goods_ids: z.array(id).max(200).default([]),
    total: z.number().int().min(1).max(1_000_000),
    per_member_limit: z.number().int().min(1).max(100).default(1),
    in_center: z.boolean().default(true),
    enabled: z.boolean().default(true),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.type === 1 && c.coupon_rule.discount_amount <= 0)
      ctx.addIssue({ code: 'custom', path: ['coupon_rule', 'discount_amount'], message: 'required' });
    if (c.type === 1 && c.coupon_rule.min_amount > 0 && c.coupon_rule.discount_amount > c.coupon_rule.min_amount)
      ctx.addIssue({ code: 'custom', path: ['coupon_rule', 'discount_amount'], message: 'aboveMinAmount' });
    if (c.type === 2 && c.discount_proportion === undefined)
      ctx.addIssue({ code: 'custom', path: ['discount_proportion'], message: 'required' });
  });
export type CouponSaveInput = z.input<typeof couponSaveInput>;

export const exchangeCodeRecord = z.object({
  code: z.string(),
  created_at: isoDateTime,
  redeemed_at: isoDateTime.nullable(),
  redeemed_by: z.string().nullable(),
});
export type ExchangeCodeRecord = z.infer<typeof exchangeCodeRecord>;

export const COUPON_SORTS = ['created_at', 'name', 'claimed'] as const;

const manage = { permission: 'shop.manage' } as const;

export const adminCouponCalls = {
  save: defineCall('admin/coupon.save', couponSaveInput, z.object({ coupon: adminCouponRecord }), manage),
  getList: defineCall(
    'admin/coupon.getList',
    z.object(sortableListQuery(COUPON_SORTS)).strict(),
    paged(adminCouponRecord),
    manage,
  ),
  getInfo: defineCall(
    'admin/coupon.getInfo',
    z.object({ _id: id }).strict(),
    z.object({ coupon: adminCouponRecord }),
    manage,
  ),
  /** A batch of exchange codes (the studio's code length), each claiming the coupon once. */
  generateCodes: defineCall(
    'admin/coupon.generateCodes',
    z.object({ coupon_id: id, count: z.number().int().min(1).max(MAX_CODES_PER_BATCH) }).strict(),
    z.object({ codes: z.array(z.string()) }),
    manage,
  ),
  /** Every code of a coupon, newest first (the CSV export pages through it). */
  getCodes: defineCall(
    'admin/coupon.getCodes',
    z.object({ ...pageQuery, coupon_id: id }).strict(),
    paged(exchangeCodeRecord),
    manage,
  ),
} as const;
