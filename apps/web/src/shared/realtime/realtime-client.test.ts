import { WS_CLOSE } from '@studio/contract/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, RealtimeClient, type SocketLike } from './realtime-client';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed: { code?: number } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number): void {
    this.closed = { code };
    this.readyState = 3;
  }
  // What the server does:
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  confirm(cid = 'c1'): void {
    for (const status of [0, 1]) this.receive({ url: 'connect', channel: 'default', status, msg: '' });
    this.receive({ url: 'connect', channel: 'default', status: 2, msg: 'confirmed', cid });
  }
}

let sockets: FakeSocket[];
const onEvent = vi.fn();
const onSessionEnd = vi.fn();

function client(overrides: Partial<ConstructorParameters<typeof RealtimeClient>[0]> = {}) {
  return new RealtimeClient({
    url: 'ws://studio.test/ws',
    token: 'tok-1',
    clientInfo: { locale: 'en' },
    onEvent,
    onSessionEnd,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random: () => 0.5,
    ...overrides,
  });
}

const last = () => sockets.at(-1) as FakeSocket;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  onEvent.mockReset();
  onSessionEnd.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('RealtimeClient', () => {
  it('sends connect first with the token, channel and client info, and is confirmed with a cid', () => {
    const c = client();
    c.start();
    last().open();
    expect(last().sent).toEqual([
      { url: 'connect', channel: 'default', uniIdToken: 'tok-1', clientInfo: { locale: 'en' }, data: {} },
    ]);
    expect(c.state).toBe('connecting');
    last().confirm('cid-9');
    expect(c.state).toBe('confirmed');
    expect(c.cid).toBe('cid-9');
  });

  it('hands business events on and keeps socket events to itself', () => {
    client().start();
    last().open();
    last().confirm();
    last().receive({ event: 'pong', channel: 'default' });
    last().receive({ event: 'waitlistPromoted', channel: 'default', data: { session_id: 's1' } });
    expect(onEvent).toHaveBeenCalledOnce();
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ event: 'waitlistPromoted' }));
  });

  it('hands an outbox push (with an id) on once, however often it is delivered', () => {
    const c = client();
    c.start();
    last().open();
    last().confirm();
    const promoted = { event: 'waitlistPromoted', channel: 'default', id: 'n1', data: { session_id: 's1' } };
    last().receive(promoted);
    last().receive(promoted);
    last().receive({ ...promoted, id: 'n2' });
    last().receive({ event: 'waitlistSkipped', channel: 'default', data: { session_id: 's2' } });
    last().receive({ event: 'waitlistSkipped', channel: 'default', data: { session_id: 's2' } });
    expect(onEvent.mock.calls.map(([m]) => m.id ?? m.event)).toEqual([
      'n1',
      'n2',
      'waitlistSkipped',
      'waitlistSkipped',
    ]);
  });

  it('pings while confirmed', () => {
    client({ pingMs: 1000 }).start();
    last().open();
    last().confirm();
    vi.advanceTimersByTime(1000);
    expect(last().sent.at(-1)).toMatchObject({ url: 'ping', channel: 'default' });
  });

  it('reconnects with a doubling delay and starts over once confirmed', () => {
    const c = client({ baseDelayMs: 1000, maxDelayMs: 4000 });
    c.start();
    last().drop();
    expect(c.state).toBe('waiting');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().drop();
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().open();
    last().confirm();
    last().drop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(4);
  });

  it('caps the delay and jitters it by ±20 %', () => {
    expect(backoffDelay(0, 1000, 30_000, () => 0.5)).toBe(1000);
    expect(backoffDelay(3, 1000, 30_000, () => 0.5)).toBe(8000);
    expect(backoffDelay(10, 1000, 30_000, () => 0.5)).toBe(30_000);
    expect(backoffDelay(0, 1000, 30_000, () => 0)).toBe(800);
    expect(backoffDelay(0, 1000, 30_000, () => 1)).toBe(1200);
  });

  it.each(['invalid-token', 'force-logout'])('ends the session on %s and does not reconnect', (event) => {
    const c = client({ sessionEndGraceMs: 500 });
    c.start();
    last().open();
    last().confirm();
    last().receive({ event, channel: 'default', code: 30202, msg: 'Login expired (token revoked)' });
    expect(c.state).toBe('ended');
    vi.advanceTimersByTime(500);
    expect(onSessionEnd).toHaveBeenCalledWith(expect.objectContaining({ event, code: 30202 }));
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('treats the token close codes as the end of the session even without the event', () => {
    client({ sessionEndGraceMs: 0 }).start();
    last().open();
    last().drop(WS_CLOSE.forceLogout);
    vi.advanceTimersByTime(0);
    expect(onSessionEnd).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('does not end the session when stopped during the grace period (signed out meanwhile)', () => {
    const c = client({ sessionEndGraceMs: 1000 });
    c.start();
    last().open();
    last().confirm();
    last().receive({ event: 'force-logout', channel: 'default', code: 30202 });
    c.stop();
    vi.advanceTimersByTime(5000);
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('stops for good: closes the socket and never reconnects', () => {
    const c = client();
    c.start();
    last().open();
    c.stop();
    expect(last().closed).toEqual({ code: 1000 });
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(c.state).toBe('stopped');
  });

  it('reconnects at once when asked while waiting (back online)', () => {
    const c = client({ baseDelayMs: 10_000 });
    c.start();
    last().drop();
    c.retryNow();
    expect(sockets).toHaveLength(2);
  });
});
