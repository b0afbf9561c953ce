// Members as the reports read them (issue 26): who joined when, as counts and as a row source the
// reservations module joins for retention, and the contacts of a list of members. Read only.
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, instant } from '../../platform/db';
import { instantsParam, num, rowsOf } from '../../platform/report-sql';
import { users } from './schema';

/** Members who registered in [from, to): columns id, created_at. Reads users_created_idx. */
export function membersJoinedIn(from: Date, to: Date): SQL {
  return sql`(select id, created_at from ${users} where created_at >= ${instant(from)} and created_at < ${instant(to)})`;
}

/** How many registered in each period that starts at `starts[i]` (ascending), the last ending at `end`. */
export async function membersJoinedPer(db: DbOrTx, starts: readonly Date[], end: Date): Promise<number[]> {
  const counts = starts.map(() => 0);
  const rows = await rowsOf<{ bucket: number; n: unknown }>(
    db,
    sql`select width_bucket(created_at, ${instantsParam(starts)})::int as bucket, count(*)::int as n
      from ${users} where created_at >= ${instant(starts[0]!)} and created_at < ${instant(end)} group by 1`,
  );
  for (const r of rows) if (r.bucket >= 1 && r.bucket <= counts.length) counts[r.bucket - 1] = num(r.n);
  return counts;
}

export interface MemberCard {
  nickname: string;
  mobile: string | null;
  email: string | null;
  registeredAt: Date;
}

/** The name, contacts and registration of members by id (a report's list to contact). */
export async function memberContacts(db: DbOrTx, ids: readonly string[]): Promise<Map<string, MemberCard>> {
  const found = new Map<string, MemberCard>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({
        id: users.id,
        nickname: users.nickname,
        username: users.username,
        mobile: users.mobile,
        email: users.email,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(inArray(users.id, ids.slice(i, i + 1000)));
    for (const r of rows)
      found.set(r.id, {
        nickname: r.nickname || r.username || '',
        mobile: r.mobile,
        email: r.email,
        registeredAt: r.createdAt,
      });
  }
  return found;
}
