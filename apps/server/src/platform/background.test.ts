import { describe, expect, it, vi } from 'vitest';
import { createBackground } from './background';

/** A promise the test settles by hand. */
function gate() {
  let open!: () => void;
  let fail!: (e: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

describe('background tasks', () => {
  it('starts a task without waiting for it, and drain waits for it and for tasks it started', async () => {
    const background = createBackground();
    const first = gate();
    const done: string[] = [];
    background.start('first', async () => {
      await first.promise;
      done.push('first');
      background.start('second', async () => {
        done.push('second');
      });
    });
    expect(done).toEqual([]);
    let drained = false;
    const draining = background.drain().then(() => {
      drained = true;
    });
    await Promise.resolve();
    expect(drained).toBe(false);
    first.open();
    await draining;
    expect(done).toEqual(['first', 'second']);
  });

  it('logs a failed task instead of throwing, and drain still resolves', async () => {
    const warn = vi.fn();
    const background = createBackground({ warn } as never);
    const task = gate();
    background.start('mail', () => task.promise);
    task.fail(new Error('mail server down'));
    await background.drain();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ task: 'mail' }), 'background task failed');
  });

  it('drains at once when nothing runs', async () => {
    await expect(createBackground().drain()).resolves.toBeUndefined();
  });
});
