import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, instant, preparedQuery } from '../../platform/db';
import { containsPattern } from '../../platform/paging';
import { loginFailures, uploads, users, userTokens } from './schema';

export type UserRow = typeof users.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
/** The two contact fields a code can be sent to. */
export type ContactField = 'email' | 'mobile';

const userById = preparedQuery('user_by_id', (db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1),
);

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await userById(db, { id });
  return row;
}

/** Finds the account a person typed: a username, an e-mail or a mobile number. */
export async function findUserByAccount(db: DbOrTx, account: string): Promise<UserRow | undefined> {
  const value = account.trim();
  const [row] = await db
    .select()
    .from(users)
    .where(
      sql`lower(${users.username}) = lower(${value}) or lower(${users.email}) = lower(${value}) or ${users.mobile} = ${value}`,
    )
    .limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function findUserByMobile(db: DbOrTx, mobile: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return row;
}

export function findUserByContact(db: DbOrTx, field: ContactField, value: string): Promise<UserRow | undefined> {
  return field === 'email' ? findUserByEmail(db, value) : findUserByMobile(db, value);
}

/** Reads a member's row and locks it until the transaction ends. */
export async function lockUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function findUserByInviteCode(db: DbOrTx, code: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.inviteCode, code)).limit(1);
  return row;
}

export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
  return row;
}

/** A token row joined with its user's current roles: one query per authenticated call. */
const liveToken = preparedQuery('live_token', (db) =>
  db
    .select({
      revokedAt: userTokens.revokedAt,
      expiresAt: userTokens.expiresAt,
      userId: users.id,
      roles: users.roles,
      permissions: users.permissions,
      isVerifyStaff: users.isVerifyStaff,
      disabled: users.disabled,
    })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(eq(userTokens.id, sql.placeholder('id')))
    .limit(1),
);

/** A token row joined with its user's current roles: one query per authenticated call. */
export async function findLiveToken(db: DbOrTx, tokenId: string) {
  const [row] = await liveToken(db, { id: tokenId });
  return row;
}

export type TokenRow = typeof userTokens.$inferSelect;

export async function lockToken(tx: DbOrTx, id: string): Promise<TokenRow | undefined> {
  const [row] = await tx.select().from(userTokens).where(eq(userTokens.id, id)).limit(1).for('update');
  return row;
}

export async function findToken(db: DbOrTx, id: string): Promise<TokenRow | undefined> {
  const [row] = await db.select().from(userTokens).where(eq(userTokens.id, id)).limit(1);
  return row;
}

/** Records the successor of a renewed token and ends the renewed one at `expiresAt`. */
export async function markRenewed(tx: DbOrTx, id: string, successorId: string, expiresAt: Date): Promise<void> {
  await tx.update(userTokens).set({ renewedTo: successorId, expiresAt }).where(eq(userTokens.id, id));
}

export async function insertToken(db: DbOrTx, row: typeof userTokens.$inferInsert): Promise<void> {
  await db.insert(userTokens).values(row);
}

/** Revokes the member's live tokens beyond the newest `keep`; renewed ones, handing over to their successor, do not count. */
export async function revokeOldestTokens(db: DbOrTx, userId: string, keep: number, now: Date): Promise<void> {
  const live = await db
    .select({ id: userTokens.id })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, userId),
        isNull(userTokens.revokedAt),
        isNull(userTokens.renewedTo),
        gt(userTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(userTokens.createdAt), desc(userTokens.id));
  const excess = live.slice(keep).map((t) => t.id);
  if (excess.length === 0) return;
  await db
    .update(userTokens)
    .set({ revokedAt: now })
    .where(
      sql`${userTokens.id} in (${sql.join(
        excess.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
}

export async function revokeToken(db: DbOrTx, tokenId: string, now: Date): Promise<void> {
  await db
    .update(userTokens)
    .set({ revokedAt: now })
    .where(and(eq(userTokens.id, tokenId), isNull(userTokens.revokedAt)));
}

/** Revokes every live token of a member except `keepId` (password change). */
export async function revokeOtherTokens(db: DbOrTx, userId: string, keepId: string | null, now: Date): Promise<void> {
  await db
    .update(userTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(userTokens.userId, userId),
        isNull(userTokens.revokedAt),
        keepId ? sql`${userTokens.id} <> ${keepId}` : undefined,
      ),
    );
}

export function listTokens(db: DbOrTx, userId: string) {
  return db.select().from(userTokens).where(eq(userTokens.userId, userId)).orderBy(asc(userTokens.createdAt));
}

export async function findUploadByUrl(db: DbOrTx, url: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.url, url)).limit(1);
  return row;
}

export async function insertUpload(db: DbOrTx, row: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(row);
}

/** Members for the back office, newest first; the keyword matches username, nickname, e-mail or mobile. */
export interface UserSearch {
  keyword?: string;
  /** teacher / admin: holds the role; staff: the admin role, any permission or verification staff. */
  role?: 'teacher' | 'admin' | 'staff';
  sort?: 'register_date' | 'nickname';
  order?: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export async function searchUsers(db: DbOrTx, search: UserSearch): Promise<{ rows: UserRow[]; total: number }> {
  const { keyword, role, offset, limit } = search;
  const conditions: SQL[] = [];
  if (keyword) {
    const pattern = containsPattern(keyword);
    conditions.push(
      sql`(${users.username} ilike ${pattern} or ${users.nickname} ilike ${pattern} or ${users.email} ilike ${pattern} or ${users.mobile} ilike ${pattern})`,
    );
  }
  if (role === 'teacher' || role === 'admin') conditions.push(sql`${role} = any(${users.roles})`);
  if (role === 'staff') {
    conditions.push(
      sql`('admin' = any(${users.roles}) or cardinality(${users.permissions}) > 0 or ${users.isVerifyStaff})`,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const column = search.sort === 'nickname' ? users.nickname : users.createdAt;
  // Newest first unless asked otherwise; the id keeps equal values in one order across pages.
  const order = search.sort ? (search.order ?? 'asc') : 'desc';
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(order === 'desc' ? desc(column) : asc(column), asc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

// Password lockout (RULES.md: 6 wrong passwords lock password login for 1 hour). An attempt takes
// a slot before its password is compared; failures of real accounts are counted on the users row,
// those of names no account has in login_failures, so that both answer alike.

const lockOver = (lockedUntil: typeof users.lockedUntil | typeof loginFailures.lockedUntil, now: Date) =>
  sql`(${lockedUntil} is null or ${lockedUntil} <= ${instant(now)})`;

/**
 * Counts a password attempt on a member as failed before its comparison, in one statement, unless
 * the account is locked or `max` attempts are already counted. Answers the attempt's number
 * (1..max), or null when refused.
 */
export async function reserveLoginAttempt(db: DbOrTx, userId: string, now: Date, max: number): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1`, lockedUntil: null })
    .where(and(eq(users.id, userId), lockOver(users.lockedUntil, now), lt(users.failedLogins, max)))
    .returning({ attempt: users.failedLogins });
  return row?.attempt ?? null;
}

