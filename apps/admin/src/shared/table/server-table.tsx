import type { Page } from '@studio/client/paged';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { useTableState } from './table-state';

export type ServerColumn<T> = ColumnType<T> & { key: string };

/**
 * antd's Table over a server-paged call: the page, size and sort come from the URL (useTableState)
 * and go back there; a sortable column is one with `sorter: true` whose `key` is the call's sort
 * field. While the next page loads the current rows stay, dimmed. The row actions (the column keyed
 * `actions`) stay fixed on the right: should the table ever be wider than its box, it scrolls inside
 * it and the buttons stay in sight (long texts get a width and cells.tsx's clamps, so that it fits
 * 1280 px).
 */
export function ServerTable<T extends { _id: string }>({
  state,
  query,
  columns,
  caption,
  ...rest
}: {
  state: Pick<ReturnType<typeof useTableState<string>>, 'view' | 'onTableChange' | 'pageSizes'>;
  query: Pick<UseQueryResult<Page<T>>, 'data' | 'error' | 'isFetching' | 'refetch'>;
  columns: ServerColumn<T>[];
  /** The table's accessible name. */
  caption: string;
} & Omit<TableProps<T>, 'columns' | 'dataSource' | 'pagination' | 'onChange'>) {
  const { t } = useTranslation();
  const { view } = state;
  const sorted = columns.map((column) => {
    const placed =
      column.key === 'actions' && column.fixed === undefined ? { ...column, fixed: 'right' as const } : column;
    return placed.sorter
      ? {
          ...placed,
          sortOrder:
            view.sort === placed.key ? (view.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
        }
      : placed;
  });
  return (
    <>
      {query.error && (
        <Alert
          type="warning"
          showIcon
          title={t('state.loadFailed')}
          description={query.error.message}
          action={<Button onClick={() => void query.refetch()}>{t('state.retry')}</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<T>
        rowKey="_id"
        aria-label={caption}
        columns={sorted}
        dataSource={query.data?.rows ?? []}
        loading={query.isFetching}
        // antd's own empty picture and grey text fail the contrast check: plain readable text instead.
        locale={{ emptyText: <span className="secondary-text">{t('table.empty')}</span> }}
        onChange={state.onTableChange as TableProps<T>['onChange']}
        pagination={{
          current: view.pageIndex,
          pageSize: view.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: state.pageSizes,
          showTotal: (total) => t('table.total', { count: total }),
        }}
        // As wide as its box (its text wraps, the long texts take the room left), wider only when even
        // wrapped it cannot fit: then it scrolls inside the box. Auto layout: a column is never
        // narrower than its content's narrowest (antd would fix the layout for the fixed column).
        scroll={{ x: true }}
        tableLayout="auto"
        // The back office's density (antd 6's medium: 8 px between a cell's text and its borders): six
        // or seven columns fit 1280 px.
        size="medium"
        {...rest}
        // app.css: its cells' classes nowrap and wrap-tags.
        className={['server-table', rest.className].filter(Boolean).join(' ')}
      />
    </>
  );
}
