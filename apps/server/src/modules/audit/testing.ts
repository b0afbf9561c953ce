import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { type AuditRow, auditLog } from './schema';

/** For tests of any module: the audit entries about one object, newest first. */
export function auditEntriesFor(db: DbOrTx, objectType: string, objectId: string): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, objectId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
}

/** For tests: how many audit entries there are (a refused call must not add one). */
export async function auditCount(db: DbOrTx): Promise<number> {
  return (await db.select({ id: auditLog.id }).from(auditLog)).length;
}
