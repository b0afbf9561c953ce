import { type SQL, sql } from 'drizzle-orm';

/**
 * The count and xmin sum of `table`'s rows (aliased `alias`) matching `where`, as text: a cache
 * stamp's part. A row's xmin is the id of the transaction that wrote its current version, so the
 * text changes with every committed insert, update or delete (a row lock alone does not change it).
 */
export const rowsVersion = (table: SQL, alias: string, where: SQL = sql`true`): SQL<string> =>
  sql<string>`(select count(*) || ':' || coalesce(sum(${sql.raw(alias)}.xmin::text::bigint), 0) from ${table} ${sql.raw(alias)} where ${where})`;
