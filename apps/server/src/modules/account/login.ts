import type { LoginResult, UserInfo } from '@studio/contract/account';
import type { ShownVersions } from '@studio/contract/agreements';
import { normalisePhone } from '@studio/contract/phone';
import type { TokenInfo } from '@studio/contract/protocol';
import { and, eq, isNull } from 'drizzle-orm';
import { fail } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { studioCountry } from '../merchant';
import { comparePasswordWithinLockout } from './lockout';
import * as repo from './repo';
import { users } from './schema';
import { announceNewMember, createUser, getUserOrFail, toUserInfo } from './service';
import { issueToken, loginResult, pushForceLogout } from './sessions';

/**
 * Login: registration, password login within the lockout of RULES.md (lockout.ts), and password
 * changes (wrong guesses count toward the same lock).
 */

export async function register(
  ctx: CallContext,
  input: { username: string; password: string; invite_code?: string; agreements?: ShownVersions },
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
  await announceNewMember(ctx, row.id, ctx.client.deviceId, input.agreements);
  return loginResult(ctx, row);
}

/**
 * Password login by username, e-mail or mobile, with the lockout of RULES.md. An account that
 * does not exist answers exactly like one that does (same messages, same lock, same scrypt work).
 */
export async function loginWithPassword(ctx: CallContext, account: string, password: string): Promise<LoginResult> {
  const now = ctx.clock.now();
  const mobile = normalisePhone(account, await studioCountry(ctx), 'mobile');
  const row = await repo.findUserByAccount(ctx.db, account, mobile);
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
  const written = await runUnitOfWork(ctx, async (work) => {
    const { tx } = work;
    const updated = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(firstOnly ? and(eq(users.id, row.id), isNull(users.passwordHash)) : eq(users.id, row.id))
      .returning({ id: users.id });
    if (updated.length === 0) return false;
    await repo.revokeOtherTokens(tx, row.id, ctx.user.jti, now);
    // A first password replaces nothing: only a change is worth a security mail.
    if (!firstOnly) await work.emit('account.passwordChanged', { user_id: row.id, how: 'changed' }, now);
    return true;
  });
  if (!written) fail('PASSWORD_ALREADY_SET');
  const { token, tokenExpired } = await issueToken(ctx, row, now, ctx.client.deviceId);
  const vk_uni_token = { token, tokenExpired };
  ctx.issueToken = vk_uni_token;
  await pushForceLogout(ctx, row.id, 'password_changed');
  return vk_uni_token;
}
