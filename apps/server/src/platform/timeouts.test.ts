import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

// Real sockets against a listening server: app.inject never opens a connection, so it cannot
// show what the server does to one that stalls.

const TIMEOUT_MS = 200;
/** Far beyond every timeout configured here: a socket still open then is a failure, not a slow machine. */
const GIVE_UP_MS = 10_000;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    config: {
      REQUEST_TIMEOUT_MS: TIMEOUT_MS,
      HEADERS_TIMEOUT_MS: TIMEOUT_MS,
      KEEP_ALIVE_TIMEOUT_MS: TIMEOUT_MS,
      IDLE_TIMEOUT_MS: 5 * TIMEOUT_MS,
      MAX_CONNECTIONS: 3,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

interface Outcome {
  closed: boolean;
  received: string;
  afterMs: number;
}

/** Opens a connection, writes `text`, and answers how it ended: closed by the server, or still open after GIVE_UP_MS. */
function stall(text: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect({ port, host: '127.0.0.1' });
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('error', () => undefined);
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ closed: false, received, afterMs: Date.now() - started });
    }, GIVE_UP_MS);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ closed: true, received, afterMs: Date.now() - started });
    });
    socket.on('connect', () => socket.write(text));
  });
}

describe('slow requests', () => {
  it('closes a request that declares a body and never finishes it', async () => {
    const outcome = await stall(
      'POST /api/router HTTP/1.1\r\nHost: studio\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"url":',
    );
    expect(outcome.closed).toBe(true);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a request whose headers never end', async () => {
    const outcome = await stall('GET /api/docs/json HTTP/1.1\r\nHost: studio\r\nX-Slow: 1\r\n');
    expect(outcome.closed).toBe(true);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection that never sends anything', async () => {
    expect((await stall('')).closed).toBe(true);
  });

  it('closes an idle kept-alive connection after its request was answered', async () => {
    const outcome = await stall('GET /healthz HTTP/1.1\r\nHost: studio\r\n\r\n');
    expect(outcome.received).toMatch(/^HTTP\/1\.1 200/);
    expect(outcome.closed).toBe(true);
  });

  it('refuses connections beyond the cap, and serves again once the stalled ones are closed', async () => {
    const holders = Array.from({ length: 3 }, () => stall(''));
    // The cap counts a connection once the server accepted it: wait for all three to be open there.
    while ((await new Promise<number>((r) => t.app.server.getConnections((_e, n) => r(n)))) < 3) {
      await new Promise((r) => setImmediate(r));
    }
    const refused = await stall('GET /healthz HTTP/1.1\r\nHost: studio\r\n\r\n');
    expect(refused).toMatchObject({ closed: true, received: '' });
    expect((await Promise.all(holders)).every((o) => o.closed)).toBe(true);
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' } });
    expect(res.status).toBe(200);
  });
});
