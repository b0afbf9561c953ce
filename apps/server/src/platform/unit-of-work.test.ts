import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Tx } from './db';
import { eventOutbox } from './event-outbox-schema';
import { afterCommit as afterCommitSubscriber, replaceSubscribersForTest } from './events';
import { newId } from './ids';
import { afterCommit, MAX_ATTEMPTS, runUnitOfWork } from './unit-of-work';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An error as node-postgres / PGlite raise it for a deadlock. */
const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
/** Records the after-commit subscriber deliveries of `member.registered` while a test runs. */
function recorder() {
  const sent: string[] = [];
  const restore = replaceSubscribersForTest([
    afterCommitSubscriber('member.registered', 'test.record', async (_ctx, e) => {
      sent.push(e.payload.user_id);
    }),
  ]);
  return { sent, restore, events: t.app.deps.events };
}
/** A row written by the work, to see whether it committed (any table does; this one has no foreign keys). */
const writeRow = (tx: Tx, key: string) =>
  tx.insert(eventOutbox).values({
    id: newId(),
    eventId: key,
    subscriber: 'probe',
    name: 'probe',
    payload: {},
    createdAt: new Date(),
    // Never due: a probe the sweeper leaves alone.
    nextAttemptAt: new Date('2100-01-01T00:00:00Z'),
  });
const rowsOf = async (key: string) =>
  (await t.app.db.select().from(eventOutbox).where(eq(eventOutbox.eventId, key))).length;

describe('unit of work', () => {
  it('runs the work again after a deadlock, rolling back the failed attempt and its events', async () => {
    const { sent, restore, events } = recorder();
    const key = newId();
    let attempts = 0;
    try {
      const value = await runUnitOfWork({ db: t.app.db, deps: { events } }, async ({ tx, emit }) => {
        attempts += 1;
        await writeRow(tx, key);
        await emit('member.registered', { user_id: `attempt ${attempts}` }, new Date());
        if (attempts === 1) throw deadlock();
        return 'done';
      });
      expect(value).toBe('done');
    } finally {
      restore();
    }
    expect(attempts).toBe(2);
    // One row only: the first attempt's write was rolled back; only the second attempt's event was delivered.
    expect(await rowsOf(key)).toBe(1);
    expect(sent).toEqual(['attempt 2']);
  });

  it('a serialization failure is retried too, but only MAX_ATTEMPTS times', async () => {
    let attempts = 0;
    const failing = runUnitOfWork({ db: t.app.db }, async () => {
      attempts += 1;
      throw Object.assign(new Error('could not serialize'), { cause: { code: '40001' } });
    });
    await expect(failing).rejects.toThrow('could not serialize');
    expect(attempts).toBe(MAX_ATTEMPTS);
  });

  it('other errors are not retried, roll back, and deliver nothing', async () => {
    const { sent, restore, events } = recorder();
    const key = newId();
    let attempts = 0;
    try {
      const failing = runUnitOfWork({ db: t.app.db, deps: { events } }, async ({ tx, emit }) => {
        attempts += 1;
        await writeRow(tx, key);
        await emit('member.registered', { user_id: 'never' }, new Date());
        throw new Error('refused');
      });
      await expect(failing).rejects.toThrow('refused');
    } finally {
      restore();
    }
    expect(attempts).toBe(1);
    expect(await rowsOf(key)).toBe(0);
    expect(sent).toEqual([]);
  });

  it('delivers after-commit subscribers only after commit, before the unit of work answers', async () => {
    const { sent, restore, events } = recorder();
    const seenInside: number[] = [];
    try {
      await runUnitOfWork({ db: t.app.db, deps: { events } }, async ({ tx, emit }) => {
        await emit('member.registered', { user_id: 'a' }, new Date());
        await emit('member.registered', { user_id: 'b' }, new Date());
        await writeRow(tx, newId());
        seenInside.push(sent.length);
      });
    } finally {
      restore();
    }
    expect(seenInside).toEqual([0]);
    expect(sent).toEqual(['a', 'b']);
  });

  it('runs after-commit hooks once the work committed: once after a retry, never after a rollback', async () => {
    const key = newId();
    const ran: number[] = [];
    let attempt = 0;
    await runUnitOfWork({ db: t.app.db }, async ({ tx }) => {
      attempt += 1;
      await writeRow(tx, key);
      afterCommit(tx, async () => {
        ran.push(await rowsOf(key));
      });
      if (attempt === 1) throw deadlock();
    });
    // Once, for the attempt that committed, and it saw the committed row.
    expect(ran).toEqual([1]);

    const failed = newId();
    await expect(
      runUnitOfWork({ db: t.app.db }, async ({ tx }) => {
        afterCommit(tx, async () => {
          ran.push(-1);
        });
        await writeRow(tx, failed);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toEqual([1]);
  });

  it('runs a hook asked for under a key once per transaction, and again in the next one', async () => {
    const ran: string[] = [];
    const forget = (name: string) => async () => {
      ran.push(name);
    };
    await runUnitOfWork({ db: t.app.db }, async ({ tx }) => {
      afterCommit(tx, forget('balances of u1'), 'forget:u1');
      afterCommit(tx, forget('balances of u1, again'), 'forget:u1');
      afterCommit(tx, forget('balances of u2'), 'forget:u2');
      afterCommit(tx, forget('unkeyed'));
      afterCommit(tx, forget('unkeyed'));
    });
    expect(ran).toEqual(['balances of u1', 'balances of u2', 'unkeyed', 'unkeyed']);
    await runUnitOfWork({ db: t.app.db }, async ({ tx }) => afterCommit(tx, forget('next'), 'forget:u1'));
    expect(ran.at(-1)).toBe('next');
  });

  it('refuses an after-commit hook outside a unit of work', async () => {
    await expect(t.app.db.transaction(async (tx) => afterCommit(tx, async () => undefined))).rejects.toThrow(
      'unit of work',
    );
  });
});
