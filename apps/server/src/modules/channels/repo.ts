import type { DeliveryChannel, DeliveryState, PreferenceCategory } from '@studio/contract/channels';
import { and, count, desc, eq, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, instant } from '../../platform/db';
import { offsetOf, type Page } from '../../platform/paging';
import { memberNames } from '../account';
import { noticeDeliveries, noticePreferences, pushSubscriptions } from './schema';

export type DeliveryRow = typeof noticeDeliveries.$inferSelect;
export type NewDelivery = typeof noticeDeliveries.$inferInsert;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PreferenceRow = typeof noticePreferences.$inferSelect;

// Preferences -------------------------------------------------------------------------------------

/** The switches members set (absent ones are the defaults), of one category or all. */
export async function preferencesOf(
  db: DbOrTx,
  userIds: readonly string[],
  category?: PreferenceCategory,
): Promise<PreferenceRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(noticePreferences)
    .where(
      and(
        inArray(noticePreferences.userId, [...userIds]),
        category ? eq(noticePreferences.category, category) : undefined,
      ),
    );
}

export async function savePreferences(
  db: DbOrTx,
  rows: { userId: string; category: PreferenceCategory; channel: DeliveryChannel; enabled: boolean }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(noticePreferences)
    .values(rows.map((r) => ({ ...r, updatedAt: now })))
    .onConflictDoUpdate({
      target: [noticePreferences.userId, noticePreferences.category, noticePreferences.channel],
      set: { enabled: sql`excluded.enabled`, updatedAt: now },
    });
}

// Push subscriptions ------------------------------------------------------------------------------

/** A device's subscription: a new endpoint is added, a known one takes the new keys and owner. */
export async function upsertSubscription(db: DbOrTx, row: typeof pushSubscriptions.$inferInsert): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, userAgent: row.userAgent ?? '' },
    });
}

