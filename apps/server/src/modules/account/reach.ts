import type { Locale } from '@studio/contract/locale';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { users } from './schema';

/*
 * What reaches a member outside the app (the channels module): where to (their e-mail address and
 * mobile number), in which language (the one their app last used, `users.locale`), and whether the
 * account may still be reached at all.
 */

export interface MemberContact {
  id: string;
  email: string | null;
  mobile: string | null;
  /** The language their app last used; null: they never said (the studio's default language). */
  locale: Locale | null;
  /** Nickname, else username, else ''. */
  name: string;
  disabled: boolean;
}

/** The contacts of members by id (those that exist). */
export async function contactsOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, MemberContact>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      mobile: users.mobile,
      locale: users.locale,
      nickname: users.nickname,
      username: users.username,
      disabled: users.disabled,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        email: r.email,
        mobile: r.mobile,
        locale: r.locale,
        name: r.nickname || r.username || '',
        disabled: r.disabled,
      },
    ]),
  );
}

/** Ids of the members that are not disabled, in id order after `afterId`, at most `limit`: pages of everyone. */
export async function memberIdsAfter(db: DbOrTx, afterId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.disabled, false), gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Keeps the language the member's app uses (`vk-locale`), when it changed: one conditional update
 * that writes nothing when it did not. Called by the calls the app makes at start and at login.
 */
export async function rememberLocale(db: DbOrTx, userId: string, locale: Locale): Promise<void> {
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), or(isNull(users.locale), sql`${users.locale} <> ${locale}`)));
}
