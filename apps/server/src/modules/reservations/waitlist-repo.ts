import type { WaitlistStatus } from '@studio/contract/flow';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, instant as iso, preparedQuery, type Tx } from '../../platform/db';
import { offsetOf } from '../../platform/paging';
import * as schedule from '../schedule';
import { waitlistEntries } from './schema';

/** The waitlist's queries: entries, their place in the queue, a member's list. */

export type WaitlistRow = typeof waitlistEntries.$inferSelect;

/** 1-based place among those still waiting for the same session (computed, so it closes up). */
const positionColumn = sql<number>`(select count(*)::int from ${waitlistEntries} w2 where w2.session_id = ${waitlistEntries.sessionId} and w2.status = 'waiting' and w2.seq <= ${waitlistEntries.seq})`;

export type WaitlistViewRow = WaitlistRow & { position: number; startsAt: Date };

const waitlistViewOf = (session: schedule.SessionRef) => ({
  id: waitlistEntries.id,
  seq: waitlistEntries.seq,
  sessionId: waitlistEntries.sessionId,
  userId: waitlistEntries.userId,
  status: waitlistEntries.status,
  packageId: waitlistEntries.packageId,
  reservationId: waitlistEntries.reservationId,
  cancelReason: waitlistEntries.cancelReason,
  skippedAt: waitlistEntries.skippedAt,
  createdAt: waitlistEntries.createdAt,
  updatedAt: waitlistEntries.updatedAt,
  position: positionColumn,
  startsAt: session.startsAt,
});

export async function waitlistViews(db: DbOrTx, where: SQL | undefined): Promise<WaitlistViewRow[]> {
  const session = schedule.sessionTimes(db);
  return db
    .select(waitlistViewOf(session))
    .from(waitlistEntries)
    .innerJoin(session, eq(session.id, waitlistEntries.sessionId))
    .where(where)
    .orderBy(asc(waitlistEntries.seq));
}

export const entryIs = (id: string) => eq(waitlistEntries.id, id);

export async function lockEntry(tx: Tx, id: string): Promise<WaitlistRow | undefined> {
  const [row] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).limit(1).for('update');
  return row;
}

export async function findEntry(db: DbOrTx, id: string): Promise<WaitlistRow | undefined> {
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).limit(1);
  return row;
}

export async function findWaitingEntry(
  db: DbOrTx,
  sessionId: string,
  userId: string,
): Promise<WaitlistRow | undefined> {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.sessionId, sessionId),
        eq(waitlistEntries.userId, userId),
        eq(waitlistEntries.status, 'waiting'),
      ),
    )
    .limit(1);
  return row;
}

/** Everyone still waiting for a session, first come first. */
export function waitingOfSession(tx: Tx, sessionId: string): Promise<WaitlistRow[]> {
  return tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.sessionId, sessionId), eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(waitlistEntries.seq));
}

/** Inserts unless the member already waits for the session (answers undefined then). */
export async function insertEntry(
  tx: Tx,
  values: typeof waitlistEntries.$inferInsert,
): Promise<WaitlistRow | undefined> {
  const [row] = await tx.insert(waitlistEntries).values(values).onConflictDoNothing().returning();
  return row;
}

/** Completes the member's waiting entry for the session, if there is one, with the seat they got. */
const completeWaitingStatement = preparedQuery('complete_waiting_entry', (db) =>
  db
    .update(waitlistEntries)
    .set({
      status: 'completed',
      reservationId: sql`${sql.placeholder('reservation')}`,
      updatedAt: iso(sql.placeholder('now')),
    })
    .where(
      and(
        eq(waitlistEntries.sessionId, sql.placeholder('session')),
        eq(waitlistEntries.userId, sql.placeholder('user')),
        eq(waitlistEntries.status, 'waiting'),
      ),
    ),
);

export async function completeWaitingEntry(
  tx: Tx,
  sessionId: string,
  userId: string,
  reservationId: string,
  now: Date,
): Promise<void> {
  await completeWaitingStatement(tx, {
    session: sessionId,
    user: userId,
    reservation: reservationId,
    now: now.toISOString(),
  });
}

export async function updateEntry(
  tx: Tx,
  id: string,
  changes: Partial<typeof waitlistEntries.$inferInsert>,
): Promise<WaitlistRow> {
  const [row] = await tx.update(waitlistEntries).set(changes).where(eq(waitlistEntries.id, id)).returning();
  return row!;
}

function effectiveWaitlistStatusSql(s: schedule.SessionRef, now: Date) {
  return sql<WaitlistStatus>`case when ${waitlistEntries.status} = 'waiting' and ${s.startsAt} <= ${iso(now)} then 'cancelled' else ${waitlistEntries.status} end`;
}

export async function entriesOfUser(
  db: DbOrTx,
  userId: string,
  filter: { status?: WaitlistStatus; now: Date },
  page: { pageIndex: number; pageSize: number },
) {
  const session = schedule.sessionTimes(db);
  const where = and(
    eq(waitlistEntries.userId, userId),
    filter.status ? sql`${effectiveWaitlistStatusSql(session, filter.now)} = ${filter.status}` : undefined,
  );
  const rows = await db
    .select(waitlistViewOf(session))
    .from(waitlistEntries)
    .innerJoin(session, eq(session.id, waitlistEntries.sessionId))
    .where(where)
    .orderBy(desc(waitlistEntries.createdAt), desc(waitlistEntries.seq))
    .limit(page.pageSize)
    .offset(offsetOf(page));
  const [total] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .innerJoin(session, eq(session.id, waitlistEntries.sessionId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
