import { ROLES, type Role, type UserInfo, userInfo } from '@studio/contract/account';
import type { ShownVersions } from '@studio/contract/agreements';
import type { Permission } from '@studio/contract/permissions';
import { isFutureDate } from '@studio/contract/validators';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { type AppDeps, balancesMemoKey } from '../../platform/deps';
import { AppError, fail } from '../../platform/errors';
import { newId, randomCode } from '../../platform/ids';
import { hashPassword } from '../../platform/passwords';
import type { AuthedContext } from '../../platform/protocol';
import { SerializedAnswer } from '../../platform/serialized-answer';
import { runUnitOfWork, type UnitOfWorkDeps } from '../../platform/unit-of-work';
import { rememberLocale } from './reach';
import * as repo from './repo';
import { users } from './schema';

/**
 * The account module's members and profiles: what other modules call (a member's row and info,
 * creating members, roles, uploads). Sessions and tokens are in sessions.ts, login in login.ts,
 * the password lockout in lockout.ts.
 */

/** The database and this app's dependencies (its signer, its balance reader): a CallContext is one. */
export interface AccountCtx {
  db: Db;
  deps: AppDeps;
}

/** For other modules (the demo seed): a member by username. */
export const findUserByUsername = repo.findUserByUsername;

/**
 * The stored url of an image uploaded through POST /api/upload, given as answered (/uploads/...) or
 * made absolute; `field` names the input in the INVALID_PARAM it fails with when the url is not an
 * upload, or (with `ownerId`) not one of that member's. Covers, photos, logos and avatars go
 * through here: no other url is ever stored as an image.
 */
export async function uploadedImage(db: DbOrTx, url: string, field: string, ownerId?: string): Promise<string> {
  const upload = await repo.findUploadByUrl(db, uploadPath(url));
  if (!upload || (ownerId !== undefined && upload.userId !== ownerId)) {
    fail('INVALID_PARAM', { field }, { field, reason: ownerId !== undefined ? 'notYourUpload' : 'notAnUpload' });
  }
  return upload!.url;
}

export function rolesOf(row: repo.UserRow): Role[] {
  return row.roles;
}

export async function toUserInfo(ctx: { db: DbOrTx; deps: AppDeps }, row: repo.UserRow): Promise<UserInfo> {
  return toUserInfoOf(row, await ctx.deps.readBalances(ctx.db, row.id));
}

function toUserInfoOf(row: repo.UserRow, balances: { balance: number; integral: number }): UserInfo {
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

/** The member's info without the balances, as the contract's schema lets it through. */
type MemberPart = Omit<UserInfo, 'account_balance' | 'account_integral'>;

/**
 * getMyUserInfo as JSON: the member's part checked by the contract's schema once and remembered
 * (ctx.deps.memberMemo: until an account write touches the member, on any instance), the balances
 * remembered too (ctx.deps.memo, balancesMemoKey: until a ledger entry moves them, on any instance).
 */
export async function myUserInfoAnswer(ctx: AuthedContext): Promise<SerializedAnswer> {
  const uid = ctx.user.uid;
  const { member, locale } = await ctx.deps.memberMemo.remember(uid, ctx.clock.now(), async () => {
    const row = await getUserOrFail(ctx.db, uid);
    const {
      account_balance: _b,
      account_integral: _i,
      ...rest
    } = userInfo.parse(toUserInfoOf(row, { balance: 0, integral: 0 }));
    return { member: rest as MemberPart, locale: row.locale };
  });
  // The app asks for this at start: the language it uses now is the one notices outside it speak.
  if (locale !== ctx.locale) await rememberLocale(ctx.db, uid, ctx.locale);
  const balances = await ctx.deps.memo.remember(balancesMemoKey(uid), ctx.clock.now(), () =>
    ctx.deps.readBalances(ctx.db, uid),
  );
  const info: UserInfo = {
    ...member,
    account_balance: { balance: balances.balance },
    account_integral: { balance: balances.integral },
  };
  // The balances are the only part not checked when remembered: check them, cheaply.
  if (!Number.isInteger(balances.balance) || !Number.isInteger(balances.integral)) userInfo.parse(info);
  return new SerializedAnswer(`"userInfo":${JSON.stringify(info)}`);
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
  /** scrypt's N for the password (config PASSWORD_HASH_COST); required with a password. */
  hashCost?: number;
  nickname?: string;
  roles?: Role[];
  /** Staff rights given at creation (the demo's accounts); staff change them with admin/user.setRoles. */
  permissions?: Permission[];
  isVerifyStaff?: boolean;
  inviterId?: string | null;
}

/** Creates an account; a taken username, e-mail or mobile is a named error, even when two requests race. */
export async function createUser(db: DbOrTx, input: NewUser, now: Date): Promise<repo.UserRow> {
  if (input.password && !input.hashCost) throw new Error('createUser: a password needs its hash cost');
  const values = {
    id: newId(),
    username: input.username ?? null,
    email: input.email ?? null,
    mobile: input.mobile ?? null,
    passwordHash: input.password ? await hashPassword(input.password, input.hashCost!) : null,
    nickname: input.nickname ?? input.username ?? '',
    roles: input.roles ?? ['member'],
    permissions: input.permissions ?? [],
    isVerifyStaff: input.isVerifyStaff ?? false,
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
function uploadPath(url: string): string {
  if (!/^https?:\/\//i.test(url)) return url;
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** Sets the avatar to an image this member uploaded (POST /api/upload); any other url is refused. */
export async function setAvatar(ctx: AuthedContext, avatar: string): Promise<{ userInfo: UserInfo }> {
  const url = await uploadedImage(ctx.db, avatar, 'avatar', ctx.user.uid);
  const [row] = await ctx.db
    .update(users)
    .set({ avatar: url, updatedAt: ctx.clock.now() })
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

export const countUsersSince = repo.countUsersSince;
export const namesOf = repo.namesOf;
export const idsOfUsersNamed = repo.idsOfUsersNamed;
export const memberNames = repo.memberNames;
export const briefsOf = repo.briefsOf;

/**
 * Locks a member's row for the rest of the transaction: other modules serialize a member's own
 * changes (their addresses, say) behind it. Lock it before any other row (DESIGN.md lock order).
 */
export async function lockMember(tx: DbOrTx, userId: string): Promise<void> {
  if (!(await repo.lockUser(tx, userId))) fail('USER_NOT_FOUND');
}

/**
 * Says that a member joined (`member.registered`), once their account is committed: whatever follows a
 * registration (a welcome, an inviter's reward) subscribes to it. Its own unit of work right after the
 * account's insert, so the password's hashing never runs inside a transaction.
 */
export async function announceNewMember(
  ctx: UnitOfWorkDeps & { clock: Clock },
  userId: string,
  deviceId?: string,
  agreements?: ShownVersions,
): Promise<void> {
  const payload = deviceId ? { user_id: userId, device_id: deviceId } : { user_id: userId };
  await runUnitOfWork(ctx, (work) =>
    work.emit('member.registered', agreements ? { ...payload, agreements } : payload, ctx.clock.now()),
  );
}
