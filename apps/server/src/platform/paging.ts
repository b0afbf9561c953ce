import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** One page of a list, as every paged call asks for it (1-based pageIndex). */
export interface Page {
  pageIndex: number;
  pageSize: number;
}

/** Rows to skip before the page. */
export const offsetOf = (page: Page): number => (page.pageIndex - 1) * page.pageSize;

/**
 * The one `hasMore` rule of every paged list: more rows exist beyond this page. It depends on the
 * count alone, not on how many rows this page happened to hold, so a client that stops at
 * `hasMore: false` has asked for every page the count promised.
 */
export const hasMoreAfter = (page: Page, total: number): boolean => page.pageIndex * page.pageSize < total;

/** The answer of a paged list: `{rows, total, hasMore}`. */
export function pageOf<T>(rows: T[], total: number, page: Page): { rows: T[]; total: number; hasMore: boolean } {
  return { rows, total, hasMore: hasMoreAfter(page, total) };
}

/**
 * A LIKE / ILIKE pattern matching `text` anywhere, in which `%`, `_` and `\` typed by a person
 * match themselves (PostgreSQL's default escape character is the backslash). Every keyword search
 * builds its pattern here.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The ORDER BY of a back-office list (sortableListQuery): the asked column, one of `columns` by the
 * contract's sort name, then `tiebreak` ascending, so equal values never swap between pages.
 */
export function orderOf<K extends string>(
  columns: Record<K, AnyPgColumn>,
  sort: { sort?: string; order?: 'asc' | 'desc' } | undefined,
  tiebreak: AnyPgColumn[],
): SQL[] {
  // The contract admits only the list's sort names; anything else keeps the default order.
  const column = sort?.sort && Object.hasOwn(columns, sort.sort) ? columns[sort.sort as K] : undefined;
  const first = column ? [sort?.order === 'desc' ? desc(column) : asc(column)] : [];
  return [...first, ...tiebreak.map((column) => asc(column))];
}
