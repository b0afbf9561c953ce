import { PlusOutlined } from '@ant-design/icons';
import { useCallMutation } from '@studio/client/mutation';
import type { Page as Paged } from '@studio/client/paged';
import type { CallDef } from '@studio/contract/protocol-core';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { App, Button, Form, type FormInstance, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '@/shared/api/client';
import { FormDrawer } from '@/shared/forms/form-drawer';
import { showSaveError } from '@/shared/forms/forms';
import { checkWholeForm } from '@/shared/forms/whole-form';
import { type ServerColumn, ServerTable } from '@/shared/table/server-table';
import type { useTableState } from '@/shared/table/table-state';
import { FilterBar, SearchBox } from '@/shared/ui/filter-bar';
import { Page } from '@/shared/ui/page';

/** What the drawer edits: a row of the list, or a new one. */
export type Editing<Row> = Row | 'new';

/**
 * The back office's list-and-edit page (courses, rooms, teachers, …): the page title with a New
 * button, the filters, the server-paged table with an Edit button on each row, and the edit drawer.
 * Saving checks the save call's whole input with its contract schema (rules across fields too:
 * whole-form.ts), sends it, refetches the lists named and closes the drawer with "Saved"; a refusal
 * is shown beside its field, else as an alert.
 */
export function ListEditPage<Row extends { _id: string }, Fields extends object, Def extends CallDef>({
  title,
  subtitle,
  newLabel,
  editLabel,
  nameOf,
  table,
  list,
  columns,
  searchPlaceholder,
  filters,
  rowActions,
  save,
  initialValues,
  drawerWidth,
  canCreate = true,
  form: givenForm,
  onEditingChange,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  newLabel: string;
  editLabel: string;
  /** The row's name, for its Edit button's accessible name ("Edit Morning Flow"). */
  nameOf: (row: Row) => string;
  table: Pick<ReturnType<typeof useTableState<string>>, 'view' | 'onTableChange' | 'pageSizes'> & {
    setFilters: (filters: { keyword?: string }) => void;
  };
  list: Pick<UseQueryResult<Paged<Row>>, 'data' | 'error' | 'isFetching' | 'refetch'>;
  /** The columns; the Edit action column is added after them. */
  columns: ServerColumn<Row>[];
  /** The search box's placeholder: the list is searched by the URL's `keyword`. */
  searchPlaceholder: string;
  /** Filters beside the search box. */
  filters?: ReactNode;
  /** More buttons beside a row's Edit. */
  rowActions?: (row: Row) => ReactNode;
  save: {
    def: Def;
    /** The call's input from the form's fields and the row edited (null for a new one). */
    input: (fields: Fields, row: Row | null) => z.input<Def['input']>;
    /** The lists the save changes (query keys), refetched after it. */
    invalidates: readonly QueryKey[];
    /** The form's field for a path of the call's input, where they differ (null: no field shows it). */
    fieldOf?: (path: PropertyKey[]) => (string | number)[] | null;
  };
  initialValues: (row: Row | null) => Partial<Fields>;
  drawerWidth?: number;
  canCreate?: boolean;
  /** The form, when the page reads its values itself (Form.useWatch); one is made otherwise. */
  form?: FormInstance<Fields>;
  /** Told when the drawer opens or closes (a page that loads options only while editing). */
  onEditingChange?: (editing: Editing<Row> | null) => void;
  /** The drawer's fields, for the row edited or a new one. */
  children: (editing: Editing<Row>) => ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [ownForm] = Form.useForm<Fields>();
  const form = givenForm ?? ownForm;
  const [editing, setEditingState] = useState<Editing<Row> | null>(null);
  const setEditing = (next: Editing<Row> | null) => {
    setEditingState(next);
    onEditingChange?.(next);
  };
  const row = editing && editing !== 'new' ? editing : null;
  const mutation = useCallMutation((input: z.input<Def['input']>) => call(save.def, input as never, { silent: true }), {
    invalidates: save.invalidates,
    onSuccess: () => {
      void message.success(t('saved'));
      setEditing(null);
    },
    onError: (error) => showSaveError(form, error),
  });
  const submit = (fields: Fields) => {
    const input = save.input(fields, row);
    if (checkWholeForm(form, save.def.input, input, save.fieldOf)) mutation.mutate(input);
  };

  const withActions: ServerColumn<Row>[] = [
    ...columns,
    {
      key: 'actions',
      title: t('table.actions'),
      render: (_, item) => {
        const edit = (
          <Button
            type="link"
            size={rowActions ? 'small' : undefined}
            onClick={() => setEditing(item)}
            aria-label={`${t('actions.edit')} ${nameOf(item)}`}
          >
            {t('actions.edit')}
          </Button>
        );
        return rowActions ? (
          <Space direction="vertical" size={0} align="start">
            {edit}
            {rowActions(item)}
          </Space>
        ) : (
          edit
        );
      },
    },
  ];

  return (
    <Page
      title={title}
      subtitle={subtitle}
      extra={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {newLabel}
          </Button>
        )
      }
    >
      <FilterBar>
        <SearchBox
          value={table.view.filters.keyword}
          onSearch={(keyword) => table.setFilters({ keyword })}
          placeholder={searchPlaceholder}
        />
        {filters}
      </FilterBar>
      <ServerTable<Row> caption={title} state={table} query={list} columns={withActions} />
      <FormDrawer<Fields>
        title={editing === 'new' ? newLabel : editLabel}
        open={editing !== null}
        onClose={() => setEditing(null)}
        form={form}
        saving={mutation.isPending}
        onSubmit={submit}
        initialValues={initialValues(row)}
        width={drawerWidth}
      >
        {editing !== null && children(editing)}
      </FormDrawer>
    </Page>
  );
}
