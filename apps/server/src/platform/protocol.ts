import type { ErrorArgs } from '@studio/contract/error-params';
import { type ErrorName, type ErrorParams, envelopeCode, errorMessage, httpStatus } from '@studio/contract/errors';
import { type Locale, resolveLocale } from '@studio/contract/locale';
import { grantsCall } from '@studio/contract/permissions';
import { accessGroupOf, type CallDef, CLIENT_HEADERS, type Envelope, type TokenInfo } from '@studio/contract/protocol';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Clock } from './clock';
import type { Db } from './db';
import type { AppDeps } from './deps';
import { AppError } from './errors';
import type { Realtime } from './realtime';
import { API_ROUTE } from './security-headers';
import { SerializedAnswer } from './serialized-answer';
import type { TokenClaims } from './tokens';

/** The member a valid token belongs to, with roles read fresh from the database. */
export interface AuthUser extends TokenClaims {
  isVerifyStaff: boolean;
}

export interface ClientInfo {
  appId: string;
  deviceId: string;
  platform: string;
  ip: string;
}

export interface CallContext {
  db: Db;
  config: Config;
  clock: Clock;
  locale: Locale;
  /** The caller, when the call carried a valid token (always set for kh and sys calls). */
  user: AuthUser | null;
  token: string | null;
  client: ClientInfo;
  log: FastifyBaseLogger;
  requestId: string;
  /** The call being answered, e.g. 'admin/session.update' (the audit log names it). */
  url: string;
  realtime: Realtime;
  /** This app's dependencies (signer, outbox, balance reader), built in buildApp. */
  deps: AppDeps;
  /** A fresh token to hand back (login, register, password change set it). */
  issueToken?: TokenInfo;
}

/** A context whose caller is known: kh and sys handlers receive this. */
export type AuthedContext = CallContext & { user: AuthUser };

export interface RegisteredCall {
  def: CallDef;
  run(input: unknown, ctx: CallContext): Promise<unknown>;
}

type Handler<C extends CallDef> = (input: z.output<C['input']>, ctx: AuthedContext) => Promise<z.input<C['output']>>;

type PubHandler<C extends CallDef> = (input: z.output<C['input']>, ctx: CallContext) => Promise<z.input<C['output']>>;

/** Binds a handler to a logged-in call (kh or sys): the context's user is always present. */
export function handle<C extends CallDef>(def: C, run: Handler<C>): RegisteredCall {
  if (accessGroupOf(def.url) === 'pub') throw new Error(`${def.url} is public: bind it with handlePub`);
  return { def, run: run as RegisteredCall['run'] };
}

/** Binds a handler to a public call: the user is present only if a valid token came along. */
export function handlePub<C extends CallDef>(def: C, run: PubHandler<C>): RegisteredCall {
  return { def, run: run as RegisteredCall['run'] };
}

export interface ProtocolDeps {
  db: Db;
  config: Config;
  clock: Clock;
  calls: RegisteredCall[];
  realtime: Realtime;
  deps: AppDeps;
  /** Resolves a token to its user, or names the token error. */
  authenticate(token: string, now: Date): Promise<AuthUser | ErrorName>;
  /** Issues a replacement token when the caller's is in its last days. */
  renewToken(user: AuthUser, ctx: CallContext): Promise<TokenInfo | null>;
  codec?: PayloadCodec;
}

/** Optional payload encryption (see encryption.ts); absent → encrypted calls are refused. */
export interface PayloadCodec {
  /** The call's data from its encrypted form; throws AppError DECRYPT_FAILED or ENCRYPT_TOO_OLD. */
  decode(data: unknown, keyParts: KeyParts, now: Date, mode: string): unknown;
  encode(answer: Envelope, keyParts: KeyParts, now: Date, mode: string): EncryptedAnswer;
}

export interface EncryptedAnswer {
  encrypt: true;
  data: string;
}

export interface KeyParts {
  appId: string;
  deviceId: string;
  token: string | null;
}

