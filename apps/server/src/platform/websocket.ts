import fastifyWebsocket from '@fastify/websocket';
import { type ErrorName, envelopeCode, errorMessage } from '@studio/contract/errors';
import { type Locale, resolveLocale } from '@studio/contract/locale';
import {
  WS_CLOSE,
  WS_DEFAULT_CHANNEL,
  WS_EVENTS,
  WS_PATH,
  WS_STATUS,
  type WsServerMessage,
  type WsStatus,
  wsClientMessage,
} from '@studio/contract/realtime';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { z } from 'zod';
import type { Bus, BusMessage } from './bus';
import type { Clock } from './clock';
import { newId } from './ids';
import { type AuthUser, describeZodError, localeOf } from './protocol';
import { FORCE_LOGOUT } from './realtime';

export interface WebsocketDeps {
  bus: Bus;
  clock: Clock;
  /** The same token check as the call protocol. */
  authenticate(token: string, now: Date): Promise<AuthUser | ErrorName>;
}

/** A socket that has not sent `connect` by then is closed. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Sockets that miss a ping round are dropped, so that dead connections do not pile up. */
const HEARTBEAT_MS = 30_000;
const MAX_MESSAGE_BYTES = 16 * 1024;

interface Connection {
  cid: string;
  socket: WebSocket;
  channel: string;
  locale: Locale;
  /** Set once `connect` was confirmed. */
  user: AuthUser | null;
  token: string | null;
  alive: boolean;
  /** Messages are handled one after another, so that a ping cannot overtake `connect`. */
  queue: Promise<void>;
}

/**
 * The websocket of the spec at /ws (handshake in packages/contract/src/realtime.ts). Sockets are
 * held by the instance they connected to; events reach them through the bus, whichever instance
 * published them.
 */
export async function registerWebsocket(app: FastifyInstance, deps: WebsocketDeps): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  const hub = new SocketHub(deps, app.log);
  deps.bus.subscribe((message) => {
    hub.deliver(message).catch((err) => app.log.error({ err }, 'realtime delivery failed'));
  });
  app.get(WS_PATH, { websocket: true }, (socket, req) => hub.accept(socket, localeOf(req)));
  const heartbeat = setInterval(() => hub.heartbeat(), HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));
}

class SocketHub {
  readonly #connections = new Set<Connection>();
  readonly #byUser = new Map<string, Set<Connection>>();

