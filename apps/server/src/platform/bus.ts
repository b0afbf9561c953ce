import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Realtime, RealtimeEvent } from './realtime';

/** One message on the bus: an event for one member's sockets, or for every socket when userId is absent. */
export interface BusMessage {
  userId?: string;
  event: RealtimeEvent;
}

/**
 * Carries realtime events to every server instance: each instance subscribes and delivers to the
 * sockets it holds. A message published here reaches this instance's subscribers too, exactly once.
 */
export interface Bus {
  publish(message: BusMessage): Promise<void>;
  subscribe(listener: (message: BusMessage) => void): void;
  close(): Promise<void>;
}

/**
 * The realtime channel of a deployment (REDIS_PREFIX). Pub/sub ignores the database number of
 * REDIS_URL, so without the prefix two deployments on one Redis would deliver each other's events.
 */
export const realtimeChannel = (prefix: string) => `${prefix}:realtime`;

/** One instance: an in-process emitter. */
export function createLocalBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(message) {
      emitter.emit('message', message);
    },
    subscribe(listener) {
      emitter.on('message', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Opens the shared command connection (rate-limit counters, publishing). Fails start-up with a clear
 * error when Redis cannot be reached; later outages are retried by ioredis in the background.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  // Few retries per command: a rate-limit check or a push must not hang a request while Redis is away.
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  let lastError: Error | undefined;
  redis.on('error', (err) => {
    lastError = err;
    log.warn({ err }, 'redis connection error');
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot connect to Redis at REDIS_URL: ${(lastError ?? (error as Error)).message}`);
  }
  return redis;
}

/** Several instances: Redis pub/sub over one publisher (the shared command connection) and one subscriber. */
export async function createRedisBus(publisher: Redis, log: FastifyBaseLogger, channel: string): Promise<Bus> {
  const subscriber = publisher.duplicate();
  subscriber.on('error', (err) => log.warn({ err }, 'redis subscriber error'));
  const listeners = new Set<(message: BusMessage) => void>();
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: BusMessage;
    try {
      message = JSON.parse(text) as BusMessage;
    } catch (err) {
      log.warn({ err }, 'unreadable realtime message');
      return;
    }
    for (const listener of listeners) listener(message);
  });
  await subscriber.subscribe(channel);
  return {
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    subscribe(listener) {
      listeners.add(listener);
    },
    async close() {
      listeners.clear();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

/**
 * The `Realtime` that modules use (ctx.realtime, app.realtime): it only publishes; websocket.ts
 * delivers. Pushes are best-effort: a bus failure is logged, never failing the call that pushed
 * (the business change is already committed, and notices stay readable in the app).
 */
export function busRealtime(bus: Bus, log: FastifyBaseLogger): Realtime {
  const publish = async (message: BusMessage) => {
    try {
      await bus.publish(message);
    } catch (err) {
      log.error({ err, type: message.event.type }, 'realtime push failed');
    }
  };
  return {
    notifyUser: (userId, event) => publish({ userId, event }),
    broadcast: (event) => publish({ event }),
  };
}
