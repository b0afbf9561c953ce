import type { WsClientMessage, WsEventMessage } from '@studio/contract/realtime';
import {
  readWsEventMessage,
  readWsStatusMessage,
  WS_CLOSE,
  WS_DEFAULT_CHANNEL,
  WS_EVENTS,
  WS_STATUS,
} from '@studio/contract/realtime-core';

/** How many delivered push ids are remembered to drop repeats (a repeat comes within minutes). */
const SEEN_IDS_KEPT = 200;

/** The part of the browser's WebSocket this client uses (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type RealtimeState = 'connecting' | 'confirmed' | 'waiting' | 'stopped' | 'ended';

export interface RealtimeOptions {
  /** ws(s)://host/ws */
  url: string;
  token: string;
  clientInfo: Record<string, unknown>;
  channel?: string;
  /** A business event pushed to the member (waitlistPromoted, ...). */
  onEvent: (message: WsEventMessage) => void;
  /**
   * The server refused the token (invalid-token) or revoked it while connected (force-logout). The
   * client does not reconnect. Called after `sessionEndGraceMs`, and not at all if the client was
   * stopped meanwhile: a member who signs out or gets a renewed token stops this client first.
   */
  onSessionEnd: (message: WsEventMessage) => void;
  onStateChange?: (state: RealtimeState) => void;
  createSocket?: (url: string) => SocketLike;
  /** First reconnect delay; doubles per failed attempt up to maxDelayMs, with ±20 % jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** An application ping keeps proxies from closing a quiet socket. */
  pingMs?: number;
  sessionEndGraceMs?: number;
  random?: () => number;
}

const OPEN = 1;

/** The delay before reconnect attempt `attempt` (0-based): base·2^attempt, capped, ±20 % jitter. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const plain = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(plain * (0.8 + 0.4 * random()));
}

/**
 * One member's connection to the websocket of spec section 7: sends `connect` first with the token
 * and client info, waits for status 2 (confirmed, with cid), hands pushed events on, and reconnects
 * with exponential backoff whenever the socket drops — except after the server ended the session.
 */
export class RealtimeClient {
  readonly #options: Required<
    Pick<RealtimeOptions, 'channel' | 'baseDelayMs' | 'maxDelayMs' | 'pingMs' | 'sessionEndGraceMs' | 'random'>
  > &
    RealtimeOptions;
  #socket: SocketLike | null = null;
  #state: RealtimeState = 'stopped';
  #attempt = 0;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #pingTimer: ReturnType<typeof setInterval> | undefined;
  #endTimer: ReturnType<typeof setTimeout> | undefined;
  #cid: string | null = null;
  /** Ids of the outbox pushes already handed on: the server delivers them at least once. */
  readonly #seenIds: string[] = [];

  constructor(options: RealtimeOptions) {
    this.#options = {
      channel: WS_DEFAULT_CHANNEL,
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      pingMs: 25_000,
      sessionEndGraceMs: 1000,
      random: Math.random,
      ...options,
    };
  }

  get state(): RealtimeState {
    return this.#state;
  }

  /** The connection id of the confirmed connection, null before confirmation. */
  get cid(): string | null {
    return this.#cid;
  }

  start(): void {
    if (this.#state !== 'stopped') return;
    this.#open();
  }

  /** Ends the connection for good (sign-out, another token, leaving the app). */
  stop(): void {
    this.#clearTimers();
    clearTimeout(this.#endTimer);
    this.#setState('stopped');
    this.#closeSocket(1000, 'client stop');
  }

  /** Reconnects at once when waiting for a retry, e.g. the device came back online. */
  retryNow(): void {
    if (this.#state !== 'waiting') return;
    clearTimeout(this.#retryTimer);
    this.#open();
  }

  #open(): void {
    this.#setState('connecting');
    this.#cid = null;
    const create = this.#options.createSocket ?? ((url: string) => new WebSocket(url) as SocketLike);
    let socket: SocketLike;
    try {
      socket = create(this.#options.url);
    } catch {
      this.#scheduleRetry();
      return;
    }
    this.#socket = socket;
    socket.onopen = () => this.#send({ url: 'connect', uniIdToken: this.#options.token, data: {} });
    socket.onmessage = (event) => this.#onMessage(event.data);
    socket.onerror = () => {
      // A close event follows; the retry is scheduled there.
    };
    socket.onclose = (event) => this.#onClose(socket, event.code);
  }

  #send(message: Omit<WsClientMessage, 'channel' | 'clientInfo'>): void {
    if (this.#socket?.readyState !== OPEN) return;
    this.#socket.send(
      JSON.stringify({ channel: this.#options.channel, clientInfo: this.#options.clientInfo, ...message }),
    );
  }

  #onMessage(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    const status = readWsStatusMessage(json);
    if (status) {
      if (status.status === WS_STATUS.confirmed) {
        this.#cid = status.cid ?? null;
        this.#attempt = 0;
        this.#setState('confirmed');
        this.#startPing();
      }
      return;
    }
    const message = readWsEventMessage(json);
    if (!message) return;
    if (message.event === WS_EVENTS.invalidToken || message.event === WS_EVENTS.forceLogout) {
      this.#endSession(message);
      return;
    }
    if (message.event === WS_EVENTS.pong || message.event === WS_EVENTS.error) return;
    if (message.id) {
      if (this.#seenIds.includes(message.id)) return;
      this.#seenIds.push(message.id);
      if (this.#seenIds.length > SEEN_IDS_KEPT) this.#seenIds.shift();
    }
    this.#options.onEvent(message);
  }

  #onClose(socket: SocketLike, code: number): void {
    if (socket !== this.#socket) return;
    this.#socket = null;
    clearInterval(this.#pingTimer);
    if (this.#state === 'stopped' || this.#state === 'ended') return;
    if (code === WS_CLOSE.invalidToken || code === WS_CLOSE.forceLogout) {
      // The closing event should have come first; end the session even if it was lost.
      this.#endSession({
        event: code === WS_CLOSE.forceLogout ? WS_EVENTS.forceLogout : WS_EVENTS.invalidToken,
      });
      return;
    }
    this.#scheduleRetry();
  }

  #endSession(message: WsEventMessage): void {
    if (this.#state === 'ended' || this.#state === 'stopped') return;
    this.#clearTimers();
    this.#setState('ended');
    this.#closeSocket(1000, 'session ended');
    this.#endTimer = setTimeout(() => this.#options.onSessionEnd(message), this.#options.sessionEndGraceMs);
  }

  #scheduleRetry(): void {
    const delay = backoffDelay(
      this.#attempt,
      this.#options.baseDelayMs,
      this.#options.maxDelayMs,
      this.#options.random,
    );
    this.#attempt += 1;
    this.#setState('waiting');
    this.#retryTimer = setTimeout(() => this.#open(), delay);
  }

  #startPing(): void {
    clearInterval(this.#pingTimer);
    this.#pingTimer = setInterval(() => this.#send({ url: 'ping' }), this.#options.pingMs);
  }

  #closeSocket(code: number, reason: string): void {
    const socket = this.#socket;
    this.#socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(code, reason);
    } catch {
      // Closing a socket that never opened may throw in some browsers; it is gone either way.
    }
  }

  #clearTimers(): void {
    clearTimeout(this.#retryTimer);
    clearInterval(this.#pingTimer);
  }

  #setState(state: RealtimeState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.#options.onStateChange?.(state);
  }
}
