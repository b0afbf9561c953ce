import type { LoginResult } from '@studio/contract/account';
import type { ErrorName } from '@studio/contract/errors';
import type { TokenInfo } from '@studio/contract/protocol';
import { DAY, HOUR } from '../../platform/clock';
import type { Tx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { AuthUser, CallContext } from '../../platform/protocol';
import { FORCE_LOGOUT } from '../../platform/realtime';
import { MAX_LIVE_TOKENS, TOKEN_RENEW_WITHIN_MS, type TokenSigner } from '../../platform/tokens';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { getMerchant } from '../merchant';
import { rememberLocale } from './reach';
import * as repo from './repo';
import { type AccountCtx, getUserOrFail, rolesOf, toUserInfo } from './service';

/** Sessions and tokens: issuing, renewing, checking and ending a member's tokens. */

/** Issues a token for a member, keeping at most MAX_LIVE_TOKENS live ones. */
export async function issueToken(
  { db, deps }: AccountCtx,
  row: repo.UserRow,
  now: Date,
  deviceId?: string,
): Promise<TokenInfo & { jti: string }> {
  const { jti, exp } = await runUnitOfWork({ db }, async ({ tx }) => {
    // Lock the member so that concurrent logins cannot leave more than the limit alive.
    await repo.lockUser(tx, row.id);
    return insertToken(tx, row.id, now, deviceId);
  });
  return signToken(deps.signer, row, jti, exp, now);
}

/** A new live token row; the caller holds the member's lock. The oldest beyond the limit are revoked. */
async function insertToken(
  tx: Tx,
  userId: string,
  now: Date,
  deviceId?: string,
  jti = newId(),
): Promise<{ jti: string; exp: number }> {
  const exp = now.getTime() + (await getMerchant(tx)).tokenTtlDays * DAY;
  await repo.insertToken(tx, { id: jti, userId, expiresAt: new Date(exp), deviceId: deviceId || null, createdAt: now });
  await repo.revokeOldestTokens(tx, userId, MAX_LIVE_TOKENS, now);
  return { jti, exp };
}

async function signToken(
  signer: TokenSigner,
  row: repo.UserRow,
  jti: string,
  exp: number,
  now: Date,
): Promise<TokenInfo & { jti: string }> {
  const token = await signer.sign({ uid: row.id, role: rolesOf(row), permission: row.permissions, jti, exp }, now);
  return { token, tokenExpired: exp, jti };
}

/**
 * How long a renewed token keeps working beside its successor: for requests already in flight and
 * other tabs still holding it. Until then any request with it is answered the same successor.
 */
export const RENEWED_TOKEN_GRACE_MS = HOUR;

/**
 * The token that replaces the caller's (renewal, loginByToken). It is made once: parallel
 * renewals, or a later one within the grace period, answer the same successor instead of each
 * making a token and pushing the member's other devices out of the live-token limit.
 */
async function successorToken(
  { db, deps }: AccountCtx,
  row: repo.UserRow,
  parentJti: string,
  now: Date,
  deviceId?: string,
) {
  const { jti, exp } = await runUnitOfWork({ db }, async ({ tx }) => {
    // The member first, then the token: the order logins take (they lock the member, then revoke tokens).
    await repo.lockUser(tx, row.id);
    const parent = await repo.lockToken(tx, parentJti);
    const known = parent?.renewedTo ? await repo.findToken(tx, parent.renewedTo) : undefined;
    if (known && !known.revokedAt && known.expiresAt > now) return { jti: known.id, exp: known.expiresAt.getTime() };
    const jti = newId();
    // Marked first: a renewed token no longer counts toward the limit, so making its successor
    // never revokes it (nor another device's token) while it hands over.
    if (parent) {
      const graceEnd = Math.min(parent.expiresAt.getTime(), now.getTime() + RENEWED_TOKEN_GRACE_MS);
      await repo.markRenewed(tx, parent.id, jti, new Date(graceEnd));
    }
    return insertToken(tx, row.id, now, deviceId, jti);
  });
  return signToken(deps.signer, row, jti, exp, now);
}

/** The protocol's token check: signature, expiry, revocation, and the member's current roles. */
export async function authenticate({ db, deps }: AccountCtx, token: string, now: Date): Promise<AuthUser | ErrorName> {
  const claims = await deps.signer.verify(token, now);
  if (typeof claims === 'string') return claims;
  const live = await repo.findLiveToken(db, claims.jti);
  if (!live || live.revokedAt || live.disabled || live.userId !== claims.uid) return 'TOKEN_NOT_FOUND';
  // A renewed token ends with its grace period, before the expiry its claims carry.
  if (live.expiresAt <= now) return 'TOKEN_EXPIRED';
  return {
    ...claims,
    role: live.roles,
    permission: live.permissions,
    isVerifyStaff: live.isVerifyStaff,
  };
}

/**
 * The caller of a public call that needs one (logout, checkToken, loginByToken, codes for
 * binding): the protocol leaves a bad token unexplained on public calls, so name its error here
 * (revoked → 30202, expired → 30203, absent or malformed → 30204).
 */
export async function requireCaller(ctx: CallContext): Promise<AuthUser> {
  if (ctx.user) return ctx.user;
  if (!ctx.token) return fail('TOKEN_INVALID');
  const result = await authenticate(ctx, ctx.token, ctx.clock.now());
  return typeof result === 'string' ? fail(result) : result;
}

/** In the last days of a token's life, a logged-in call gets its successor (the old one works on for a grace period). */
export async function renewToken(user: AuthUser, ctx: CallContext): Promise<TokenInfo | null> {
  const now = ctx.clock.now();
  if (user.exp - now.getTime() > TOKEN_RENEW_WITHIN_MS) return null;
  const row = await repo.findUserById(ctx.db, user.uid);
  if (!row) return null;
  const { token, tokenExpired } = await successorToken(ctx, row, user.jti, now, ctx.client.deviceId);
  return { token, tokenExpired };
}

/** The answer of a login: a new token, or for loginByToken the successor of the caller's (`replacing`). */
export async function loginResult(ctx: CallContext, row: repo.UserRow, replacing?: AuthUser): Promise<LoginResult> {
  const now = ctx.clock.now();
  const issued = replacing
    ? await successorToken(ctx, row, replacing.jti, now, ctx.client.deviceId)
    : await issueToken(ctx, row, now, ctx.client.deviceId);
  const vk_uni_token = { token: issued.token, tokenExpired: issued.tokenExpired };
  ctx.issueToken = vk_uni_token;
  // The language of the app logging in is the one notices outside it speak (account/reach.ts).
  if (row.locale !== ctx.locale) await rememberLocale(ctx.db, row.id, ctx.locale);
  return {
    uid: row.id,
    userInfo: await toUserInfo(ctx, row),
    vk_uni_token,
    needUpdateUserInfo: !row.nickname,
  };
}

export async function logout(ctx: CallContext): Promise<void> {
  const user = await requireCaller(ctx);
  await repo.revokeToken(ctx.db, user.jti, ctx.clock.now());
  // The socket opened with this token closes; the member's other devices stay signed in.
  await pushForceLogout(ctx, user.uid, 'logout');
}

export async function loginByToken(ctx: CallContext): Promise<LoginResult> {
  const user = await requireCaller(ctx);
  return loginResult(ctx, await getUserOrFail(ctx.db, user.uid), user);
}

/** Tells the member's open apps that sessions ended: sockets whose token no longer works get force-logout (realtime.ts). */
export async function pushForceLogout(ctx: CallContext, userId: string, reason: string): Promise<void> {
  try {
    await ctx.realtime.notifyUser(userId, { type: FORCE_LOGOUT, data: { reason } });
  } catch (error) {
    // The change is committed and the revoked tokens already fail; a lost push only delays the logout.
    ctx.log.warn({ err: error, userId }, 'forceLogout push failed');
  }
}
