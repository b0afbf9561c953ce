import { randomBytes } from 'node:crypto';
import type { LoginResult, UserInfo } from '@studio/contract/account';
import type { TokenInfo } from '@studio/contract/protocol';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DAY, HOUR, MINUTE } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { fail } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import * as repo from './repo';
import { loginFailures, users } from './schema';
import { createUser, getUserOrFail, toUserInfo } from './service';
import { issueToken, loginResult, pushForceLogout } from './sessions';

/**
 * Login and lockout: registration, password login with the lock of RULES.md, and password changes
 * (wrong guesses count toward the same lock).
 */

export const MAX_FAILED_LOGINS = 6;

export const LOCK_MS = HOUR;

/** Failure counters of unknown accounts are forgotten after this long without a new failure. */
const UNKNOWN_ACCOUNT_MEMORY_MS = 30 * DAY;

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
