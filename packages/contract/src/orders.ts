import { z } from 'zod';
import { addressRecord } from './addresses';
import { checkoutCoupon } from './coupons';
import { ORDER_STATUS, ORDER_STATUS_NAMES, type OrderStatusName } from './flow';
import type { Locale } from './locale';
import { DESK_METHODS, deskMethod, NO_PAYMENT, payType, providerRedirect } from './payments';
import { defineCall } from './protocol';
import {
  orderEventRefund,
  REFUND_MAX_IMAGES,
  REFUND_MESSAGE_MAX,
  REFUND_REASON_MAX,
  REPAY_METHODS,
  refundQuote,
  refundRecord,
} from './refunds';
import { reviewItemInput } from './reviews';
import { MAX_BUY_NUM } from './shop';
import { id, isoDateTime, paged, pageQuery, sortableListQuery } from './validators';

/*
 * The orders module (spec sections 3–4, RULES.md "Orders"): one status column with the spec's codes,
 * every change one of ORDER_MOVES (flow.ts); each line a snapshot of what was bought; stock held from creation
 * until payment or cancellation.
 */

export {
  ORDER_FLOW,
  ORDER_MOVES,
  ORDER_REFUNDABLE,
  ORDER_STATUS,
  ORDER_STATUS_NAMES,
  type OrderMove,
  type OrderStatusCode,
  type OrderStatusName,
} from './flow';
export const orderStatusName = z.enum(ORDER_STATUS_NAMES as [OrderStatusName, ...OrderStatusName[]]);

/** Each status's name in every language (the apps and the server's messages share them). */
export const ORDER_STATUS_LABELS: Record<OrderStatusName, Record<Locale, string>> = {
  closed: { en: 'Closed', 'zh-Hans': '已关闭', 'zh-Hant': '已關閉' },
  refunded: { en: 'Refunded', 'zh-Hans': '已退款', 'zh-Hant': '已退款' },
  refund_requested: { en: 'Refund requested', 'zh-Hans': '退款中', 'zh-Hant': '退款中' },
  cancelled: { en: 'Cancelled', 'zh-Hans': '已取消', 'zh-Hant': '已取消' },
  unpaid: { en: 'Awaiting payment', 'zh-Hans': '待付款', 'zh-Hant': '待付款' },
  paid: { en: 'Paid', 'zh-Hans': '已付款', 'zh-Hant': '已付款' },
  preparing: { en: 'Preparing', 'zh-Hans': '备货中', 'zh-Hant': '備貨中' },
  partially_shipped: { en: 'Partly shipped', 'zh-Hans': '部分发货', 'zh-Hant': '部分出貨' },
  shipped: { en: 'Shipped', 'zh-Hans': '已发货', 'zh-Hant': '已出貨' },
  received: { en: 'Received', 'zh-Hans': '已收货', 'zh-Hant': '已收貨' },
  completed: { en: 'Completed', 'zh-Hans': '已完成', 'zh-Hant': '已完成' },
};

export function orderStatusNameOf(code: number): OrderStatusName {
  const name = ORDER_STATUS_NAMES.find((n) => ORDER_STATUS[n] === code);
  if (!name) throw new Error(`unknown order status ${code}`);
  return name;
}

export const DELIVERIES = ['express', 'pickup', 'none'] as const;
export const delivery = z.enum(DELIVERIES);
export type Delivery = z.infer<typeof delivery>;

/** Spec section 4's list tabs. */
export const ORDER_TABS = ['all', 'unpaid', 'share', 'unshipped', 'unreceived', 'completed', 'refund'] as const;
export const orderTab = z.enum(ORDER_TABS);
export type OrderTab = z.infer<typeof orderTab>;

