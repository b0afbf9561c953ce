import { adminScheduleCalls } from '@studio/contract/schedule';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callQuery } from '@/shared/api/client';
import { ListEditPage } from '@/shared/crud/list-edit-page';
import { requiredRule } from '@/shared/forms/forms';
import { LocalizedFields, localizedValue, optionalLocalizedValue } from '@/shared/forms/localized-fields';
import { ClampedText } from '@/shared/table/cells';
import type { ServerColumn } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { ActiveTag, CATALOG_FILTERS, StatusFilter } from './status-tag';

type Room = z.infer<typeof adminScheduleCalls.getRoomList.output>['rows'][number];
interface RoomFields {
  name: Record<string, string>;
  address: Record<string, string>;
  capacity: number;
  active: boolean;
}

/** Rooms: where classes happen, and how many fit. */
export function RoomsPage() {
  const { t } = useTranslation('catalog');
  const table = useTableState(CATALOG_FILTERS);
  const list = useQuery({
    ...callQuery(adminScheduleCalls.getRoomList, listInputOf(adminScheduleCalls.getRoomList, table.query)),
    placeholderData: keepPreviousData,
  });

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
  ];

  return (
    <ListEditPage<Room, RoomFields, typeof adminScheduleCalls.saveRoom>
      title={t('rooms.title')}
      newLabel={t('rooms.new')}
      editLabel={t('rooms.edit')}
      nameOf={(room) => room.name}
      table={table}
      list={list}
      columns={columns}
      searchPlaceholder={t('rooms.search')}
      filters={<StatusFilter table={table} />}
      save={{
        def: adminScheduleCalls.saveRoom,
        input: (fields, room) => ({
          ...(room ? { _id: room._id } : {}),
          name: localizedValue(fields.name),
          address: optionalLocalizedValue(fields.address),
          capacity: fields.capacity,
          active: fields.active,
        }),
        invalidates: [[adminScheduleCalls.getRoomList.url]],
      }}
      initialValues={(room) =>
        room
          ? { name: room.name_i18n, address: room.address_i18n, capacity: room.capacity, active: room.active }
          : { capacity: 20, active: true }
      }
    >
      {() => (
        <>
          <LocalizedFields name="name" label={t('room.name')} required maxLength={64} />
          <Form.Item name="capacity" label={t('room.capacity')} rules={[requiredRule()]}>
            <InputNumber min={1} max={500} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <LocalizedFields name="address" label={t('room.address')} maxLength={200} />
          <Form.Item name="active" label={t('status.activeLabel')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    </ListEditPage>
  );
}
