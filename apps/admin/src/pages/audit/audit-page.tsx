import { HistoryOutlined } from '@ant-design/icons';
import { AUDIT_KINDS, type AuditEntry, type AuditKind, adminAuditCalls } from '@studio/contract/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Table, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { ClampedText } from '@/shared/table/cells';
import { type ServerColumn, ServerTable } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { FilterBar, FilterSelect } from '@/shared/ui/filter-bar';
import { Page } from '@/shared/ui/page';
import { fieldChanges } from './audit-diff';
import { auditSentence } from './audit-sentence';

const FILTERS = ['actor_id', 'kind', 'object_type', 'object_id', 'date_from', 'date_to'] as const;

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

/**
 * Every change staff made, as a sentence ("Ada Admin shipped order … by Royal Mail, RM…"): when, who,
 * what happened, and field by field what changed; filtered by kind of change, staff member, object
 * and dates, in the URL.
 */
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
    { key: 'at', title: t('list.at'), width: 150, render: (_, e) => format.stamp(e.at) },
    {
      key: 'actor',
      title: t('list.actor'),
      width: 170,
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
    {
      key: 'what',
      title: t('list.what'),
      // The sentence takes the room the other columns leave, in up to three lines.
      render: (_, e) => <ClampedText text={auditSentence(e, t, format)} rows={3} minWidth={360} />,
    },
    {
      key: 'changes',
      title: t('list.changes'),
      width: 110,
      render: (_, e) => t('list.fields', { count: fieldChanges(e.before, e.after).length }),
    },
    {
      // The row's action: kept in sight on the right (ServerTable fixes the `actions` column).
      key: 'actions',
      title: t('list.history'),
      width: 90,
      render: (_, e) => {
        const label = t('list.historyOf', { name: e.object_name || t(`types.${e.object_type}`, e.object_type) });
        return (
          <Tooltip title={label}>
            <Button
              type="text"
              size="small"
              icon={<HistoryOutlined />}
              aria-label={label}
              onClick={() => table.setFilters({ object_type: e.object_type, object_id: e.object_id, kind: undefined })}
            />
          </Tooltip>
        );
      },
    },
  ];

  const actorName = list.data?.rows.find((r) => r.actor._id === filters.actor_id)?.actor.nickname;
  const objectName = list.data?.rows.find((r) => r.object_id === filters.object_id)?.object_name;
  return (
    <Page title={t('title')}>
      <FilterBar>
        <FilterSelect<AuditKind>
          label={t('filters.type')}
          allLabel={t('filters.allTypes')}
          value={filters.kind as AuditKind | undefined}
          onChange={(kind) => table.setFilters({ kind, object_type: undefined, object_id: undefined })}
          options={AUDIT_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
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
        {filters.object_id && (
          <Tag closable onClose={() => table.setFilters({ object_type: undefined, object_id: undefined })}>
            {t('filters.object', { name: objectName || filters.object_id })}
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
