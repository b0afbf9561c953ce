import { z } from 'zod';
import { defineCall } from './protocol';
import { id, isoDate, isoDateTime, paged, pageQuery } from './validators';

/** The audit log: every change staff make, who made it and when, with the object before and after. */

/** The kinds of object the log names: an entry's `object_type`. */
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
  'announcement',
  'notice_delivery',
  'feedback',
  'agreement',
] as const;

/** The kinds of change the log is filtered by (the back office's type filter, in this order), each one or more of AUDIT_CHANGES. */
export const AUDIT_KINDS = [
  // A studio's days first: its classes, then its members' packages, access and money, then the shop.
  'classes',
  'check_ins',
  'packages',
  'roles',
  'orders',
  'pickups',
  'refunds',
  'wallet',
  'points',
  'goods',
  'coupons',
  'reviews',
  'settings',
  'notices',
  'feedback',
] as const;
export const auditKind = z.enum(AUDIT_KINDS);
export type AuditKind = z.infer<typeof auditKind>;

interface AuditChangeDef {
  /** The call that makes the change (the entry's `action`). */
  action: string;
  /** The kind of object it changes (the entry's `object_type`). */
  object: (typeof AUDIT_OBJECT_TYPES)[number];
  kind: AuditKind;
  /** The sentence that tells it (the back office's audit.json `sentences.<sentence>`). */
  sentence: string;
  /** Its variants (i18next contexts, `sentences.<sentence>_<context>`), e.g. a creation beside an edit. */
  contexts?: readonly string[];
}

/**
 * Every kind of change staff make, in one place: the call and object that mark it in the log, the
 * kind it is filtered under, and the sentence that tells it. The server says each entry's sentence
 * from this table (modules/audit-log), the back office writes it in the reader's language, and a
 * test holds every audited call to a row here: a new audited call adds its row, and its sentence.
 */
export const AUDIT_CHANGES = [
  // Orders
  { action: 'admin/order.ship', object: 'order', kind: 'orders', sentence: 'orderShipped' },
  { action: 'admin/order.markPaid', object: 'order', kind: 'orders', sentence: 'orderPaidAtDesk' },
  { action: 'admin/order.sellPackage', object: 'order', kind: 'orders', sentence: 'packageSoldAtDesk' },
  { action: 'admin/order.extendDeadline', object: 'order', kind: 'orders', sentence: 'orderDeadlineExtended' },
  { action: 'admin/order.cancel', object: 'order', kind: 'orders', sentence: 'orderCancelled' },
  { action: 'client/verify.scan', object: 'order', kind: 'pickups', sentence: 'orderPickedUp' },
  { action: 'admin/order.approveRefund', object: 'order', kind: 'refunds', sentence: 'refundApproved' },
  { action: 'admin/order.refuseRefund', object: 'order', kind: 'refunds', sentence: 'refundRefused' },
  { action: 'admin/order.repayRefund', object: 'order', kind: 'refunds', sentence: 'refundRepaid' },
  // Shop
  { action: 'admin/goods.save', object: 'goods', kind: 'goods', sentence: 'goodsSaved', contexts: ['created'] },
  { action: 'admin/goods.setOnSale', object: 'goods', kind: 'goods', sentence: 'goodsOnSale', contexts: ['off'] },
  { action: 'admin/goods.adjustStock', object: 'sku', kind: 'goods', sentence: 'stockAdjusted' },
  {
    action: 'admin/category.save',
    object: 'category',
    kind: 'goods',
    sentence: 'categorySaved',
    contexts: ['created'],
  },
  { action: 'admin/category.delete', object: 'category', kind: 'goods', sentence: 'categoryDeleted' },
  { action: 'admin/coupon.save', object: 'coupon', kind: 'coupons', sentence: 'couponSaved', contexts: ['created'] },
  { action: 'admin/coupon.generateCodes', object: 'coupon', kind: 'coupons', sentence: 'couponCodesMade' },
  { action: 'admin/review.reply', object: 'review', kind: 'reviews', sentence: 'reviewReplied' },
  {
    action: 'admin/review.setHidden',
    object: 'review',
    kind: 'reviews',
    sentence: 'reviewHidden',
    contexts: ['shown'],
  },
  // Members' money and access
  { action: 'admin/integral.adjust', object: 'points', kind: 'points', sentence: 'pointsAdjusted' },
  { action: 'admin/wallet.adjust', object: 'wallet', kind: 'wallet', sentence: 'walletAdjusted' },
  { action: 'admin/user.setRoles', object: 'member', kind: 'roles', sentence: 'rolesChanged' },
  // Classes
  {
    action: 'admin/reservation.add',
    object: 'reservation',
    kind: 'classes',
    sentence: 'memberAdded',
    contexts: ['dropIn'],
  },
  { action: 'admin/reservation.cancel', object: 'reservation', kind: 'classes', sentence: 'memberRemoved' },
  { action: 'admin/session.create', object: 'session', kind: 'classes', sentence: 'sessionScheduled' },
  { action: 'admin/session.createSeries', object: 'series', kind: 'classes', sentence: 'seriesScheduled' },
  { action: 'admin/session.update', object: 'session', kind: 'classes', sentence: 'sessionCapacityChanged' },
  { action: 'admin/session.cancel', object: 'session', kind: 'classes', sentence: 'sessionCancelled' },
  { action: 'admin/course.save', object: 'course', kind: 'classes', sentence: 'courseSaved', contexts: ['created'] },
  { action: 'admin/room.save', object: 'room', kind: 'classes', sentence: 'roomSaved', contexts: ['created'] },
  { action: 'admin/teacher.save', object: 'teacher', kind: 'classes', sentence: 'teacherSaved', contexts: ['created'] },
  { action: 'admin/reservation.checkIn', object: 'reservation', kind: 'check_ins', sentence: 'memberCheckedIn' },
  { action: 'client/teacher.checkIn', object: 'reservation', kind: 'check_ins', sentence: 'memberCheckedIn' },
  { action: 'client/verify.scan', object: 'reservation', kind: 'check_ins', sentence: 'memberCheckedIn' },
  { action: 'admin/package.grant', object: 'package', kind: 'packages', sentence: 'packageGranted' },
  { action: 'admin/package.extend', object: 'package', kind: 'packages', sentence: 'packageExtended' },
  { action: 'admin/package.adjustCredits', object: 'package', kind: 'packages', sentence: 'packageCreditsAdjusted' },
  // The studio
  { action: 'admin/merchant.save', object: 'studio', kind: 'settings', sentence: 'settingsSaved' },
  { action: 'admin/agreement.saveDraft', object: 'agreement', kind: 'settings', sentence: 'agreementDraftSaved' },
  { action: 'admin/agreement.publish', object: 'agreement', kind: 'settings', sentence: 'agreementPublished' },
  {
    action: 'admin/freight.save',
    object: 'freight',
    kind: 'settings',
    sentence: 'freightSaved',
    contexts: ['created'],
  },
  {
    action: 'admin/notice.save',
    object: 'announcement',
    kind: 'notices',
    sentence: 'announcementSaved',
    contexts: ['created'],
  },
  { action: 'admin/notice.withdraw', object: 'announcement', kind: 'notices', sentence: 'announcementWithdrawn' },
  { action: 'admin/delivery.resend', object: 'notice_delivery', kind: 'notices', sentence: 'deliveryResent' },
  // Members' feedback: a reply (or an internal note) and closing a conversation
  {
    action: 'admin/feedback.reply',
    object: 'feedback',
    kind: 'feedback',
    sentence: 'feedbackReplied',
    contexts: ['internal'],
  },
  { action: 'admin/feedback.close', object: 'feedback', kind: 'feedback', sentence: 'feedbackClosed' },
] as const satisfies readonly AuditChangeDef[];

