import type { LoginResult, UserInfo } from '@studio/contract/account';
import type { TokenInfo } from '@studio/contract/protocol';
import { and, eq, isNull } from 'drizzle-orm';
import { DAY, HOUR, MINUTE } from '../../platform/clock';
import { fail } from '../../platform/errors';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/passwords';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import * as repo from './repo';
import { users } from './schema';
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
    { username: input.username, password: input.password, hashCost: ctx.config.PASSWORD_HASH_COST, inviterId },
    ctx.clock.now(),
  );
  return loginResult(ctx, row);
}

const lockedError = (lockedUntil: Date, now: Date): never =>
  fail('ACCOUNT_LOCKED', { minutes: Math.ceil((lockedUntil.getTime() - now.getTime()) / MINUTE) });

/**
 * Compares a password within the lockout of RULES.md: 6 wrong passwords lock password login for
 * 1 hour. The attempt is counted as a failure *before* the comparison, in one statement that
 * refuses once the account is locked or 6 attempts are counted, so that parallel guesses, on any
 * number of instances, never get more than 6 passwords compared; a right password clears the
 * count. `who` is the member, or for a name no account has, what was typed (same answers, same work).
 * Answers whether the password matched; the failure that locks answers ACCOUNT_LOCKED itself.
 */
async function comparePasswordWithinLockout(
  { db, config }: Pick<CallContext, 'db' | 'config'>,
  who: { userId: string } | { account: string },
  password: string,
  stored: string | null,
  now: Date,
): Promise<boolean> {
  const attempt =
    'userId' in who
      ? await repo.reserveLoginAttempt(db, who.userId, now, MAX_FAILED_LOGINS)
      : await repo.reserveUnknownLoginAttempt(db, who.account, now, MAX_FAILED_LOGINS);
  if (attempt === null) {
    // Locked, or 6 attempts still being compared: those may lock it for the full hour.
    const lockedUntil = await repo.findLoginLock(db, who);
    return lockedError(lockedUntil && lockedUntil > now ? lockedUntil : new Date(now.getTime() + LOCK_MS), now);
  }
  const matches = (await verifyPassword(password, stored ?? (await dummyHash(config.PASSWORD_HASH_COST)))) && !!stored;
  if (matches) {
    if ('userId' in who) await repo.clearLoginFailures(db, who.userId);
    return true;
  }
  if ('account' in who) await repo.forgetLoginFailures(db, new Date(now.getTime() - UNKNOWN_ACCOUNT_MEMORY_MS));
  const lockUntil = new Date(now.getTime() + LOCK_MS);
  if (attempt >= MAX_FAILED_LOGINS && (await repo.lockLogin(db, who, lockUntil, MAX_FAILED_LOGINS))) {
    lockedError(lockUntil, now);
  }
  return false;
}

/**
 * Password login by username, e-mail or mobile, with the lockout of RULES.md. An account that
 * does not exist answers exactly like one that does (same messages, same lock, same scrypt work).
 */
export async function loginWithPassword(ctx: CallContext, account: string, password: string): Promise<LoginResult> {
  const now = ctx.clock.now();
  const row = await repo.findUserByAccount(ctx.db, account);
  const who = row ? { userId: row.id } : { account: account.trim().toLowerCase() };
  if (!(await comparePasswordWithinLockout(ctx, who, password, row?.passwordHash ?? null, now)) || !row) {
    return fail('ACCOUNT_OR_PASSWORD_WRONG');
  }
  // Only someone who knows the password learns that the account is disabled.
  if (row.disabled) return fail('ACCOUNT_DISABLED');
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
  if (!(await comparePasswordWithinLockout(ctx, { userId: row.id }, oldPassword, row.passwordHash, now))) {
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
  const passwordHash = await hashPassword(newPassword, ctx.config.PASSWORD_HASH_COST);
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
