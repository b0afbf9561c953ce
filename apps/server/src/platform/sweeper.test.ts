import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestClock } from './clock';
import type { Db } from './db';
import { runSweeps, type Sweep, startSweeper } from './sweeper';

const db = {} as Db;
afterEach(() => vi.useRealTimers());

describe('sweeper', () => {
  it('runs every sweep with the clock time; one failing sweep does not stop the others', async () => {
    const seen: [string, string][] = [];
    const sweeps: Sweep[] = [
      {
        name: 'a',
        run: async (_db, now) => {
          seen.push(['a', now.toISOString()]);
          return 2;
        },
      },
      {
        name: 'broken',
        run: async () => {
          throw new Error('boom');
        },
      },
      {
        name: 'b',
        run: async (_db, now) => {
          seen.push(['b', now.toISOString()]);
          return 0;
        },
      },
    ];
    const log = { info: vi.fn(), error: vi.fn() };
    const done = await runSweeps(db, new Date('2026-01-01T00:00:00Z'), sweeps, log as never);
    expect(done).toEqual({ a: 2, b: 0 });
    expect(seen).toEqual([
      ['a', '2026-01-01T00:00:00.000Z'],
      ['b', '2026-01-01T00:00:00.000Z'],
    ]);
    expect(log.error).toHaveBeenCalledOnce();
  });

  it('loops every interval, never overlapping rounds, and stops', async () => {
    vi.useFakeTimers();
    const clock = new TestClock('2026-01-01T00:00:00Z');
    let running = 0;
    let maxRunning = 0;
    let rounds = 0;
    const slow: Sweep = {
      name: 'slow',
      run: async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setTimeout(r, 2500));
        running--;
        rounds++;
        return 0;
      },
    };
    const sweeper = startSweeper({ db, clock, intervalMs: 1000, sweeps: [slow] });
    await vi.advanceTimersByTimeAsync(999);
    expect(rounds).toBe(0);
    await vi.advanceTimersByTimeAsync(1 + 2500 + 1000 + 2500);
    expect(rounds).toBe(2);
    expect(maxRunning).toBe(1);
    const stopping = sweeper.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    await stopping;
    expect(rounds).toBeLessThanOrEqual(3);
    const after = rounds;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rounds).toBe(after);
  });

  it('does nothing with an interval of 0 (tests run the sweeps themselves)', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => 0);
    const sweeper = startSweeper({ db, clock: new TestClock(), intervalMs: 0, sweeps: [{ name: 'x', run }] });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).not.toHaveBeenCalled();
    await sweeper.stop();
  });
});
