import { describe, expect, it } from 'vitest';
import { throughSeatGate } from './seat-gate';

/** An attempt the test ends by hand, recording how many ran at once. */
function attempts() {
  let running = 0;
  let most = 0;
  const open: ((booked: boolean) => void)[] = [];
  const attempt = () =>
    new Promise<boolean>((resolve) => {
      running += 1;
      most = Math.max(most, running);
      open.push((booked) => {
        running -= 1;
        resolve(booked);
      });
    });
  return { attempt, open, most: () => most };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the seat gate', () => {
  it('lets through as many attempts as seats were free; the rest read again once that wave ended', async () => {
    const { attempt, open, most } = attempts();
    let reads = 0;
    const full = async () => {
      reads += 1;
      throw new Error('COURSE_FULL');
    };
    const bookings = Array.from({ length: 6 }, () => throughSeatGate('s1', 2, attempt, full));
    await settle();
    expect(open).toHaveLength(2);
    expect(reads).toBe(0);
    open[0]!(true);
    await settle();
    // The wave is not over: nobody reads yet, and nobody new goes in.
    expect(reads).toBe(0);
    expect(open).toHaveLength(2);
    open[1]!(true);
    const answers = await Promise.allSettled(bookings);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', ...Array(4).fill('rejected')]);
    expect(reads).toBe(4);
    expect(most()).toBe(2);
  });

  it('gives a seat an attempt left free to the next in line', async () => {
    const { attempt, open } = attempts();
    let free = 1;
    const readFree = async () => {
      if (free <= 0) throw new Error('COURSE_FULL');
      return free;
    };
    const first = throughSeatGate('s2', 1, attempt, readFree);
    const second = throughSeatGate('s2', 1, attempt, readFree);
    await settle();
    expect(open).toHaveLength(1);
    // The first member had no credit: the seat is still free.
    open[0]!(false);
    await settle();
    expect(open).toHaveLength(2);
    free = 0;
    open[1]!(true);
    expect(await Promise.all([first, second])).toEqual([false, true]);
  });

  it('keeps sessions apart', async () => {
    const { attempt, open } = attempts();
    const never = () => Promise.reject(new Error('not read'));
    const a = throughSeatGate('s3', 1, attempt, never);
    const b = throughSeatGate('s4', 1, attempt, never);
    await settle();
    expect(open).toHaveLength(2);
    open[0]!(true);
    open[1]!(true);
    expect(await Promise.all([a, b])).toEqual([true, true]);
  });
});
