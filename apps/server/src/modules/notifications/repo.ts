import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { memberNotifications } from './schema';

export type NotificationRow = typeof memberNotifications.$inferSelect;

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

/** A notice by id, whoever's it is (the channels render it for its member). */
export async function findNotice(db: DbOrTx, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(memberNotifications).where(eq(memberNotifications.id, id)).limit(1);
  return row;
}

/** One of the member's notices. */
export async function findOfUser(db: DbOrTx, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(memberNotifications)
    .where(and(eq(memberNotifications.id, id), eq(memberNotifications.userId, userId)))
    .limit(1);
  return row;
}

/** Marks one of the member's notices read; answers whether it was unread (false: read before, or not theirs). */
export async function markRead(db: DbOrTx, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(memberNotifications)
    .set({ readAt: now })
    .where(
      and(eq(memberNotifications.id, id), eq(memberNotifications.userId, userId), isNull(memberNotifications.readAt)),
    )
    .returning({ id: memberNotifications.id });
  return rows.length > 0;
}

/** Marks every unread notice of the member read. */
export async function markAllRead(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(memberNotifications)
    .set({ readAt: now })
    .where(and(eq(memberNotifications.userId, userId), isNull(memberNotifications.readAt)));
}
