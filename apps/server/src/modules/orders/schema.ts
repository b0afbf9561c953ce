import type { DeliveryAddress } from '@studio/contract/orders';
import { type OrderEventRefund, REFUND_STATUSES } from '@studio/contract/refunds';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { localizedValues } from '../../platform/localized-text';
import { users } from '../account/schema';
import { goodsSkus } from '../catalog/schema';
import type { PackageTerms } from '../catalog/service';

/**
 * An order: its number is its id. `status` holds the spec's codes (-4…6) and moves only through
 * ORDER_FLOW. Amounts are what the server priced at creation; what was paid comes from payments.
 */
export const orders = pgTable(
  'orders',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id),
    mid: text().notNull(),
    status: smallint().notNull().default(0),
    kind: text({ enum: ['goods', 'package'] }).notNull(),
    delivery: text({ enum: ['express', 'pickup', 'none'] }).notNull(),
    payType: text(),
    goodsAmount: integer().notNull(),
    freightAmount: integer().notNull(),
    /** The member's coupon copy spent on it (coupons module), and what it took off. */
    couponId: text(),
    couponAmount: integer().notNull().default(0),
    pointsUsed: integer().notNull().default(0),
    pointsAmount: integer().notNull().default(0),
    payAmount: integer().notNull(),
    address: jsonb().$type<DeliveryAddress | null>(),
    remark: text().notNull().default(''),
    pickupCode: text().unique(),
    expressName: text().notNull().default(''),
    expressNo: text().notNull().default(''),
    expiresAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    shippedAt: timestamp({ withTimezone: true }),
    autoReceiveAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text().notNull().default(''),
    /** When the member reviewed it (client/order.comment), once. */
    reviewedAt: timestamp({ withTimezone: true }),
    /**
     * When the member was told it cancels itself soon (order.expiringSoon), claimed once by the sweep;
     * null again when its deadline moves (desk payment chosen, extended by staff).
     */
    expiryNotifiedAt: timestamp({ withTimezone: true }),
    /**
     * A desk sale's request id (admin/order.sellPackage), made once per sale by the back office: a
     * repeat of the request finds this order instead of selling again.
     */
    saleKey: text().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    // Orders paid in a range (the owner's sales report).
    index('orders_paid_idx').on(t.paidAt).where(sql`${t.paidAt} is not null`),
    // The few orders of a range that spent a coupon or points (the sales report's discounts).
    index('orders_coupon_paid_idx').on(t.paidAt).where(sql`${t.couponId} is not null`),
    index('orders_points_paid_idx').on(t.paidAt).where(sql`${t.pointsUsed} > 0`),
    // The back office's order list, newest first (created_at desc, id desc) and by creation date.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 0`),
    index('orders_auto_receive_idx').on(t.autoReceiveAt).where(sql`${t.status} = 4`),
    check('orders_status_check', sql`${t.status} between -4 and 6`),
    check(
      'orders_amounts_check',
      sql`${t.goodsAmount} >= 0 and ${t.freightAmount} >= 0 and ${t.payAmount} >= 0 and ${t.couponAmount} >= 0 and ${t.pointsUsed} >= 0 and ${t.pointsAmount} >= 0`,
    ),
  ],
);

/** A line of an order: a snapshot of the SKU as it was bought, so later edits of the goods change nothing. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: text()
      .notNull()
      .references(() => orders.id),
    skuId: text()
      .notNull()
      .references(() => goodsSkus.id),
    position: integer().notNull(),
    goodsId: text().notNull(),
    goodsType: smallint().notNull(),
    goodsName: text().notNull(),
    goodsNameI18n: localizedValues('goods_name_i18n'),
    skuName: text().notNull(),
    skuNameI18n: localizedValues('sku_name_i18n'),
    image: text().notNull().default(''),
    price: integer().notNull(),
    buyNum: integer().notNull(),
    weight: integer().notNull().default(0),
    /** A course package's terms as sold (class count, validity, courses). */
    terms: jsonb().$type<PackageTerms | null>(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.skuId] }), check('order_lines_buy_num_check', sql`${t.buyNum} > 0`)],
);

/** The order's timeline: every status it reached, when, and who moved it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: text().primaryKey(),
    orderId: text()
      .notNull()
      .references(() => orders.id),
    status: smallint().notNull(),
    note: text().notNull().default(''),
    /** A refund decided or withdrawn here: how much went back and where ("Refunded £10.20 to wallet"). */
    refund: jsonb().$type<OrderEventRefund>(),
    actorId: text(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

/**
 * A member's refund application. While `pending` the order is at −2 (`previousStatus` is where it
 * goes back if the member cancels or staff refuse); at most one is pending per order.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: text().primaryKey(),
    orderId: text()
      .notNull()
      .references(() => orders.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    status: text({ enum: REFUND_STATUSES }).notNull().default('pending'),
    reason: text().notNull(),
    images: jsonb().$type<string[]>().notNull().default([]),
    previousStatus: smallint().notNull(),
    requestedAmount: integer().notNull(),
    approvedAmount: integer(),
    refuseReason: text().notNull().default(''),
    /** What staff wrote to the member when they decided (the refusal's reason, or the approval's message). */
    message: text().notNull().default(''),
    decidedBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
    index('order_refunds_status_idx').on(t.status, t.createdAt),
    uniqueIndex('order_refunds_one_pending').on(t.orderId).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The units of each order line an application sends back (an order holds one line per SKU), and
 * what they came to when it was made. Approved applications' units count as refunded: no line is
 * ever refunded beyond what was bought (each application is checked under the order's lock).
 */
export const orderRefundLines = pgTable(
  'order_refund_lines',
  {
    refundId: text()
      .notNull()
      .references(() => orderRefunds.id),
    orderId: text()
      .notNull()
      .references(() => orders.id),
    skuId: text().notNull(),
    quantity: integer().notNull(),
    amount: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.skuId] }),
    index('order_refund_lines_order_idx').on(t.orderId),
    check('order_refund_lines_quantity_check', sql`${t.quantity} > 0 and ${t.amount} >= 0`),
  ],
);