export async function deleteSubscriptionOf(db: DbOrTx, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function deleteSubscription(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function subscriptionsOf(db: DbOrTx, userIds: readonly string[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
}

export async function subscriptionsById(db: DbOrTx, ids: readonly string[]): Promise<Map<string, PushSubscriptionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function touchSubscription(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastUsedAt: now }).where(eq(pushSubscriptions.id, id));
}

// Deliveries --------------------------------------------------------------------------------------

/** Writes the deliveries not written before (the idempotency key); answers the ids of those written now. */
export async function insertDeliveries(db: DbOrTx, rows: NewDelivery[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const written = await db
    .insert(noticeDeliveries)
    .values(rows)
    .onConflictDoNothing({
      target: [noticeDeliveries.sourceId, noticeDeliveries.userId, noticeDeliveries.channel, noticeDeliveries.target],
    })
    .returning({ id: noticeDeliveries.id });
  return written.map((r) => r.id);
}

/**
 * Claims due deliveries for one try, in one statement: pending rows whose time came, and tries
 * whose lease lapsed (a crash mid-try: state sending, `next_at` = its lease's end). The rows are
 * chosen FOR UPDATE SKIP LOCKED and re-checked by the UPDATE, so two instances never claim one row;
 * each claimed row is `sending` with one more try, leased until `leaseEnd`.
 */
export async function claimDue(
  db: DbOrTx,
  now: Date,
  leaseEnd: Date,
  limit: number,
  ids?: readonly string[],
): Promise<DeliveryRow[]> {
  const due = and(
    inArray(noticeDeliveries.state, ['pending', 'sending']),
    lte(noticeDeliveries.nextAt, now),
    ids ? inArray(noticeDeliveries.id, [...ids]) : undefined,
  );
  const chosen = db
    .select({ id: noticeDeliveries.id })
    .from(noticeDeliveries)
    .where(due)
    .orderBy(noticeDeliveries.nextAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(noticeDeliveries)
    .set({
      state: 'sending',
      tries: sql`${noticeDeliveries.tries} + 1`,
      nextAt: leaseEnd,
      claimedUntil: leaseEnd,
      updatedAt: now,
    })
    .where(and(inArray(noticeDeliveries.id, chosen), due))
    .returning();
}

/** What one try came to: sent, to be tried again at `nextAt`, or given up. */
export type TryOutcome =
  | { state: 'sent' }
  | { state: 'pending'; nextAt: Date; error: string }
  | { state: 'failed'; error: string };

/** Records a try of a row this instance claimed (and still holds: same try, still sending). */
export async function recordTry(db: DbOrTx, row: DeliveryRow, outcome: TryOutcome, now: Date): Promise<void> {
  await db
    .update(noticeDeliveries)
    .set({
      state: outcome.state,
      nextAt: outcome.state === 'pending' ? outcome.nextAt : null,
      claimedUntil: null,
      lastError: outcome.state === 'sent' ? null : outcome.error.slice(0, 500),
      ...(outcome.state === 'sent' && { sentAt: now }),
      updatedAt: now,
    })
    .where(
      and(
        eq(noticeDeliveries.id, row.id),
        eq(noticeDeliveries.state, 'sending'),
        eq(noticeDeliveries.tries, row.tries),
      ),
    );
}

export async function findDelivery(db: DbOrTx, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(noticeDeliveries).where(eq(noticeDeliveries.id, id)).limit(1);
  return row;
}

/**
 * Staff's "send again": fresh tries, due now. A row a try holds right now (sending, its lease
 * running) is left to that try, so it is not sent twice: answers undefined then.
 */
export async function resetForResend(db: DbOrTx, id: string, now: Date): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(noticeDeliveries)
    .set({ state: 'pending', tries: 0, nextAt: now, claimedUntil: null, lastError: null, updatedAt: now })
    .where(
      and(
        eq(noticeDeliveries.id, id),
        sql`not (${noticeDeliveries.state} = 'sending' and ${noticeDeliveries.claimedUntil} > ${instant(now)})`,
      ),
    )
    .returning();
  return row;
}

export interface DeliveryFilter {
  id?: string;
  sourceId?: string;
  userId?: string;
  channel?: DeliveryChannel;
  state?: DeliveryState;
}

export type ListedDelivery = DeliveryRow & { userName: string; endpoint: string | null };

/** The delivery log, newest first, with the member's name (account's face) and a push target's endpoint. */
export async function listDeliveries(
  db: DbOrTx,
  filter: DeliveryFilter,
  page: Page,
): Promise<{ rows: ListedDelivery[]; total: number }> {
  const d = noticeDeliveries;
  const conditions: SQL[] = [];
  if (filter.id) conditions.push(eq(d.id, filter.id));
  if (filter.sourceId) conditions.push(eq(d.sourceId, filter.sourceId));
  if (filter.userId) conditions.push(eq(d.userId, filter.userId));
  if (filter.channel) conditions.push(eq(d.channel, filter.channel));
  if (filter.state) conditions.push(eq(d.state, filter.state));
  const where = conditions.length ? and(...conditions) : undefined;
  const names = memberNames(db);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        row: d,
        userName: sql<string>`coalesce(nullif(${names.nickname}, ''), ${names.username}, '')`,
        endpoint: pushSubscriptions.endpoint,
      })
      .from(d)
      .leftJoin(names, eq(names.id, d.userId))
      .leftJoin(pushSubscriptions, and(eq(d.channel, 'push'), eq(pushSubscriptions.id, d.target)))
      .where(where)
      .orderBy(desc(d.createdAt), desc(d.id))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(d).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.row, userName: r.userName, endpoint: r.endpoint })),
    total: total?.n ?? 0,
  };
}

/** Done deliveries (sent or failed) written before `before`: dropped from the log. */
export async function pruneDone(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(noticeDeliveries)
    .where(and(inArray(noticeDeliveries.state, ['sent', 'failed']), lt(noticeDeliveries.createdAt, before)))
    .returning({ id: noticeDeliveries.id });
  return rows.length;
}
