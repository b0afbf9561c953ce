import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** How long a sender waits to hear its own message back before it goes on anyway. */
const ECHO_WAIT_MS = 250;

/**
 * A message every instance of a deployment handles: the sender handles it at once, then it goes
 * through Redis pub/sub (when configured; without Redis there is one instance) to the others.
 * Used to make instances forget what they remember (cached tokens, the studio row) when a write
 * changes it.
 */
export interface Broadcast<M> {
  /**
   * Handles the message here, publishes it and waits (up to ECHO_WAIT_MS) until this instance's
   * own subscriber hears it back: Redis has then handed it to every subscriber, so a write that
   * sends it answers only once the other instances have it too.
   */
  send(message: M): Promise<void>;
  close(): Promise<void>;
}

export async function createBroadcast<M extends object>(options: {
  redis: Redis | null;
  /** The deployment's channel (prefixed with REDIS_PREFIX). */
  channel: string;
  log: FastifyBaseLogger;
  receive(message: M): void;
  /** Messages may have been missed (a lost connection, an unreadable message): start over. */
  resync(): void;
}): Promise<Broadcast<M>> {
  const { redis, channel, log } = options;
  /** Messages this instance sent and waits to hear back. */
  const echoes = new Map<string, () => void>();
  const subscriber = redis?.duplicate() ?? null;
  if (subscriber) {
    subscriber.on('error', (err) => log.warn({ err, channel }, 'redis broadcast subscriber error'));
    // Messages sent while the connection was down are lost.
    subscriber.on('ready', () => options.resync());
    subscriber.on('message', (from: string, text: string) => {
      if (from !== channel) return;
      try {
        const { echo, message } = JSON.parse(text) as { echo?: string; message: M };
        options.receive(message);
        if (echo) echoes.get(echo)?.();
      } catch {
        options.resync();
      }
    });
    await subscriber.subscribe(channel);
  }

  return {
    async send(message) {
      options.receive(message);
      if (!redis) return;
      const echo = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<void>((resolve) => {
        echoes.set(echo, resolve);
        timer = setTimeout(resolve, ECHO_WAIT_MS);
      });
      try {
        await redis.publish(channel, JSON.stringify({ echo, message }));
        await heard;
      } catch (err) {
        log.error(
          { err, channel },
          'broadcast not published: other instances catch up when what they remember expires',
        );
      } finally {
        clearTimeout(timer);
        echoes.delete(echo);
      }
    },
    async close() {
      await subscriber?.quit().catch(() => subscriber.disconnect());
    },
  };
}
