import { PlusOutlined, PushpinFilled } from '@ant-design/icons';
import { useCallMutation } from '@studio/client/mutation';
import { resolveLocale } from '@studio/contract/locale';
import { localize } from '@studio/contract/localized-text';
import { type AdminAnnouncement, ANNOUNCEMENT_STATUSES, adminNoticeCalls } from '@studio/contract/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { type ServerColumn, ServerTable } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { useConfirmDanger } from '@/shared/ui/confirm';
import { showAlert } from '@/shared/ui/feedback';
import { FilterBar, FilterSelect } from '@/shared/ui/filter-bar';
import { Page } from '@/shared/ui/page';
import { useCourseNames } from './course-options';
import { NoticeEditor } from './notice-editor';

const STATUS_COLORS = { scheduled: 'blue', published: 'green', withdrawn: 'default' } as const;

/** Notices: the studio's announcements with who reads them and how many have; write, schedule, withdraw. */
export function NoticesPage() {
  const { t, i18n } = useTranslation('notices');
  const { message } = App.useApp();
  const format = useFormat();
  const locale = resolveLocale(i18n.language);
  const confirm = useConfirmDanger();
  const courseNames = useCourseNames();
  const table = useTableState(['status'] as const);
  const list = useQuery({
    ...callQuery(adminNoticeCalls.getList, listInputOf(adminNoticeCalls.getList, table.query)),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<AdminAnnouncement | 'new' | null>(null);
  const withdraw = useCallMutation((id: string) => call(adminNoticeCalls.withdraw, { _id: id }, { silent: true }), {
    invalidates: [[adminNoticeCalls.getList.url]],
    onSuccess: () => void message.success(t('withdrawn')),
    onError: (error) => showAlert(error.message),
  });

  const titleOf = (n: AdminAnnouncement) => localize(n.title, locale) || t('untitled');
  const askWithdraw = (n: AdminAnnouncement) =>
    void confirm({
      title: t('withdrawTitle', { title: titleOf(n) }),
      content: t('withdrawBody', { count: n.audience_count, read: n.read_count }),
      okText: t('withdraw'),
      onOk: () => withdraw.mutateAsync(n._id),
    });
  const audienceOf = (n: AdminAnnouncement) => {
    if (n.audience !== 'course') return t(`audiences.${n.audience}`);
    const names = n.course_ids.map((id) => courseNames.get(id)).filter(Boolean);
    return t('courseAudience', {
      courses:
        names.length === n.course_ids.length ? names.join(', ') : t('courseCount', { count: n.course_ids.length }),
      count: n.course_days,
    });
  };

  const columns: ServerColumn<AdminAnnouncement>[] = [
    {
      key: 'title',
      title: t('titleLabel'),
      width: 250,
      render: (_, n) => (
        <Space direction="vertical" size={4}>
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: titleOf(n) }} style={{ margin: 0 }}>
            {titleOf(n)}
          </Typography.Paragraph>
          {n.pinned && <Tag icon={<PushpinFilled aria-hidden />}>{t('pinned')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'audience',
      title: t('audience'),
      width: 190,
      render: (_, n) => audienceOf(n),
    },
    {
      key: 'status',
      title: t('status'),
      render: (_, n) => (
        <Space direction="vertical" size={2}>
          <Tag color={STATUS_COLORS[n.status]}>{t(`statuses.${n.status}`)}</Tag>
          {n.status === 'withdrawn' && n.withdrawn_at && (
            <span className="secondary-text">{format.dateTime(n.withdrawn_at)}</span>
          )}
        </Space>
      ),
    },
    {
      // Beside the status: a scheduled one's time is when it will appear.
      key: 'publish_at',
      title: t('publishAt'),
      render: (_, n) => <span className="figures">{format.stamp(n.publish_at)}</span>,
    },
    {
      key: 'read',
      title: t('read'),
      render: (_, n) => <span className="figures">{t('readBy', { read: n.read_count, count: n.audience_count })}</span>,
    },
    {
      key: 'actions',
      title: t('common:table.actions'),
      fixed: 'right',
      render: (_, n) => (
        <Space size={0}>
          {n.status !== 'withdrawn' && (
            <Button
              type="link"
              size="small"
              onClick={() => setEditing(n)}
              aria-label={`${t('common:actions.edit')} ${titleOf(n)}`}
            >
              {t('common:actions.edit')}
            </Button>
          )}
          {n.status !== 'scheduled' && (
            // What reached members by e-mail, text or push: the delivery log of this announcement.
            <Link
              to={`/deliveries?notice_id=${encodeURIComponent(n._id)}`}
              style={{ paddingInline: 7 }}
              aria-label={t('deliveriesOf', { title: titleOf(n) })}
            >
              {t('deliveries')}
            </Link>
          )}
          {n.status !== 'withdrawn' && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => askWithdraw(n)}
              aria-label={`${t('withdraw')} ${titleOf(n)}`}
            >
              {t('withdraw')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Page
      title={t('title')}
      subtitle={t('subtitle')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('new')}
        </Button>
      }
    >
      <FilterBar>
        <FilterSelect<string>
          label={t('status')}
          allLabel={t('allStatuses')}
          value={table.view.filters.status}
          onChange={(status) => table.setFilters({ status })}
          options={ANNOUNCEMENT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        />
      </FilterBar>
      <ServerTable<AdminAnnouncement> caption={t('title')} state={table} query={list} columns={columns} />
      <NoticeEditor editing={editing} onClose={() => setEditing(null)} />
    </Page>
  );
}
