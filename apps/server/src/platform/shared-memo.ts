import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createBroadcast } from './broadcast';
import type { SharedMemo } from './deps';

/** How long a value is kept at most: what a write made outside the app (a database edit) waits for. */
export const SHARED_MEMO_TTL_MS = 3_000;

/** The channel of a deployment (REDIS_PREFIX), like the realtime channel. */
export const sharedMemoChannel = (prefix: string) => `${prefix}:memo-forget`;

/**
 * Values per key for up to `ttl` of the caller's clock, at most `maxEntries` (the oldest goes first).
 * `drop` forgets keys (or all); a value loaded while a drop happened is returned but not kept, so a
 * read that saw the database before a write committed cannot put the old value back.
 */
export function createMemoStore(ttl: number, maxEntries = 10_000) {
  const values = new Map<string, { value: object; storedAt: number }>();
  let revision = 0;
  return {
    async remember<T extends object>(key: string, now: Date, load: () => Promise<T>): Promise<T> {
      const t = now.getTime();
      const cached = values.get(key);
      if (cached && t >= cached.storedAt && t - cached.storedAt < ttl) return cached.value as T;
      if (cached) values.delete(key);
      const seen = revision;
      const value = await load();
      if (seen === revision) {
        if (values.size >= maxEntries) values.delete(values.keys().next().value!);
        values.set(key, { value, storedAt: t });
      }
      return value;
    },
    drop(keys: Iterable<string> | 'all') {
      revision += 1;
      if (keys === 'all') values.clear();
      else for (const key of keys) values.delete(key);
    },
  };
}

/**
 * Values read on nearly every call and written rarely (the studio row), remembered per instance
 * for up to ttl and forgotten on every instance, before the write answers, by the write that
 * changes them (platform/broadcast.ts), through createMemoStore.
 */
export async function createSharedMemo(deps: {
  redis: Redis | null;
  redisPrefix: string;
  log: FastifyBaseLogger;
  ttlMs?: number;
}): Promise<SharedMemo & { close(): Promise<void> }> {
  const store = createMemoStore(deps.ttlMs ?? SHARED_MEMO_TTL_MS);
  const broadcast = await createBroadcast<{ keys: string[] }>({
    redis: deps.redis,
    channel: sharedMemoChannel(deps.redisPrefix),
    log: deps.log,
    receive: (message) => store.drop(Array.isArray(message.keys) ? message.keys : 'all'),
    resync: () => store.drop('all'),
  });
  return {
    remember: store.remember,
    forget: (key) => broadcast.send({ keys: [key] }),
    async close() {
      store.drop('all');
      await broadcast.close();
    },
  };
}
