import type { CodePurpose, LoginResult, UserInfo } from '@studio/contract/account';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { AppError, fail } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import type { AuthedContext, CallContext } from '../../platform/protocol';
import { type CodeChannel, issueCode, withCodes } from './codes';
import * as repo from './repo';
import { users } from './schema';
import { announceNewMember, createUser, getUserOrFail, toUserInfo } from './service';
import { loginResult, pushForceLogout, requireCaller } from './sessions';

/** E-mail and mobile differ only in names: the channel a code travels by and the errors they answer. */
interface ContactKind {
  field: repo.ContactField;
  channel: CodeChannel;
  taken: 'EMAIL_TAKEN' | 'MOBILE_TAKEN';
  notBound: 'EMAIL_NOT_BOUND' | 'MOBILE_NOT_BOUND';
}

export const EMAIL: ContactKind = {
  field: 'email',
  channel: 'email',
  taken: 'EMAIL_TAKEN',
  notBound: 'EMAIL_NOT_BOUND',
};
export const MOBILE: ContactKind = {
  field: 'mobile',
  channel: 'sms',
  taken: 'MOBILE_TAKEN',
  notBound: 'MOBILE_NOT_BOUND',
};

function sameContact(kind: ContactKind, a: string | null, b: string): boolean {
  if (a === null) return false;
  return kind.field === 'email' ? a.trim().toLowerCase() === b.trim().toLowerCase() : a.trim() === b.trim();
}

/**
 * sendEmailCode / sendSmsCode. Login codes always go out: a login by code to an address without
 * an account creates it. Reset codes go only to addresses that have an account, but the answer
 * is the same either way. Bind and unbind codes need the caller's token: bind to an address no
 * other account holds, unbind to the caller's own address.
 */
export async function sendCode(ctx: CallContext, kind: ContactKind, target: string, purpose: CodePurpose) {
  let deliver = true;
  switch (purpose) {
    case 'login':
      break;
    case 'reset':
      deliver = !!(await repo.findUserByContact(ctx.db, kind.field, target));
      break;
    case 'bind': {
      const caller = await requireCaller(ctx);
      const owner = await repo.findUserByContact(ctx.db, kind.field, target);
      if (owner && owner.id !== caller.uid) fail(kind.taken);
      break;
    }
    case 'unbind': {
      const caller = await requireCaller(ctx);
      const me = await getUserOrFail(ctx.db, caller.uid);
      if (!sameContact(kind, me[kind.field], target)) fail(kind.notBound);
      break;
    }
  }
  await issueCode(ctx, kind.channel, target, purpose, deliver);
}

/**
 * loginByEmail / loginBySms: the code proves the address; an address without an account gets
 * one (empty nickname, so needUpdateUserInfo), the member having accepted the agreement on the
 * login page.
 */
export async function loginByCode(
  ctx: CallContext,
  kind: ContactKind,
  target: string,
  code: string,
): Promise<LoginResult> {
  const now = ctx.clock.now();
  let created = false;
  const row = await withCodes(
    ctx,
    [{ channel: kind.channel, target, purpose: 'login', code, field: 'code' }],
    async (tx) => {
      const existing = await repo.findUserByContact(tx, kind.field, target);
      created = !existing;
      if (existing) return existing.disabled ? fail('ACCOUNT_DISABLED') : existing;
      return createUser(tx, { [kind.field]: target.trim() }, now);
    },
  );
  if (created) await announceNewMember(ctx, row.id, ctx.client.deviceId);
  return loginResult(ctx, row);
}

/** resetPasswordByEmail / resetPasswordByMobile: a new password, the lock lifted, every session ended. */
export async function resetPasswordByCode(
  ctx: CallContext,
  kind: ContactKind,
  target: string,
  code: string,
  password: string,
): Promise<void> {
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(password, ctx.config.PASSWORD_HASH_COST);
  const userId = await withCodes(
    ctx,
    [{ channel: kind.channel, target, purpose: 'reset', code, field: 'code' }],
    async (tx, work) => {
      // No code ever reaches an address without an account; this guards a lucky guess of the unsent one.
      const row = (await repo.findUserByContact(tx, kind.field, target)) ?? fail('CODE_INVALID');
      await tx
        .update(users)
        .set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: now })
        .where(eq(users.id, row.id));
      await repo.revokeOtherTokens(tx, row.id, null, now);
      await work.emit('account.passwordChanged', { user_id: row.id, how: 'reset' }, now);
      return row.id;
    },
  );
  await pushForceLogout(ctx, userId, 'password_reset');
}

