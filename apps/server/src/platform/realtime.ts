/** A message pushed to members' websockets (waitlist promotion, booking changes, notices, forced logout). */
export interface RealtimeEvent {
  /** The `event` name the socket receives, kebab-case (`waitlist-promoted`, `order-status`...). */
  type: string;
  data?: unknown;
  /**
   * Set on pushes that go through the outbox (push-outbox.ts), which may arrive more than once:
   * the socket message carries it as `id`, and a client ignores an id it has already seen.
   */
  id?: string;
}

/**
 * Sent with notifyUser after a member's tokens were revoked (logout, password change), once the
 * revocation is committed: each socket of the member whose token no longer authenticates receives
 * the `force-logout` event and is closed; sockets whose token is still live are left alone.
 */
export const FORCE_LOGOUT = 'forceLogout';

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
