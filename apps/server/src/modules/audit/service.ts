import { and, count, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db';
import { newId } from '../../platform/ids';
import { offsetOf, type Page } from '../../platform/paging';
import type { CallContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { auditLog } from './schema';

/** Who makes a change and in which request: taken from the call's context with `auditBy(ctx)`. */
export interface AuditActor {
  actorId: string;
  action: string;
  requestId: string;
  at: Date;
}

export function auditBy(ctx: Pick<CallContext, 'user' | 'url' | 'requestId' | 'clock'>): AuditActor {
  if (!ctx.user) throw new Error('auditBy: an audited change needs a logged-in caller');
  return { actorId: ctx.user.uid, action: ctx.url, requestId: String(ctx.requestId), at: ctx.clock.now() };
}

export interface AuditChange {
  objectType: string;
  objectId: string;
  /** The object as it was (null: created). */
  before: unknown;
  /** The object as it is now (null: deleted). */
  after: unknown;
}

/** Field names whose values never go into the log, at any depth. */
const SECRET_FIELDS = /^(password|passwordHash|password_hash|token|tokens|secret|code|codeHash|salt)$/i;

/** A JSON copy of `value` without secret fields; dates become ISO strings. */
export function stripSecrets(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(stripSecrets);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (SECRET_FIELDS.test(key) || v === undefined) continue;
      out[key] = stripSecrets(v);
    }
    return out;
  }
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/**
 * Writes one audit entry. Call it inside the transaction that makes the change (runUnitOfWork's
 * `tx`), after the change, so the entry commits or rolls back with it.
 */
export async function recordAudit(tx: DbOrTx, by: AuditActor, change: AuditChange): Promise<void> {
  await tx.insert(auditLog).values({
    id: newId(),
    at: by.at,
    actorId: by.actorId,
    action: by.action,
    objectType: change.objectType,
    objectId: change.objectId,
    before: stripSecrets(change.before),
    after: stripSecrets(change.after),
    requestId: by.requestId,
  });
}

/**
 * A staff write and its audit entry in one unit of work: `before` reads the object as it is (skip it
 * for a creation), `write` changes it, and the entry records both under `idOf` of the result. Either
 * both commit or neither does.
 */
export async function audited<T>(
  ctx: CallContext,
  change: {
    objectType: string;
    before?: (tx: Tx) => Promise<unknown>;
    write: (tx: Tx) => Promise<T>;
    idOf: (result: T) => string;
    /** What to log as the object afterwards (default: the result). */
    afterOf?: (result: T) => unknown;
  },
): Promise<T> {
  return runUnitOfWork(ctx, async ({ tx }) => {
    const before = change.before ? await change.before(tx) : null;
    const result = await change.write(tx);
    await recordAudit(tx, auditBy(ctx), {
      objectType: change.objectType,
      objectId: change.idOf(result),
      before,
      after: change.afterOf ? change.afterOf(result) : result,
    });
    return result;
  });
}

export interface AuditFilter {
  actorId?: string;
  /** Only these changes (a kind of change: its calls and the objects they change); empty matches none. */
  changes?: readonly { action: string; object: string }[];
  objectType?: string;
  objectId?: string;
  from?: Date;
  to?: Date;
}

/** The log newest first, filtered, and how many entries match: the back office's audit log (modules/audit-log). */
export async function listEntries(db: DbOrTx, filter: AuditFilter, page: Page) {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.changes) {
    conditions.push(
      or(...filter.changes.map((c) => and(eq(auditLog.action, c.action), eq(auditLog.objectType, c.object)))) ??
        sql`false`,
    );
  }
  if (filter.objectType) conditions.push(eq(auditLog.objectType, filter.objectType));
  if (filter.objectId) conditions.push(eq(auditLog.objectId, filter.objectId));
  if (filter.from) conditions.push(gte(auditLog.at, filter.from));
  if (filter.to) conditions.push(lt(auditLog.at, filter.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
