import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BusMessage } from './bus';
import { type Clock, DAY, MINUTE } from './clock';
import { type Db, instant, type Tx } from './db';
import { pushOutbox } from './push-outbox-schema';
import type { RealtimeEvent } from './realtime';
import type { Sweep } from './sweeper';

/** A fresh row is left to the immediate delivery after commit for this long before the sweeper may take it. */
export const FIRST_SWEEP_AFTER_MS = 30_000;
/** Retries back off 30 s, 1 min, 2 min... up to 15 min between attempts; they never stop. */
const MAX_BACKOFF_MS = 15 * MINUTE;
const SWEEP_BATCH = 100;

export type PushOutboxRow = typeof pushOutbox.$inferSelect;

/**
 * Transactional outbox for realtime pushes: `write` in the change's transaction (the unit of work's
 * `pushDurable`), `deliverNow` once it has committed, and the sweep delivers whatever is still
 * undelivered, claiming rows with FOR UPDATE SKIP LOCKED so that instances never deliver one row at
 * the same time. At least once: a row is marked delivered only after the bus took it.
 */
export interface PushOutbox {
  write(tx: Tx, push: { userId: string | null; event: RealtimeEvent & { id: string }; now: Date }): Promise<void>;
  deliverNow(ids: string[]): Promise<void>;
  /** The sweeper's entries (platform/sweeper.ts): deliver due rows, drop old delivered ones. */
  sweeps: Sweep[];
}

export interface PushOutboxDeps {
  db: Db;
  clock: Clock;
  /** Publishes on the bus and throws when it could not (unlike ctx.realtime, which only logs). */
  publish(message: BusMessage): Promise<void>;
  log?: FastifyBaseLogger;
}

const messageOf = (row: PushOutboxRow): BusMessage => ({
  ...(row.userId && { userId: row.userId }),
  // Written by pushDurable from a typed event, so the stored pair is one of the contract's events.
  event: { type: row.type, id: row.id, ...(row.data !== null && { data: row.data }) } as RealtimeEvent,
});

const backoff = (attempts: number) => Math.min(MAX_BACKOFF_MS, FIRST_SWEEP_AFTER_MS * 2 ** Math.max(0, attempts - 1));

export function createPushOutbox(deps: PushOutboxDeps): PushOutbox {
  /** Publishes one row; answers the error instead of throwing it. */
  const publish = async (row: PushOutboxRow): Promise<unknown> => {
    try {
      await deps.publish(messageOf(row));
      return null;
    } catch (err) {
      deps.log?.warn({ err, id: row.id, type: row.type }, 'outbox push failed; the sweeper retries it');
      return err ?? new Error('publish failed');
    }
  };

  async function deliverRows(db: Db | Tx, rows: PushOutboxRow[], now: Date): Promise<number> {
    const delivered: string[] = [];
    for (const row of rows) {
      const err = await publish(row);
      if (!err) {
        delivered.push(row.id);
        continue;
      }
      const attempts = row.attempts + 1;
      await db
        .update(pushOutbox)
        .set({
          attempts,
          nextAttemptAt: new Date(now.getTime() + backoff(attempts)),
          lastError: String(err instanceof Error ? err.message : err).slice(0, 500),
        })
        .where(eq(pushOutbox.id, row.id));
    }
    if (delivered.length > 0) {
      await db.update(pushOutbox).set({ deliveredAt: now }).where(inArray(pushOutbox.id, delivered));
    }
    return delivered.length;
  }

  return {
    async write(tx, { userId, event, now }) {
      await tx.insert(pushOutbox).values({
        id: event.id,
        userId,
        type: event.type,
        data: event.data ?? null,
        createdAt: now,
        nextAttemptAt: new Date(now.getTime() + FIRST_SWEEP_AFTER_MS),
      });
    },

    async deliverNow(ids) {
      try {
        const rows = await deps.db
          .select()
          .from(pushOutbox)
          .where(and(inArray(pushOutbox.id, ids), isNull(pushOutbox.deliveredAt)));
        await deliverRows(deps.db, rows, deps.clock.now());
      } catch (err) {
        // Committed and in the outbox: the sweeper delivers it.
        deps.log?.warn({ err }, 'outbox immediate delivery failed');
      }
    },

    sweeps: [
      {
        name: 'outbox.deliver',
        run: async (db, now) => {
          let total = 0;
          for (;;) {
            const { n, claimed } = await db.transaction(async (tx) => {
              const rows = await tx
                .select()
                .from(pushOutbox)
                .where(and(isNull(pushOutbox.deliveredAt), lte(pushOutbox.nextAttemptAt, now)))
                .orderBy(asc(pushOutbox.nextAttemptAt), asc(pushOutbox.createdAt))
                .limit(SWEEP_BATCH)
                .for('update', { skipLocked: true });
              return { n: await deliverRows(tx, rows, now), claimed: rows.length };
            });
            total += n;
            if (claimed < SWEEP_BATCH) return total;
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
    .delete(pushOutbox)
    .where(sql`${pushOutbox.deliveredAt} < ${instant(new Date(now.getTime() - OUTBOX_KEEP_MS))}`)
    .returning({ id: pushOutbox.id });
  return rows.length;
}
