import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testEvent } from '../testing/events';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Tx } from './db';
import { newId } from './ids';
import { pushOutbox } from './push-outbox-schema';
import type { Realtime } from './realtime';
import { afterCommit, MAX_ATTEMPTS, runUnitOfWork } from './unit-of-work';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An error as node-postgres / PGlite raise it for a deadlock. */
const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
const recorder = () => {
  const sent: unknown[][] = [];
  const realtime: Realtime = {
    notifyUser: async (...args) => {
      sent.push(args);
    },
    broadcast: async (...args) => {
      sent.push([null, ...args]);
    },
  };
  return { sent, realtime };
};
/** A row written by the work, to see whether it committed (any table does; this one has no foreign keys). */
const writeRow = (tx: Tx, key: string) =>
  tx
    .insert(pushOutbox)
    .values({ id: newId(), userId: key, type: 'probe', createdAt: new Date(), nextAttemptAt: new Date() });
const rowsOf = async (key: string) =>
  (await t.app.db.select().from(pushOutbox).where(eq(pushOutbox.userId, key))).length;

describe('unit of work', () => {
  it('runs the work again after a deadlock, rolling back the failed attempt and its pushes', async () => {
    const { sent, realtime } = recorder();
    const key = newId();
    let attempts = 0;
    const value = await runUnitOfWork({ db: t.app.db, realtime }, async ({ tx, push }) => {
      attempts += 1;
      await writeRow(tx, key);
      push('u1', testEvent(`attempt ${attempts}`));
      if (attempts === 1) throw deadlock();
      return 'done';
    });
    expect(value).toBe('done');
    expect(attempts).toBe(2);
    // One row only: the first attempt's write was rolled back; only the second attempt's push went out.
    expect(await rowsOf(key)).toBe(1);
    expect(sent).toEqual([['u1', testEvent('attempt 2')]]);
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

  it('other errors are not retried, roll back, and push nothing', async () => {
    const { sent, realtime } = recorder();
    const key = newId();
    let attempts = 0;
    const failing = runUnitOfWork({ db: t.app.db, realtime }, async ({ tx, push }) => {
      attempts += 1;
      await writeRow(tx, key);
      push('u1', testEvent('never'));
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(attempts).toBe(1);
    expect(await rowsOf(key)).toBe(0);
    expect(sent).toEqual([]);
  });

  it('hands pushes on only after commit', async () => {
    const { sent, realtime } = recorder();
    const seenInside: number[] = [];
    await runUnitOfWork({ db: t.app.db, realtime }, async ({ tx, push }) => {
      push('u1', testEvent('a'));
      push(null, testEvent('b'));
      await writeRow(tx, newId());
      seenInside.push(sent.length);
    });
    expect(seenInside).toEqual([0]);
    expect(sent).toEqual([
      ['u1', testEvent('a')],
      [null, testEvent('b')],
    ]);
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

  it('a failed best-effort push is logged and does not fail the committed work', async () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    const realtime: Realtime = {
      notifyUser: async () => {
        throw new Error('bus down');
      },
      broadcast: async () => undefined,
    };
    const value = await runUnitOfWork({ db: t.app.db, realtime, log: log as never }, async ({ push }) => {
      push('u1', testEvent('a'));
      return 1;
    });
    expect(value).toBe(1);
    expect(log.warn).toHaveBeenCalledOnce();
  });
});
