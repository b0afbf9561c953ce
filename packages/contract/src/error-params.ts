import { z } from 'zod';
import type { ErrorName } from './errors';
import { courseFullData } from './reservations';
import { ACCESS_REFUSALS } from './staff-rights';

/*
 * What each error carries, as zod schemas: `params` fill the placeholders of its messages
 * (`{minutes}`), `data` are the extra envelope fields a client reads (COURSE_FULL's suggestions).
 * An error not listed carries neither. The server's fail() is typed by this table, so a wrong or
 * missing param does not compile, and a test holds every message's placeholders to its params.
 *
 * Kept apart from errors.ts, which the web app's shell loads without zod (see protocol-core.ts).
 */

const field = z.object({ field: z.string() });
const minutes = z.object({ minutes: z.number().int() });
/** Where a refused check-in window opens and closes. */
const checkInWindow = z.object({ opens_at: z.string(), closes_at: z.string() });
/** The session in the way of a new one. */
const clash = z.object({ session_id: z.string(), starts_at: z.string() });

export const ERROR_SHAPES = {
  /** The id of the logged failure, to quote to support. */
  SYSTEM_ERROR: { data: z.object({ requestId: z.string() }) },
  FUNCTION_NOT_FOUND: { params: z.object({ url: z.string() }) },
  /** `reason`: the zod message or a named rule (birthdayFuture, notYourUpload, sameAsCurrent...). */
  INVALID_PARAM: { params: field, data: field.extend({ reason: z.string() }) },
  /** Which staff-rights rule refused (staff-rights.ts), when one did rather than the call's gate. */
  PERMISSION_DENIED: { data: z.object({ reason: z.enum(ACCESS_REFUSALS) }).partial() },
  RATE_LIMITED: { data: z.object({ retryAfter: z.number().int() }) },
  NOT_FOUND: { data: field },
  ACCOUNT_LOCKED: { params: minutes },
  CODE_TOO_FREQUENT: { params: z.object({ seconds: z.number().int() }), data: z.object({ seconds: z.number().int() }) },
  CODE_INVALID: { data: field },
  FILE_TYPE_INVALID: { params: z.object({ allowed: z.string() }) },
  FILE_TOO_LARGE: { params: z.object({ maxMb: z.number() }) },
  IMAGE_TOO_LARGE: { params: z.object({ maxMegapixels: z.number() }) },
  /** The suggestions are added once the transaction that refused the seat is over. */
  COURSE_FULL: { data: courseFullData.partial({ suggestions: true }) },
  CANCEL_WINDOW_CLOSED: { params: z.object({ hours: z.number() }) },
  BOOKING_NOT_OPEN: { params: z.object({ days: z.number() }) },
  SCHEDULE_RANGE_TOO_LONG: { params: z.object({ days: z.number().int() }) },
  CREDITS_BELOW_ZERO: {
    params: z.object({ remaining: z.number().int() }),
    data: z.object({ remaining: z.number().int() }),
  },
  CAPACITY_BELOW_BOOKED: {
    params: z.object({ booked: z.number().int() }),
    data: z.object({ booked: z.number().int() }),
  },
  CHECK_IN_NOT_OPEN: { params: minutes, data: checkInWindow },
  CHECK_IN_CLOSED: { params: minutes, data: checkInWindow },
  TEACHER_BUSY: { data: clash },
  CART_FULL: { params: z.object({ max: z.number().int() }) },
  /** When (in the caller's language, the studio's timezone) and by which staff member; data: the instant and their id. */
  PICKUP_ALREADY_DONE: {
    params: z.object({ time: z.string(), name: z.string() }),
    data: z.object({ picked_up_at: z.string(), by: z.string().nullable() }),
  },
  /** The status's name in the caller's language. */
  ORDER_STATUS_CHANGED: { params: z.object({ status: z.string() }), data: z.object({ status: z.number().int() }) },
  COUPON_LIMIT_REACHED: { params: z.object({ limit: z.number().int() }) },
  EXCHANGE_CODE_LENGTH: { params: z.object({ length: z.number().int() }) },
  REFUND_NOT_ALLOWED: { params: z.object({ reason: z.string() }) },
  /** The ceiling: formatted (money in the studio's currency, or points), and as a number. */
  ADJUSTMENT_ABOVE_LIMIT: { params: z.object({ max: z.string() }), data: z.object({ max: z.number().int() }) },
  REFUND_AMOUNT_INVALID: { params: z.object({ max: z.string() }), data: z.object({ max: z.number().int() }) },
  REFUND_LINE_NOT_FOUND: { data: z.object({ sku_id: z.string() }) },
  /** The line's goods and SKU name in the caller's language, and how many units are left to refund. */
  REFUND_QUANTITY_TOO_MANY: {
    params: z.object({ name: z.string(), left: z.number().int() }),
    data: z.object({ sku_id: z.string(), left: z.number().int() }),
  },
  MUST_BUY_ALONE: { params: z.object({ name: z.string() }), data: z.object({ sku_id: z.string() }) },
  /** The maximum as money in major units (params) and minor units (data). */
  ORDER_TOTAL_TOO_LARGE: { params: z.object({ max: z.string() }), data: z.object({ max: z.number().int() }) },
  OVER_MAX_PER_ORDER: {
    params: z.object({ max: z.number().int(), name: z.string() }),
    data: z.object({ sku_id: z.string(), max: z.number().int() }),
  },
  FEEDBACK_DAILY_LIMIT: { params: z.object({ max: z.number().int() }), data: z.object({ max: z.number().int() }) },
  TOO_MANY_UNPAID_ORDERS: { params: z.object({ max: z.number().int() }), data: z.object({ max: z.number().int() }) },
  STOCK_ABOVE_MAX: { params: z.object({ max: z.number().int() }), data: z.object({ max: z.number().int() }) },
  OVER_MAX_WEIGHT: { params: z.object({ max: z.number().int() }) },
  /** At checkout: which line, and what is left. */
  STOCK_INSUFFICIENT: { data: z.object({ sku_id: z.string(), stock: z.number().int() }).partial() },
  PRODUCT_OFF_SALE: { data: z.object({ sku_id: z.string() }).partial() },
  STOCK_BELOW_ZERO: {
    params: z.object({ stock: z.number().int() }),
    data: z.object({ stock: z.number().int() }),
  },
  CATEGORY_TOO_DEEP: { params: z.object({ levels: z.number().int() }) },
  ROOM_BUSY: { data: clash },
} as const satisfies { [N in ErrorName]?: { params?: z.ZodObject; data?: z.ZodObject } };

