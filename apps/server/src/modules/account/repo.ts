import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { batchedLookup } from '../../platform/batch';
import { type DbOrTx, isAnyOf, preparedQuery, type Tx } from '../../platform/db';
import { newId } from '../../platform/ids';
import { containsPattern } from '../../platform/paging';
import { loginFailures, loginGuesses, uploads, users, userTokens } from './schema';

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

/**
 * Finds the account a person typed: a username, an e-mail or a mobile number (`mobile`: what they
 * typed read as a number of the studio's country, in E.164, when it is one).
 */
export async function findUserByAccount(
  db: DbOrTx,
  account: string,
  mobile: string | null = null,
): Promise<UserRow | undefined> {
  const value = account.trim();
  const [row] = await db
    .select()
    .from(users)
    .where(
      sql`lower(${users.username}) = lower(${value}) or lower(${users.email}) = lower(${value}) or ${users.mobile} = ${mobile ?? value}`,
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

/** Token rows joined with their users' current roles, for any number of token ids at once. */
const liveTokens = preparedQuery('live_tokens', (db) =>
  db
    .select({
      id: userTokens.id,
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
    .where(isAnyOf(userTokens.id, sql.placeholder('ids'))),
);

/**
 * A token row joined with its user's current roles: the check of every authenticated call. The
 * calls that arrive together share one statement (platform/batch.ts).
 */
export const findLiveToken = batchedLookup(async (db, tokenIds: readonly string[]) => {
  const rows = await liveTokens(db, { ids: [...new Set(tokenIds)] });
  const byId = new Map(rows.map(({ id, ...row }) => [id, row]));
  return tokenIds.map((id) => byId.get(id));
});

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
    // Mobiles are kept in E.164: "07700 900123" finds +447700900123 by its digits after the trunk 0.
    const digits = keyword.replace(/[\s()+-]/g, '').replace(/^0+/, '');
    const mobilePattern = /^\d{4,}$/.test(digits) ? containsPattern(digits) : pattern;
    conditions.push(
      sql`(${users.username} ilike ${pattern} or ${users.nickname} ilike ${pattern} or ${users.email} ilike ${pattern} or ${users.mobile} ilike ${mobilePattern})`,
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

// Password lockout (the rule of RULES.md is written in lockout.ts). `account` keys the counts: a
// member's id, or 'name:' and a name no account has, so that both count and answer alike. Every
// attempt at one account is counted under one advisory lock of that account, so that parallel
// attempts, on any number of instances, are counted one after another.

/** '' is the address of the row whose lock holds every address. */
const EVERY_ADDRESS = '';

async function takeAccountLock(tx: Tx, account: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${account}`}))`);
}

export interface LockoutLimits {
  /** Wrong passwords from one address that lock that address, and for how long. */
  perAddress: { max: number; lockMs: number };
  /** Wrong passwords from any addresses within `windowMs` that lock every address, and for how long. */
  everyAddress: { max: number; windowMs: number; lockMs: number };
}

/** A counted attempt (its number from this address, its guess), or when a refusal's lock ends. */
export type AttemptPlace = { attempt: number; guessId: string } | { lockedUntil: Date };

const later = (a: Date | null | undefined, now: Date): Date | null => (a && a > now ? a : null);

async function guessesWithin(tx: Tx, account: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(loginGuesses)
    .where(and(eq(loginGuesses.account, account), gt(loginGuesses.at, since)));
  return row?.n ?? 0;
}

/**
 * Counts a password attempt as failed before its comparison, unless password login to `account`
 * is locked for every address or for `address`, or the attempts already counted (wrong, or still
 * being compared) reach a limit: those may lock it, so the refusal names that lock's full length.
 */
export async function reserveLoginAttempt(
  tx: Tx,
  account: string,
  address: string,
  now: Date,
  limits: LockoutLimits,
): Promise<AttemptPlace> {
  await takeAccountLock(tx, account);
  const rows = await tx
    .select()
    .from(loginFailures)
    .where(and(eq(loginFailures.account, account), inArray(loginFailures.address, [address, EVERY_ADDRESS])));
  const everywhere = rows.find((r) => r.address === EVERY_ADDRESS);
  const here = rows.find((r) => r.address === address);
  const lockedUntil = later(everywhere?.lockedUntil, now) ?? later(here?.lockedUntil, now);
  if (lockedUntil) return { lockedUntil };
  const failures = here && !here.lockedUntil ? here.failures : 0;
  if (failures >= limits.perAddress.max) return { lockedUntil: new Date(now.getTime() + limits.perAddress.lockMs) };
  const { max, windowMs, lockMs } = limits.everyAddress;
  if ((await guessesWithin(tx, account, new Date(now.getTime() - windowMs))) >= max) {
    return { lockedUntil: new Date(now.getTime() + lockMs) };
  }
  const attempt = failures + 1;
  await tx
    .insert(loginFailures)
    .values({ account, address, failures: attempt, updatedAt: now })
    .onConflictDoUpdate({
      target: [loginFailures.account, loginFailures.address],
      set: { failures: attempt, lockedUntil: null, updatedAt: now },
    });
  const guessId = newId();
  await tx.insert(loginGuesses).values({ id: guessId, account, at: now });
  return { attempt, guessId };
}

/**
 * A wrong password, counted already: locks `address` once its count reaches the limit (the count
 * starting afresh), and every address once the account's guesses within the window reach theirs
 * (the window starting afresh). Answers which locks this failure took; `everyAddress` is set only
 * by the failure that took that lock, so the member is told once.
 */
export async function lockLoginAfterFailure(
  tx: Tx,
  account: string,
  address: string,
  now: Date,
  limits: LockoutLimits,
): Promise<{ address: Date | null; everyAddress: Date | null }> {
  await takeAccountLock(tx, account);
  const addressUntil = new Date(now.getTime() + limits.perAddress.lockMs);
  const lockedHere = await tx
    .update(loginFailures)
    .set({ failures: 0, lockedUntil: addressUntil, updatedAt: now })
    .where(
      and(
        eq(loginFailures.account, account),
        eq(loginFailures.address, address),
        gte(loginFailures.failures, limits.perAddress.max),
      ),
    )
    .returning({ account: loginFailures.account });
  const { max, windowMs, lockMs } = limits.everyAddress;
  let everyAddress: Date | null = null;
  if ((await guessesWithin(tx, account, new Date(now.getTime() - windowMs))) >= max) {
    const until = new Date(now.getTime() + lockMs);
    const [before] = await tx
      .select({ lockedUntil: loginFailures.lockedUntil })
      .from(loginFailures)
      .where(and(eq(loginFailures.account, account), eq(loginFailures.address, EVERY_ADDRESS)));
    if (!later(before?.lockedUntil, now)) {
      await tx
        .insert(loginFailures)
        .values({ account, address: EVERY_ADDRESS, lockedUntil: until, updatedAt: now })
        .onConflictDoUpdate({
          target: [loginFailures.account, loginFailures.address],
          set: { lockedUntil: until, updatedAt: now },
        });
      everyAddress = until;
    }
    await tx.delete(loginGuesses).where(eq(loginGuesses.account, account));
  }
  return { address: lockedHere.length > 0 ? addressUntil : null, everyAddress };
}

/** A right password: its guess is taken back and the count of its address starts afresh. */
export async function clearLoginAttempt(db: DbOrTx, account: string, address: string, guessId: string): Promise<void> {
  await db.delete(loginGuesses).where(eq(loginGuesses.id, guessId));
  await db
    .update(loginFailures)
    .set({ failures: 0 })
    .where(and(eq(loginFailures.account, account), eq(loginFailures.address, address)));
}

/** Forgets guesses older than the window and counts untouched since `before` (no lock lasts that long). */
export async function forgetLoginFailures(db: DbOrTx, guessesBefore: Date, countsBefore: Date): Promise<void> {
  await db.delete(loginGuesses).where(lt(loginGuesses.at, guessesBefore));
  await db.delete(loginFailures).where(lt(loginFailures.updatedAt, countsBefore));
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
