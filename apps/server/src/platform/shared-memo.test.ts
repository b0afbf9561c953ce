import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisAvailable, TEST_REDIS_URL } from '../testing/redis';
import { uniqueName } from '../testing/test-app';
import { createSharedMemo, SHARED_MEMO_TTL_MS } from './shared-memo';

const logged: unknown[] = [];
const log = {
  warn: (...a: unknown[]) => logged.push(a),
  error: (...a: unknown[]) => logged.push(a),
} as unknown as FastifyBaseLogger;
const at = (ms: number) => new Date(Date.parse('2026-11-27T10:00:00Z') + ms);

/** A loader that counts its reads and answers the current value. */
function source(initial: string) {
  const s = {
    value: initial,
    reads: 0,
    async load() {
      s.reads += 1;
      return { value: s.value };
    },
  };
  return s;
}

describe('the shared memo, one instance', () => {
  it('keeps a value for its TTL, then reads again', async () => {
    const memo = await createSharedMemo({ redis: null, redisPrefix: 'x', log });
    const s = source('a');
    expect(await memo.remember('k', at(0), s.load)).toEqual({ value: 'a' });
    s.value = 'b';
    expect(await memo.remember('k', at(SHARED_MEMO_TTL_MS - 1), s.load)).toEqual({ value: 'a' });
    expect(s.reads).toBe(1);
    expect(await memo.remember('k', at(SHARED_MEMO_TTL_MS), s.load)).toEqual({ value: 'b' });
    expect(s.reads).toBe(2);
    await memo.close();
  });

  it('reads again at once after a forget of its key, and only of its key', async () => {
    const memo = await createSharedMemo({ redis: null, redisPrefix: 'x', log });
    const k = source('a');
    const other = source('o');
    await memo.remember('k', at(0), k.load);
    await memo.remember('other', at(0), other.load);
    k.value = 'b';
    await memo.forget('k');
    expect(await memo.remember('k', at(1), k.load)).toEqual({ value: 'b' });
    expect(await memo.remember('other', at(1), other.load)).toEqual({ value: 'o' });
    expect(other.reads).toBe(1);
    await memo.close();
  });

  it('does not keep a value read while a forget was under way', async () => {
    const memo = await createSharedMemo({ redis: null, redisPrefix: 'x', log });
    let release!: () => void;
    const stale = memo.remember(
      'k',
      at(0),
      () => new Promise<{ value: string }>((r) => (release = () => r({ value: 'old' }))),
    );
    await memo.forget('k');
    release();
    expect(await stale).toEqual({ value: 'old' });
    const s = source('new');
    expect(await memo.remember('k', at(1), s.load)).toEqual({ value: 'new' });
    await memo.close();
  });
});

const redis = await redisAvailable();

describe.runIf(redis)('the shared memo, two instances sharing Redis', () => {
  const connections: Redis[] = [];
  const memos: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const m of memos) await m.close();
    for (const c of connections) c.disconnect();
  });
  async function instance(prefix: string) {
    const connection = new Redis(TEST_REDIS_URL);
    connections.push(connection);
    const memo = await createSharedMemo({ redis: connection, redisPrefix: prefix, log });
    memos.push(memo);
    return memo;
  }

  it('a forget on A is heard by B before it answers; another deployment hears nothing', async () => {
    const prefix = uniqueName('memo');
    const a = await instance(prefix);
    const b = await instance(prefix);
    const elsewhere = await instance(uniqueName('memo'));
    const s = source('a');
    await b.remember('k', at(0), s.load);
    await elsewhere.remember('k', at(0), s.load);
    s.value = 'b';
    await a.forget('k');
    expect(await b.remember('k', at(1), s.load)).toEqual({ value: 'b' });
    expect(await elsewhere.remember('k', at(1), s.load)).toEqual({ value: 'a' });
    expect(logged).toEqual([]);
  });
});