export type AuditChange = (typeof AUDIT_CHANGES)[number];
export type AuditSentence = AuditChange['sentence'];

/** The row of AUDIT_CHANGES an entry is, by its call and object; undefined for a change the table does not know. */
export function auditChangeOf(action: string, objectType: string): AuditChange | undefined {
  return AUDIT_CHANGES.find((c) => c.action === action && c.object === objectType);
}

/** The changes a kind covers, for the log's filter. */
export function auditChangesOfKind(kind: AuditKind): AuditChange[] {
  return AUDIT_CHANGES.filter((c) => c.kind === kind);
}

/**
 * What a sentence says of its change, resolved on the server when the entry is read: names as they
 * are now (or as the entry recorded them, for an object since deleted), the rest from the entry.
 * The back office formats each by its name: instants as date and time, money in the studio's
 * currency (`money_delta` with its sign), `delta` with its sign.
 */
export const auditSentenceParams = z
  .object({
    /** The member the change concerns. */
    member: z.string(),
    /** The object's human name: goods, course, package, coupon, category, room, rule, announcement... */
    name: z.string(),
    /** An order's number. */
    order: z.string(),
    /** A class's start. */
    when: isoDateTime,
    /** A deadline or a last day. */
    date: isoDateTime,
    /** Money taken. */
    amount: z.number().int(),
    /** Money added (+) or taken away (−). */
    money_delta: z.number().int(),
    /** Points, credits or stock added (+) or taken away (−). */
    delta: z.number().int(),
    /** A count: classes, codes, places, stock left. */
    count: z.number().int(),
    /** How money was taken at the desk, or where a refund was paid back: cash, card_terminal, balance, offline. */
    method: z.string(),
    carrier: z.string(),
    tracking: z.string(),
    reason: z.string(),
  })
  .partial();
export type AuditSentenceParams = z.infer<typeof auditSentenceParams>;

export const auditEntry = z.object({
  _id: z.string(),
  at: isoDateTime,
  actor: z.object({ _id: z.string(), nickname: z.string() }),
  /** The call that made the change, e.g. admin/session.update. */
  action: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  /** The kind of change (AUDIT_CHANGES); null for one the table does not know. */
  kind: auditKind.nullable(),
  /** The sentence that tells it (AUDIT_CHANGES), its variant and what it says; null: the fallback sentence. */
  sentence: z.object({ key: z.string(), context: z.string().optional(), params: auditSentenceParams }).nullable(),
  /** The object's human name, when known (also for a change without a sentence). */
  object_name: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListInput = z
  .object({
    ...pageQuery,
    actor_id: id.optional(),
    /** One kind of change (AUDIT_KINDS). */
    kind: auditKind.optional(),
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
