import { z } from 'zod';

/*
 * The stored statuses and the moves each may make. Each module's records use these (schedule:
 * sessions; reservations: reservations and waitlist entries; orders: ORDER_MOVES), and every status
 * change on the server goes through transition() or canMoveOrder(), so an illegal move is refused
 * in one place.
 */

export const SESSION_STATUSES = ['scheduled', 'cancelled'] as const;
export const sessionStatus = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof sessionStatus>;

export const RESERVATION_STATUSES = ['registered', 'done', 'cancelled'] as const;
export const reservationStatus = z.enum(RESERVATION_STATUSES);
export type ReservationStatus = z.infer<typeof reservationStatus>;

export const WAITLIST_STATUSES = ['waiting', 'completed', 'cancelled'] as const;
export const waitlistStatus = z.enum(WAITLIST_STATUSES);
export type WaitlistStatus = z.infer<typeof waitlistStatus>;

/** A status machine: for each status, the statuses it may move to. */
export type Flow<S extends string> = Readonly<Record<S, readonly S[]>>;

/** scheduled → cancelled (staff call the class off). */
export const SESSION_FLOW: Flow<SessionStatus> = { scheduled: ['cancelled'], cancelled: [] };
/**
 * registered → done (the class ended, or the member was checked in) | cancelled (member within the
 * window, staff any time, or the session called off). done and cancelled are final.
 */
export const RESERVATION_FLOW: Flow<ReservationStatus> = {
  registered: ['done', 'cancelled'],
  done: [],
  cancelled: [],
};
/** waiting → completed (promoted to a seat, or booked directly) | cancelled (left, session started or called off). */
export const WAITLIST_FLOW: Flow<WaitlistStatus> = {
  waiting: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** Spec section 4's order status codes, by name (orders.ts re-exports them with the order records). */
export const ORDER_STATUS = {
  closed: -4,
  refunded: -3,
  refund_requested: -2,
  cancelled: -1,
  unpaid: 0,
  paid: 1,
  preparing: 2,
  partially_shipped: 3,
  shipped: 4,
  received: 5,
  completed: 6,
} as const;
export type OrderStatusName = keyof typeof ORDER_STATUS;
export type OrderStatusCode = (typeof ORDER_STATUS)[OrderStatusName];
export const ORDER_STATUS_NAMES = Object.keys(ORDER_STATUS) as OrderStatusName[];

/** Where a member may apply for a refund from, and where a closed application sends the order back to. */
export const ORDER_REFUNDABLE = ['paid', 'preparing', 'partially_shipped', 'shipped', 'received', 'completed'] as const;

/** One way an order changes: the statuses it starts from and those it may end in. */
export interface OrderMoveRule {
  from: readonly OrderStatusName[];
  to: readonly OrderStatusName[];
}

/**
 * The order flow table (RULES.md "Orders"): every way an order changes, by name. The server names
 * the move it makes, and an order whose status is not one the move starts from is refused
 * (ORDER_STATUS_CHANGED). A status alone would not do: while a refund is pending (−2) the order
 * remembers where it was, and a table of statuses would let a receipt, a shipment or a pickup take
 * it back there behind the application's back. Only the refund's own moves start at
 * refund_requested (ORDER_REFUND_MOVES, held by a test).
 *
 *   move            from                                          to
 *   pay             unpaid                                        paid
 *   cancel          unpaid (member, staff, the deadline passed)   cancelled
 *   issue_packages  paid (a course-package order)                 completed
 *   pick_up         paid (a pickup order, its code verified)      completed
 *   ship            paid, preparing, partially_shipped            shipped
 *   receive         shipped (member, or the receipt sweep)        received
 *   complete        received                                      completed
 *   apply_refund    paid … completed (ORDER_REFUNDABLE)           refund_requested
 *   close_refund    refund_requested (refused, cancelled, or      where it was (ORDER_REFUNDABLE)
 *                   approved in part)
 *   refund          refund_requested (approved in full)           refunded
 *
 * refunded and cancelled are final; closed is not used by this version.
 */
export const ORDER_MOVES = {
  pay: { from: ['unpaid'], to: ['paid'] },
  cancel: { from: ['unpaid'], to: ['cancelled'] },
  issue_packages: { from: ['paid'], to: ['completed'] },
  pick_up: { from: ['paid'], to: ['completed'] },
  ship: { from: ['paid', 'preparing', 'partially_shipped'], to: ['shipped'] },
  receive: { from: ['shipped'], to: ['received'] },
  complete: { from: ['received'], to: ['completed'] },
  apply_refund: { from: ORDER_REFUNDABLE, to: ['refund_requested'] },
  close_refund: { from: ['refund_requested'], to: ORDER_REFUNDABLE },
  refund: { from: ['refund_requested'], to: ['refunded'] },
} as const satisfies Record<string, OrderMoveRule>;
export type OrderMove = keyof typeof ORDER_MOVES;

/** The only moves that start while a refund is pending: deciding or withdrawing that refund. */
export const ORDER_REFUND_MOVES: readonly OrderMove[] = ['close_refund', 'refund'];

/** Whether `move` may take an order from `from` to `to`. */
export function canMoveOrder(move: OrderMove, from: OrderStatusName, to: OrderStatusName): boolean {
  const rule: OrderMoveRule = ORDER_MOVES[move];
  return rule.from.includes(from) && rule.to.includes(to);
}

/** The statuses each status may reach by some move (the table above, read per status). */
export const ORDER_FLOW: Flow<OrderStatusName> = (() => {
  const rules: OrderMoveRule[] = Object.values(ORDER_MOVES);
  const flow = {} as Record<OrderStatusName, OrderStatusName[]>;
  for (const from of ORDER_STATUS_NAMES) {
    flow[from] = ORDER_STATUS_NAMES.filter((to) => rules.some((r) => r.from.includes(from) && r.to.includes(to)));
  }
  return flow;
})();

export function canTransition<S extends string>(flow: Flow<S>, from: S, to: S): boolean {
  return flow[from].includes(to);
}

/**
 * The one gate for status changes: answers `to` when the flow allows the move, otherwise calls
 * `refuse` (which throws the caller's named error, e.g. RESERVATION_NOT_ACTIVE).
 */
export function transition<S extends string>(flow: Flow<S>, from: S, to: S, refuse: (from: S, to: S) => never): S {
  if (!canTransition(flow, from, to)) refuse(from, to);
  return to;
}