export function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The encryption a request asks for: the `vk-encrypt` header ("true", "aes-256-cbc"...; "false" in
 * any case means none), or, without the header, a body that is the envelope
 * `{ encrypt: true, data: "<base64>" }`. Null for a plain request.
 */
export function encryptModeOf(req: FastifyRequest, body: unknown): string | null {
  const mode = header(req, CLIENT_HEADERS.encrypt)?.trim();
  if (mode) return mode.toLowerCase() === 'false' ? null : mode;
  return isRecord(body) && body.encrypt === true && typeof body.data === 'string' ? 'true' : null;
}

export function localeOf(req: FastifyRequest): Locale {
  return resolveLocale(header(req, CLIENT_HEADERS.locale) ?? header(req, 'accept-language'));
}

/** The envelope of a failure, in the caller's language. */
export function errorEnvelope(
  name: ErrorName,
  locale: Locale,
  params?: ErrorParams,
  data: Record<string, unknown> = {},
): Envelope {
  return { ...data, code: envelopeCode(name), msg: errorMessage(name, locale, params) };
}

/** Answers a failure; its params and data are typed by the error's schemas, as with fail(). */
export function sendError<N extends ErrorName>(
  reply: FastifyReply,
  req: FastifyRequest,
  name: N,
  ...[params, data]: ErrorArgs<N>
) {
  return reply.status(httpStatus(name)).send(errorEnvelope(name, localeOf(req), params, data));
}

/** The first failing field of a zod error, as a dotted path ("items.0.buy_num"). */
export function describeZodError(error: z.ZodError): { field: string; reason: string } {
  const issue = error.issues[0];
  if (!issue) return { field: 'data', reason: 'invalid' };
  let field = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') field = [field, ...issue.keys].filter(Boolean).join('.');
  return { field: field || 'data', reason: issue.message };
}

/**
 * The path (`items.0.name`, or `data` for the whole input) of the first string or key holding a NUL
 * character, which no PostgreSQL text column accepts; null when there is none. Iterative, since the
 * input may be nested deeply.
 */
export function findNulCharacter(input: unknown): string | null {
  interface Step {
    value: unknown;
    key: string;
    parent: Step | null;
  }
  const pathOf = (step: Step | null, last?: string): string => {
    const keys = last === undefined ? [] : [last];
    for (let s = step; s?.parent; s = s.parent) keys.push(s.key);
    return keys.reverse().join('.') || 'data';
  };
  const stack: Step[] = [{ value: input, key: '', parent: null }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const { value } = step;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(step);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: String(i), parent: step });
    } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (key.includes('\u0000')) return pathOf(step, key);
        stack.push({ value: child, key, parent: step });
      }
    }
  }
  return null;
}

/**
 * The call protocol of API.md: `POST /api/router {url, data}` and `POST /api/<url>` (body = data)
 * are the same call; access by group; input and output through the contract's schemas; every
 * answer an envelope `{code, msg, ...}`.
 */
