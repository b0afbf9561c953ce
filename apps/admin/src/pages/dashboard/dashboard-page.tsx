import { adminDashboardCalls, type Dashboard, EXPIRING_WITHIN_DAYS, FILL_RATE_DAYS } from '@studio/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Progress, Row, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { usePermission } from '@/shared/session/permissions';
import { Page, QueryState } from '@/shared/ui/page';
import { GoLiveCard } from './go-live-card';
import { TakingsCard } from './takings-card';

type TodayRow = Dashboard['today'][number];
type ExpiringRow = Dashboard['expiring']['rows'][number];

/**
 * The day at a glance: the go-live checklist until it is done, today's classes and their fill, the
 * week ahead, new members, packages running out.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const board = useQuery({ ...callQuery(adminDashboardCalls.get, {}), refetchInterval: 60_000 });
  return (
    <Page title={t('title')}>
      <QueryState query={board}>{(data) => <DashboardView board={data} />}</QueryState>
    </Page>
  );
}

function DashboardView({ board }: { board: Dashboard }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const canClasses = usePermission('classes.manage');
  const canMembers = usePermission('members.manage');
  // The go-live checklist is the studio owner's: staff who cannot change the settings are not shown it.
  const canSettings = usePermission('settings.manage');
  const canFeedback = usePermission('feedback.manage');
  const fill = board.fill_rate === null ? null : Math.round(board.fill_rate * 100);

  const todayColumns = [
    {
      key: 'time',
      title: t('today.time'),
      render: (_: unknown, s: TodayRow) => `${format.time(s.starts_at)}–${format.time(s.ends_at)}`,
    },
    {
      key: 'course',
      title: t('today.class'),
      render: (_: unknown, s: TodayRow) =>
        canClasses ? <Link to={`/schedule/sessions/${s._id}`}>{s.course_name}</Link> : s.course_name,
    },
    { key: 'teacher', title: t('today.teacher'), dataIndex: 'teacher_name' },
    { key: 'room', title: t('today.room'), dataIndex: 'room_name' },
    {
      key: 'fill',
      title: t('today.booked'),
      render: (_: unknown, s: TodayRow) =>
        s.status === 'cancelled' ? (
          <Tag>{t('today.cancelled')}</Tag>
        ) : (
          <div style={{ minWidth: 160 }}>
            <span className="figures">{t('today.fill', { booked: s.booked_count, capacity: s.capacity })}</span>
            <Progress
              percent={Math.round((s.booked_count / Math.max(1, s.capacity)) * 100)}
              showInfo={false}
              size="small"
              aria-label={t('today.fill', { booked: s.booked_count, capacity: s.capacity })}
            />
          </div>
        ),
    },
    { key: 'waiting', title: t('today.waiting'), dataIndex: 'waitlist_count', align: 'right' as const },
    { key: 'checked', title: t('today.checkedIn'), dataIndex: 'checked_in_count', align: 'right' as const },
  ];
  const expiringColumns = [
    {
      key: 'member',
      title: t('expiring.member'),
      render: (_: unknown, p: ExpiringRow) =>
        canMembers ? <Link to={`/members/${p.user_id}`}>{p.member_name}</Link> : p.member_name,
    },
    { key: 'package', title: t('expiring.package'), dataIndex: 'name' },
    { key: 'left', title: t('expiring.left'), dataIndex: 'remaining_count', align: 'right' as const },
    { key: 'until', title: t('expiring.until'), render: (_: unknown, p: ExpiringRow) => format.date(p.valid_until) },
  ];

  return (
    <>
      {board.go_live && canSettings && <GoLiveCard lines={board.go_live} />}
      {board.takings && <TakingsCard takings={board.takings} />}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} lg={{ flex: '20%' }}>
          <Card size="small">
            <Statistic title={t('stats.today')} value={board.today.filter((s) => s.status !== 'cancelled').length} />
          </Card>
        </Col>
        <Col xs={12} lg={{ flex: '20%' }}>
          <Card size="small">
            <Statistic
              title={t('stats.fillRate', { days: FILL_RATE_DAYS })}
              value={fill ?? '—'}
              suffix={fill === null ? undefined : '%'}
            />
            <span className="secondary-text">{t('stats.sessionsAhead', { count: board.upcoming_sessions })}</span>
          </Card>
        </Col>
        <Col xs={12} lg={{ flex: '20%' }}>
          <Card size="small">
            <Statistic title={t('stats.newMembers')} value={board.new_members_this_week} />
          </Card>
        </Col>
        <Col xs={12} lg={{ flex: '20%' }}>
          <Card size="small">
            <Statistic title={t('stats.expiring', { days: EXPIRING_WITHIN_DAYS })} value={board.expiring.total} />
          </Card>
        </Col>
        <Col xs={12} lg={{ flex: '20%' }}>
          <Card size="small">
            <Statistic title={t('stats.feedbackPending')} value={board.feedback_pending} />
            {canFeedback && <Link to="/feedback?status=pending_reply">{t('stats.openInbox')}</Link>}
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('today.title')} style={{ marginBottom: 16 }}>
        <Table<TodayRow>
          rowKey="_id"
          aria-label={t('today.title')}
          columns={todayColumns}
          dataSource={board.today}
          pagination={false}
          locale={{ emptyText: <span className="secondary-text">{t('today.none')}</span> }}
        />
      </Card>
      <Card size="small" title={t('expiring.title', { days: EXPIRING_WITHIN_DAYS })}>
        <Table<ExpiringRow>
          rowKey="_id"
          aria-label={t('expiring.title', { days: EXPIRING_WITHIN_DAYS })}
          columns={expiringColumns}
          dataSource={board.expiring.rows}
          pagination={false}
          locale={{ emptyText: <span className="secondary-text">{t('expiring.none')}</span> }}
        />
        {board.expiring.total > board.expiring.rows.length && (
          <p className="secondary-text">
            {t('expiring.more', { count: board.expiring.total - board.expiring.rows.length })}
          </p>
        )}
      </Card>
    </>
  );
}