/** The same for a name no account has (`account`: what was typed, lower case). */
export async function reserveUnknownLoginAttempt(
  db: DbOrTx,
  account: string,
  now: Date,
  max: number,
): Promise<number | null> {
  const [row] = await db
    .insert(loginFailures)
    .values({ account, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: loginFailures.account,
      set: { failures: sql`${loginFailures.failures} + 1`, lockedUntil: null, updatedAt: now },
      setWhere: and(lockOver(loginFailures.lockedUntil, now), lt(loginFailures.failures, max)),
    })
    .returning({ attempt: loginFailures.failures });
  return row?.attempt ?? null;
}

/** When the lock of a member (`userId`) or of an unknown name (`account`) ends, if there is one. */
export async function findLoginLock(db: DbOrTx, who: { userId: string } | { account: string }): Promise<Date | null> {
  const [row] =
    'userId' in who
      ? await db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, who.userId))
      : await db
          .select({ lockedUntil: loginFailures.lockedUntil })
          .from(loginFailures)
          .where(eq(loginFailures.account, who.account));
  return row?.lockedUntil ?? null;
}

/**
 * Locks password login until `until` once `max` failures are counted, starting the count afresh;
 * answers whether it locked (not when a success cleared the count meanwhile).
 */
export async function lockLogin(
  db: DbOrTx,
  who: { userId: string } | { account: string },
  until: Date,
  max: number,
): Promise<boolean> {
  const locked =
    'userId' in who
      ? await db
          .update(users)
          .set({ failedLogins: 0, lockedUntil: until })
          .where(and(eq(users.id, who.userId), gte(users.failedLogins, max)))
          .returning({ id: users.id })
      : await db
          .update(loginFailures)
          .set({ failures: 0, lockedUntil: until })
          .where(and(eq(loginFailures.account, who.account), gte(loginFailures.failures, max)))
          .returning({ account: loginFailures.account });
  return locked.length > 0;
}

/** A right password: the member's count starts afresh (the attempt's own slot included). */
export async function clearLoginFailures(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
}

/** Forgets the counts of unknown names that saw no attempt since `before`. */
export async function forgetLoginFailures(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.updatedAt, before));
}

/** How many members registered at or after `since`. */
export async function countUsersSince(db: DbOrTx, since: Date): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(gte(users.createdAt, since));
  return row?.n ?? 0;
}

/** Nicknames (else usernames) of members by id, for lists that show who. */
/**
 * Ids of members whose nickname or username contains `keyword`, as a subquery another module's read
 * model filters by (the teacher's students) without reading this module's table.
 */
export function idsOfUsersNamed(db: DbOrTx, keyword: string) {
  const pattern = containsPattern(keyword);
  return db
    .select({ id: users.id })
    .from(users)
    .where(sql`(${users.nickname} ilike ${pattern} or ${users.username} ilike ${pattern})`);
}

/** Every member's id, names and avatar, as a subquery to join by id (a session's roster). */
export function memberNames(db: DbOrTx) {
  return db
    .select({ id: users.id, nickname: users.nickname, username: users.username, avatar: users.avatar })
    .from(users)
    .as('member_names');
}

export async function namesOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, nickname: users.nickname, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.nickname || r.username || r.id]));
}

/**
 * Name (nickname, else username, else empty), mobile and avatar of members by id: what staff lists
 * (orders), reviews and the teacher's students show of a member.
 */
export async function briefsOf(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, { nickname: string; mobile: string; avatar: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      username: users.username,
      mobile: users.mobile,
      avatar: users.avatar,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      { nickname: r.nickname || r.username || '', mobile: r.mobile ?? '', avatar: r.avatar ?? '' },
    ]),
  );
}