type Shapes = typeof ERROR_SHAPES;
type Shape<N extends ErrorName> = N extends keyof Shapes ? Shapes[N] : Record<never, never>;

/** The params an error's messages need; an empty object for an error without placeholders. */
export type ErrorParamsOf<N extends ErrorName> =
  Shape<N> extends { params: z.ZodObject } ? z.input<Shape<N>['params']> : Record<string, never>;

/** The extra envelope fields an error may carry; none when it declares no data. */
export type ErrorDataOf<N extends ErrorName> =
  Shape<N> extends { data: z.ZodObject } ? z.input<Shape<N>['data']> : Record<string, never>;

/** The arguments after an error's name: its params (required when it has any), then its data. */
export type ErrorArgs<N extends ErrorName> = N extends unknown
  ? Shape<N> extends { params: z.ZodObject }
    ? [params: ErrorParamsOf<N>, data?: ErrorDataOf<N>]
    : [params?: ErrorParamsOf<N>, data?: ErrorDataOf<N>]
  : never;

/** The params schema of an error, or null when its messages take none. */
export function errorParamsSchema(name: ErrorName): z.ZodObject | null {
  const shape = (ERROR_SHAPES as Partial<Record<ErrorName, { params?: z.ZodObject }>>)[name];
  return shape?.params ?? null;
}
