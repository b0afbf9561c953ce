import type { ErrorName } from '@studio/contract/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createBroadcast } from '../../platform/broadcast';
import type { MemberMemo } from '../../platform/deps';
import type { AuthUser, CallContext, RegisteredCall } from '../../platform/protocol';
import { createMemoStore } from '../../platform/shared-memo';
import { TOKEN_RENEW_WITHIN_MS } from '../../platform/tokens';

// The token check, remembered briefly --------------------------------------------------------------
// Every logged-in call checks its token against the database (revoked? member disabled? current
// roles?): one query that a small read like getMyUserInfo spends a third of its time on. A valid
// answer is kept for TTL_MS per token. What must end a session at once does, on every instance:
//
// - Any successful account write (logout, password change or reset, a login or registration that
//   retires the oldest tokens, roles set by an admin, contact changes...) forgets the cached tokens
//   of the members it touched — the caller, an `user_id` in its input, a `uid` in its answer — or,
//   for a write that names no member (a password reset by e-mail or SMS code), every token. Only
//   the calls listed in READS keep the cache: a new account call revokes by default.
// - The forgetting happens after the call's transaction committed, before it answers, and is
//   published to the other instances through Redis (channel `<REDIS_PREFIX>:auth-revoked`) when configured;
//   without Redis there is one instance. A lost Redis connection forgets everything when it is back.
// - An answer read while a revocation was under way is not kept (the revision counter), so a read
//   that saw the database before the commit cannot put the old state back.
// - Tokens in their renewal window (their row's expiry moves when renewed) are never kept.
// - Calls of other modules that write a member's row (the teacher role granted with a teacher
//   profile: MEMBER_WRITES_ELSEWHERE) revoke the same way.
// Roles changed by other means (a database edit) apply within TTL_MS.
//
// The member's own info (getMyUserInfo, read on every app start) is remembered here too, per
// member, under the same rules: an account write that touches a member forgets it on every
// instance before it answers, so the very next read anywhere reads the database again.

export const TOKEN_CACHE_TTL_MS = 3_000;
const MAX_ENTRIES = 10_000;
/** The revocation channel of a deployment (REDIS_PREFIX), like the realtime channel. */
export const revokedChannel = (prefix: string) => `${prefix}:auth-revoked`;

/** Account calls that change nothing a token check reads. */
const READS = new Set([
  'user/kh/getMyUserInfo',
  'client/user.getMyInfo',
  'user/pub/checkToken',
  'user/kh/getInvitedUser',
  'user/pub/sendEmailCode',
  'user/pub/sendSmsCode',
  'admin/user.getList',
]);

/** Calls outside the account module that change a member's row (saveTeacher grants the teacher role). */
const MEMBER_WRITES_ELSEWHERE = new Set(['admin/teacher.save', 'client/teacher.updateIntroduction']);

const isAccountWrite = (url: string) =>
  ((url.startsWith('user/') || url.startsWith('admin/user.')) && !READS.has(url)) || MEMBER_WRITES_ELSEWHERE.has(url);

type Authenticate = (token: string, now: Date) => Promise<AuthUser | ErrorName>;

interface Entry {
  user: AuthUser;
  storedAt: number;
}

/** A revocation as it travels between instances: members' ids, or every token (`all`). */
interface Revocation {
  uids?: string[];
  all?: true;
}

export interface TokenCache {
  authenticate: Authenticate;
  /** The calls, those that write accounts revoking what they touched once they succeed. */
  wrapCalls(calls: RegisteredCall[]): RegisteredCall[];
  revoke(revocation: Revocation): Promise<void>;
  /** The member's own info, remembered until an account write touches them (ctx.deps.memberMemo). */
  readonly memberMemo: MemberMemo;
  close(): Promise<void>;
  readonly stats: { hits: number; misses: number };
}

export async function createTokenCache(deps: {
  authenticate: Authenticate;
  redis: Redis | null;
  /** REDIS_PREFIX: deployments sharing one Redis never hear each other's revocations. */
  redisPrefix: string;
  log: FastifyBaseLogger;
  ttlMs?: number;
}): Promise<TokenCache> {
  const ttl = deps.ttlMs ?? TOKEN_CACHE_TTL_MS;
  const channelName = revokedChannel(deps.redisPrefix);
  const entries = new Map<string, Entry>();
  const members = createMemoStore(ttl, MAX_ENTRIES);
  const stats = { hits: 0, misses: 0 };
  /** Bumped by every revocation: an answer read across one is not kept. */
  let revision = 0;

  const forget = (revocation: Revocation) => {
    revision += 1;
    if (revocation.all) {
      entries.clear();
      members.drop('all');
      return;
    }
    const uids = new Set(revocation.uids ?? []);
    if (uids.size === 0) return;
    for (const [token, entry] of entries) if (uids.has(entry.user.uid)) entries.delete(token);
    members.drop(uids);
  };

  // Forgets here and on every instance; the write that revoked answers once the others have it too.
  // A lost Redis connection or an unreadable message forgets everything.
  const broadcast = await createBroadcast<Revocation>({
    redis: deps.redis,
    channel: channelName,
    log: deps.log,
    receive: forget,
    resync: () => forget({ all: true }),
  });
  const revoke = (revocation: Revocation) => broadcast.send(revocation);

  const authenticate: Authenticate = async (token, now) => {
    const t = now.getTime();
    const cached = entries.get(token);
    if (cached && t >= cached.storedAt && t - cached.storedAt < ttl && t < cached.user.exp) {
      stats.hits += 1;
      return cached.user;
    }
    if (cached) entries.delete(token);
    stats.misses += 1;
    const seen = revision;
    const result = await deps.authenticate(token, now);
    if (typeof result !== 'string' && seen === revision && result.exp - t > TOKEN_RENEW_WITHIN_MS) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(token, { user: result, storedAt: t });
    }
    return result;
  };

  // Read across a revocation: it may hold what the write replaced, so it is not kept (the store's rule).
  const memberMemo: MemberMemo = { remember: members.remember };

  const touched = (input: unknown, ctx: CallContext, output: unknown): Revocation => {
    const uids = new Set<string>();
    if (ctx.user) uids.add(ctx.user.uid);
    for (const value of [input, output]) {
      if (value && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        if (typeof record.user_id === 'string') uids.add(record.user_id);
        if (typeof record.uid === 'string') uids.add(record.uid);
      }
    }
    // A public write that names no member (a reset by code; a logout whose token the protocol
    // left unchecked): forget every token rather than guess.
    return uids.size > 0 && (ctx.user || ctx.token === null) ? { uids: [...uids] } : { all: true };
  };

  const wrapCalls = (calls: RegisteredCall[]) =>
    calls.map((call): RegisteredCall => {
      if (!isAccountWrite(call.def.url)) return call;
      return {
        def: call.def,
        async run(input, ctx) {
          const output = await call.run(input, ctx);
          await revoke(touched(input, ctx, output));
          return output;
        },
      };
    });

  return {
    authenticate,
    wrapCalls,
    revoke,
    memberMemo,
    stats,
    async close() {
      entries.clear();
      members.drop('all');
      await broadcast.close();
    },
  };
}
