import { AUDIT_OBJECT_TYPES, type AuditEntry, adminAuditCalls } from '@studio/contract/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { type ServerColumn, ServerTable } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { FilterBar, FilterSelect, SearchBox } from '@/shared/ui/filter-bar';
import { Page } from '@/shared/ui/page';
import { fieldChanges } from './audit-diff';

const FILTERS = ['actor_id', 'object_type', 'object_id', 'date_from', 'date_to'] as const;
type ObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** What changed in one entry, field by field. */
function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const rows = fieldChanges(entry.before, entry.after);
  return (
    <Table
      size="small"
      rowKey="field"
      aria-label={t('changes.title')}
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: <span className="secondary-text">{t('changes.none')}</span> }}
      columns={[
        { key: 'field', title: t('changes.field'), dataIndex: 'field' },
        {
          key: 'before',
          title: t('changes.before'),
          dataIndex: 'before',
          render: (v: string) => <code className="audit-value">{v}</code>,
        },
        {
          key: 'after',
          title: t('changes.after'),
          dataIndex: 'after',
          render: (v: string) => <code className="audit-value">{v}</code>,
        },
      ]}
    />
  );
}

/** Every change staff made: who, when, which call, which object, and what changed; filterable, in the URL. */
export function AuditPage() {
  const { t } = useTranslation('audit');
  const format = useFormat();
  const table = useTableState(FILTERS);
  const { filters } = table.view;
  const list = useQuery({
    ...callQuery(adminAuditCalls.getList, listInputOf(adminAuditCalls.getList, table.query)),
    placeholderData: keepPreviousData,
  });

  const columns: ServerColumn<AuditEntry>[] = [
    { key: 'at', title: t('list.at'), render: (_, e) => format.stamp(e.at) },
    {
      key: 'actor',
      title: t('list.actor'),
      render: (_, e) => (
        <Button
          type="link"
          size="small"
          onClick={() => table.setFilters({ actor_id: e.actor._id })}
          aria-label={t('list.onlyBy', { name: e.actor.nickname })}
        >
          {e.actor.nickname || e.actor._id}
        </Button>
      ),
    },
    { key: 'action', title: t('list.action'), render: (_, e) => <Typography.Text code>{e.action}</Typography.Text> },
    {
      key: 'object',
      title: t('list.object'),
      render: (_, e) => (
        <Button
          type="link"
          size="small"
          onClick={() => table.setFilters({ object_type: e.object_type, object_id: e.object_id })}
          aria-label={t('list.onlyObject', { type: t(`types.${e.object_type}`, e.object_type), id: e.object_id })}
        >
          <Tag>{t(`types.${e.object_type}`, e.object_type)}</Tag> {e.object_id}
        </Button>
      ),
    },
    {
      key: 'changes',
      title: t('list.changes'),
      render: (_, e) => t('list.fields', { count: fieldChanges(e.before, e.after).length }),
    },
  ];

  const actorName = list.data?.rows.find((r) => r.actor._id === filters.actor_id)?.actor.nickname;
  return (
    <Page title={t('title')}>
      <FilterBar>
        <FilterSelect<ObjectType>
          label={t('filters.type')}
          allLabel={t('filters.allTypes')}
          value={filters.object_type as ObjectType | undefined}
          onChange={(object_type) => table.setFilters({ object_type, object_id: undefined })}
          options={AUDIT_OBJECT_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
        />
        <SearchBox
          label={t('filters.objectId')}
          placeholder={t('filters.objectId')}
          value={filters.object_id}
          onSearch={(object_id) => table.setFilters({ object_id })}
        />
        <DatePicker.RangePicker
          aria-label={t('filters.dates')}
          value={[filters.date_from ? dayjs(filters.date_from) : null, filters.date_to ? dayjs(filters.date_to) : null]}
          onChange={(range) =>
            table.setFilters({
              date_from: range?.[0]?.format('YYYY-MM-DD'),
              date_to: range?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
        {filters.actor_id && (
          <Tag closable onClose={() => table.setFilters({ actor_id: undefined })}>
            {t('filters.by', { name: actorName ?? filters.actor_id })}
          </Tag>
        )}
      </FilterBar>
      <ServerTable<AuditEntry>
        caption={t('title')}
        state={table}
        query={list}
        columns={columns}
        expandable={{
          expandedRowRender: (entry) => <Changes entry={entry} />,
          // The expand buttons' column is named for screen readers (axe: empty-table-header).
          columnTitle: <span className="visually-hidden">{t('changes.title')}</span>,
        }}
      />
    </Page>
  );
}
