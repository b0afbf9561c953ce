import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { flattenPages, nextPageIndex, type Page, pagedQueryOptions, refreshFirstPage } from './paged';

type Row = { _id: string };
const page = (ids: string[], hasMore = true): Page<Row> => ({
  rows: ids.map((_id) => ({ _id })),
  total: 99,
  hasMore,
});

describe('paging rules (spec 4)', () => {
  it('asks for the next page only after a full page that says there is more', () => {
    expect(nextPageIndex(page(['a', 'b']), [page(['a', 'b'])], 2)).toBe(2);
    expect(nextPageIndex(page(['a']), [page(['a'])], 2)).toBeUndefined();
    expect(nextPageIndex(page([]), [page([])], 2)).toBeUndefined();
    expect(nextPageIndex(page(['a', 'b'], false), [page(['a', 'b'], false)], 2)).toBeUndefined();
  });

  it('appends later pages without repeating an _id', () => {
    expect(flattenPages([page(['a', 'b']), page(['b', 'c'])]).map((r) => r._id)).toEqual(['a', 'b', 'c']);
  });
});

describe('pagedQueryOptions', () => {
  /** A server whose pages are given by index; a page listed in `fail` fails once. */
  function server(pages: Record<number, string[]>, fail = new Set<number>()) {
    return vi.fn(async ({ pageIndex, pageSize }: { pageIndex: number; pageSize: number }) => {
      if (fail.delete(pageIndex)) throw new Error(`page ${pageIndex} failed`);
      const ids = pages[pageIndex] ?? [];
      return page(ids, ids.length === pageSize);
    });
  }

  function observe(fetchPage: ReturnType<typeof server>) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = pagedQueryOptions<Row>(['client/x', {}], (p) => fetchPage(p), 2);
    const observer = new InfiniteQueryObserver(queryClient, options);
    const unsubscribe = observer.subscribe(() => {});
    const rows = () => flattenPages(observer.getCurrentResult().data?.pages).map((r) => r._id);
    return { queryClient, options, observer, unsubscribe, rows };
  }

  it('loads page 1, appends page 2 without duplicates, and marks the end on a short page', async () => {
    const fetchPage = server({ 1: ['a', 'b'], 2: ['b', 'c'], 3: ['d'] });
    const list = observe(fetchPage);
    await vi.waitFor(() => expect(list.rows()).toEqual(['a', 'b']));
    await list.observer.fetchNextPage();
    expect(list.rows()).toEqual(['a', 'b', 'c']);
    await list.observer.fetchNextPage();
    expect(list.rows()).toEqual(['a', 'b', 'c', 'd']);
    expect(list.observer.getCurrentResult().hasNextPage).toBe(false);
    list.unsubscribe();
  });

  it('steps back after a failed page, so trying again asks for the same page', async () => {
    const fetchPage = server({ 1: ['a', 'b'], 2: ['c', 'd'] }, new Set([2]));
    const list = observe(fetchPage);
    await vi.waitFor(() => expect(list.rows()).toEqual(['a', 'b']));
    await list.observer.fetchNextPage();
    expect(list.observer.getCurrentResult().isFetchNextPageError).toBe(true);
    expect(list.rows()).toEqual(['a', 'b']);
    expect(list.observer.getCurrentResult().hasNextPage).toBe(true);
    await list.observer.fetchNextPage();
    expect(list.rows()).toEqual(['a', 'b', 'c', 'd']);
    expect(fetchPage.mock.calls.map(([p]) => p.pageIndex)).toEqual([1, 2, 2]);
    list.unsubscribe();
  });

  it('refreshes with page 1 fresh and the later pages dropped', async () => {
    const pages: Record<number, string[]> = { 1: ['a', 'b'], 2: ['c', 'd'] };
    const fetchPage = server(pages);
    const list = observe(fetchPage);
    await vi.waitFor(() => expect(list.rows()).toEqual(['a', 'b']));
    await list.observer.fetchNextPage();
    pages[1] = ['n', 'a'];
    await refreshFirstPage(list.queryClient, list.options.queryKey);
    expect(list.rows()).toEqual(['n', 'a']);
    expect(fetchPage.mock.calls.map(([p]) => p.pageIndex)).toEqual([1, 2, 1]);
    list.unsubscribe();
  });
});
