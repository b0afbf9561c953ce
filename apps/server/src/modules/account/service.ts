import { randomBytes } from 'node:crypto';
import { type LoginResult, ROLES, type Role, type UserInfo } from '@studio/contract/account';
import type { ErrorName } from '@studio/contract/errors';
import type { TokenInfo } from '@studio/contract/protocol';
import { isFutureDate } from '@studio/contract/validators';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DAY, HOUR, MINUTE } from '../../platform/clock';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, fail } from '../../platform/errors';
import { newId, randomCode } from '../../platform/ids';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { AuthedContext, AuthUser, CallContext } from '../../platform/protocol';
import { FORCE_LOGOUT } from '../../platform/realtime';
import { MAX_LIVE_TOKENS, TOKEN_RENEW_WITHIN_MS, type TokenSigner } from '../../platform/tokens';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { getMerchant } from '../merchant/service';
import * as repo from './repo';
import { loginFailures, users } from './schema';

export const MAX_FAILED_LOGINS = 6;
export const LOCK_MS = HOUR;
/** Failure counters of unknown accounts are forgotten after this long without a new failure. */
const UNKNOWN_ACCOUNT_MEMORY_MS = 30 * DAY;

/** The database and this app's dependencies (its signer, its balance reader): a CallContext is one. */
export interface AccountCtx {
  db: Db;
  deps: AppDeps;
}

/** For other modules (the demo seed): a member by username. */
export const findUserByUsername = repo.findUserByUsername;

/** An upload by the url it was answered with (a teacher's photo must be one of their uploads). */
export const findUploadByUrl = repo.findUploadByUrl;

export function rolesOf(row: repo.UserRow): Role[] {
  return row.roles;
}

export async function toUserInfo(ctx: { db: DbOrTx; deps: AppDeps }, row: repo.UserRow): Promise<UserInfo> {
  const balances = await ctx.deps.readBalances(ctx.db, row.id);
  return {
    _id: row.id,
    username: row.username,
    nickname: row.nickname,
    avatar: row.avatar,
    gender: row.gender,
    birthday: row.birthday,
    email: row.email,
    mobile: row.mobile,
    role: rolesOf(row),
    permission: row.permissions,
    is_verify_staff: row.isVerifyStaff,
    my_invite_code: row.inviteCode,
    hasPassword: !!row.passwordHash,
    register_date: row.createdAt.toISOString(),
    account_balance: { balance: balances.balance },
    account_integral: { balance: balances.integral },
  };
}

export async function getUserOrFail(db: DbOrTx, id: string): Promise<repo.UserRow> {
  return (await repo.findUserById(db, id)) ?? fail('USER_NOT_FOUND');
}

export async function myUserInfo(ctx: AuthedContext): Promise<{ userInfo: UserInfo }> {
  return { userInfo: await toUserInfo(ctx, await getUserOrFail(ctx.db, ctx.user.uid)) };
}

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
  return {
    uid: row.id,
    userInfo: await toUserInfo(ctx, row),
    vk_uni_token,
    needUpdateUserInfo: !row.nickname,
  };
}

async function uniqueInviteCode(db: DbOrTx): Promise<string> {
  for (;;) {
    const code = randomCode(8);
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code)).limit(1);
    if (!taken) return code;
  }
}

export interface NewUser {
  username?: string | null;
  email?: string | null;
  mobile?: string | null;
  password?: string | null;
  nickname?: string;
  roles?: Role[];
  inviterId?: string | null;
}

/** Creates an account; a taken username, e-mail or mobile is a named error, even when two requests race. */
export async function createUser(db: DbOrTx, input: NewUser, now: Date): Promise<repo.UserRow> {
  const values = {
    id: newId(),
    username: input.username ?? null,
    email: input.email ?? null,
    mobile: input.mobile ?? null,
    passwordHash: input.password ? await hashPassword(input.password) : null,
    nickname: input.nickname ?? input.username ?? '',
    roles: input.roles ?? ['member'],
    inviteCode: await uniqueInviteCode(db),
    inviterId: input.inviterId ?? null,
    invitedAt: input.inviterId ? now : null,
    createdAt: now,
    updatedAt: now,
  };
  // Without a conflict target, any unique index (username, e-mail, mobile, invite code) turns the
  // insert into a no-op instead of an error, so the loser of a race gets a named answer.
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  if (row) return row;
  if (input.username && (await repo.findUserByUsername(db, input.username))) fail('USERNAME_TAKEN');
  if (input.email && (await repo.findUserByEmail(db, input.email))) fail('EMAIL_TAKEN');
  if (input.mobile && (await repo.findUserByMobile(db, input.mobile))) fail('MOBILE_TAKEN');
  throw new AppError('RETRYABLE');
}

