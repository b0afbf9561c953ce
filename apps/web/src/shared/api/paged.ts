import { DEFAULT_PAGE_SIZE, flattenPages, type Page, pagedQueryOptions, refreshFirstPage } from '@studio/client/paged';
import type { CallDef, CallInput, CallOutput, CallRef } from '@studio/contract/protocol-core';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from './call-function';

type RowOf<C extends CallDef> = CallOutput<C> extends Page<infer R> ? (R extends { _id: string } ? R : never) : never;
/** A paged call's input without its page fields: those are the list's to fill. */
export type PagedInput<C extends CallDef> = Omit<CallInput<C>, 'pageIndex' | 'pageSize'>;

/** What <PagedList> shows: the rows so far and how to get more or start again. */
export interface ListSource<T> {
  rows: T[];
  isPending: boolean;
  error: Error | null;
  hasMore: boolean;
  /** The next page; undefined for a list that comes in one piece. A rejection shows a retry. */
  loadMore?: () => Promise<unknown>;
  /** Pull to refresh (page 1 fresh) and the retry of a failed first load. */
  refresh: () => Promise<unknown>;
}

/**
 * A paged call as a list (spec 4 paging, see @studio/client/paged): silent (the list shows its own
 * error state), not counted in the loading indicator.
 */
export function usePagedCall<C extends CallDef>(
  def: C | CallRef<C>,
  input: PagedInput<C>,
  options: { pageSize?: number; refetchInterval?: number | false; keepPrevious?: boolean } = {},
): ListSource<RowOf<C>> & { isFetching: boolean; dataUpdatedAt: number } {
  const queryClient = useQueryClient();
  const paged = pagedQueryOptions<RowOf<C>>(
    [def.url, input],
    ({ pageIndex, pageSize }, signal) =>
      call(def, { ...input, pageIndex, pageSize } as CallInput<C>, { silent: true, loading: false, signal }) as Promise<
        Page<RowOf<C>>
      >,
    options.pageSize ?? DEFAULT_PAGE_SIZE,
  );
  const query = useInfiniteQuery({
    ...paged,
    refetchInterval: options.refetchInterval,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  return {
    rows,
    isPending: query.isPending,
    isFetching: query.isFetching,
    /** When the first page was last fetched (0 before): offline, the "as of" of a saved list. */
    dataUpdatedAt: query.dataUpdatedAt,
    error: query.error,
    hasMore: query.hasNextPage,
    loadMore: () => query.fetchNextPage({ throwOnError: true }),
    refresh: () => refreshFirstPage(queryClient, paged.queryKey),
  };
}
