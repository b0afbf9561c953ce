import { inZone } from '@studio/contract/format';
import { REPORT_MAX_DAYS, REPORT_PRESETS, type ReportPreset } from '@studio/contract/reports';
import { DatePicker, Flex, Segmented, Skeleton, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useStudio } from '@/shared/format/format';
import { Page } from '@/shared/ui/page';
import { ClassesReportView } from './classes-report';
import { LiabilitiesReportView } from './liabilities-report';
import { MembersReportView } from './members-report';
import { type ReportQuery, readReportQuery } from './report-range';
import { RevenueReportView } from './revenue-report';
import { SalesReportView } from './sales-report';
import './reports.css';

/** The five reports, in the order of their tabs; each is /reports/<tab>. */
export const REPORT_TABS = ['revenue', 'sales', 'classes', 'members', 'liabilities'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

const VIEWS: Record<ReportTab, (props: { query: ReportQuery }) => React.ReactNode> = {
  revenue: RevenueReportView,
  sales: SalesReportView,
  classes: ClassesReportView,
  members: MembersReportView,
  liabilities: LiabilitiesReportView,
};

/**
 * The owner's reports: one tab each, the date range (a preset or any custom range) and the revenue
 * interval kept in the URL, so a report can be bookmarked or sent; each figure beside the previous
 * range of the same length. What the studio owes is read as of now, without a range.
 */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  const params = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const studio = useStudio();
  const tab: ReportTab = (REPORT_TABS as readonly string[]).includes(params.tab ?? '')
    ? (params.tab as ReportTab)
    : 'revenue';
  // "Today" is the studio's date, wherever the staff member is.
  const today = inZone(Date.now(), studio.data?.mchInfo.timezone).format('YYYY-MM-DD');
  const query = readReportQuery(search, today);
  const View = VIEWS[tab];

  const setParams = (changes: Record<string, string | null>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const choosePreset = (preset: ReportPreset) => {
    if (preset === 'custom') setParams({ range: 'custom', from: query.range.from, to: query.range.to });
    else setParams({ range: preset, from: null, to: null });
  };
  const chooseDates = (dates: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = dates ?? [];
    if (!from || !to) return;
    setParams({ range: 'custom', from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') });
  };
  const rangeControl = (
    <Flex gap={8} wrap align="center" className="report-range">
      <Segmented<ReportPreset>
        aria-label={t('range.label')}
        value={query.preset}
        onChange={choosePreset}
        options={REPORT_PRESETS.map((preset) => ({ value: preset, label: t(`range.presets.${preset}`) }))}
      />
      <DatePicker.RangePicker
        aria-label={t('range.dates')}
        allowClear={false}
        value={[dayjs(query.range.from), dayjs(query.range.to)]}
        onChange={chooseDates}
        disabledDate={(day, info) => (info.from ? Math.abs(day.diff(info.from, 'day')) >= REPORT_MAX_DAYS : false)}
      />
    </Flex>
  );

  return (
    <Page title={t('title')} extra={tab === 'liabilities' ? undefined : rangeControl}>
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate({ pathname: `/reports/${key}`, search: search.toString() })}
        items={REPORT_TABS.map((key) => ({ key, label: t(`tabs.${key}`) }))}
      />
      {studio.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : <View query={query} />}
    </Page>
  );
}
