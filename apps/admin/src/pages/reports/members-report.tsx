import { ACTIVE_WINDOW_DAYS, adminReportCalls, type LapsedMember, type MembersReport } from '@studio/contract/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Col, Flex, Row, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { usePhoneFormat } from '@/shared/format/phone';
import { usePermission } from '@/shared/session/permissions';
import { QueryState } from '@/shared/ui/page';
import type { ReportQuery } from './report-range';
import {
  ChartCard,
  ExportCsvButton,
  FigureCard,
  tint,
  usePeriodLabel,
  usePlainDate,
  useReportColours,
  useShare,
} from './report-ui';

type Cohort = MembersReport['retention'][number];

/** Members: who joined, who comes, who stopped coming (with a list to contact), and retention by month of joining. */
export function MembersReportView({ query }: { query: ReportQuery }) {
  const { t } = useTranslation('reports');
  const report = useQuery({ ...callQuery(adminReportCalls.members, query.range), placeholderData: keepPreviousData });
  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <ExportCsvButton name={t('tabs.members')} fetch={() => call(adminReportCalls.membersCsv, query.range)} />
      </Flex>
      <QueryState query={report}>{(data) => <MembersView report={data} />}</QueryState>
    </Flex>
  );
}

function MembersView({ report }: { report: MembersReport }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const plainDate = usePlainDate();
  const periodLabel = usePeriodLabel();
  const colours = useReportColours();
  const { total, previous } = report;
  const series = report.new_series.map((p) => ({ ...p, label: plainDate(p.period), axis: periodLabel(p.period) }));
  const activity = [
    { key: 'current', label: t('members.thisPeriod'), active: total.active, lapsed: total.lapsed },
    { key: 'previous', label: t('members.previousPeriod'), active: previous.active, lapsed: previous.lapsed },
  ];
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {(['new', 'active', 'lapsed'] as const).map((key) => (
          <Col key={key} xs={24} md={8}>
            <FigureCard
              title={t(`members.${key}`)}
              current={total[key]}
              previous={previous[key]}
              show={format.number}
              note={t(`members.${key}Note`, { days: ACTIVE_WINDOW_DAYS })}
              lowerIsBetter={key === 'lapsed'}
            />
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <ChartCard
            title={t('members.newSeries')}
            empty={series.every((p) => p.count === 0)}
            chart={
              <ResponsiveContainer width="100%" height={240}>
                <AreaChart data={series} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                  <CartesianGrid stroke={colours.grid} vertical={false} />
                  <XAxis dataKey="axis" tick={{ fill: colours.text, fontSize: 12 }} />
                  <YAxis allowDecimals={false} tick={{ fill: colours.text, fontSize: 12 }} width={40} />
                  <Tooltip />
                  <Area
                    dataKey="count"
                    name={t('members.new')}
                    stroke={colours.primary}
                    fill={colours.primary}
                    fillOpacity={0.2}
                    isAnimationActive={false}
                  />
                </AreaChart>
              </ResponsiveContainer>
            }
            table={
              <Table
                rowKey="period"
                size="small"
                aria-label={t('members.newSeries')}
                dataSource={series.filter((p) => p.count > 0)}
                pagination={{ pageSize: 7, showSizeChanger: false, hideOnSinglePage: true }}
                columns={[
                  { key: 'period', title: t('members.day'), dataIndex: 'label' },
                  { key: 'count', title: t('members.new'), dataIndex: 'count', align: 'right' },
                ]}
              />
            }
          />
        </Col>
        <Col xs={24} xl={8}>
          <ChartCard
            title={t('members.activity')}
            empty={total.active + total.lapsed + previous.active + previous.lapsed === 0}
            chart={
              <ResponsiveContainer width="100%" height={240}>
                <BarChart data={activity} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                  <CartesianGrid stroke={colours.grid} vertical={false} />
                  <XAxis dataKey="label" tick={{ fill: colours.text, fontSize: 12 }} />
                  <YAxis allowDecimals={false} tick={{ fill: colours.text, fontSize: 12 }} width={40} />
                  <Tooltip />
                  <Legend itemSorter={null} />
                  <Bar dataKey="active" name={t('members.active')} fill={colours.primary} isAnimationActive={false} />
                  <Bar dataKey="lapsed" name={t('members.lapsed')} fill={colours.series[2]} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            }
            table={
              <Table
                rowKey="key"
                size="small"
                aria-label={t('members.activity')}
                dataSource={activity}
                pagination={false}
                columns={[
                  { key: 'label', title: t('members.period'), dataIndex: 'label' },
                  { key: 'active', title: t('members.active'), dataIndex: 'active', align: 'right' },
                  { key: 'lapsed', title: t('members.lapsed'), dataIndex: 'lapsed', align: 'right' },
                ]}
              />
            }
          />
        </Col>
      </Row>
      <LapsedList members={report.lapsed} total={total.lapsed} />
      <Retention cohorts={report.retention} />
    </Flex>
  );
}

/** The lapsed members to contact, the longest gone first. */
function LapsedList({ members, total }: { members: LapsedMember[]; total: number }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const phone = usePhoneFormat();
  const canMembers = usePermission('members.manage');
  return (
    <ChartCard
      title={t('members.lapsedList')}
      empty={members.length === 0}
      chart={null}
      table={
        <>
          <Table<LapsedMember>
            rowKey="user_id"
            size="small"
            aria-label={t('members.lapsedList')}
            dataSource={members}
            pagination={members.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            columns={[
              {
                key: 'name',
                title: t('members.member'),
                render: (_, m) => {
                  const name = m.nickname || m.email || m.mobile || m.user_id;
                  return canMembers ? <Link to={`/members/${m.user_id}`}>{name}</Link> : name;
                },
              },
              { key: 'mobile', title: t('members.mobile'), render: (_, m) => (m.mobile ? phone(m.mobile) : '—') },
              {
                key: 'email',
                title: t('members.email'),
                render: (_, m) => (m.email ? <a href={`mailto:${m.email}`}>{m.email}</a> : '—'),
              },
              { key: 'last', title: t('members.lastClass'), render: (_, m) => format.date(m.last_class_at) },
              { key: 'joined', title: t('members.joined'), render: (_, m) => format.date(m.registered_at) },
            ]}
          />
          {total > members.length && (
            <p className="secondary-text">{t('members.lapsedMore', { count: total - members.length })}</p>
          )}
        </>
      }
    />
  );
}

/** Retention by month of joining: a triangle, each cell tinted by the share still booking. */
function Retention({ cohorts }: { cohorts: Cohort[] }) {
  const { t } = useTranslation('reports');
  const colours = useReportColours();
  const share = useShare();
  const width = Math.max(0, ...cohorts.map((c) => c.active.length));
  return (
    <ChartCard
      title={t('members.retention')}
      empty={cohorts.length === 0}
      chart={null}
      table={
        <Table<Cohort>
          rowKey="month"
          size="small"
          className="report-retention"
          aria-label={t('members.retention')}
          dataSource={cohorts}
          pagination={false}
          scroll={{ x: true }}
          columns={[
            { key: 'month', title: t('members.cohort'), dataIndex: 'month' },
            { key: 'joined', title: t('members.joinedCount'), dataIndex: 'joined', align: 'right' },
            ...Array.from({ length: width }, (_, i) => ({
              key: `m${i}`,
              title: t('members.monthN', { n: i }),
              align: 'center' as const,
              onCell: (c: Cohort) => {
                const value = c.active[i];
                return value === undefined || value === null
                  ? {}
                  : {
                      style: { background: tint(colours.primary, value) },
                    };
              },
              render: (_: unknown, c: Cohort) => (i < c.active.length ? share(c.active[i] ?? null) : ''),
            })),
          ]}
        />
      }
    />
  );
}
