import { z } from 'zod';
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
/** What every class event says of its class: for a link and for the texts that name it. */
const classRef = { session_id: z.string(), course_name: z.string(), starts_at: isoDateTime };

export const domainEvents = {
  /** Every status change of an order (ORDER_MOVES), with its move: the member's open apps refetch. */
  'order.moved': z.object({ ...orderRef, status: z.number().int(), move: z.string() }),
  /** A new order waits for payment until `expires_at`. */
  'order.placed': z.object({ ...orderRef, amount: money, expires_at: isoDateTime.nullable() }),
  /** An order was paid: packages bought are issued in the transaction (packages module). */
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
        validity: z.unknown(),
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
  /** An order completed: points are earned on what was paid. */
  'order.completed': z.object({ ...orderRef, paid: money }),
  /** A refund was paid back (in full or in part). */
  'refund.approved': z.object({
    refund_id: z.string(),
    ...orderRef,
    amount: money,
    /** Where the money went: the wallet, or the card / provider that paid. */
    to: z.string(),
  }),
  'refund.refused': z.object({ refund_id: z.string(), ...orderRef, reason: z.string() }),
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
  'payment.returned': z.object({ payment_id: z.string(), user_id: z.string(), amount: money }),
  /** The member's wallet balance moved. */
  'wallet.changed': z.object({ user_id: z.string(), balance: money }),
  /** Points were credited (an order completed). */
  'points.earned': z.object({
    user_id: z.string(),
    points: z.number().int(),
    balance: z.number().int(),
    ref: z.string(),
  }),
  /** A package was issued (bought, granted by staff). */
  'package.issued': z.object({
    package_id: z.string(),
    user_id: z.string(),
    name: z.string(),
    class_count: z.number().int(),
    expires_at: isoDateTime.nullable(),
  }),
  /** A package with credits left expires soon. */
  'package.expiringSoon': z.object({
    package_id: z.string(),
    user_id: z.string(),
    name: z.string(),
    remaining: z.number().int(),
    expires_at: isoDateTime,
  }),
  /** A package's last credit was used. */
  'package.usedUp': z.object({ package_id: z.string(), user_id: z.string(), name: z.string() }),
  /** A member's unused coupon expires soon. */
  'coupon.expiringSoon': z.object({
    coupon_id: z.string(),
    user_id: z.string(),
    name: z.string(),
    expires_at: isoDateTime,
  }),
  /** An unpaid order cancels itself soon. */
  'order.expiringSoon': z.object({ ...orderRef, amount: money, expires_at: isoDateTime }),
  /** A booked class starts soon. */
  'class.reminder': z.object({ ...classRef, user_id: z.string(), reservation_id: z.string() }),
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
  /** A new member registered. */
  'member.registered': z.object({ user_id: z.string() }),
  /** An announcement became visible (published now, or its time came), or was withdrawn. */
  'announcement.published': z.object({ notice_id: z.string(), audience: z.string() }),
  'announcement.withdrawn': z.object({ notice_id: z.string() }),
} as const;

export type DomainEventName = keyof typeof domainEvents;
export const DOMAIN_EVENT_NAMES = Object.keys(domainEvents) as DomainEventName[];
export type DomainEventPayload<N extends DomainEventName> = z.input<(typeof domainEvents)[N]>;
