import { z } from 'zod';

/**
 * The websocket at `/ws` (spec section 7). The client sends `connect` first:
 * `{ url: 'connect', channel, uniIdToken, clientInfo, data }`. The server answers three status
 * messages `{ url: 'connect', channel, status, msg }`: 0 created (connect received), 1 open (token
 * accepted), 2 confirmed, the last with the connection id `cid`. After that the client may send
 * `{ url: 'ping', channel }` (answered with a `pong` event), and the server pushes events
 * `{ event, channel, data }`. A bad token answers the `invalid-token` event and closes; a token
 * revoked while connected (logout, password change) gets `force-logout` and closes.
 */
export const WS_PATH = '/ws';
export const WS_DEFAULT_CHANNEL = 'default';

export const WS_STATUS = { created: 0, open: 1, confirmed: 2 } as const;
export type WsStatus = (typeof WS_STATUS)[keyof typeof WS_STATUS];

/** Events of the socket itself; business events (waitlist promotion, order status...) are named by their modules. */
export const WS_EVENTS = {
  invalidToken: 'invalid-token',
  forceLogout: 'force-logout',
  pong: 'pong',
  error: 'error',
} as const;

/** Close codes the server uses (4000–4999 are the application's). */
export const WS_CLOSE = { invalidToken: 4001, forceLogout: 4002, connectTimeout: 4008, badMessage: 4000 } as const;

export const wsClientMessage = z.object({
  url: z.string().min(1).max(200),
  channel: z.string().min(1).max(64).default(WS_DEFAULT_CHANNEL),
  uniIdToken: z.string().max(4096).nullish(),
  clientInfo: z.record(z.string(), z.unknown()).nullish(),
  data: z.unknown().optional(),
});
export type WsClientMessage = z.input<typeof wsClientMessage>;

export const wsStatusMessage = z.object({
  url: z.literal('connect'),
  channel: z.string(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  msg: z.string(),
  cid: z.string().optional(),
});
export type WsStatusMessage = z.infer<typeof wsStatusMessage>;

export const wsEventMessage = z.object({
  event: z.string(),
  channel: z.string().optional(),
  data: z.unknown().optional(),
  /** Set on invalid-token, force-logout and error: an envelope code (30202–30204, ...). */
  code: z.union([z.number(), z.string()]).optional(),
  msg: z.string().optional(),
});
export type WsEventMessage = z.infer<typeof wsEventMessage>;

export type WsServerMessage = WsStatusMessage | WsEventMessage;
