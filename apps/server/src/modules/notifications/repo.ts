import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { offsetOf } from '../../platform/paging';
import { memberNotifications } from './schema';

export type NotificationRow = typeof memberNotifications.$inferSelect;

export async function insertNotifications(
  db: DbOrTx,
  values: (typeof memberNotifications.$inferInsert)[],
): Promise<void> {
  if (values.length) await db.insert(memberNotifications).values(values);
}

/** Inserts notices, skipping any whose (source, member) is already stored; answers the ids inserted. */
export async function insertNotificationsOnce(
  db: DbOrTx,
  values: (typeof memberNotifications.$inferInsert)[],
): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(memberNotifications)
    .values(values)
    .onConflictDoNothing({ target: [memberNotifications.sourceId, memberNotifications.userId] })
    .returning({ id: memberNotifications.id });
  return rows.map((r) => r.id);
}

export async function listOfUser(db: DbOrTx, userId: string, page: { pageIndex: number; pageSize: number }) {
  const rows = await db
    .select()
    .from(memberNotifications)
    .where(eq(memberNotifications.userId, userId))
    .orderBy(desc(memberNotifications.createdAt), desc(memberNotifications.id))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  const [total] = await db
    .select({ n: count() })
    .from(memberNotifications)
    .where(eq(memberNotifications.userId, userId));
  const [unread] = await db
    .select({ n: count() })
    .from(memberNotifications)
    .where(and(eq(memberNotifications.userId, userId), isNull(memberNotifications.readAt)));
  return { rows, total: total?.n ?? 0, unread: unread?.n ?? 0 };
}

/** Marks one of the member's notices read; answers whether it exists. */
export async function markRead(db: DbOrTx, userId: string, id: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: memberNotifications.id, readAt: memberNotifications.readAt })
    .from(memberNotifications)
    .where(and(eq(memberNotifications.id, id), eq(memberNotifications.userId, userId)))
    .limit(1);
  if (!row) return false;
  if (!row.readAt) {
    await db.update(memberNotifications).set({ readAt: now }).where(eq(memberNotifications.id, id));
  }
  return true;
}
