import { DownloadOutlined } from '@ant-design/icons';
import { adminUserCalls, MEMBER_ROLE_FILTERS } from '@studio/contract/account';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { usePhoneFormat } from '@/shared/format/phone';
import { ClampedText, ClippedLink } from '@/shared/table/cells';
import { type ServerColumn, ServerTable } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { downloadCsv } from '@/shared/ui/download';
import { FilterBar, FilterSelect, SearchBox } from '@/shared/ui/filter-bar';
import { Page } from '@/shared/ui/page';
import { RoleTags } from './role-tags';

type Member = z.infer<typeof adminUserCalls.getList.output>['rows'][number];
type RoleFilter = (typeof MEMBER_ROLE_FILTERS)[number];
const FILTERS = ['keyword', 'role'] as const;

/** Members: found by name, username, e-mail or mobile; filtered by role; exported as CSV. */
export function MembersPage() {
  const { t } = useTranslation('members');
  const { message } = App.useApp();
  const format = useFormat();
  const phone = usePhoneFormat();
  const table = useTableState(FILTERS);
  const input = listInputOf(adminUserCalls.getList, table.query);
  const list = useQuery({ ...callQuery(adminUserCalls.getList, input), placeholderData: keepPreviousData });
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { pageIndex: _page, pageSize: _size, ...filters } = input;
      const file = await call(adminUserCalls.exportCsv, filters);
      downloadCsv(file.filename, file.csv);
      if (file.truncated) void message.warning(t('list.truncated'));
    } finally {
      setExporting(false);
    }
  };

  const columns: ServerColumn<Member>[] = [
    {
      key: 'nickname',
      title: t('list.member'),
      sorter: true,
      render: (_, m) => (
        <Space>
          <Avatar size={32} src={m.avatar ?? undefined} alt="">
            {(m.nickname || m.username || '?').slice(0, 1)}
          </Avatar>
          <ClippedLink to={`/members/${m._id}`} text={m.nickname || m.username || ''} width={180} />
        </Space>
      ),
    },
    // Usernames and e-mails are long unbroken words: they wrap anywhere, in the room the columns leave.
    {
      key: 'username',
      title: t('list.username'),
      render: (_, m) => (m.username ? <ClampedText text={m.username} minWidth={100} /> : '—'),
    },
    { key: 'mobile', title: t('list.mobile'), render: (_, m) => (m.mobile ? phone(m.mobile) : '—') },
    {
      key: 'email',
      title: t('list.email'),
      render: (_, m) => (m.email ? <ClampedText text={m.email} minWidth={120} /> : '—'),
    },
    { key: 'roles', title: t('list.roles'), render: (_, m) => <RoleTags user={m} /> },
    {
      key: 'register_date',
      title: t('list.registered'),
      sorter: true,
      className: 'nowrap',
      render: (_, m) => format.stamp(m.register_date),
    },
  ];

  return (
    <Page
      title={t('list.title')}
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
          {t('common:actions.export')}
        </Button>
      }
    >
      <FilterBar>
        <SearchBox
          value={table.view.filters.keyword}
          onSearch={(keyword) => table.setFilters({ keyword })}
          placeholder={t('list.search')}
        />
        <FilterSelect<RoleFilter>
          label={t('list.roleFilter')}
          allLabel={t('list.everyone')}
          value={table.view.filters.role as RoleFilter | undefined}
          onChange={(role) => table.setFilters({ role })}
          options={MEMBER_ROLE_FILTERS.map((value) => ({ value, label: t(`list.roleFilters.${value}`) }))}
        />
      </FilterBar>
      <ServerTable<Member> caption={t('list.title')} state={table} query={list} columns={columns} />
    </Page>
  );
}