export async function register(
  ctx: CallContext,
  input: { username: string; password: string; invite_code?: string },
): Promise<LoginResult> {
  let inviterId: string | null = null;
  if (input.invite_code?.trim()) {
    const inviter = await repo.findUserByInviteCode(ctx.db, input.invite_code.trim().toUpperCase());
    inviterId = inviter?.id ?? fail('INVITE_CODE_INVALID');
  }
  const row = await createUser(
    ctx.db,
    { username: input.username, password: input.password, inviterId },
    ctx.clock.now(),
  );
  return loginResult(ctx, row);
}

/** No password matches this hash: it stands in for missing accounts and passwords, so timing tells nothing. */
const DUMMY_HASH = await hashPassword(randomBytes(16).toString('hex'));

const lockedError = (lockedUntil: Date, now: Date): never =>
  fail('ACCOUNT_LOCKED', { minutes: Math.ceil((lockedUntil.getTime() - now.getTime()) / MINUTE) });

/** Counts a wrong password; answers the lock's end when this failure locked the account. */
async function countFailedPassword(db: DbOrTx, userId: string, now: Date): Promise<Date | null> {
  const lockUntil = new Date(now.getTime() + LOCK_MS);
  const [after] = await db
    .update(users)
    .set({
      failedLogins: sql`case when ${users.failedLogins} + 1 >= ${MAX_FAILED_LOGINS} then 0 else ${users.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${users.failedLogins} + 1 >= ${MAX_FAILED_LOGINS} then ${lockUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  return after?.lockedUntil && after.lockedUntil > now ? after.lockedUntil : null;
}

/** The same counting for a name no account has, so that both answer alike (RULES.md: no hint). */
async function countFailedUnknown(db: DbOrTx, key: string, now: Date): Promise<Date | null> {
  const lockUntil = new Date(now.getTime() + LOCK_MS);
  const [after] = await db
    .insert(loginFailures)
    .values({ account: key, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: loginFailures.account,
      set: {
        failures: sql`case when ${loginFailures.failures} + 1 >= ${MAX_FAILED_LOGINS} then 0 else ${loginFailures.failures} + 1 end`,
        lockedUntil: sql`case when ${loginFailures.failures} + 1 >= ${MAX_FAILED_LOGINS} then ${lockUntil.toISOString()}::timestamptz else ${loginFailures.lockedUntil} end`,
        updatedAt: now,
      },
    })
    .returning({ lockedUntil: loginFailures.lockedUntil });
  await db
    .delete(loginFailures)
    .where(
      sql`${loginFailures.updatedAt} < ${new Date(now.getTime() - UNKNOWN_ACCOUNT_MEMORY_MS).toISOString()}::timestamptz`,
    );
  return after?.lockedUntil && after.lockedUntil > now ? after.lockedUntil : null;
}

/**
 * Password login by username, e-mail or mobile, with the lockout of RULES.md: 6 wrong passwords
 * lock password login for 1 hour. An account that does not exist answers exactly like one that
 * does (same messages, same lock, same scrypt work).
 */
export async function loginWithPassword(ctx: CallContext, account: string, password: string): Promise<LoginResult> {
  const now = ctx.clock.now();
  const row = await repo.findUserByAccount(ctx.db, account);
  if (!row) {
    const key = account.trim().toLowerCase();
    const known = await ctx.db.query.loginFailures.findFirst({ where: eq(loginFailures.account, key) });
    if (known?.lockedUntil && known.lockedUntil > now) lockedError(known.lockedUntil, now);
    await verifyPassword(password, DUMMY_HASH);
    const locked = await countFailedUnknown(ctx.db, key, now);
    if (locked) lockedError(locked, now);
    return fail('ACCOUNT_OR_PASSWORD_WRONG');
  }
  if (row.lockedUntil && row.lockedUntil > now) lockedError(row.lockedUntil, now);
  const matches = (await verifyPassword(password, row.passwordHash ?? DUMMY_HASH)) && !!row.passwordHash;
  if (!matches) {
    const locked = await countFailedPassword(ctx.db, row.id, now);
    if (locked) lockedError(locked, now);
    return fail('ACCOUNT_OR_PASSWORD_WRONG');
  }
  // Only someone who knows the password learns that the account is disabled.
  if (row.disabled) return fail('ACCOUNT_DISABLED');
  if (row.failedLogins > 0 || row.lockedUntil) {
    await ctx.db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, row.id));
  }
  return loginResult(ctx, row);
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

/**
 * Changes the password after checking the current one (wrong guesses count toward the login lock,
 * since they guess the same secret).
 */
export async function updatePassword(
  ctx: AuthedContext,
  oldPassword: string,
  newPassword: string,
): Promise<{ vk_uni_token: TokenInfo }> {
  const now = ctx.clock.now();
  const row = await getUserOrFail(ctx.db, ctx.user.uid);
  if (row.lockedUntil && row.lockedUntil > now) lockedError(row.lockedUntil, now);
  const matches = (await verifyPassword(oldPassword, row.passwordHash ?? DUMMY_HASH)) && !!row.passwordHash;
  if (!matches) {
    const locked = await countFailedPassword(ctx.db, row.id, now);
    if (locked) lockedError(locked, now);
    return fail('OLD_PASSWORD_WRONG');
  }
  return { vk_uni_token: await writePassword(ctx, row, newPassword, false) };
}

/**
 * The first password of an account made by a code login: nothing to check it against, so it is
 * refused once the account has one (a stolen session must not be able to replace a password).
 */
export async function setFirstPassword(
  ctx: AuthedContext,
  newPassword: string,
): Promise<{ userInfo: UserInfo; vk_uni_token: TokenInfo }> {
  const row = await getUserOrFail(ctx.db, ctx.user.uid);
  if (row.passwordHash) fail('PASSWORD_ALREADY_SET');
  const vk_uni_token = await writePassword(ctx, row, newPassword, true);
  return { userInfo: await toUserInfo(ctx, await getUserOrFail(ctx.db, row.id)), vk_uni_token };
}

/**
 * Stores a new password (`firstOnly`: only while the account has none, so that of two racing
 * first passwords one wins). Every other session ends; this one stays and gets a fresh token.
 */
async function writePassword(
  ctx: AuthedContext,
  row: repo.UserRow,
  newPassword: string,
  firstOnly: boolean,
): Promise<TokenInfo> {
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(newPassword);
  const written = await runUnitOfWork(ctx, async ({ tx }) => {
    const updated = await tx
      .update(users)
      .set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: now })
      .where(firstOnly ? and(eq(users.id, row.id), isNull(users.passwordHash)) : eq(users.id, row.id))
      .returning({ id: users.id });
    if (updated.length === 0) return false;
    await repo.revokeOtherTokens(tx, row.id, ctx.user.jti, now);
    return true;
  });
  if (!written) fail('PASSWORD_ALREADY_SET');
  const { token, tokenExpired } = await issueToken(ctx, row, now, ctx.client.deviceId);
  const vk_uni_token = { token, tokenExpired };
  ctx.issueToken = vk_uni_token;
  await pushForceLogout(ctx, row.id, 'password_changed');
  return vk_uni_token;
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

export interface ProfilePatch {
  nickname?: string;
  gender?: 0 | 1 | 2;
  birthday?: string | null;
}

export async function updateProfile(ctx: AuthedContext, patch: ProfilePatch): Promise<{ userInfo: UserInfo }> {
  const now = ctx.clock.now();
  if (patch.birthday && isFutureDate(patch.birthday, now)) {
    fail('INVALID_PARAM', { field: 'birthday' }, { field: 'birthday', reason: 'birthdayFuture' });
  }
  const set: Partial<typeof users.$inferInsert> = {};
  if (patch.nickname !== undefined) set.nickname = patch.nickname;
  if (patch.gender !== undefined) set.gender = patch.gender;
  if (patch.birthday !== undefined) set.birthday = patch.birthday;
  if (Object.keys(set).length === 0) return myUserInfo(ctx);
  const [row] = await ctx.db
    .update(users)
    .set({ ...set, updatedAt: now })
    .where(eq(users.id, ctx.user.uid))
    .returning();
  return { userInfo: await toUserInfo(ctx, row ?? fail('USER_NOT_FOUND')) };
}

/** The path of an upload url, whether the client sends it as answered (/uploads/...) or made absolute. */
function uploadPath(avatar: string): string {
  if (!/^https?:\/\//i.test(avatar)) return avatar;
  try {
    return new URL(avatar).pathname;
  } catch {
    return avatar;
  }
}

/** Sets the avatar to an image this member uploaded (POST /api/upload); any other url is refused. */
export async function setAvatar(ctx: AuthedContext, avatar: string): Promise<{ userInfo: UserInfo }> {
  const upload = await repo.findUploadByUrl(ctx.db, uploadPath(avatar));
  if (!upload || upload.userId !== ctx.user.uid) {
    fail('INVALID_PARAM', { field: 'avatar' }, { field: 'avatar', reason: 'notYourUpload' });
  }
  const [row] = await ctx.db
    .update(users)
    .set({ avatar: upload!.url, updatedAt: ctx.clock.now() })
    .where(eq(users.id, ctx.user.uid))
    .returning();
  return { userInfo: await toUserInfo(ctx, row ?? fail('USER_NOT_FOUND')) };
}

/** Roles in their canonical order, each once. */
export function normalizeRoles(roles: readonly Role[]): Role[] {
  return ROLES.filter((r) => roles.includes(r));
}

/** Adds a role to a member unless they have it already: one atomic statement, safe under races. */
export async function grantRole(db: DbOrTx, userId: string, now: Date, role: Role = 'teacher'): Promise<void> {
  await db
    .update(users)
    .set({ roles: sql`array_append(${users.roles}, ${role})`, updatedAt: now })
    .where(and(eq(users.id, userId), sql`not (${role} = any(${users.roles}))`));
}
