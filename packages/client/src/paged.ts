import { type InfiniteData, infiniteQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Paged lists (spec 4): page 1 loads fresh; later pages append without repeating an _id; an empty
 * or short page (or hasMore false) marks the end; a page that fails is not counted, so the next
 * attempt asks for the same page again.
 */

/** A page of a paged list (API.md): rows, total, hasMore. */
export interface Page<T> {
  rows: T[];
  total: number;
  hasMore: boolean;
}

export interface PageQuery {
  pageIndex: number;
  pageSize: number;
}

export const DEFAULT_PAGE_SIZE = 20;

/** The page after `last`, or undefined at the end: an empty or short page, or hasMore false. */
export function nextPageIndex<T>(last: Page<T>, pages: readonly Page<T>[], pageSize: number): number | undefined {
  if (!last.hasMore || last.rows.length < pageSize) return undefined;
  return pages.length + 1;
}

/** The rows of all loaded pages, later pages appended without repeating an _id. */
export function flattenPages<T extends { _id: string }>(pages: readonly Page<T>[] | undefined): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages ?? []) {
    for (const row of page.rows) {
      if (seen.has(row._id)) continue;
      seen.add(row._id);
      out.push(row);
    }
  }
  return out;
}

/**
 * Infinite-query options for a paged call: `fetchPage` gets the page index and size (and the
 * cancel signal). The key ends in 'pages' so it never shares a cache entry with a one-page query of
 * the same input.
 */
export function pagedQueryOptions<T extends { _id: string }>(
  key: QueryKey,
  fetchPage: (page: PageQuery, signal: AbortSignal) => Promise<Page<T>>,
  pageSize: number = DEFAULT_PAGE_SIZE,
) {
  return infiniteQueryOptions({
    queryKey: [...key, { pageSize }, 'pages'],
    queryFn: ({ pageParam, signal }) => fetchPage({ pageIndex: pageParam, pageSize }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: Page<T>, pages: Page<T>[]) => nextPageIndex(last, pages, pageSize),
  });
}

/**
 * Pull to refresh: page 1 fresh, the pages after it dropped (they are loaded again as the member
 * scrolls), so a refreshed list never mixes old later pages with a new first one.
 */
export async function refreshFirstPage(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  queryClient.setQueryData<InfiniteData<unknown, number>>(queryKey, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  await queryClient.refetchQueries({ queryKey, exact: true });
}
