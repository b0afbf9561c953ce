import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db';
import { calendarFeeds } from './schema';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

export async function findLiveFeedOfUser(db: DbOrTx, userId: string): Promise<CalendarFeedRow | undefined> {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .limit(1);
  return row;
}

export async function findLiveFeedBySecret(db: DbOrTx, secret: string): Promise<CalendarFeedRow | undefined> {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.secret, secret), isNull(calendarFeeds.revokedAt)))
    .limit(1);
  return row;
}

/** Inserts a live feed unless the member already has one (a concurrent first call): answers the row or undefined. */
export async function insertFeed(
  db: DbOrTx,
  values: typeof calendarFeeds.$inferInsert,
): Promise<CalendarFeedRow | undefined> {
  const [row] = await db.insert(calendarFeeds).values(values).onConflictDoNothing().returning();
  return row;
}

export async function revokeLiveFeeds(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .update(calendarFeeds)
    .set({ revokedAt: now })
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)));
}

/** Holds the member's feeds until the transaction ends, so that resets of one member run one at a time. */
export async function lockFeedsOfUser(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`calendar_feeds:${userId}`}))`);
}
