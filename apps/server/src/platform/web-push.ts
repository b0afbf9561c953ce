import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../config';

/** A browser's push subscription: where to post, and the keys to encrypt for (PushSubscription.toJSON()). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the notification shows; the service worker reads it from the decrypted payload (JSON). */
export interface PushMessage {
  title: string;
  body: string;
  /** Where a click on the notification leads, in the app. */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag?: string;
}

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushOptions {
  /** How long the push service keeps it for an offline device. */
  ttlSeconds: number;
  urgency: PushUrgency;
  /** A newer message with the same topic replaces an undelivered older one (≤ 32 base64url characters). */
  topic?: string;
}

/** gone: the push service says the subscription no longer exists (404/410), so it should be dropped. */
export type PushResult = { ok: true } | { ok: false; gone: boolean; status: number | null; error: string };

export interface PushSender {
  /** The VAPID public key (base64url), for PushManager.subscribe's applicationServerKey. */
  readonly publicKey: string;
  /** Encrypts (aes128gcm) and posts one message; never throws for what the push service or network does. */
  send(target: PushTarget, message: PushMessage, options: PushOptions): Promise<PushResult>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The VAPID key pair: from the configuration, else generated once into `${dataDir}/vapid.json` (0600). */
export function loadVapidKeys(config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'DATA_DIR'>): VapidKeys {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  const file = path.join(config.DATA_DIR, 'vapid.json');
  if (!existsSync(file)) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    try {
      writeFileSync(file, JSON.stringify({ publicKey, privateKey }), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another instance wrote it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isVapidKeys(stored)) throw new Error(`${file} does not hold a VAPID key pair`);
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}

function isVapidKeys(value: unknown): value is VapidKeys {
  if (typeof value !== 'object' || value === null) return false;
  const { publicKey, privateKey } = value as Record<string, unknown>;
  return typeof publicKey === 'string' && typeof privateKey === 'string';
}

/** Hosts of the browsers' push services, and the domains whose subdomains are theirs. */
const PUSH_HOSTS = new Set(['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com']);
const PUSH_DOMAINS = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];
const DNS_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * Whether the server may post to this endpoint: https on a known push service's host (default
 * port, no credentials), or exactly one of `allowedOrigins` (PUSH_ALLOWED_ORIGINS). Anything else
 * could make the server post to an internal address for whoever subscribes.
 */
export function isAllowedPushEndpoint(endpoint: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (allowedOrigins.some((origin) => sameOrigin(origin, url))) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname;
  if (!DNS_NAME.test(host)) return false;
  return PUSH_HOSTS.has(host) || PUSH_DOMAINS.some((domain) => host.endsWith(domain));
}

function sameOrigin(origin: string, url: URL): boolean {
  try {
    return new URL(origin).origin === url.origin;
  } catch {
    return false;
  }
}

const PUSH_TIMEOUT_MS = 10_000;

export interface PushSenderSettings {
  keys: VapidKeys;
  /** mailto: or https: (VAPID_SUBJECT). */
  subject: string;
  allowedOrigins: readonly string[];
  /** Longest a push service may take to answer (10 s). */
  timeoutMs?: number;
}

/**
 * A sender over web-push: web-push signs the VAPID JWT and encrypts the payload (aes128gcm); the
 * request itself goes through fetch, which follows no redirect (a push service never sends one,
 * and following it could lead anywhere) and speaks plain http to an allowed local origin in tests.
 */
export function createPushSender(settings: PushSenderSettings): PushSender {
  const timeoutMs = settings.timeoutMs ?? PUSH_TIMEOUT_MS;
  return {
    publicKey: settings.keys.publicKey,
    async send(target, message, options) {
      if (!isAllowedPushEndpoint(target.endpoint, settings.allowedOrigins)) {
        return { ok: false, gone: false, status: null, error: 'endpoint is not on a known push service' };
      }
      let request: webpush.RequestDetails;
      try {
        request = webpush.generateRequestDetails(target, JSON.stringify(message), {
          vapidDetails: { subject: settings.subject, ...settings.keys },
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          contentEncoding: 'aes128gcm',
          ...(options.topic ? { topic: options.topic } : {}),
        });
      } catch (error) {
        // Keys that cannot be encrypted for, a topic web-push refuses: this message cannot go.
        return { ok: false, gone: false, status: null, error: `not sent: ${messageOf(error)}` };
      }
      try {
        const response = await fetch(target.endpoint, {
          method: 'POST',
          headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
          body: request.body ?? undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text().catch(() => '');
        if (response.status >= 200 && response.status < 300) return { ok: true };
        return {
          ok: false,
          gone: response.status === 404 || response.status === 410,
          status: response.status,
          error: `push service answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
        };
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        return {
          ok: false,
          gone: false,
          status: null,
          error: timedOut
            ? `no answer within ${timeoutMs} ms`
            : `could not reach the push service: ${messageOf(error)}`,
        };
      }
    },
  };
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}

const senders = new WeakMap<Config, PushSender>();

/** The push sender of an app (one per configuration, like mailerFor). */
export function pushSenderFor(config: Config): PushSender {
  let sender = senders.get(config);
  if (!sender) {
    sender = createPushSender({
      keys: loadVapidKeys(config),
      subject: config.VAPID_SUBJECT,
      allowedOrigins: config.PUSH_ALLOWED_ORIGINS,
    });
    senders.set(config, sender);
  }
  return sender;
}
