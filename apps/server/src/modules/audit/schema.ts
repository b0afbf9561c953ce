import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every change a staff member makes through an `admin/` call: who, when, which call, which object,
 * and the object before and after (secrets stripped). Written in the same transaction as the
 * change, so a change that rolls back leaves no entry and an entry always names a real change.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text().primaryKey(),
    at: timestamp({ withTimezone: true }).notNull(),
    /** The staff member's user id (the account module's users.id; no foreign key across modules). */
    actorId: text().notNull(),
    /** The call that made the change, e.g. 'admin/session.update'. */
    action: text().notNull(),
    /** What kind of object changed: 'session', 'course', 'member', 'package', 'settings'... */
    objectType: text().notNull(),
    objectId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    /** The request's id, to find the log lines of the same request. */
    requestId: text().notNull().default(''),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.at),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;
