import { z } from 'zod';
import { defineCall } from './protocol';
import { id, isoDate, isoDateTime, paged, pageQuery } from './validators';

/** The audit log: every change staff make, who made it and when, with the object before and after. */

/** The kinds of object the log names (later issues add theirs). */
export const AUDIT_OBJECT_TYPES = [
  'course',
  'room',
  'teacher',
  'session',
  'series',
  'reservation',
  'package',
  'member',
  'studio',
  'goods',
  'sku',
  'category',
  'freight',
  'wallet',
  'order',
  'coupon',
  'review',
  'points',
] as const;

export const auditEntry = z.object({
  _id: z.string(),
  at: isoDateTime,
  actor: z.object({ _id: z.string(), nickname: z.string() }),
  /** The call that made the change, e.g. admin/session.update. */
  action: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListInput = z
  .object({
    ...pageQuery,
    actor_id: id.optional(),
    object_type: z.string().trim().min(1).max(40).optional(),
    object_id: id.optional(),
    /** From this date on, in the studio's timezone. */
    date_from: isoDate.optional(),
    /** Up to and including this date. */
    date_to: isoDate.optional(),
  })
  .strict();

export const adminAuditCalls = {
  /** Newest first. */
  getList: defineCall('admin/audit.getList', auditListInput, paged(auditEntry), { permission: 'audit.view' }),
} as const;
