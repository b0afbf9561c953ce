import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a call starts but must not wait for (sending a notice by e-mail or push: a slow mail server
 * must not hold the answer), finished before the app closes. What it does is already recorded (an
 * outbox or delivery row), so a task that fails or dies with the process is retried by a sweep.
 */
export interface Background {
  start(name: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started (including those started meanwhile) has ended. */
  drain(): Promise<void>;
}

export function createBackground(log?: FastifyBaseLogger): Background {
  const running = new Set<Promise<void>>();
  return {
    start(name, task) {
      const done: Promise<void> = Promise.resolve()
        .then(task)
        .then(
          () => undefined,
          (err: unknown) => log?.warn({ err, task: name }, 'background task failed'),
        )
        .finally(() => running.delete(done));
      running.add(done);
    },
    async drain() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
