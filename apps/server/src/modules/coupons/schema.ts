import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { localizedValues } from '../../platform/localized-text';
import { users } from '../account/schema';

/**
 * A coupon as staff define it. `claimed` counts the copies members hold (never above `total`: the
 * database says so, and a claim is one conditional update), `used` the copies spent on orders.
 * The discount proportion is kept in tenths (8.5 → 85) so it stays an integer.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    nameI18n: localizedValues('name_i18n'),
    type: smallint().notNull(),
    minAmount: integer().notNull().default(0),
    discountAmount: integer().notNull().default(0),
    discountTenths: integer().notNull().default(100),
    timeType: smallint().notNull(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    startDays: integer(),
    endDays: integer(),
    goodsIds: jsonb().$type<string[]>().notNull().default([]),
    total: integer().notNull(),
    claimed: integer().notNull().default(0),
    used: integer().notNull().default(0),
    perMemberLimit: integer().notNull().default(1),
    inCenter: boolean().notNull().default(true),
    enabled: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coupons_claimed_check', sql`${t.claimed} >= 0 and ${t.claimed} <= ${t.total}`),
    check('coupons_used_check', sql`${t.used} >= 0 and ${t.used} <= ${t.claimed}`),
    check('coupons_type_check', sql`${t.type} in (1, 2)`),
    check('coupons_tenths_check', sql`${t.discountTenths} between 0 and 100`),
    index('coupons_center_idx').on(t.createdAt).where(sql`${t.inCenter} and ${t.enabled}`),
  ],
);

/**
 * A member's copy of a coupon: its own validity (fixed, or days after the claim), unused until an
 * order spends it (`orderNo`), back to unused if that order is cancelled before payment.
 */
export const memberCoupons = pgTable(
  'member_coupons',
  {
    id: text().primaryKey(),
    couponId: text()
      .notNull()
      .references(() => coupons.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    source: text({ enum: ['center', 'code', 'invite'] }).notNull(),
    status: text({ enum: ['unused', 'used'] })
      .notNull()
      .default('unused'),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    orderNo: text(),
    usedAt: timestamp({ withTimezone: true }),
    claimedAt: timestamp({ withTimezone: true }).notNull(),
    /** When the member was told it expires soon unused (coupon.expiringSoon), claimed once by the sweep. */
    expiryNotifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('member_coupons_expiry_notice_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'unused' and ${t.expiryNotifiedAt} is null`),
    index('member_coupons_user_idx').on(t.userId, t.status, t.endsAt),
    index('member_coupons_coupon_idx').on(t.couponId, t.userId),
    index('member_coupons_order_idx').on(t.orderNo),
  ],
);

/** An exchange code: claims its coupon once (`redeemedBy` is set by one conditional update). */
export const couponCodes = pgTable(
  'coupon_codes',
  {
    code: text().primaryKey(),
    couponId: text()
      .notNull()
      .references(() => coupons.id),
    redeemedBy: text().references(() => users.id),
    redeemedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('coupon_codes_coupon_idx').on(t.couponId, t.createdAt)],
);
