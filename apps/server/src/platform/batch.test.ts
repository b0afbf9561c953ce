import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { batchedLookup, groupedWork } from './batch';
import type { DbOrTx } from './db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A lookup that records each batch it was asked and answers `key × 10`, nothing for negatives. */
function recordingLookup() {
  const batches: number[][] = [];
  const lookup = batchedLookup(async (_db: DbOrTx, keys: readonly number[]) => {
    batches.push([...keys]);
    return keys.map((k) => (k < 0 ? undefined : k * 10));
  });
  return { batches, lookup };
}

describe('batchedLookup', () => {
  it('answers the keys asked in one round from one lookup, each caller its own value', async () => {
    const { batches, lookup } = recordingLookup();
    const answers = await Promise.all([1, 2, -3, 2].map((k) => lookup(t.app.db, k)));
    expect(answers).toEqual([10, 20, undefined, 20]);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.sort()).toEqual([-3, 1, 2, 2]);
  });

  it('looks up again in the next round: nothing is remembered between rounds', async () => {
    const { batches, lookup } = recordingLookup();
    expect(await lookup(t.app.db, 4)).toBe(40);
    expect(await lookup(t.app.db, 4)).toBe(40);
    expect(batches).toEqual([[4], [4]]);
  });

  it('runs alone inside a transaction, on its connection', async () => {
    const { batches, lookup } = recordingLookup();
    const answers = await t.app.db.transaction(async (tx) => Promise.all([lookup(tx, 5), lookup(tx, 6)]));
    expect(answers).toEqual([50, 60]);
    expect(batches).toEqual([[5], [6]]);
  });

  it('fails every caller of a round whose lookup failed, and the next round looks up afresh', async () => {
    let fail = true;
    const lookup = batchedLookup(async (_db: DbOrTx, keys: readonly number[]) => {
      if (fail) throw new Error('database gone');
      return keys.map((k) => k);
    });
    const round = await Promise.allSettled([lookup(t.app.db, 1), lookup(t.app.db, 2)]);
    expect(round.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await lookup(t.app.db, 3)).toBe(3);
  });

  it('groups the requests of a round into one piece of work, refusing only the callers it answers an Error', async () => {
    const rounds: string[][] = [];
    const work = groupedWork(async (_db, requests: readonly string[]) => {
      rounds.push([...requests]);
      return requests.map((r) => (r.startsWith('bad') ? new Error(`refused ${r}`) : r.toUpperCase()));
    });
    const answers = await Promise.allSettled(['a', 'bad1', 'b'].map((r) => work(t.app.db, r)));
    expect(answers).toEqual([
      { status: 'fulfilled', value: 'A' },
      { status: 'rejected', reason: new Error('refused bad1') },
      { status: 'fulfilled', value: 'B' },
    ]);
    expect(rounds).toEqual([['a', 'bad1', 'b']]);
  });

  it('answers each call of a round as its own member when their tokens are checked together', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => t.register()));
    const answers = await Promise.all(
      members.map((m) => t.callRaw('user/kh/getMyUserInfo', {}, { token: m.vk_uni_token.token })),
    );
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(answers.map((a) => (a as { userInfo?: { _id: string } }).userInfo?._id)).toEqual(members.map((m) => m.uid));
  });
});