  constructor(
    private readonly deps: WebsocketDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  accept(socket: WebSocket, locale: Locale): void {
    const conn: Connection = {
      cid: newId(),
      socket,
      channel: WS_DEFAULT_CHANNEL,
      locale,
      user: null,
      token: null,
      alive: true,
      queue: Promise.resolve(),
    };
    this.#connections.add(conn);
    const timer = setTimeout(() => {
      if (!conn.user) socket.close(WS_CLOSE.connectTimeout, 'connect expected');
    }, CONNECT_TIMEOUT_MS);
    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('message', (raw) => {
      conn.queue = conn.queue
        .then(() => this.#onMessage(conn, raw))
        .catch((err) => {
          this.log.error({ err, cid: conn.cid }, 'websocket message failed');
          socket.terminate();
        });
    });
    socket.on('close', () => {
      clearTimeout(timer);
      this.#remove(conn);
    });
  }

  /** Sends a bus message to the sockets of its member (or to all) held by this instance. */
  async deliver(message: BusMessage): Promise<void> {
    const { userId, event } = message;
    const targets = userId ? [...(this.#byUser.get(userId) ?? [])] : [...this.#connections].filter((c) => c.user);
    if (event.type === FORCE_LOGOUT) {
      if (userId) await Promise.all(targets.map((conn) => this.#recheck(conn, event.data)));
      return;
    }
    for (const conn of targets) {
      if (this.#expired(conn)) continue;
      send(conn, { event: event.type, channel: conn.channel, data: event.data, ...(event.id && { id: event.id }) });
    }
  }

  heartbeat(): void {
    for (const conn of this.#connections) {
      if (this.#expired(conn)) continue;
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }

  async #onMessage(conn: Connection, raw: RawData): Promise<void> {
    const text = raw.toString();
    if (text === 'ping') return send(conn, { event: WS_EVENTS.pong, channel: conn.channel });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return sendError(conn, 'INVALID_BODY');
    }
    const parsed = wsClientMessage.safeParse(json);
    if (!parsed.success) {
      const { field } = describeZodError(parsed.error);
      return sendError(conn, 'INVALID_PARAM', { field });
    }
    const message = parsed.data;
    if (!conn.user) {
      if (message.url !== 'connect') return this.#refuse(conn, WS_EVENTS.invalidToken, 'TOKEN_INVALID');
      return this.#connect(conn, message);
    }
    switch (message.url) {
      case 'ping':
        return send(conn, {
          event: WS_EVENTS.pong,
          channel: message.channel,
          data: { ts: this.deps.clock.now().getTime() },
        });
      case 'connect':
        // Already confirmed (a client retrying its handshake): confirm again.
        return send(conn, status(conn, WS_STATUS.confirmed));
      default:
        return sendError(conn, 'FUNCTION_NOT_FOUND', { url: message.url });
    }
  }

  async #connect(conn: Connection, message: z.output<typeof wsClientMessage>): Promise<void> {
    conn.channel = message.channel;
    const clientLocale = message.clientInfo?.locale;
    if (typeof clientLocale === 'string') conn.locale = resolveLocale(clientLocale);
    send(conn, status(conn, WS_STATUS.created));
    const token = message.uniIdToken?.trim() || null;
    const result = token ? await this.deps.authenticate(token, this.deps.clock.now()) : 'TOKEN_INVALID';
    if (typeof result === 'string') return this.#refuse(conn, WS_EVENTS.invalidToken, result);
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    conn.user = result;
    conn.token = token;
    const own = this.#byUser.get(result.uid) ?? new Set();
    own.add(conn);
    this.#byUser.set(result.uid, own);
    send(conn, status(conn, WS_STATUS.open));
    send(conn, status(conn, WS_STATUS.confirmed));
  }

  /**
   * A socket outlives the token it connected with only until that token expires: then it is told
   * (invalid-token, TOKEN_EXPIRED) and closed rather than handed the member's events. Checked on
   * every delivery and every heartbeat.
   */
  #expired(conn: Connection): boolean {
    if (!conn.user || conn.user.exp > this.deps.clock.now().getTime()) return false;
    this.#refuse(conn, WS_EVENTS.invalidToken, 'TOKEN_EXPIRED');
    return true;
  }

  /** After a revocation: a socket whose token no longer authenticates is told and closed. */
  async #recheck(conn: Connection, data: unknown): Promise<void> {
    const result = conn.token ? await this.deps.authenticate(conn.token, this.deps.clock.now()) : 'TOKEN_INVALID';
    if (typeof result === 'string') this.#refuse(conn, WS_EVENTS.forceLogout, result, data);
  }

  #refuse(
    conn: Connection,
    event: typeof WS_EVENTS.invalidToken | typeof WS_EVENTS.forceLogout,
    error: ErrorName,
    data?: unknown,
  ) {
    send(conn, {
      event,
      channel: conn.channel,
      code: envelopeCode(error),
      msg: errorMessage(error, conn.locale),
      data,
    });
    conn.socket.close(event === WS_EVENTS.forceLogout ? WS_CLOSE.forceLogout : WS_CLOSE.invalidToken, event);
    this.#remove(conn);
  }

  #remove(conn: Connection): void {
    this.#connections.delete(conn);
    if (!conn.user) return;
    const own = this.#byUser.get(conn.user.uid);
    own?.delete(conn);
    if (own?.size === 0) this.#byUser.delete(conn.user.uid);
  }
}

function status(conn: Connection, value: WsStatus): WsServerMessage {
  const msg = value === WS_STATUS.created ? 'created' : value === WS_STATUS.open ? 'open' : 'confirmed';
  return {
    url: 'connect',
    channel: conn.channel,
    status: value,
    msg,
    ...(value === WS_STATUS.confirmed && { cid: conn.cid }),
  };
}

function send(conn: Connection, message: WsServerMessage): void {
  if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(message));
}

function sendError(conn: Connection, error: ErrorName, params?: Record<string, string>): void {
  send(conn, {
    event: WS_EVENTS.error,
    channel: conn.channel,
    code: envelopeCode(error),
    msg: errorMessage(error, conn.locale, params),
  });
}
