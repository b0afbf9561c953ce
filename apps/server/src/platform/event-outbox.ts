import type { DomainEventName } from '@studio/contract/domain-events';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, DAY, MINUTE } from './clock';
import { type Db, instant, type Tx } from './db';
import { eventOutbox } from './event-outbox-schema';
import { type DomainEvent, eventRegistry, type SubscriberContext } from './events';
import type { Sweep } from './sweeper';

/** A fresh row is left to the immediate delivery after commit for this long before the sweeper may take it. */
export const FIRST_SWEEP_AFTER_MS = 30_000;
/** Retries back off 30 s, 1 min, 2 min... up to 15 min between attempts; they never stop. */
const MAX_BACKOFF_MS = 15 * MINUTE;
const SWEEP_BATCH = 100;
/** How long a sweeper's claim keeps other instances off the rows it is delivering. */
export const CLAIM_MS = 5 * MINUTE;

export type EventOutboxRow = typeof eventOutbox.$inferSelect;

/**
 * The transactional outbox of after-commit subscribers: `write` in the emitter's transaction (the
 * unit of work's `emit`), `deliverNow` once it has committed, and the sweep delivers whatever is
 * still undelivered, claiming rows with FOR UPDATE SKIP LOCKED so that instances never deliver one
 * row at the same time. At least once: a row is marked delivered only after its subscriber returned.
 */
export interface EventOutbox {
  deliverNow(ids: string[]): Promise<void>;
  /** The sweeper's entries (platform/sweeper.ts): deliver due rows, drop old delivered ones. */
  sweeps: Sweep[];
}

/** Writes the after-commit rows of one event in the emitter's transaction; answers their ids. */
export async function writeOutbox(tx: Tx, event: DomainEvent, subscribers: readonly string[]): Promise<string[]> {
  if (subscribers.length === 0) return [];
  const rows = subscribers.map((subscriber) => ({
    id: `${event.id}:${subscriber}`,
    eventId: event.id,
    subscriber,
    name: event.name,
    payload: event.payload,
    createdAt: event.at,
    nextAttemptAt: new Date(event.at.getTime() + FIRST_SWEEP_AFTER_MS),
  }));
  await tx.insert(eventOutbox).values(rows);
  return rows.map((r) => r.id);
}

export interface EventOutboxDeps {
  db: Db;
  clock: Clock;
  /** What subscribers get: built by the app, read at delivery (so a test's spy on realtime sees it). */
  context(): SubscriberContext;
  log?: FastifyBaseLogger;
}

const backoff = (attempts: number) => Math.min(MAX_BACKOFF_MS, FIRST_SWEEP_AFTER_MS * 2 ** Math.max(0, attempts - 1));

export function createEventOutbox(deps: EventOutboxDeps): EventOutbox {
  /** Runs one row's subscriber; answers the error instead of throwing it. */
  const run = async (row: EventOutboxRow): Promise<unknown> => {
    const subscriber = eventRegistry().byName(row.subscriber);
    if (!subscriber) {
      // Renamed or removed since the row was written: nothing can deliver it; kept for inspection.
      deps.log?.error({ id: row.id, subscriber: row.subscriber }, 'outbox row for an unknown subscriber');
      return null;
    }
    try {
      const event: DomainEvent = {
        id: row.eventId,
        name: row.name as DomainEventName,
        payload: row.payload as DomainEvent['payload'],
        at: row.createdAt,
      };
      await subscriber.handle(deps.context(), event as never);
      return null;
    } catch (err) {
      deps.log?.warn({ err, id: row.id }, 'after-commit subscriber failed; the sweeper retries it');
      return err ?? new Error('subscriber failed');
    }
  };

  async function deliverRows(rows: EventOutboxRow[], now: Date): Promise<number> {
    const delivered: string[] = [];
    for (const row of rows) {
      const err = await run(row);
      if (!err) {
        delivered.push(row.id);
        continue;
      }
      const attempts = row.attempts + 1;
      await deps.db
        .update(eventOutbox)
        .set({
          attempts,
          nextAttemptAt: new Date(now.getTime() + backoff(attempts)),
          lastError: String(err instanceof Error ? err.message : err).slice(0, 500),
        })
        .where(eq(eventOutbox.id, row.id));
    }
    if (delivered.length > 0) {
      await deps.db.update(eventOutbox).set({ deliveredAt: now }).where(inArray(eventOutbox.id, delivered));
    }
    return delivered.length;
  }

  /**
   * Claims due rows for this instance: in one short transaction, rows no other instance holds (SKIP
   * LOCKED) are pushed CLAIM_MS into the future, so no sweeper takes them while they are delivered,
   * outside any transaction (subscribers open their own). A crash mid-delivery leaves them due again
   * once the claim lapses: at least once.
   */
  async function claimDue(now: Date): Promise<EventOutboxRow[]> {
    return deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: eventOutbox.id })
        .from(eventOutbox)
        .where(and(isNull(eventOutbox.deliveredAt), lte(eventOutbox.nextAttemptAt, now)))
        .orderBy(asc(eventOutbox.nextAttemptAt), asc(eventOutbox.createdAt))
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const rows = await tx
        .update(eventOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
        .where(
          inArray(
            eventOutbox.id,
            due.map((r) => r.id),
          ),
        )
        .returning();
      return rows.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id.localeCompare(y.id));
    });
  }

  return {
    async deliverNow(ids) {
      if (ids.length === 0) return;
      try {
        // Fresh rows are not due for FIRST_SWEEP_AFTER_MS: no sweeper takes them meanwhile.
        const found = await deps.db
          .select()
          .from(eventOutbox)
          .where(and(inArray(eventOutbox.id, ids), isNull(eventOutbox.deliveredAt)));
        // In the order they were emitted (two events of one unit of work may share an instant).
        const position = new Map(ids.map((id, i) => [id, i]));
        const rows = found.sort((x, y) => position.get(x.id)! - position.get(y.id)!);
        await deliverRows(rows, deps.clock.now());
      } catch (err) {
        // Committed and in the outbox: the sweeper delivers it.
        deps.log?.warn({ err }, 'outbox immediate delivery failed');
      }
    },

    sweeps: [
      {
        name: 'outbox.deliver',
        run: async (_db, now) => {
          let total = 0;
          for (;;) {
            const rows = await claimDue(now);
            total += await deliverRows(rows, now);
            if (rows.length < SWEEP_BATCH) return total;
          }
        },
      },
      { name: 'outbox.prune', run: pruneDelivered },
    ],
  };
}

/** Delivered rows are kept a week for inspection, then dropped by the same sweep round. */
export const OUTBOX_KEEP_MS = 7 * DAY;
export async function pruneDelivered(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(eventOutbox)
    .where(sql`${eventOutbox.deliveredAt} < ${instant(new Date(now.getTime() - OUTBOX_KEEP_MS))}`)
    .returning({ id: eventOutbox.id });
  return rows.length;
}
