import { type DomainEventName, type DomainEventPayload, domainEvents } from '@studio/contract/domain-events';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Clock } from './clock';
import type { Db } from './db';
import type { AppDeps } from './deps';
import type { Realtime } from './realtime';
import type { Work } from './unit-of-work';

/*
 * The seam for what follows a change (DESIGN.md "Events"; docs/architecture.md "Events"). A service
 * emits a domain event inside its unit of work (`work.emit`); subscribers, registered per module in
 * modules/index.ts, react in one of two ways:
 *
 * - in the transaction: they keep an invariant (packages issued for a paid order, stock back for a
 *   cancelled one). They run at once, inside the emitter's transaction; a failure rolls it all back.
 * - after commit: they tell the world (socket pushes, notices, later e-mail and push). Emitting
 *   writes one row per such subscriber to the outbox (event-outbox.ts) in the same transaction; the
 *   app delivers it right after commit, and any instance's sweeper retries it with backoff until it
 *   is. At least once: a subscriber keys what it writes on `event.id` so that a repeat is harmless.
 */

/** An emitted event as subscribers receive it. */
export interface DomainEvent<N extends DomainEventName = DomainEventName> {
  /** Unique per emission: what after-commit subscribers key their idempotence on. */
  id: string;
  name: N;
  payload: DomainEventPayload<N>;
  /** When it happened (the emitter's clock). */
  at: Date;
}

/** What an after-commit subscriber works with: the app's database and dependencies, outside any transaction. */
export interface SubscriberContext {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  deps: AppDeps;
  config: Config;
  log?: FastifyBaseLogger;
}

export type InTransactionSubscriber<N extends DomainEventName = DomainEventName> = {
  kind: 'inTransaction';
  /** Unique across the app, `<module>.<what it does>`. */
  name: string;
  on: N;
  handle(work: Work, event: DomainEvent<N>): Promise<void>;
};

export type AfterCommitSubscriber<N extends DomainEventName = DomainEventName> = {
  kind: 'afterCommit';
  /** Unique across the app and stable: undelivered outbox rows name it (renaming one strands its rows). */
  name: string;
  on: N;
  handle(ctx: SubscriberContext, event: DomainEvent<N>): Promise<void>;
};

export type Subscriber = {
  [N in DomainEventName]: InTransactionSubscriber<N> | AfterCommitSubscriber<N>;
}[DomainEventName];

/** A subscriber that keeps an invariant, in the emitter's transaction. */
export function inTransaction<N extends DomainEventName>(
  on: N,
  name: string,
  handle: (work: Work, event: DomainEvent<N>) => Promise<void>,
): Subscriber {
  return { kind: 'inTransaction', on, name, handle } as InTransactionSubscriber<N> as Subscriber;
}

/** A subscriber that tells someone, after commit, at least once. */
export function afterCommit<N extends DomainEventName>(
  on: N,
  name: string,
  handle: (ctx: SubscriberContext, event: DomainEvent<N>) => Promise<void>,
): Subscriber {
  return { kind: 'afterCommit', on, name, handle } as AfterCommitSubscriber<N> as Subscriber;
}

/** The subscribers of the app by event, built once from modules/index.ts's list. */
export interface EventRegistry {
  inTransaction(name: DomainEventName): readonly InTransactionSubscriber[];
  afterCommit(name: DomainEventName): readonly AfterCommitSubscriber[];
  /** An after-commit subscriber by its name (the outbox row's), if it still exists. */
  byName(name: string): AfterCommitSubscriber | undefined;
}

export function createEventRegistry(subscribers: readonly Subscriber[]): EventRegistry {
  const inTx = new Map<string, InTransactionSubscriber[]>();
  const after = new Map<string, AfterCommitSubscriber[]>();
  const names = new Map<string, AfterCommitSubscriber>();
  const seen = new Set<string>();
  for (const s of subscribers) {
    if (seen.has(s.name)) throw new Error(`Two event subscribers are named ${s.name}`);
    if (!Object.hasOwn(domainEvents, s.on)) throw new Error(`${s.name} subscribes to an unknown event ${s.on}`);
    seen.add(s.name);
    if (s.kind === 'inTransaction') inTx.set(s.on, [...(inTx.get(s.on) ?? []), s as InTransactionSubscriber]);
    else {
      after.set(s.on, [...(after.get(s.on) ?? []), s as AfterCommitSubscriber]);
      names.set(s.name, s as AfterCommitSubscriber);
    }
  }
  return {
    inTransaction: (name) => inTx.get(name) ?? [],
    afterCommit: (name) => after.get(name) ?? [],
    byName: (name) => names.get(name),
  };
}

let registry: EventRegistry | undefined;

/**
 * Sets the app's subscribers (modules/index.ts does, as it is loaded). Every unit of work in the
 * process reads them: in-transaction subscribers keep invariants, so they must run whoever emits,
 * the seed and scripts included, not only the apps that built an outbox.
 */
export function registerSubscribers(subscribers: readonly Subscriber[]): void {
  registry = createEventRegistry(subscribers);
}

export function eventRegistry(): EventRegistry {
  if (!registry) throw new Error('No event subscribers are registered: import modules/index.ts first');
  return registry;
}

/** For a test that must see what happens with other subscribers: answers a function that puts the app's back. */
export function replaceSubscribersForTest(subscribers: readonly Subscriber[]): () => void {
  const before = registry;
  registry = createEventRegistry(subscribers);
  return () => {
    registry = before;
  };
}
