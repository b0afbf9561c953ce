import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { sendError } from './protocol';
import { clientAddress } from './rate-limit';

/** Open connections (or requests in progress) per client address. */
export interface AddressCounts {
  /** How many `address` holds now (as the rate limiter writes it: clientAddress). */
  of(address: string): number;
}

/**
 * At most MAX_CONNECTIONS_PER_ADDRESS per client address, so that one address cannot fill
 * MAX_CONNECTIONS (with half-sent requests, say) and lock every other client out. What is counted
 * depends on where the client's address is known:
 *
 * - Directly exposed (no TRUST_PROXY): the socket's peer is the client. Every connection counts
 *   from the moment it is accepted until it closes (a websocket is one); one beyond the cap is
 *   destroyed at once, before a byte of it is read. A stalled request thus holds one place of its
 *   own address only, until HEADERS_TIMEOUT_MS or REQUEST_TIMEOUT_MS closes it.
 * - Behind a proxy (TRUST_PROXY): every connection comes from the proxy, so counting sockets per
 *   address would cap the proxy itself, that is every client at once. The cap then holds the
 *   requests in progress per forwarded address (`req.ip`, as the rate limiter and the lockout read
 *   it): from the moment a request's headers are read until its answer is sent or its connection
 *   closes, an open websocket for as long as it is open. One beyond the cap is answered 503
 *   TOO_MANY_CONNECTIONS at once. A request still sending its headers names no client yet: the
 *   proxy must hold those (nginx and the usual load balancers buffer a request before passing it
 *   on), and MAX_CONNECTIONS and HEADERS_TIMEOUT_MS still bound what reaches this server.
 */
export function capConnectionsPerAddress(
  app: FastifyInstance,
  config: Pick<Config, 'MAX_CONNECTIONS_PER_ADDRESS' | 'TRUST_PROXY'>,
): AddressCounts {
  const max = config.MAX_CONNECTIONS_PER_ADDRESS;
  const counts = new Map<string, number>();
  const take = (address: string): boolean => {
    const held = counts.get(address) ?? 0;
    if (held >= max) return false;
    counts.set(address, held + 1);
    return true;
  };
  const release = (address: string): void => {
    const held = (counts.get(address) ?? 1) - 1;
    if (held > 0) counts.set(address, held);
    else counts.delete(address);
  };

  if (config.TRUST_PROXY) {
    app.addHook('onRequest', async (req, reply) => {
      const address = clientAddress(req.ip);
      if (!take(address)) {
        // Its body is never read: the connection closes with the answer instead of waiting for it.
        // (A refused websocket upgrade's socket has left Node's HTTP handling: it is ended here.)
        reply.header('connection', 'close');
        if (req.headers.upgrade) reply.raw.once('finish', () => reply.raw.socket?.destroySoon());
        return sendError(reply, req, 'TOO_MANY_CONNECTIONS');
      }
      let released = false;
      const once = () => {
        if (released) return;
        released = true;
        release(address);
      };
      // 'finish': the answer was handed over; 'close': the connection ended first, or the
      // websocket this request became was closed (its answer never finishes).
      reply.raw.once('finish', once);
      reply.raw.once('close', once);
    });
  } else {
    app.server.on('connection', (socket: Socket) => {
      // A socket already reset by its peer has no address left: nothing to count.
      if (!socket.remoteAddress) return;
      const address = clientAddress(socket.remoteAddress);
      if (!take(address)) {
        socket.destroy();
        return;
      }
      socket.once('close', () => release(address));
    });
  }
  return { of: (address) => counts.get(address) ?? 0 };
}