/** Spec section 4's order actions (the ones this version offers). */
export const ORDER_ACTIONS = [
  'pay',
  'cancel',
  'confirm_receipt',
  'pickup_code',
  'logistics',
  'apply_refund',
  'cancel_refund',
  'refund_details',
  'review',
  /** A completed order's "invite friends": the member's invitation page. */
  'invite',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** The most lines one order holds. */
export const MAX_ORDER_LINES = 50;
/**
 * The most one order may come to (goods + freight, minor units: 10,000,000.00), refused alike by
 * previewOrder and createOrder (ORDER_TOTAL_TOO_LARGE). Ten times the dearest price staff may set,
 * and far below PostgreSQL's integer limit (2,147,483,647), so no amount, refund or sum of an order
 * can reach it.
 */
export const ORDER_TOTAL_MAX = 1_000_000_000;
/** The most hours staff add to a desk-payment deadline at once (admin/order.extendDeadline). */
export const DEADLINE_EXTEND_MAX_HOURS = 168;
export const ORDER_REMARK_MAX = 200;
export const PICKUP_CODE_LENGTH = 10;

export const orderLine = z.object({
  sku_id: z.string(),
  goods_id: z.string(),
  goods_type: z.number().int(),
  goods_name: z.string(),
  sku_name: z.string(),
  image: z.string(),
  price: z.number().int(),
  buy_num: z.number().int(),
  /** price × buy_num */
  amount: z.number().int(),
  /** Classes of a course package (type 1). */
  class_count: z.number().int().nullable(),
});
export type OrderLine = z.infer<typeof orderLine>;

/** A line of a placed order: what was bought, and how much of it was refunded. */
export const orderRecordLine = orderLine.extend({
  /** Units of it paid back by approved refunds (at most buy_num). */
  refunded_num: z.number().int(),
});
export type OrderRecordLine = z.infer<typeof orderRecordLine>;

export const deliveryAddress = addressRecord.omit({ _id: true, is_default: true });
export type DeliveryAddress = z.infer<typeof deliveryAddress>;

export const expressInfo = z.object({
  express_name: z.string(),
  express_no: z.string(),
  receiver_mobile: z.string(),
  waybill_token: z.string(),
});

/** A timeline entry: the status the order reached, and the refund decided there, if one was. */
export const orderEvent = z.object({
  status: z.number().int(),
  at: isoDateTime,
  note: z.string(),
  refund: orderEventRefund.nullable(),
});

export const orderRecord = z.object({
  /** The order number again, as every listed record has an `_id` (paged lists key by it). */
  _id: z.string(),
  order_no: z.string(),
  status: z.number().int(),
  status_name: orderStatusName,
  /** 'package' when every line is a course package: it completes on payment. */
  kind: z.enum(['goods', 'package']),
  delivery,
  /** How it was (or is being) paid; null before the member chose. */
  pay_type: z.union([payType, z.literal(NO_PAYMENT)]).nullable(),
  goods_amount: z.number().int(),
  freight_amount: z.number().int(),
  /** What the member's coupon took off (0 without one). */
  coupon_amount: z.number().int(),
  /** Points the member spent on it, and what they took off. */
  points_used: z.number().int(),
  points_amount: z.number().int(),
  /** goods + freight − coupon − points, never below 0. */
  pay_amount: z.number().int(),
  /** What its settled payments add up to. */
  paid_amount: z.number().int(),
  /** What has gone back to the member (refunds settled or on their way). */
  refunded_amount: z.number().int(),
  /** The latest refund application, if any. */
  refund: refundRecord.nullable(),
  /** Whether the member has reviewed it. */
  reviewed: z.boolean(),
  item_count: z.number().int(),
  lines: z.array(orderRecordLine),
  address: deliveryAddress.nullable(),
  remark: z.string(),
  /** A pickup order's code (shown as a QR) once paid, until picked up. */
  pickup_code: z.string().nullable(),
  express_info: expressInfo.nullable(),
  /**
   * When an unpaid order cancels itself (stock, coupon and points back): the online countdown, or the
   * desk-payment deadline (offline_pay_hours after it was placed, unless staff extended it); null
   * once it is not unpaid.
   */
  expires_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  paid_at: isoDateTime.nullable(),
  shipped_at: isoDateTime.nullable(),
  completed_at: isoDateTime.nullable(),
  cancelled_at: isoDateTime.nullable(),
  cancel_reason: z.string(),
  /** When a shipped order counts as received if the member does not confirm. */
  auto_receive_at: isoDateTime.nullable(),
  timeline: z.array(orderEvent),
  actions: z.array(z.enum(ORDER_ACTIONS)),
});
export type OrderRecord = z.infer<typeof orderRecord>;

/** How staff take a desk sale's money: at the desk (cash, card terminal), or from the member's wallet. */
export const DESK_SALE_METHODS = [...DESK_METHODS, 'balance'] as const;
export const deskSaleMethod = z.enum(DESK_SALE_METHODS);
export type DeskSaleMethod = z.infer<typeof deskSaleMethod>;

/** A payment staff recorded (marked paid at the desk, or a desk sale): how, who took it, when. */
export const deskPaymentRecord = z.object({
  method: deskSaleMethod,
  taken_by: z.object({ _id: z.string(), nickname: z.string() }),
  at: isoDateTime,
});
export type DeskPaymentRecord = z.infer<typeof deskPaymentRecord>;

export const adminOrderRecord = orderRecord.extend({
  member: z.object({ _id: z.string(), nickname: z.string(), mobile: z.string() }),
  /** Set when staff took the payment (admin/order.markPaid, admin/order.sellPackage). */
  desk_payment: deskPaymentRecord.nullable(),
});
export type AdminOrderRecord = z.infer<typeof adminOrderRecord>;

export const orderItemsInput = z
  .array(z.object({ sku_id: id, buy_num: z.number().int().min(1).max(MAX_BUY_NUM) }).strict())
  .min(1)
  .max(MAX_ORDER_LINES);

export const orderInput = z
  .object({
    items: orderItemsInput,
    address_id: id.optional(),
    /** Ignored for course packages (nothing to deliver). */
    delivery: z.enum(['express', 'pickup']).default('express'),
    remark: z.string().trim().max(ORDER_REMARK_MAX).default(''),
    /** The lines came from the cart: they leave it once the order exists. */
    from_cart: z.boolean().default(false),
    /** One of the member's coupon copies (memberCouponRecord._id): one coupon per order. */
    coupon_id: id.optional(),
    /**
     * Points to spend: a multiple of the rule's Y, at most previewOrder's `points.max`. A number, not
     * a switch, so the order never spends more (or takes off less) than the member was shown.
     */
    use_points: z.number().int().min(0).max(100_000_000).default(0),
  })
  .strict();
export type OrderInput = z.input<typeof orderInput>;

/** Why checkout cannot go ahead, per line where it is one line's. */
export const CHECKOUT_PROBLEMS = [
  'off_sale',
  'sold_out',
  'over_stock',
  'must_buy_alone',
  'over_max_weight',
  'address_required',
  'coupon_invalid',
  'points_insufficient',
  'points_over_limit',
  'over_max_per_order',
] as const;
export const checkoutProblem = z.object({
  reason: z.enum(CHECKOUT_PROBLEMS),
  sku_id: z.string().nullable(),
  /** What is left, for over_stock; the most one order may hold, for over_max_per_order. */
  stock: z.number().int().nullable(),
});
export type CheckoutProblem = z.infer<typeof checkoutProblem>;

export const orderPreview = z.object({
  kind: z.enum(['goods', 'package']),
  delivery,
  lines: z.array(orderLine),
  address: addressRecord.nullable(),
  goods_amount: z.number().int(),
  freight_amount: z.number().int(),
  coupon_amount: z.number().int(),
  pay_amount: z.number().int(),
  weight: z.number().int(),
  problems: z.array(checkoutProblem),
  /** The member's coupon copies: usable ones first (largest saving first), then why the others are not. */
  coupons: z.array(checkoutCoupon),
  /** The copy applied (coupon_id when usable), else null. */
  coupon_id: z.string().nullable(),
  points: z.object({
    /** The member's points. */
    balance: z.number().int(),
    /** The most this order may use (floor(amount / X) × Y, within the balance). */
    max: z.number().int(),
    /** What the most would take off. */
    max_amount: z.number().int(),
    /** Used on this preview (use_points), and what they take off (0 while use_points has a problem). */
    used: z.number().int(),
    amount: z.number().int(),
    /** The rule: per `per_amount` of the order, `points` points take off `value`. */
    rule: z.object({ per_amount: z.number().int(), points: z.number().int(), value: z.number().int() }),
  }),
});
export type OrderPreview = z.infer<typeof orderPreview>;

const orderNo = z.object({ order_no: id }).strict();

/**
 * The units of an order's lines a member sends back: each line by its sku_id (an order holds one line
 * per SKU), once, at most what is left of it to refund (REFUND_QUANTITY_TOO_MANY).
 */
export const refundLinesInput = z
  .array(z.object({ sku_id: id, quantity: z.number().int().min(1).max(MAX_BUY_NUM) }).strict())
  .min(1)
  .max(MAX_ORDER_LINES)
  .refine((lines) => new Set(lines.map((l) => l.sku_id)).size === lines.length, 'duplicate line');
export type RefundLinesInput = z.infer<typeof refundLinesInput>;

const orderAnswer = z.object({ order: orderRecord });

export const orderCounts = z.object({
  unpaid: z.number().int(),
  unshipped: z.number().int(),
  unreceived: z.number().int(),
  completed: z.number().int(),
  refund: z.number().int(),
});
export type OrderCounts = z.infer<typeof orderCounts>;

export const orderCalls = {
  previewOrder: defineCall('client/order.previewOrder', orderInput, z.object({ preview: orderPreview })),
  createOrder: defineCall(
    'client/order.createOrder',
    orderInput,
    z.object({ order_no: z.string(), pay_amount: z.number().int(), expires_at: isoDateTime }),
  ),
  /**
   * balance: paid at once (`order`); offline: the order waits for staff (`order`); a card provider:
   * where the member pays (`out_trade_no`, `pay_url`), beside no `order`.
   */
  pay: defineCall(
    'client/order.pay',
    z.object({ order_no: id, pay_type: payType }).strict(),
    z.object({ order: orderRecord.optional() }).extend(providerRedirect.partial().shape),
  ),
  getInfo: defineCall('client/order.getInfo', orderNo, z.object({ orderInfo: orderRecord })),
  getList: defineCall(
    'client/order.getList',
    z.object({ ...pageQuery, tab: orderTab.default('all') }).strict(),
    paged(orderRecord),
  ),
  getCounts: defineCall('client/order.getCounts', z.object({}).strict(), z.object({ counts: orderCounts })),
  cancel: defineCall('client/order.cancel', orderNo, orderAnswer),
  confirmReceipt: defineCall('client/order.confirmReceipt', orderNo, orderAnswer),
  /**
   * What sending back these units would come to (every unit left when `lines` is omitted): the
   * server's price of them, shown live while the member chooses.
   */
  previewRefund: defineCall(
    'client/order.previewRefund',
    z.object({ order_no: id, lines: refundLinesInput.optional() }).strict(),
    z.object({ quote: refundQuote }),
  ),
  /**
   * From a paid order (not yet fully refunded): it moves to refund_requested until staff decide. The
   * units sent back are `lines` (every unit left when omitted); the server prices them.
   */
  applyRefund: defineCall(
    'client/order.applyRefund',
    z
      .object({
        order_no: id,
        reason: z.string().trim().min(1, 'required').max(REFUND_REASON_MAX),
        images: z.array(z.string().trim().min(1).max(500)).max(REFUND_MAX_IMAGES).default([]),
        lines: refundLinesInput.optional(),
      })
      .strict(),
    orderAnswer,
  ),
  /** Withdraws a waiting application: the order goes back to where it was. */
  cancelRefund: defineCall('client/order.cancelRefund', orderNo, orderAnswer),
  /** Reviews a completed order, once: one item per line. */
  comment: defineCall(
    'client/order.comment',
    z.object({ order_no: id, items: z.array(reviewItemInput).min(1).max(MAX_ORDER_LINES) }).strict(),
    orderAnswer,
  ),
} as const;

const manage = { permission: 'orders.manage' } as const;
/** Front-desk work: reading orders, taking their payment, selling packages (orders.manage includes it). */
const desk = { permission: 'orders.desk' } as const;
const refunds = { permission: 'refunds.manage' } as const;

export const ADMIN_ORDER_SORTS = ['created_at', 'pay_amount'] as const;

export const adminOrderListInput = z
  .object({
    ...sortableListQuery(ADMIN_ORDER_SORTS),
    status: z.number().int().min(-4).max(6).optional(),
    pay_type: z.union([payType, z.literal(NO_PAYMENT)]).optional(),
    delivery: delivery.optional(),
    user_id: id.optional(),
    /** Created in [from, to). */
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
  })
  .strict();

/** A course package on sale, as the desk sells it (admin/order.getDeskSale). */
export const deskPackage = z.object({
  sku_id: z.string(),
  goods_id: z.string(),
  goods_name: z.string(),
  sku_name: z.string(),
  price: z.number().int(),
  class_count: z.number().int(),
  stock: z.number().int(),
});
export type DeskPackage = z.infer<typeof deskPackage>;

/**
 * A sale at the desk. `request_id` is made once by the back office for one sale (one dialog): a
 * repeat of it (a retried request, a second click) answers the first sale's order and takes no
 * money twice.
 */
export const deskSaleInput = z
  .object({
    user_id: id,
    sku_id: id,
    method: deskSaleMethod,
    request_id: z.string().regex(/^[\w-]{8,64}$/),
  })
  .strict();
export type DeskSaleInput = z.input<typeof deskSaleInput>;

export const adminOrderCalls = {
  getList: defineCall('admin/order.getList', adminOrderListInput, paged(adminOrderRecord), desk),
  getInfo: defineCall('admin/order.getInfo', orderNo, z.object({ order: adminOrderRecord }), desk),
  /**
   * An unpaid order's money was taken at the desk, by cash or the card terminal: the order is paid
   * (`offline`), the payment records the method and who took it. Audited.
   */
  markPaid: defineCall(
    'admin/order.markPaid',
    z.object({ order_no: id, method: deskMethod }).strict(),
    z.object({ order: adminOrderRecord }),
    desk,
  ),
  /** What a desk sale to this member offers: the course packages on sale, and the member's wallet balance. */
  getDeskSale: defineCall(
    'admin/order.getDeskSale',
    z.object({ user_id: id }).strict(),
    z.object({ packages: z.array(deskPackage), balance: z.number().int() }),
    desk,
  ),
  /**
   * Sells a course package to a member at the desk, paid by cash, card terminal or their wallet
   * (BALANCE_INSUFFICIENT when it holds too little): an order like an online purchase's, paid at
   * once, so the package is issued and points earned as online. Audited.
   */
  sellPackage: defineCall('admin/order.sellPackage', deskSaleInput, z.object({ order: adminOrderRecord }), desk),
  ship: defineCall(
    'admin/order.ship',
    z
      .object({
        order_no: id,
        express_name: z.string().trim().min(1).max(40),
        express_no: z.string().trim().min(1).max(64),
      })
      .strict(),
    z.object({ order: adminOrderRecord }),
    manage,
  ),
  /**
   * Pays back a waiting application to the original method: what its units come to, or less
   * (`amount`, at most that); `message` is told to the member with the refund. Its units count as
   * refunded: those of unshipped goods go back on the shelf, and the points follow in proportion.
   * The order's last units refund it (−3: a course package voided, all points reversed and
   * returned); otherwise it goes back to where it was.
   */
  approveRefund: defineCall(
    'admin/order.approveRefund',
    z
      .object({
        order_no: id,
        amount: z.number().int().min(1).max(ORDER_TOTAL_MAX).optional(),
        message: z.string().trim().max(REFUND_MESSAGE_MAX).default(''),
      })
      .strict(),
    z.object({ order: adminOrderRecord }),
    refunds,
  ),
  /**
   * A refund its provider refused (`refund.money.status` failed), paid back another way: handed
   * back at the desk (`offline`, recorded) or credited to the member's wallet (`balance`). Once: the
   * money then stands as paid back.
   */
  repayRefund: defineCall(
    'admin/order.repayRefund',
    z.object({ order_no: id, method: z.enum(REPAY_METHODS) }).strict(),
    z.object({ order: adminOrderRecord }),
    refunds,
  ),
  refuseRefund: defineCall(
    'admin/order.refuseRefund',
    z.object({ order_no: id, reason: z.string().trim().min(1).max(REFUND_REASON_MAX) }).strict(),
    z.object({ order: adminOrderRecord }),
    refunds,
  ),
  /** The refunds queue: waiting applications first (oldest first), then decided ones (newest first). */
  getRefunds: defineCall(
    'admin/order.getRefunds',
    z.object({ ...pageQuery, status: z.enum(['pending', 'approved', 'refused', 'cancelled']).optional() }).strict(),
    paged(adminOrderRecord),
    refunds,
  ),
  /**
   * Gives an order waiting for payment at the desk `hours` more before it is cancelled (from its
   * deadline, or from now if that has passed and it is still waiting). Audited.
   */
  extendDeadline: defineCall(
    'admin/order.extendDeadline',
    z.object({ order_no: id, hours: z.number().int().min(1).max(DEADLINE_EXTEND_MAX_HOURS) }).strict(),
    z.object({ order: adminOrderRecord }),
    manage,
  ),
  /** Cancels an unpaid order (stock returned). */
  cancel: defineCall(
    'admin/order.cancel',
    z.object({ order_no: id, reason: z.string().trim().min(1).max(200) }).strict(),
    z.object({ order: adminOrderRecord }),
    manage,
  ),
} as const;
