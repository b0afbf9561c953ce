import { z } from 'zod';
import { shownVersions } from './agreements';
import { localizedTextSchema } from './localized-text';
import { REFUND_DESTINATIONS } from './refunds';
import { isoDateTime } from './validators';

// ---------------------------------------------------------------------------------------------
// Domain events: what happened, named in the past tense, emitted by the module that owns the change
// inside its unit of work (server platform/events.ts). Subscribers in other modules react: in the
// transaction to keep an invariant, after commit to tell someone. The payload is all a subscriber
// gets, so it carries what they need without reading the emitter's tables.
// ---------------------------------------------------------------------------------------------

const money = z.number().int();
const orderRef = { order_no: z.string(), user_id: z.string() };
const skuLines = z.array(z.object({ sku_id: z.string(), quantity: z.number().int().positive() }));
/** A name as staff wrote it: the studio's default language's value, and every language's (for texts in the reader's). */
const named = { name: z.string(), name_i18n: localizedTextSchema };
/** How long a package bought is valid (contract packages.ts PackageValidityRule). */
const validityRule = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('fixed'), valid_from: z.string(), valid_until: z.string() }),
  z.object({ mode: z.literal('rule'), delay_days: z.number().int(), valid_days: z.number().int() }),
  z.object({ mode: z.literal('long_term'), valid_from: z.string().optional() }),
]);
/** What every class event says of its class: for a link and for the texts that name it. */
const classRef = { session_id: z.string(), course_name: z.string(), starts_at: isoDateTime };

