import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/**
 * A push service inside a test, speaking the real protocol (RFC 8030 delivery, RFC 8292 VAPID,
 * RFC 8291/8188 aes128gcm): it checks the sender's VAPID JWT, decrypts each message with the
 * subscription's private key and auth secret, as a browser would, and records what it read.
 */
export interface PushFake {
  /** http://127.0.0.1:<port>, for PUSH_ALLOWED_ORIGINS. */
  readonly origin: string;
  /** A new subscription, as PushSubscription.toJSON() gives it (its own P-256 key pair and auth secret). */
  subscribe(name?: string): FakeSubscription;
  /** Every message accepted, decrypted, in order of arrival. */
  readonly received: ReceivedPush[];
  /** From now on, messages to this endpoint get this status (410: gone, 500: failing); 201 accepts again. */
  answerWith(endpoint: string, status: number): void;
  /** Requests refused (bad VAPID, missing headers, undecryptable), with why: for a failing test to show. */
  readonly refused: RefusedPush[];
  close(): Promise<void>;
}

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted body, parsed as JSON (the text itself if it is not JSON). */
  payload: unknown;
  ttl: number;
  urgency: string | null;
  topic: string | null;
}

export interface RefusedPush {
  endpoint: string;
  status: number;
  reason: string;
}

interface Subscriber {
  ecdh: ECDH;
  auth: Buffer;
  status: number;
}

const MAX_JWT_LIFE_S = 24 * 60 * 60;
/** RFC 8030: a push service may refuse bodies over 4096 bytes. */
const MAX_BODY = 4096;

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startPushFake(options: { vapidPublicKey: string }): Promise<PushFake> {
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  let origin = '';

  async function accept(req: http.IncomingMessage, body: Buffer): Promise<{ endpoint: string; status: number }> {
    const endpoint = `${origin}${req.url ?? '/'}`;
    if (req.method !== 'POST') throw new Refusal(405, 'only POST');
    const subscriber = subscribers.get(endpoint);
    if (!subscriber) throw new Refusal(404, 'no such subscription');
    await checkVapid(req.headers.authorization, origin, options.vapidPublicKey);
    const ttl = req.headers.ttl;
    if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) throw new Refusal(400, 'TTL header missing or not a number');
    if (req.headers['content-encoding'] !== 'aes128gcm') throw new Refusal(415, 'Content-Encoding must be aes128gcm');
    if (body.length > MAX_BODY) throw new Refusal(413, 'payload too large');
    if (subscriber.status >= 300) return { endpoint, status: subscriber.status };
    const text = decrypt(body, subscriber.ecdh, subscriber.auth).toString('utf8');
    received.push({
      endpoint,
      payload: parseJson(text),
      ttl: Number(ttl),
      urgency: headerText(req.headers.urgency),
      topic: headerText(req.headers.topic),
    });
    return { endpoint, status: subscriber.status };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      accept(req, Buffer.concat(chunks)).then(
        ({ endpoint, status }) => {
          if (status === 201) res.setHeader('Location', `${endpoint}/messages/${randomUUID()}`);
          res.writeHead(status).end();
        },
        (error: unknown) => {
          const status = error instanceof Refusal ? error.status : 400;
          const reason = error instanceof Error ? error.message : String(error);
          refused.push({ endpoint: `${origin}${req.url ?? '/'}`, status, reason });
          res.writeHead(status, { 'Content-Type': 'text/plain' }).end(reason);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe(name) {
      const endpoint = `${origin}/push/${encodeURIComponent(name ?? randomUUID())}`;
      if (subscribers.has(endpoint)) throw new Error(`push fake: ${endpoint} is already subscribed`);
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscribers.set(endpoint, { ecdh, auth, status: 201 });
      return {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answerWith(endpoint, status) {
      const subscriber = subscribers.get(endpoint);
      if (!subscriber) throw new Error(`push fake: ${endpoint} was never subscribed`);
      subscriber.status = status;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256 by k, for this origin, valid for at most 24 h. */
async function checkVapid(header: string | undefined, origin: string, expectedKey: string): Promise<void> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), ?k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Refusal(401, 'Authorization must be "vapid t=…, k=…"');
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== expectedKey) throw new Refusal(403, 'k is not the application server key of this subscription');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Refusal(401, 'k is not an uncompressed P-256 point');
  const publicKey = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(token, publicKey, { algorithms: ['ES256'], requiredClaims: ['exp'] }));
  } catch (error) {
    throw new Refusal(401, `VAPID JWT refused: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (claims.aud !== origin) throw new Refusal(401, `aud ${String(claims.aud)} is not ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp > Date.now() / 1000 + MAX_JWT_LIFE_S) {
    throw new Refusal(401, 'exp is more than 24 hours away');
  }
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    throw new Refusal(401, 'sub must be a mailto: or https: contact');
  }
}

/** RFC 8291 (keys from the ECDH secret and the auth secret) over RFC 8188 (aes128gcm records). */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer {
  if (body.length < 21) throw new Refusal(400, 'body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  if (senderKey.length !== 65) throw new Refusal(400, 'keyid is not the sender key (65 bytes)');
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Refusal(400, 'more than one record');

  const ecdhSecret = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  } catch {
    throw new Refusal(400, 'the payload does not decrypt with this subscription keys');
  }
  // The last record ends with the delimiter 2, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Refusal(400, 'the record does not end with the last-record delimiter');
  return plain.subarray(0, end);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function headerText(value: string | string[] | undefined): string | null {
  return typeof value === 'string' ? value : null;
}
