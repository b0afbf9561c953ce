import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_HASH_COST, MAX_HASH_COST } from './platform/passwords';

/** The repository root: `data/` and the built web app are found from here. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

/** The address inside a From header ("Studio <no-reply@studio.local>" → "no-reply@studio.local"). */
export function mailAddressOf(from: string): string {
  const inBrackets = /<([^<>\s]+)>\s*$/.exec(from);
  return (inBrackets?.[1] ?? from).trim();
}

/** The app's public address without a trailing slash (PUBLIC_URL, else where it listens): links in payments' return pages and in messages. */
export function publicBaseOf(config: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/$/, '');
}

/** An origin exactly ("https://push.example" or "http://127.0.0.1:4000"), no path, query or credentials. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

/** A base address objects' keys are appended to: http(s), no query, fragment or credentials. */
function isPublicBase(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password &&
      !value.includes('?') &&
      !value.includes('#')
    );
  } catch {
    return false;
  }
}

const originList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o !== ''),
  )
  .refine((list) => list.every(isOrigin), 'comma-separated origins (scheme://host[:port]), nothing else')
  .transform((list) => list.map((o) => new URL(o).origin));

const version = z.string().regex(/^\d+\.\d+\.\d+([-+][0-9A-Za-z.+-]*)?$/, 'a version like 1.4.0 (or 1.4.0+build)');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z
    .string()
    .default(path.join(REPO_ROOT, 'data'))
    .transform((p) => path.resolve(p)),
  DATABASE_URL: optionalText,
  REDIS_URL: optionalText,
  /** Starts every Redis key and channel of this deployment: deployments sharing a Redis need different ones. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - (at most 64)')
    .default('studio'),
  SEED_DEMO: flag.optional(),
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalText,
  TOKEN_SECRET: optionalText,
  /**
   * The built-in sandbox test card (no real money moves): on by default only when the demo studio is
   * seeded (SEED_DEMO), so a real studio never takes test-card payments by accident.
   */
  SANDBOX_PAYMENTS: flag.optional(),
  /** The sandbox payment provider's notification secret; generated into DATA_DIR when not set. */
  SANDBOX_PAY_SECRET: optionalText,
  /** Stripe card payments are offered when both are set (and staff switch Stripe on). */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Where Stripe's API answers; tests point it at a local stub. */
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  /** The app's public address (https://studio.example), for the pages a payment provider sends members back to. */
  PUBLIC_URL: optionalText,
  /** smtp://user:pass@host:587 or smtps://...; without it e-mails are only recorded in the outbox table and logged. */
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Studio <no-reply@studio.local>'),
  /** outbox: texts are only recorded (development); twilio: sent through Twilio's Messages API. */
  /** Web Push (VAPID) keys, base64url; without them a pair is generated once into DATA_DIR. */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** Who push services may contact about this sender (mailto: or https:); defaults to mailto: the MAIL_FROM address. */
  VAPID_SUBJECT: optionalText.refine(
    (v) => v === undefined || /^(mailto:|https:\/\/)\S+$/.test(v),
    'mailto:… or https://…',
  ),
  /**
   * Origins beside the known push services (FCM, Mozilla, Apple, Windows) whose push endpoints a
   * member may subscribe with; comma-separated. Empty in production; tests list their local fake.
   */
  PUSH_ALLOWED_ORIGINS: originList,
  /** The version the app answers in user/pub/checkVersion; else the web build's version.json. */
  APP_VERSION: optionalText.pipe(version.optional()),
  /** Apps older than this must reload before going on. */
  APP_MIN_VERSION: version.default('0.0.0'),
  /** What is new, shown with the update prompt. */
  APP_VERSION_NOTES: optionalText,
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  /** The sending number (E.164) of the Twilio account. */
  TWILIO_FROM: optionalText,
  TWILIO_API_BASE: z.url().default('https://api.twilio.com'),
  WEB_DIST: z
    .string()
    .default(path.join(REPO_ROOT, 'apps/web/dist'))
    .transform((p) => path.resolve(p)),
  /** The built back office (apps/admin), served under /admin/. */
  ADMIN_DIST: z
    .string()
    .default(path.join(REPO_ROOT, 'apps/admin/dist'))
    .transform((p) => path.resolve(p)),
  /** Where uploaded images are kept: DATA_DIR/uploads on this instance's disk, or a bucket every instance shares. */
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  /** The S3-compatible API's address (MinIO, R2, …); absent for AWS S3 itself. */
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  /** A key pair, or neither: then the SDK's own chain (AWS_* variables, an instance or task role). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Bucket in the path (https://host/bucket/key) rather than the host name: most S3-compatible stores need it. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /**
   * Where browsers fetch the bucket's objects directly (a CDN, or the bucket's public address): then
   * `/uploads/<key>` redirects to `<S3_PUBLIC_URL>/<key>`; without it the app streams them.
   */
  S3_PUBLIC_URL: optionalText.refine(
    (v) => v === undefined || isPublicBase(v),
    'an http(s) address with no query, fragment or credentials',
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  RATE_LIMIT_AUTH_PER_MIN: z.coerce.number().int().positive().default(100),
  RATE_LIMIT_PER_MIN: z.coerce.number().int().positive().default(600),
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(5000),
  /** Longest a client may take to send a whole request, headers and body (slow uploads included). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Longest a client may take to send a request's headers. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** How long an answered connection is kept open for the next request (above a proxy's idle timeout). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** A connection with no traffic at all for this long is closed (websockets excepted). */
  IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Open connections (websockets included) beyond which new ones are refused at once. */
  MAX_CONNECTIONS: z.coerce.number().int().positive().default(5000),
  /**
   * Open connections per client address (websockets included), beyond which new ones are refused
   * at once; with TRUST_PROXY, requests in progress per forwarded address (platform/connection-cap.ts).
   */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(200),
  /** scrypt's N for new password hashes; a hash carries its own, so changing it keeps old ones valid. */
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .refine((n) => n >= 2 && n <= MAX_HASH_COST && (n & (n - 1)) === 0, `a power of two from 2 to ${MAX_HASH_COST}`)
    .default(DEFAULT_HASH_COST),
});

const withProviderSettings = envSchema.superRefine((e, ctx) => {
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'VAPID keys come as a pair (or neither, to generate one)',
    });
  }
  if (e.STORAGE === 's3') {
    if (!e.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when STORAGE=s3' });
    if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
      const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'S3 keys come as a pair (or neither, for the SDK’s own credentials)',
      });
    }
  }
  if (e.SMS_PROVIDER !== 'twilio') return;
  for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
    if (!e[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when SMS_PROVIDER=twilio' });
  }
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'SEED_DEMO' | 'SANDBOX_PAYMENTS' | 'VAPID_SUBJECT'> {
  SEED_DEMO: boolean;
  SANDBOX_PAYMENTS: boolean;
  VAPID_SUBJECT: string;
}

/** Reads the configuration from environment variables; throws naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = withProviderSettings.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const seedDemo = overrides.SEED_DEMO ?? e.SEED_DEMO ?? !e.DATABASE_URL;
  const merged = {
    ...e,
    SEED_DEMO: seedDemo,
    SANDBOX_PAYMENTS: e.SANDBOX_PAYMENTS ?? seedDemo,
    ...overrides,
  };
  const config: Config = {
    ...merged,
    VAPID_SUBJECT: merged.VAPID_SUBJECT ?? `mailto:${mailAddressOf(merged.MAIL_FROM)}`,
  };
  if (config.HEADERS_TIMEOUT_MS > config.REQUEST_TIMEOUT_MS) {
    throw new Error('Invalid configuration: HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS');
  }
  return config;
}