export const domainEvents = {
  /** Every status change of an order (ORDER_MOVES), with its move: the member's open apps refetch. */
  'order.moved': z.object({ ...orderRef, status: z.number().int(), move: z.string() }),
  /** A new order waits for payment until `expires_at`. */
  'order.placed': z.object({ ...orderRef, amount: money, expires_at: isoDateTime.nullable() }),
  /**
   * An order was paid: packages bought are issued in the transaction (packages module), then a
   * package order completes. `pickup_code` is set for a pickup order (order.readyForPickup follows).
   */
  'order.paid': z.object({
    ...orderRef,
    kind: z.enum(['goods', 'package']),
    amount: money,
    pay_type: z.string(),
    delivery: z.string(),
    pickup_code: z.string().nullable(),
    /** A package order's lines with their terms: what the packages module issues. */
    packages: z.array(
      z.object({
        goods_id: z.string(),
        name: z.union([z.string(), z.record(z.string(), z.string())]),
        quantity: z.number().int().positive(),
        class_count: z.number().int(),
        validity: validityRule,
        course_ids: z.array(z.string()).nullable(),
      }),
    ),
  }),
  /** An unpaid order was cancelled (by the member, staff or its countdown): stock, coupon and points go back. */
  'order.cancelled': z.object({
    ...orderRef,
    reason: z.string(),
    lines: skuLines,
    coupon_id: z.string().nullable(),
    points_used: z.number().int(),
  }),
  'order.shipped': z.object({ ...orderRef, carrier: z.string(), tracking_no: z.string() }),
  /** A paid pickup order is ready at the desk with its code. */
  'order.readyForPickup': z.object({ ...orderRef, pickup_code: z.string() }),
  /**
   * An order completed (received, picked up, or a package order's packages issued): points are earned
   * on `paid`, what was paid and kept (less what was refunded before it completed; wallet module).
   */
  'order.completed': z.object({ ...orderRef, paid: money, kind: z.enum(['goods', 'package']) }),
  /**
   * Staff approved a refund application (`refund_id`), or paid back another way one whose provider
   * refused it (`repayment`). `full`: all that was left, the order is refunded.
   */
  'refund.approved': z.object({
    refund_id: z.string(),
    ...orderRef,
    amount: money,
    /**
     * Where the money goes: 'wallet' (credited now), 'desk' (handed back at the studio), 'card'
     * (back through the provider that took it, `provider`; it may take days), 'none' (nothing was
     * paid in money: points or a coupon paid it).
     */
    to: z.enum(REFUND_DESTINATIONS),
    /** The payment's provider: balance, offline, none, sandbox, stripe. */
    provider: z.string(),
    full: z.boolean(),
    repayment: z.boolean(),
    /** What staff wrote to the member when approving ('' when nothing). */
    message: z.string().default(''),
  }),
  'refund.refused': z.object({ refund_id: z.string(), ...orderRef, reason: z.string() }),
  /**
   * A refund's money is to go back through a provider (payments module): its row waits for the
   * provider, asked after commit under the row's id as idempotency key.
   */
  'payment.refundStarted': z.object({
    payment_refund_id: z.string(),
    payment_id: z.string(),
    order_no: z.string(),
    provider: z.string(),
    amount: money,
  }),
  /** A provider confirmed a payment: the module owning its purpose applies it (or returns the money). */
  'payment.settled': z.object({
    payment_id: z.string(),
    purpose: z.string(),
    ref: z.string(),
    user_id: z.string(),
    amount: money,
    provider: z.string(),
  }),
  /** A settled payment could not be applied (its order was no longer payable): the money went to the wallet. */
  'payment.returned': z.object({ payment_id: z.string(), user_id: z.string(), amount: money, ref: z.string() }),
  /** The member's wallet balance moved. */
  'wallet.changed': z.object({ user_id: z.string(), balance: money }),
  /** Points were credited for a completed order (`ref`: its order number); only when there were some. */
  'points.earned': z.object({
    user_id: z.string(),
    points: z.number().int(),
    balance: z.number().int(),
    ref: z.string(),
  }),
  /** A package was issued: bought (`source` 'order', `order_no` set) or granted by staff ('grant'). */
  'package.issued': z.object({
    package_id: z.string(),
    user_id: z.string(),
    ...named,
    class_count: z.number().int(),
    expires_at: isoDateTime.nullable(),
    source: z.enum(['order', 'grant']),
    order_no: z.string().nullable(),
  }),
  /** A package with credits left expires within the studio's package_expiry_notice_days (once per package and last day). */
  'package.expiringSoon': z.object({
    package_id: z.string(),
    user_id: z.string(),
    ...named,
    remaining: z.number().int(),
    expires_at: isoDateTime,
  }),
  /** A booking took a package's last credit (once per package; told by the packages' sweep, seconds later). */
  'package.usedUp': z.object({
    package_id: z.string(),
    user_id: z.string(),
    ...named,
    total: z.number().int(),
  }),
  /**
   * A member's unused coupon expires within the studio's coupon_expiry_notice_days (once per copy).
   * `coupon_id` is the member's copy (client/coupon.getDetail's _id), `coupon` the coupon it is a copy of.
   */
  'coupon.expiringSoon': z.object({
    coupon_id: z.string(),
    coupon: z.string(),
    user_id: z.string(),
    ...named,
    expires_at: isoDateTime,
  }),
  /** An unpaid order cancels itself within the studio's unpaid_notice_minutes (once per order and deadline). */
  'order.expiringSoon': z.object({
    ...orderRef,
    amount: money,
    expires_at: isoDateTime,
    pay_type: z.string().nullable(),
  }),
  /** A booked class starts soon. */
  'class.reminder': z.object({ ...classRef, user_id: z.string(), reservation_id: z.string() }),
  /** Staff added a member to a class's roster at the desk (with one of their credits, or a drop-in paid there). */
  'reservation.addedByStudio': z.object({ ...classRef, user_id: z.string(), reservation_id: z.string() }),
  /** Staff cancelled a member's booking; the credit went back. */
  'reservation.cancelledByStudio': z.object({ ...classRef, user_id: z.string(), reservation_id: z.string() }),
  /** A seat opened and a waiting member was booked with one of their credits. */
  'waitlist.promoted': z.object({ ...classRef, user_id: z.string(), reservation_id: z.string() }),
  /** A seat opened but none of the waiting member's packages could pay; they stay waiting. */
  'waitlist.skipped': z.object({ ...classRef, user_id: z.string(), entry_id: z.string() }),
  /** The class started with the member still waiting: their place ended. */
  'waitlist.dropped': z.object({ ...classRef, user_id: z.string(), entry_id: z.string() }),
  /** The studio called a class off: every booking and waitlist place ended, credits back. */
  'session.cancelled': z.object({
    ...classRef,
    reason: z.string(),
    reservations: z.array(z.object({ reservation_id: z.string(), user_id: z.string() })),
    entries: z.array(z.object({ entry_id: z.string(), user_id: z.string() })),
  }),
  /**
   * A personal notice was stored for a member (notifications): the channels (e-mail, SMS, push)
   * deliver it. `data` is the notice's data (contract noticeEvents), rendered in the member's language.
   */
  'notice.created': z.object({
    notice_id: z.string(),
    user_id: z.string(),
    type: z.string(),
    data: z.record(z.string(), z.unknown()),
  }),
  /**
   * An account's password was replaced: changed by its holder (knowing the old one) or reset with a
   * code. The holder is told by e-mail whatever their settings (security mail always goes).
   */
  'account.passwordChanged': z.object({ user_id: z.string(), how: z.enum(['changed', 'reset']) }),
  /** A new member registered (`device_id`: the app's vk-device-id, when it sent one: invitations attribute by it). */
  'member.registered': z.object({
    user_id: z.string(),
    device_id: z.string().optional(),
    /** The agreement versions the register form showed (absent: the current ones). */
    agreements: shownVersions.optional(),
  }),
  /**
   * An inviter was rewarded for a member they invited (their first paid order completed): `points`
   * and the coupon (`coupon_name`, '' for none) they got (invitations module).
   */
  'invite.rewarded': z.object({
    /** The inviter, who is told. */
    user_id: z.string(),
    invitee_id: z.string(),
    invitee_name: z.string(),
    points: z.number().int(),
    coupon_name: z.string(),
  }),
  /** An announcement became visible (published now, or its time came), or was withdrawn. */
  'announcement.published': z.object({ notice_id: z.string(), audience: z.string() }),
  'announcement.withdrawn': z.object({ notice_id: z.string() }),
  /** Staff replied to a member's feedback (not an internal note): the member is told. */
  'feedback.replied': z.object({
    feedback_id: z.string(),
    message_id: z.string(),
    user_id: z.string(),
    excerpt: z.string(),
  }),
} as const;

export type DomainEventName = keyof typeof domainEvents;
export const DOMAIN_EVENT_NAMES = Object.keys(domainEvents) as DomainEventName[];
export type DomainEventPayload<N extends DomainEventName> = z.input<(typeof domainEvents)[N]>;
