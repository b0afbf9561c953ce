import { PlusOutlined } from '@ant-design/icons';
import { useCallMutation } from '@studio/client/mutation';
import { adminScheduleCalls, type CATALOG_STATUSES, roomSaveInput } from '@studio/contract/schedule';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call, callQuery } from '@/shared/api/client';
import { FormDrawer } from '@/shared/forms/form-drawer';
import { requiredRule, showSaveError, zodRule } from '@/shared/forms/forms';
import { LocalizedFields, localizedValue, optionalLocalizedValue } from '@/shared/forms/localized-fields';
import { ClampedText } from '@/shared/table/cells';
import { type ServerColumn, ServerTable } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { FilterBar, FilterSelect, SearchBox } from '@/shared/ui/filter-bar';
import { Page } from '@/shared/ui/page';
import { ActiveTag, CATALOG_FILTERS } from './status-tag';

type Room = z.infer<typeof adminScheduleCalls.getRoomList.output>['rows'][number];
type Status = (typeof CATALOG_STATUSES)[number];
interface RoomFields {
  name: Record<string, string>;
  address: Record<string, string>;
  capacity: number;
  active: boolean;
}

/** Rooms: where classes happen, and how many fit. */
export function RoomsPage() {
  const { t } = useTranslation('catalog');
  const { message } = App.useApp();
  const table = useTableState(CATALOG_FILTERS);
  const list = useQuery({
    ...callQuery(adminScheduleCalls.getRoomList, listInputOf(adminScheduleCalls.getRoomList, table.query)),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Room | 'new' | null>(null);
  const [form] = Form.useForm<RoomFields>();
  const save = useCallMutation(
    (fields: RoomFields) =>
      call(
        adminScheduleCalls.saveRoom,
        {
          ...(editing && editing !== 'new' ? { _id: editing._id } : {}),
          name: localizedValue(fields.name),
          address: optionalLocalizedValue(fields.address),
          capacity: fields.capacity,
          active: fields.active,
        },
        { silent: true },
      ),
    {
      invalidates: [[adminScheduleCalls.getRoomList.url]],
      onSuccess: () => {
        void message.success(t('common:saved'));
        setEditing(null);
      },
      onError: (error) => showSaveError(form, error),
    },
  );

  const columns: ServerColumn<Room>[] = [
    {
      key: 'name',
      title: t('room.name'),
      sorter: true,
      render: (_, room) => <ClampedText text={room.name} minWidth={160} />,
    },
    { key: 'capacity', title: t('room.capacity'), dataIndex: 'capacity', sorter: true, align: 'right' },
    {
      key: 'address',
      title: t('room.address'),
      render: (_, room) => <ClampedText text={room.address} minWidth={200} />,
    },
    { key: 'active', title: t('status.label'), render: (_, room) => <ActiveTag active={room.active} /> },
    {
      key: 'actions',
      title: t('common:table.actions'),
      render: (_, room) => (
        <Button type="link" onClick={() => setEditing(room)} aria-label={`${t('common:actions.edit')} ${room.name}`}>
          {t('common:actions.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Page
      title={t('rooms.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('rooms.new')}
        </Button>
      }
    >
      <FilterBar>
        <SearchBox
          value={table.view.filters.keyword}
          onSearch={(keyword) => table.setFilters({ keyword })}
          placeholder={t('rooms.search')}
        />
        <FilterSelect<Status>
          label={t('status.label')}
          allLabel={t('status.all')}
          value={table.view.filters.status as Status | undefined}
          onChange={(status) => table.setFilters({ status })}
          options={[
            { value: 'active', label: t('status.active') },
            { value: 'inactive', label: t('status.inactive') },
          ]}
        />
      </FilterBar>
      <ServerTable<Room> caption={t('rooms.title')} state={table} query={list} columns={columns} />
      <FormDrawer<RoomFields>
        title={editing === 'new' ? t('rooms.new') : t('rooms.edit')}
        open={editing !== null}
        onClose={() => setEditing(null)}
        form={form}
        saving={save.isPending}
        onSubmit={(fields) => save.mutate(fields)}
        initialValues={
          editing && editing !== 'new'
            ? {
                name: editing.name_i18n,
                address: editing.address_i18n,
                capacity: editing.capacity,
                active: editing.active,
              }
            : { capacity: 20, active: true }
        }
      >
        <LocalizedFields name="name" label={t('room.name')} required maxLength={64} />
        <Form.Item
          name="capacity"
          label={t('room.capacity')}
          rules={[requiredRule(), zodRule(roomSaveInput.shape.capacity)]}
        >
          <InputNumber min={1} max={500} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <LocalizedFields name="address" label={t('room.address')} maxLength={200} />
        <Form.Item name="active" label={t('status.activeLabel')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormDrawer>
    </Page>
  );
}
