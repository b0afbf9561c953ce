import type { PushEvent } from '@studio/contract/realtime';

/**
 * A message for members' websockets: a push event of the contract (its name is the `event` the
 * socket receives, its data typed by the event's schema), or the forced logout below. `id` is set
 * on pushes that go through the outbox (push-outbox.ts), which may arrive more than once: the
 * socket message carries it, and a client ignores an id it has already seen.
 */
export type RealtimeEvent = (PushEvent | { type: typeof FORCE_LOGOUT; data?: { reason: string } }) & { id?: string };

/**
 * Sent with notifyUser after a member's tokens were revoked (logout, password change), once the
 * revocation is committed: each socket of the member whose token no longer authenticates receives
 * the `force-logout` event and is closed; sockets whose token is still live are left alone.
 */
export const FORCE_LOGOUT = 'forceLogout' as const;

/**
 * Delivers events to the sockets of a member, wherever they are connected: in-process by default,
 * across instances through Redis pub/sub when REDIS_URL is set (bus.ts, websocket.ts).
 */
export interface Realtime {
  notifyUser(userId: string, event: RealtimeEvent): Promise<void>;
  broadcast(event: RealtimeEvent): Promise<void>;
}

/** Used where no socket server runs (scripts); records nothing and delivers nothing. */
export const noRealtime: Realtime = {
  notifyUser: async () => undefined,
  broadcast: async () => undefined,
};

/**
 * The app's Realtime over its bus: it throws when the bus cannot take a message, so that the outbox
 * (push-outbox.ts) knows to retry; best-effort callers (the unit of work's `push`) catch and log.
 */
export function publishingRealtime(
  publish: (message: { userId?: string; event: RealtimeEvent }) => Promise<void>,
): Realtime {
  return {
    notifyUser: (userId, event) => publish({ userId, event }),
    broadcast: (event) => publish({ event }),
  };
}
