import { z } from 'zod';
import { localizedInput, localizedTextSchema } from './localized-text';
import { defineCall } from './protocol';
import { id, isoDateTime, paged, pageQuery } from './validators';

/** The packages module: course packages (class credits) a member holds. */

/** Computed at read time from counts and validity (RULES.md "Course packages"); never stored. */
export const PACKAGE_STATUSES = ['unused', 'used', 'completed', 'expired'] as const;
export const packageStatus = z.enum(PACKAGE_STATUSES);
export type PackageStatus = z.infer<typeof packageStatus>;

type Instant = Date | string | number;
const ms = (t: Instant) => new Date(t).getTime();
const DAY_MS = 86_400_000;

/** A package's state from its counts and validity at `now`: completed beats expired (nothing left to expire). */
export function computePackageStatus(
  pkg: { total_count: number; remaining_count: number; valid_until: Instant | null },
  now: Instant,
): PackageStatus {
  if (pkg.remaining_count <= 0) return 'completed';
  if (pkg.valid_until !== null && ms(now) > ms(pkg.valid_until)) return 'expired';
  return pkg.remaining_count >= pkg.total_count ? 'unused' : 'used';
}

/**
 * How long a package is valid (goods exp_time_mode of RULES.md): 1 = a fixed range, 2 = [delay days,
 * valid days] counted from purchase, anything else long-term (valid_until null).
 */
export type PackageValidityRule =
  | { mode: 'fixed'; valid_from: Instant; valid_until: Instant }
  | { mode: 'rule'; delay_days: number; valid_days: number }
  | { mode: 'long_term'; valid_from?: Instant };

/** The validity window a package gets when issued at `issuedAt`; day counts are exact 24-hour days. */
export function packageValidity(
  rule: PackageValidityRule,
  issuedAt: Instant,
): { valid_from: Date; valid_until: Date | null } {
  switch (rule.mode) {
    case 'fixed':
      return { valid_from: new Date(rule.valid_from), valid_until: new Date(rule.valid_until) };
    case 'rule': {
      const from = ms(issuedAt) + Math.max(0, rule.delay_days) * DAY_MS;
      return { valid_from: new Date(from), valid_until: new Date(from + Math.max(0, rule.valid_days) * DAY_MS) };
    }
    default:
      return { valid_from: new Date(ms(rule.valid_from ?? issuedAt)), valid_until: null };
  }
}

/** Whether a package can pay for a class starting at `startsAt`: credits left and the start inside its validity. */
export function packageCoversSession(
  pkg: { remaining_count: number; valid_from: Instant; valid_until: Instant | null },
  startsAt: Instant,
): boolean {
  const start = ms(startsAt);
  return (
    pkg.remaining_count > 0 && ms(pkg.valid_from) <= start && (pkg.valid_until === null || start <= ms(pkg.valid_until))
  );
}

export const packageRecord = z.object({
  _id: z.string(),
  name: z.string(),
  total_count: z.number().int(),
  remaining_count: z.number().int(),
  status: packageStatus,
  valid_from: isoDateTime,
  /** null = long-term. */
  valid_until: isoDateTime.nullable(),
  /** Courses this package may book; empty = every course. */
  course_ids: z.array(z.string()),
  created_at: isoDateTime,
});
export type PackageRecord = z.infer<typeof packageRecord>;

export const packageGrantInput = z
  .object({
    user_id: id,
    name: localizedInput(z.string().trim().min(1).max(64)),
    class_count: z.number().int().min(1).max(1000),
    /** Defaults to now. */
    valid_from: isoDateTime.optional(),
    /** Absent = long-term. */
    valid_until: isoDateTime.optional(),
    /** Courses the package may book; absent or empty = every course. */
    course_ids: z.array(id).max(200).optional(),
  })
  .strict();

export const adminPackageRecord = packageRecord.extend({
  user_id: z.string(),
  name_i18n: localizedTextSchema,
  /** When the order that issued it was refunded (the package is void); null otherwise. */
  refunded_at: isoDateTime.nullable(),
});
export type AdminPackageRecord = z.infer<typeof adminPackageRecord>;

export const packageCalls = {
  getMyPackages: defineCall(
    'client/course.getMyPackages',
    z.object({ status: packageStatus.optional() }).strict(),
    z.object({ rows: z.array(packageRecord) }),
  ),
} as const;

const manage = { permission: 'packages.manage' } as const;

/** Why staff changed a member's package: kept in the audit log. */
const adjustReason = z.string().trim().min(1).max(200);

export const adminPackageCalls = {
  grantPackage: defineCall('admin/package.grant', packageGrantInput, z.object({ package: adminPackageRecord }), manage),
  getPackageList: defineCall(
    'admin/package.getList',
    z.object({ ...pageQuery, user_id: id.optional(), status: packageStatus.optional() }).strict(),
    paged(adminPackageRecord),
    manage,
  ),
  /** A later last day (valid_until); a long-term package has none to extend. Audited with the reason. */
  extend: defineCall(
    'admin/package.extend',
    z.object({ _id: id, valid_until: isoDateTime, reason: adjustReason }).strict(),
    z.object({ package: adminPackageRecord }),
    manage,
  ),
  /**
   * Credits added (delta > 0: total and remaining grow) or taken away (delta < 0: never more than
   * remain). Classes already used stay used. Audited with the reason.
   */
  adjustCredits: defineCall(
    'admin/package.adjustCredits',
    z
      .object({
        _id: id,
        delta: z
          .number()
          .int()
          .min(-1000)
          .max(1000)
          .refine((n) => n !== 0, 'nonZero'),
        reason: adjustReason,
      })
      .strict(),
    z.object({ package: adminPackageRecord }),
    manage,
  ),
} as const;