/** Whether the account can still sign in once `removing` is unbound. */
export function canSignInWithout(row: repo.UserRow, removing: repo.ContactField): boolean {
  const email = removing === 'email' ? null : row.email;
  const mobile = removing === 'mobile' ? null : row.mobile;
  // A code logs in by e-mail or mobile; a password logs in with any name the account has left.
  return !!email || !!mobile || (!!row.passwordHash && !!row.username);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Writes the contact field; an address another account took meanwhile is `taken`, not a crash. */
async function setContact(tx: Tx, kind: ContactKind, userId: string, value: string | null, now: Date) {
  if (value !== null) {
    const owner = await repo.findUserByContact(tx, kind.field, value);
    if (owner && owner.id !== userId) fail(kind.taken);
  }
  try {
    const [row] = await tx
      .update(users)
      .set({ [kind.field]: value, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    return row ?? fail('USER_NOT_FOUND');
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(kind.taken);
    throw error;
  }
}

async function answer(ctx: CallContext, row: repo.UserRow): Promise<{ userInfo: UserInfo }> {
  return { userInfo: await toUserInfo(ctx, row) };
}

/** bindEmail / bindMobile: for an account that has none yet (else bindNew…). */
export async function bindContact(ctx: AuthedContext, kind: ContactKind, target: string, code: string) {
  const now = ctx.clock.now();
  const me = await getUserOrFail(ctx.db, ctx.user.uid);
  if (me[kind.field]) fail('ALREADY_BOUND');
  const row = await withCodes(
    ctx,
    [{ channel: kind.channel, target, purpose: 'bind', code, field: 'code' }],
    async (tx) => {
      const locked = (await repo.lockUser(tx, me.id)) ?? fail('USER_NOT_FOUND');
      if (locked[kind.field]) fail('ALREADY_BOUND');
      return setContact(tx, kind, me.id, target.trim(), now);
    },
  );
  return answer(ctx, row);
}

/** unbindEmail / unbindMobile: refused when it would leave the account no way to sign in. */
export async function unbindContact(ctx: AuthedContext, kind: ContactKind, target: string, code: string) {
  const now = ctx.clock.now();
  const me = await getUserOrFail(ctx.db, ctx.user.uid);
  if (!sameContact(kind, me[kind.field], target)) fail(kind.notBound);
  if (!canSignInWithout(me, kind.field)) fail('LAST_LOGIN_METHOD');
  const row = await withCodes(
    ctx,
    [{ channel: kind.channel, target, purpose: 'unbind', code, field: 'code' }],
    async (tx) => {
      // Checked again under the row lock: two unbinds racing must not both pass.
      const locked = (await repo.lockUser(tx, me.id)) ?? fail('USER_NOT_FOUND');
      if (!sameContact(kind, locked[kind.field], target)) fail(kind.notBound);
      if (!canSignInWithout(locked, kind.field)) fail('LAST_LOGIN_METHOD');
      return setContact(tx, kind, me.id, null, now);
    },
  );
  return answer(ctx, row);
}

/** bindNewEmail / bindNewMobile: a code to the old address (unbind) and one to the new (bind). */
export async function changeContact(
  ctx: AuthedContext,
  kind: ContactKind,
  oldCode: string,
  target: string,
  code: string,
) {
  const now = ctx.clock.now();
  const me = await getUserOrFail(ctx.db, ctx.user.uid);
  const current = me[kind.field] ?? fail(kind.notBound);
  if (sameContact(kind, current, target)) {
    fail('INVALID_PARAM', { field: kind.field }, { field: kind.field, reason: 'sameAsCurrent' });
  }
  const row = await withCodes(
    ctx,
    [
      { channel: kind.channel, target: current, purpose: 'unbind', code: oldCode, field: 'oldCode' },
      { channel: kind.channel, target, purpose: 'bind', code, field: 'code' },
    ],
    async (tx) => {
      const locked = (await repo.lockUser(tx, me.id)) ?? fail('USER_NOT_FOUND');
      if (!sameContact(kind, locked[kind.field], current)) fail(kind.notBound);
      return setContact(tx, kind, me.id, target.trim(), now);
    },
  );
  return answer(ctx, row);
}
