import type { DomainEventName, DomainEventPayload } from '@studio/contract/domain-events';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from './db';
import type { SharedMemo } from './deps';
import { type EventOutbox, writeOutbox } from './event-outbox';
import { type DomainEvent, eventRegistry } from './events';
import { newId } from './ids';
import type { Realtime } from './realtime';

/*
 * The global lock order (DESIGN.md "Transactions and module boundaries"). Every transaction that
 * takes more than one row lock takes them in this order, so that two flows never wait on each
 * other in a circle:
 *
 *   0. a payment row (payments: a confirmation settling it), then the order it pays (orders: every
 *      status change locks the order row first)
 *   1. the session (schedule: `lockSession`, `takeSeat`), or SKUs, by id (catalog:
 *      `holdStock` and `returnStock` sort an order's lines by SKU id)
 *   2. rows owned by that session: its reservations and waitlist entries (reservations module)
 *   3. coupons
 *   4. member packages (credits), in package-id order (`takeCreditForSession`, `returnCredit`;
 *      a session's reservations are read in package-id order before their credits go back)
 *   5. the wallet account
 *   6. the points account
 *   7. the member's row and then their tokens (account: logins and renewals), never under a seat lock
 *   8. a member's checkouts (orders: `lockMemberCheckouts`, an advisory lock createOrder takes last,
 *      after its order row holds a key-share lock on the member's row through its foreign key, to
 *      count the member's unpaid orders)
 *
 * A flow that needs a later lock never goes back for an earlier one. When two flows still meet in
 * a cycle (A's cancel promotes B while B's cancel promotes A, both through packages), PostgreSQL
 * aborts one with a deadlock (40P01) and `runUnitOfWork` runs it again.
 */

/** PostgreSQL codes whose transaction can simply be run again: deadlock, serialization failure. */
const RETRYABLE_PG_CODES = new Set(['40P01', '40001']);
export const MAX_ATTEMPTS = 5;

/** The SQLSTATE of a database error, wherever drizzle wrapped it (`cause` chain). */
export function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return undefined;
}

export function isRetryable(error: unknown): boolean {
  return RETRYABLE_PG_CODES.has(pgCode(error) ?? '');
}

/** What a unit of work needs: every CallContext is one. */
export interface UnitOfWorkDeps {
  db: Db;
  realtime?: Realtime;
  /**
   * The app's event outbox, which delivers after-commit subscribers right after commit (without one,
   * as in the seed before the app serves, the rows wait for a sweeper), and what its instances
   * remember (forgotten after commit by `afterCommit` hooks).
   */
  deps?: { events?: EventOutbox; memo?: SharedMemo };
  log?: FastifyBaseLogger;
}

/** Work a change asks for once its transaction has committed: what instances remember of it, forgotten. */
export type CommitHook = (unit: UnitOfWorkDeps) => Promise<void>;

/** The hooks of each transaction runUnitOfWork has open, and the keys of those asked for once. */
interface CommitHooks {
  list: CommitHook[];
  keys: Set<string>;
}
const commitHooks = new WeakMap<Tx, CommitHooks>();

/**
 * Runs `hook` once the transaction of `tx` has committed, before the unit of work answers; not at all
 * if it rolls back (or is run again). For code deep inside a transaction that holds only `tx` (the
 * wallet's ledger). Every transaction is a unit of work's; another is a programming error.
 */
export function afterCommit(tx: Tx, hook: CommitHook, once?: string): void {
  const hooks = commitHooks.get(tx);
  if (!hooks) throw new Error('afterCommit needs the transaction of a unit of work');
  // A hook under a key runs once per transaction however often it is asked for (forgetting a
  // member's balances after each of the ledger entries of one payment: one broadcast, not one each).
  if (once !== undefined) {
    if (hooks.keys.has(once)) return;
    hooks.keys.add(once);
  }
  hooks.list.push(hook);
}

/** The transaction of a unit of work, and how it says what happened. */
export interface Work {
  tx: Tx;
  /**
   * Says that `name` happened (contract domain-events.ts): its in-transaction subscribers run now,
   * in this transaction; its after-commit subscribers are written to the outbox and run once the
   * transaction commits (none if it rolls back), at least once.
   */
  emit<N extends DomainEventName>(name: N, payload: DomainEventPayload<N>, at: Date): Promise<void>;
}

/**
 * Runs `work` in one transaction and hands its pushes on only after commit. A deadlock or
 * serialization failure rolls everything back (pushes included) and runs `work` again, up to
 * MAX_ATTEMPTS times; any other error is thrown as is. Services open their transactions here;
 * handlers (calls.ts) never do.
 */
export async function runUnitOfWork<T>(deps: UnitOfWorkDeps, work: (w: Work) => Promise<T>): Promise<T> {
  const subscribers = eventRegistry();
  for (let attempt = 1; ; attempt++) {
    const outboxIds: string[] = [];
    const hooks: CommitHooks = { list: [], keys: new Set() };
    let value: T;
    try {
      value = await deps.db.transaction((tx) => {
        commitHooks.set(tx, hooks);
        const unit: Work = {
          tx,
          emit: async (name, payload, at) => {
            const event = { id: newId(), name, payload, at } as DomainEvent;
            for (const s of subscribers.inTransaction(name)) await s.handle(unit, event as never);
            const after = subscribers.afterCommit(name).map((s) => s.name);
            outboxIds.push(...(await writeOutbox(tx, event, after)));
          },
        };
        return work(unit);
      });
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      deps.log?.info({ attempt, code: pgCode(error) }, 'transaction retried');
      continue;
    }
    for (const hook of hooks.list) {
      await hook(deps).catch((err: unknown) => deps.log?.error({ err }, 'after-commit work failed'));
    }
    // Right away if it can; what fails or has no outbox here is left to the sweeper, which retries until delivered.
    if (outboxIds.length > 0) await deps.deps?.events?.deliverNow(outboxIds);
    return value;
  }
}

/**
 * For a service that may also run inside a caller's unit of work (the seed, another service):
 * given a transaction it joins it (the caller owns commit and retry); given the database it opens
 * its own unit of work.
 */
export function inTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return work(db as Tx);
  return runUnitOfWork({ db: db as Db }, ({ tx }) => work(tx));
}
