import { z } from 'zod';
import { noticeEvents } from './notifications';
import { WS_DEFAULT_CHANNEL } from './realtime-core';

/**
 * The websocket at `/ws` (spec section 7). The client sends `connect` first:
 * `{ url: 'connect', channel, uniIdToken, clientInfo, data }`. The server answers three status
 * messages `{ url: 'connect', channel, status, msg }`: 0 created (connect received), 1 open (token
 * accepted), 2 confirmed, the last with the connection id `cid`. After that the client may send
 * `{ url: 'ping', channel }` (answered with a `pong` event), and the server pushes events
 * `{ event, channel, data }`. A bad token answers the `invalid-token` event and closes; a token
 * revoked while connected (logout, password change) gets `force-logout` and closes.
 *
 * The constants and the client's readers of the server's messages are zod-free, in realtime-core.ts.
 */
export {
  readWsEventMessage,
  readWsStatusMessage,
  WS_CLOSE,
  WS_DEFAULT_CHANNEL,
  WS_EVENTS,
  WS_PATH,
  WS_STATUS,
  type WsStatus,
} from './realtime-core';

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
  /** Set on pushes that may arrive twice (the server's outbox): ignore an id already seen. */
  id: z.string().optional(),
  /** Set on invalid-token, force-logout and error: an envelope code (30202–30204, ...). */
  code: z.union([z.number(), z.string()]).optional(),
  msg: z.string().optional(),
});
export type WsEventMessage = z.infer<typeof wsEventMessage>;

export type WsServerMessage = WsStatusMessage | WsEventMessage;

/**
 * The business events the server pushes to a member's sockets, by event name: the schema of each
 * one's `data`. Today these are the notices (notifications.ts); orders add theirs here.
 */
export const pushEvents = {
  ...noticeEvents,
  /** One of the member's orders changed status (paid, shipped, cancelled...): counts and pages refetch. */
  orderChanged: z.object({ order_no: z.string(), status: z.number().int() }),
  /** The member's wallet balance moved (a top-up confirmed, a payment, a refund). */
  walletChanged: z.object({ balance: z.number().int() }),
  /** The member read notices on one device: every other open app shows this unread count on its bell. */
  noticesRead: z.object({ unread: z.number().int() }),
  /** Sent to every socket when a studio announcement appears or is withdrawn: open notice lists refetch. */
  announcement: z.object({ notice_id: z.string() }),
} as const;
export type PushEventName = keyof typeof pushEvents;
/** An event as the server hands it to its realtime delivery: the name and the data its schema describes. */
export type PushEvent<N extends PushEventName = PushEventName> = {
  [K in N]: { type: K; data: z.input<(typeof pushEvents)[K]> };
}[N];
/** The data of a pushed event as a client reads it (`data` of the `{ event, data }` message). */
export type PushEventData<N extends PushEventName> = z.output<(typeof pushEvents)[N]>;
