import type { WsEventMessage, WsStatusMessage } from './realtime';

/*
 * The zod-free half of the websocket protocol (realtime.ts describes it and re-exports all of this):
 * the constants, and the reading of the server's messages. The web app opens its socket as soon as a
 * member is logged in, and zod would be 25 KB gzip more on that first load (zod/mini still brings
 * 15 KB of zod's core), so the two server messages are checked here by hand. A test holds these
 * readers equal to the schemas of realtime.ts on a table of messages.
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

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isOptional = (value: unknown, check: (v: unknown) => boolean) => value === undefined || check(value);
const isString = (value: unknown) => typeof value === 'string';
const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/** The listed fields that are present, and nothing else (as a zod object's output). */
function pick(fields: Fields, keys: readonly string[]): Fields {
  return Object.fromEntries(keys.filter((key) => fields[key] !== undefined).map((key) => [key, fields[key]]));
}

/** A status message (`wsStatusMessage` of realtime.ts), or null when `json` is not one. */
export function readWsStatusMessage(json: unknown): WsStatusMessage | null {
  if (!isObject(json)) return null;
  const { url, channel, status, msg, cid } = json;
  if (url !== 'connect' || !isString(channel) || !isString(msg) || !isOptional(cid, isString)) return null;
  if (status !== 0 && status !== 1 && status !== 2) return null;
  return pick(json, ['url', 'channel', 'status', 'msg', 'cid']) as WsStatusMessage;
}

/** A pushed event (`wsEventMessage` of realtime.ts), or null when `json` is not one. */
export function readWsEventMessage(json: unknown): WsEventMessage | null {
  if (!isObject(json)) return null;
  const { event, channel, code, msg, id } = json;
  if (!isString(event) || !isOptional(channel, isString) || !isOptional(msg, isString)) return null;
  if (!isOptional(code, (c) => isNumber(c) || isString(c)) || !isOptional(id, isString)) return null;
  return pick(json, ['event', 'channel', 'data', 'id', 'code', 'msg']) as WsEventMessage;
}
