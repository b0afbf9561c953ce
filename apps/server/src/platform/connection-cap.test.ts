import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../testing/test-app';

// Real sockets against a listening server, from two loopback addresses (127.0.0.1 and 127.0.0.2:
// Linux routes all of 127/8 to the loopback interface). The cap is 3; every stalled request here
// would stay open for REQUEST_TIMEOUT_MS (60 s), so whatever closes sooner was refused.

const CAP = 3;
/** A refusal takes no timeout: far below every timeout configured, far above a slow machine's accept. */
const AT_ONCE_MS = 2_000;

/** Every connection a test opened, destroyed after it (a failed test must not keep the app from closing). */
const opened = new Set<{ destroy(): void }>();
afterEach(() => {
  for (const s of opened) s.destroy();
  opened.clear();
});

interface Held {
  socket: net.Socket;
  /** Resolves when the server closed it, with what it had answered and how long it took. */
  closed: Promise<{ received: string; afterMs: number }>;
}

/** Opens a connection from `from`, writes `text` and keeps it open until the server closes it. */
function hold(port: number, from: string, text: string): Held {
  const started = Date.now();
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  opened.add(socket);
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  socket.on('error', () => undefined);
  socket.on('connect', () => socket.write(text));
  const closed = new Promise<{ received: string; afterMs: number }>((resolve) =>
    socket.on('close', () => resolve({ received, afterMs: Date.now() - started })),
  );
  return { socket, closed };
}

/** A request whose body never comes: it stays in progress until the request timeout. */
const halfSent = (headers = '') =>
  `POST /api/router HTTP/1.1\r\nHost: studio\r\n${headers}Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"url":`;

/** One whole request on a connection of its own: the answer's status line, or '' when closed unanswered. */
async function request(port: number, from: string, headers = ''): Promise<string> {
  const held = hold(port, from, `GET /healthz HTTP/1.1\r\nHost: studio\r\nConnection: close\r\n${headers}\r\n`);
  const { received } = await held.closed;
  return received.split('\r\n')[0] ?? '';
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setImmediate(r));
}

function openWebsocket(port: number, from: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { localAddress: from, headers });
    opened.add({ destroy: () => ws.terminate() });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

async function listen(config: Parameters<typeof createTestApp>[0]): Promise<{ t: TestApp; port: number }> {
  const t = await createTestApp(config);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, port: (t.app.server.address() as net.AddressInfo).port };
}

describe('connections per address, directly exposed', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    ({ t, port } = await listen({ config: { MAX_CONNECTIONS_PER_ADDRESS: CAP } }));
  });
  afterAll(() => t.close());

  it('refuses a 4th connection from an address holding 3 half-sent requests at once, serves another address, and frees a place on close', async () => {
    const held = Array.from({ length: CAP }, () => hold(port, '127.0.0.1', halfSent()));
    await until(() => t.app.connectionCounts.of('127.0.0.1') === CAP);

    const refused = hold(port, '127.0.0.1', 'GET /healthz HTTP/1.1\r\nHost: studio\r\n\r\n');
    const outcome = await refused.closed;
    expect(outcome.received).toBe('');
    expect(outcome.afterMs).toBeLessThan(AT_ONCE_MS);

    expect(await request(port, '127.0.0.2')).toBe('HTTP/1.1 200 OK');

    held[0]!.socket.destroy();
    await until(() => t.app.connectionCounts.of('127.0.0.1') === CAP - 1);
    expect(await request(port, '127.0.0.1')).toBe('HTTP/1.1 200 OK');
    for (const h of held) h.socket.destroy();
    await until(() => t.app.connectionCounts.of('127.0.0.1') === 0);
  });

  it('counts open websockets', async () => {
    const sockets = await Promise.all(Array.from({ length: CAP }, () => openWebsocket(port, '127.0.0.1')));
    expect(t.app.connectionCounts.of('127.0.0.1')).toBe(CAP);
    expect(await request(port, '127.0.0.1')).toBe('');
    await expect(openWebsocket(port, '127.0.0.1')).rejects.toThrow();
    expect(await request(port, '127.0.0.2')).toBe('HTTP/1.1 200 OK');

    sockets[0]!.close();
    await until(() => t.app.connectionCounts.of('127.0.0.1') === CAP - 1);
    expect(await request(port, '127.0.0.1')).toBe('HTTP/1.1 200 OK');
    for (const ws of sockets) ws.close();
    await until(() => t.app.connectionCounts.of('127.0.0.1') === 0);
  });
});

describe('requests in progress per forwarded address, behind a proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    ({ t, port } = await listen({ config: { MAX_CONNECTIONS_PER_ADDRESS: CAP, TRUST_PROXY: true } }));
  });
  afterAll(() => t.close());

  const client = (ip: string) => `X-Forwarded-For: ${ip}\r\n`;

  it('answers 503 at once to a 4th request of a client with 3 in progress, while the proxy connects freely', async () => {
    const held = Array.from({ length: CAP }, () => hold(port, '127.0.0.1', halfSent(client('198.51.100.1'))));
    await until(() => t.app.connectionCounts.of('198.51.100.1') === CAP);

    const started = Date.now();
    const refused = hold(port, '127.0.0.1', halfSent(client('198.51.100.1')));
    const outcome = await refused.closed;
    expect(outcome.received).toMatch(/^HTTP\/1\.1 503/);
    expect(outcome.received).toContain('"code":"TOO_MANY_CONNECTIONS"');
    expect(Date.now() - started).toBeLessThan(AT_ONCE_MS);

    // More than 3 connections come from the proxy's own address: only the client's requests count.
    expect(await request(port, '127.0.0.1', client('198.51.100.2'))).toBe('HTTP/1.1 200 OK');
    expect(await request(port, '127.0.0.1', client('198.51.100.2'))).toBe('HTTP/1.1 200 OK');

    held[0]!.socket.destroy();
    await until(() => t.app.connectionCounts.of('198.51.100.1') === CAP - 1);
    expect(await request(port, '127.0.0.1', client('198.51.100.1'))).toBe('HTTP/1.1 200 OK');
    for (const h of held) h.socket.destroy();
    await until(() => t.app.connectionCounts.of('198.51.100.1') === 0);
  });

  it('counts an open websocket until it closes, and answered requests not at all', async () => {
    for (let i = 0; i < 5; i++)
      expect(await request(port, '127.0.0.1', client('198.51.100.3'))).toBe('HTTP/1.1 200 OK');
    expect(t.app.connectionCounts.of('198.51.100.3')).toBe(0);

    const forwarded = { 'x-forwarded-for': '198.51.100.3' };
    const sockets = await Promise.all(Array.from({ length: CAP }, () => openWebsocket(port, '127.0.0.1', forwarded)));
    expect(t.app.connectionCounts.of('198.51.100.3')).toBe(CAP);
    expect(await request(port, '127.0.0.1', client('198.51.100.3'))).toMatch(/^HTTP\/1\.1 503/);
    await expect(openWebsocket(port, '127.0.0.1', forwarded)).rejects.toThrow(/503/);

    sockets[0]!.close();
    await until(() => t.app.connectionCounts.of('198.51.100.3') === CAP - 1);
    expect(await request(port, '127.0.0.1', client('198.51.100.3'))).toBe('HTTP/1.1 200 OK');
    for (const ws of sockets) ws.close();
    await until(() => t.app.connectionCounts.of('198.51.100.3') === 0);
  });
});
