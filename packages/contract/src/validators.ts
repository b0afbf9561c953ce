import { z } from 'zod';
import { PHONE_INPUT_RE } from './phone-input';

export { PHONE_INPUT_RE };

/** Spec 5, the stricter rule: starts with a letter, 6–18 letters, digits or underscores. */
export const PASSWORD_RE = /^[a-zA-Z]\w{5,17}$/;
/** Spec 5 generic username rule: starts with a letter, 3–32 letters, digits, hyphen, underscore. */
export const USERNAME_RE = /^[a-zA-Z][\w-]{2,31}$/;
export const CODE_RE = /^\d{6}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** ID card: 15 or 18 digits, the last may be X. */
export const ID_CARD_RE = /^(\d{15}|\d{17}[\dXx])$/;
/** Money typed by a person: at most two decimals. */
export const MONEY_INPUT_RE = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

/** The `msg` of a validator is the i18n key of its message (`validation.<key>`). */
export const password = z.string().regex(PASSWORD_RE, 'password');
export const username = z.string().min(4, 'accountMin').regex(USERNAME_RE, 'username');
/** What a person may type in a login box: a username, an e-mail or a mobile number. */
export const account = z.string().trim().min(4, 'accountMin').max(64, 'accountMax');
/** A mobile number as typed; the server reads it with the studio's country (MOBILE_INVALID if it is not one). */
export const mobile = z.string().trim().regex(PHONE_INPUT_RE, 'mobile');
export const email = z.string().trim().max(254, 'email').regex(EMAIL_RE, 'email');
export const code6 = z.string().regex(CODE_RE, 'code');
export const nickname = z.string().trim().min(1, 'nicknameRequired').max(32, 'nicknameMax');
export const gender = z.union([z.literal(0), z.literal(1), z.literal(2)]);
/**
 * Years a date or time may name: wide enough for any birthday or booking, narrow enough that an
 * offset never carries an instant past what PostgreSQL and JavaScript dates can hold.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;
const yearInRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};

/** A calendar date, YYYY-MM-DD, in MIN_YEAR..MAX_YEAR. */
export const isoDate = z.iso.date().refine(yearInRange, 'dateRange');
/** A birthday: a calendar date from 1900 on. "Not in the future" needs today's date: see isFutureDate. */
export const birthday = isoDate.refine((v) => v >= '1900-01-01', 'birthday');

/**
 * Whether a YYYY-MM-DD date is after today. "Today" is the latest date anywhere on Earth (UTC+14),
 * so that nobody is refused a birthday that is already today where they live.
 */
export function isFutureDate(date: string, now: Date = new Date()): boolean {
  const latestToday = new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
  return date > latestToday;
}

/** An instant with offset, as API.md requires for times, in MIN_YEAR..MAX_YEAR. */
export const isoDateTime = z.iso.datetime({ offset: true }).refine(yearInRange, 'dateRange');
/** A calendar month, YYYY-MM, in MIN_YEAR..MAX_YEAR. */
export const yearMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
  .refine(yearInRange, 'dateRange');
export const id = z.string().min(1).max(64);
export const moneyMinor = z.number().int().nonnegative();

export const pageQuery = {
  pageIndex: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};

export const paged = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number().int(), hasMore: z.boolean() });

export const VALIDATION_KEYS = [
  'password',
  'username',
  'accountMin',
  'accountMax',
  'mobile',
  'email',
  'code',
  'nicknameRequired',
  'nicknameMax',
  'passwordsMismatch',
  'agreementRequired',
  'required',
  'birthday',
  'birthdayFuture',
  'dateRange',
  'phone',
  'idCard',
  'reviewContentRequired',
  'exchangeCodeLength',
  'feedbackContentRequired',
  'tooManyImages',
] as const;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const sortOrder = z.enum(SORT_ORDERS);
export type SortOrder = z.infer<typeof sortOrder>;

/**
 * The input of a back-office list: a page, an optional keyword, and a sort on one of `sortFields`
 * (`sort` absent: the list's own default order). The back office keeps these in the URL
 * (apps/admin/src/shared/table/table-state.ts), so their names are the same for every list.
 */
export function sortableListQuery<const F extends readonly [string, ...string[]]>(sortFields: F) {
  return {
    ...pageQuery,
    keyword: z.string().trim().max(64).optional(),
    sort: z.enum(sortFields).optional(),
    order: sortOrder.default('asc'),
  };
}