export async function registerProtocol(app: FastifyInstance, deps: ProtocolDeps): Promise<void> {
  const registry = new Map<string, RegisteredCall>();
  // Access groups are fixed by the url: decide them once, not on every request.
  const groups = new Map<string, ReturnType<typeof accessGroupOf>>();
  for (const call of deps.calls) {
    if (registry.has(call.def.url)) throw new Error(`Call registered twice: ${call.def.url}`);
    registry.set(call.def.url, call);
    groups.set(call.def.url, accessGroupOf(call.def.url));
  }
  app.decorate('callRegistry', registry);

  const dispatch = async (req: FastifyRequest, reply: FastifyReply, url: string, body: unknown) => {
    const locale = localeOf(req);
    const now = deps.clock.now();
    const token = header(req, CLIENT_HEADERS.token)?.trim() || null;
    const client: ClientInfo = {
      appId: header(req, CLIENT_HEADERS.appId) ?? '',
      deviceId: header(req, CLIENT_HEADERS.deviceId) ?? '',
      platform: header(req, CLIENT_HEADERS.platform) ?? '',
      ip: req.ip ?? '',
    };
    // With the header `data` must be the cipher text, whatever the body says.
    const encryptMode = encryptModeOf(req, body);
    const keyParts: KeyParts = { appId: client.appId, deviceId: client.deviceId, token };

    const call = registry.get(url);
    const group = groups.get(url);
    if (!call || !group || group === 'private') return sendError(reply, req, 'FUNCTION_NOT_FOUND', { url });

    let data: unknown = isRecord(body) ? body.data : undefined;
    if (encryptMode) {
      if (!deps.codec) return sendError(reply, req, 'DECRYPT_FAILED');
      try {
        data = deps.codec.decode(data, keyParts, now, encryptMode);
      } catch (error) {
        return sendError(reply, req, error instanceof AppError ? error.name : 'DECRYPT_FAILED');
      }
    }

    let user: AuthUser | null = null;
    if (token) {
      const result = await deps.authenticate(token, now);
      if (typeof result === 'string') {
        if (group !== 'pub') return sendError(reply, req, result);
      } else {
        user = result;
      }
    } else if (group !== 'pub') {
      return sendError(reply, req, 'TOKEN_INVALID');
    }
    if (group === 'sys' && user) {
      if (!grantsCall(user, call.def.permission)) return sendError(reply, req, 'PERMISSION_DENIED');
    }

    const parsed = call.def.input.safeParse(data ?? {});
    if (!parsed.success) {
      const { field, reason } = describeZodError(parsed.error);
      return sendError(reply, req, 'INVALID_PARAM', { field }, { field, reason });
    }
    const nulField = findNulCharacter(parsed.data);
    if (nulField !== null) {
      return sendError(reply, req, 'INVALID_PARAM', { field: nulField }, { field: nulField, reason: 'NUL character' });
    }

    const ctx: CallContext = {
      db: deps.db,
      config: deps.config,
      clock: deps.clock,
      locale,
      user,
      token,
      client,
      log: req.log,
      requestId: req.id,
      url,
      realtime: deps.realtime,
      deps: deps.deps,
    };
    const result = await call.run(parsed.data, ctx);
    // A cached read answers JSON it checked when it built it: spliced into the envelope as is.
    if (result instanceof SerializedAnswer && !encryptMode) {
      const renewed = user ? await deps.renewToken(user, ctx) : null;
      const token = renewed ? `,"vk_uni_token":${JSON.stringify(renewed)}` : '';
      const members = result.members ? `,${result.members}` : '';
      return reply.type('application/json; charset=utf-8').send(`{"code":0,"msg":"ok"${members}${token}}`);
    }
    const output = (
      result instanceof SerializedAnswer ? JSON.parse(`{${result.members}}`) : call.def.output.parse(result ?? {})
    ) as Record<string, unknown>;
    const answer: Envelope = { code: 0, msg: 'ok', ...output };
    const renewed = ctx.issueToken ?? (user && !('vk_uni_token' in output) ? await deps.renewToken(user, ctx) : null);
    if (renewed) answer.vk_uni_token = renewed;
    if (encryptMode && deps.codec) return reply.send(deps.codec.encode(answer, keyParts, now, encryptMode));
    return reply.send(answer);
  };

  app.post('/api/router', API_ROUTE, async (req, reply) => {
    const body = req.body;
    if (!isRecord(body) || typeof body.url !== 'string' || body.url.length === 0 || body.url.length > 200) {
      return sendError(reply, req, 'INVALID_PARAM', { field: 'url' }, { field: 'url', reason: 'required' });
    }
    return dispatch(req, reply, body.url, body);
  });

  app.post('/api/*', API_ROUTE, async (req, reply) => {
    const url = (req.params as { '*': string })['*'];
    const body = req.body ?? {};
    // The path form's body is the data itself, or when encrypted the envelope {encrypt, data}.
    return dispatch(req, reply, url, encryptModeOf(req, body) ? body : { data: body });
  });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

declare module 'fastify' {
  interface FastifyInstance {
    callRegistry: Map<string, RegisteredCall>;
  }
}
