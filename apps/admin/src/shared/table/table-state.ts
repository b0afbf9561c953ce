import type { CallDef, CallInput } from '@studio/contract/protocol-core';
import type { SortOrder } from '@studio/contract/validators';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const DEFAULT_TABLE_PAGE_SIZE = 20;
const PAGE_SIZES = [10, 20, 50, 100];

/** A list's view as the URL holds it: a reload or a shared link shows the same page, filters and sort. */
export interface TableView<F extends string> {
  pageIndex: number;
  pageSize: number;
  sort: string | undefined;
  order: SortOrder;
  filters: Partial<Record<F, string>>;
}

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Reads a view from the URL's search params; unknown or malformed values fall back to the defaults. */
export function readTableView<F extends string>(
  params: URLSearchParams,
  filterKeys: readonly F[],
  defaults: { pageSize?: number; sort?: string; order?: SortOrder } = {},
): TableView<F> {
  const size = positive(params.get('size'), defaults.pageSize ?? DEFAULT_TABLE_PAGE_SIZE);
  const filters: Partial<Record<F, string>> = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const order = params.get('order');
  return {
    pageIndex: positive(params.get('page'), 1),
    pageSize: PAGE_SIZES.includes(size) ? size : DEFAULT_TABLE_PAGE_SIZE,
    sort: params.get('sort') ?? defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : (defaults.order ?? 'asc'),
    filters,
  };
}

/** Writes a change of view into search params: a new filter or sort goes back to page 1. */
export function writeTableView(
  params: URLSearchParams,
  change: {
    pageIndex?: number;
    pageSize?: number;
    sort?: string | null;
    order?: SortOrder;
    filters?: Record<string, string | undefined>;
  },
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | number | null | undefined) => {
    if (value === undefined || value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  };
  if (change.filters) for (const [key, value] of Object.entries(change.filters)) set(key, value);
  if (change.sort !== undefined) {
    set('sort', change.sort);
    set('order', change.sort ? change.order : null);
  }
  if (change.pageSize !== undefined) set('size', change.pageSize === DEFAULT_TABLE_PAGE_SIZE ? null : change.pageSize);
  const resetsPage = change.filters !== undefined || change.sort !== undefined || change.pageSize !== undefined;
  set('page', change.pageIndex && change.pageIndex > 1 ? change.pageIndex : resetsPage ? null : params.get('page'));
  return next;
}

/**
 * A server-paged list's state in the URL: `view` to send to the call (pageIndex, pageSize, sort,
 * order, and the filters named in `filterKeys`), `setFilters` for a filter bar, and `onTableChange`
 * and `pagination` for antd's Table (see ServerTable).
 */
export function useTableState<F extends string = never>(
  filterKeys: readonly F[] = [],
  defaults: { pageSize?: number; sort?: string; order?: SortOrder } = {},
) {
  const [params, setParams] = useSearchParams();
  const key = filterKeys.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKeys is compared by its joined names
  const view = useMemo(
    () => readTableView(params, filterKeys, defaults),
    [params, key, defaults.pageSize, defaults.sort, defaults.order],
  );

  const update = useCallback(
    (change: Parameters<typeof writeTableView>[1]) => setParams((current) => writeTableView(current, change)),
    [setParams],
  );
  const setFilters = useCallback(
    (filters: Partial<Record<F, string | undefined>>) =>
      update({ filters: filters as Record<string, string | undefined> }),
    [update],
  );
  const onTableChange = useCallback(
    (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<unknown> | SorterResult<unknown>[]) => {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = one?.order ? String(one.columnKey ?? one.field ?? '') || null : null;
      const order: SortOrder = one?.order === 'descend' ? 'desc' : 'asc';
      if (field !== (view.sort ?? null) || (field && order !== view.order)) {
        update({ sort: field, order });
        return;
      }
      update({ pageIndex: pagination.current ?? 1, pageSize: pagination.pageSize });
    },
    [update, view.sort, view.order],
  );
  /** The input of a list call: page, size, sort and order, plus the filters. */
  const query = useMemo(
    () => ({
      pageIndex: view.pageIndex,
      pageSize: view.pageSize,
      ...(view.sort ? { sort: view.sort, order: view.order } : {}),
      ...view.filters,
    }),
    [view],
  );
  return { view, query, setFilters, onTableChange, pageSizes: PAGE_SIZES };
}

/**
 * The URL's view as the input of `def` (a list call), checked with the call's own schema: a value
 * the call would refuse (a hand-edited `?status=maybe`) is dropped, so the list shows its default
 * view of that field instead of an error.
 */
export function listInputOf<C extends CallDef>(def: C, query: Record<string, unknown>): CallInput<C> {
  const parsed = def.input.safeParse(query);
  if (parsed.success) return query as CallInput<C>;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(query).filter(([key]) => !bad.has(key)));
  return (
    def.input.safeParse(kept).success ? kept : { pageIndex: 1, pageSize: DEFAULT_TABLE_PAGE_SIZE }
  ) as CallInput<C>;
}
