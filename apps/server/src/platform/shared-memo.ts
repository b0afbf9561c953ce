import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createBroadcast } from './broadcast';
import type { SharedMemo } from './deps';

/** How long a value is kept at most: what a write made outside the app (a database edit) waits for. */
export const SHARED_MEMO_TTL_MS = 3_000;

/** The channel of a deployment (REDIS_PREFIX), like the realtime channel. */
export const sharedMemoChannel = (prefix: string) => `${prefix}:memo-forget`;

/**
 * Values read on nearly every call and written rarely (the studio row), remembered per instance
 * for up to ttl and forgotten on every instance, before the write answers, by the write that
 * changes them (platform/broadcast.ts). A value read while a forget was under way is not kept, so
 * a read that saw the database before the write committed cannot put the old value back.
 */
export async function createSharedMemo(deps: {
  redis: Redis | null;
  redisPrefix: string;
  log: FastifyBaseLogger;
  ttlMs?: number;
}): Promise<SharedMemo & { close(): Promise<void> }> {
  const ttl = deps.ttlMs ?? SHARED_MEMO_TTL_MS;
  const values = new Map<string, { value: object; storedAt: number }>();
  /** Bumped by every forget: a value loaded across one is not kept. */
  let revision = 0;
  const drop = (keys: string[] | 'all') => {
    revision += 1;
    if (keys === 'all') values.clear();
    else for (const key of keys) values.delete(key);
  };
  const broadcast = await createBroadcast<{ keys: string[] }>({
    redis: deps.redis,
    channel: sharedMemoChannel(deps.redisPrefix),
    log: deps.log,
    receive: (message) => drop(Array.isArray(message.keys) ? message.keys : 'all'),
    resync: () => drop('all'),
  });
  return {
    async remember<T extends object>(key: string, now: Date, load: () => Promise<T>): Promise<T> {
      const t = now.getTime();
      const cached = values.get(key);
      if (cached && t >= cached.storedAt && t - cached.storedAt < ttl) return cached.value as T;
      const seen = revision;
      const value = await load();
      if (seen === revision) values.set(key, { value, storedAt: t });
      return value;
    },
    forget: (key) => broadcast.send({ keys: [key] }),
    async close() {
      values.clear();
      await broadcast.close();
    },
  };
}
