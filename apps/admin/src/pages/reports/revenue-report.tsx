import {
  adminReportCalls,
  REPORT_INTERVALS,
  type ReportInterval,
  type RevenuePeriod,
  type RevenueReport,
  SALE_KINDS,
} from '@studio/contract/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Col, Flex, Row, Segmented, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { QueryState } from '@/shared/ui/page';
import type { ReportQuery } from './report-range';
import { ChartCard, ExportCsvButton, FigureCard, usePeriodLabel, usePlainDate, useReportColours } from './report-ui';

type Split = 'kind' | 'method';

/**
 * Revenue: what orders paid in the range less what was refunded in it, cut by day, week or month and
 * split by what was sold or how it was paid; wallet top-ups and staff adjustments apart, as they are
 * not sales.
 */
export function RevenueReportView({ query }: { query: ReportQuery }) {
  const { t } = useTranslation('reports');
  const [, setSearch] = useSearchParams();
  const input = { ...query.range, interval: query.interval };
  const report = useQuery({ ...callQuery(adminReportCalls.revenue, input), placeholderData: keepPreviousData });
  const setInterval = (interval: ReportInterval) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('interval', interval);
        return next;
      },
      { replace: true },
    );
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" gap={8} wrap>
        <Segmented<ReportInterval>
          aria-label={t('revenue.interval')}
          value={query.interval}
          onChange={setInterval}
          options={REPORT_INTERVALS.map((value) => ({ value, label: t(`revenue.intervals.${value}`) }))}
        />
        <ExportCsvButton name={t('tabs.revenue')} fetch={() => call(adminReportCalls.revenueCsv, input)} />
      </Flex>
      <QueryState query={report}>{(data) => <RevenueView report={data} interval={query.interval} />}</QueryState>
    </Flex>
  );
}

function RevenueView({ report, interval }: { report: RevenueReport; interval: ReportInterval }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const plainDate = usePlainDate();
  const periodLabel = usePeriodLabel();
  const colours = useReportColours();
  const [split, setSplit] = useState<Split>('kind');
  const { total, previous, series } = report;
  const money = format.money;
  const methods = [...new Set(series.flatMap((p) => Object.keys(p.by_method)))].sort();
  const parts: string[] = split === 'kind' ? [...SALE_KINDS] : methods;
  const partName = (part: string) => (split === 'kind' ? t(`kinds.${part}`) : methodName(t, part));
  const partOf = (period: RevenuePeriod, part: string) =>
    split === 'kind' ? period.by_kind[part as keyof RevenuePeriod['by_kind']] : (period.by_method[part] ?? 0);
  const rows = series.map((p) => ({
    ...p,
    label: interval === 'month' ? periodLabel(p.period, 'month') : plainDate(p.period),
    axis: periodLabel(p.period, interval),
    ...Object.fromEntries(parts.map((part) => [`part_${part}`, partOf(p, part)])),
  }));
  const empty = series.every((p) => p.taken === 0 && p.refunded === 0);

  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={{ flex: '20%' }}>
          <FigureCard title={t('revenue.net')} current={total.net} previous={previous.net} show={money} />
        </Col>
        <Col xs={12} lg={{ flex: '20%' }}>
          <FigureCard title={t('revenue.taken')} current={total.taken} previous={previous.taken} show={money} />
        </Col>
        <Col xs={12} lg={{ flex: '20%' }}>
          <FigureCard
            title={t('revenue.refunded')}
            current={total.refunded}
            previous={previous.refunded}
            show={money}
            lowerIsBetter
          />
        </Col>
        <Col xs={12} lg={{ flex: '20%' }}>
          <FigureCard
            title={t('revenue.orders')}
            current={total.orders}
            previous={previous.orders}
            show={format.number}
          />
        </Col>
        <Col xs={12} lg={{ flex: '20%' }}>
          <FigureCard
            title={t('revenue.averageOrder')}
            current={total.average_order}
            previous={previous.average_order}
            show={money}
          />
        </Col>
      </Row>
      <ChartCard
        title={t('revenue.chart')}
        empty={empty}
        extra={
          <Segmented<Split>
            size="small"
            aria-label={t('revenue.split')}
            value={split}
            onChange={setSplit}
            options={[
              { value: 'kind', label: t('revenue.byKind') },
              { value: 'method', label: t('revenue.byMethod') },
            ]}
          />
        }
        chart={
          <ResponsiveContainer width="100%" height={300}>
            <ComposedChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 16 }}>
              <CartesianGrid stroke={colours.grid} vertical={false} />
              <XAxis dataKey="axis" tick={{ fill: colours.text, fontSize: 12 }} />
              <YAxis tickFormatter={money} tick={{ fill: colours.text, fontSize: 12 }} width={80} />
              <Tooltip formatter={(value) => money(Number(value))} />
              <Legend itemSorter={null} />
              {parts.map((part, i) => (
                <Bar
                  key={part}
                  dataKey={`part_${part}`}
                  name={partName(part)}
                  stackId="net"
                  fill={colours.series[i % colours.series.length]}
                  isAnimationActive={false}
                />
              ))}
              <Line
                dataKey="taken"
                name={t('revenue.taken')}
                stroke={colours.positive}
                dot={false}
                isAnimationActive={false}
              />
              <Line
                dataKey="refunded"
                name={t('revenue.refunded')}
                stroke={colours.negative}
                strokeDasharray="4 3"
                dot={false}
                isAnimationActive={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        }
        table={
          <Table
            rowKey="period"
            size="small"
            aria-label={t('revenue.chart')}
            dataSource={rows}
            pagination={rows.length > 31 ? { pageSize: 31, showSizeChanger: false } : false}
            scroll={{ x: true }}
            columns={[
              { key: 'period', title: t('revenue.period'), dataIndex: 'label' },
              ...(['taken', 'refunded', 'net'] as const).map((key) => ({
                key,
                title: t(`revenue.${key}`),
                align: 'right' as const,
                render: (_: unknown, p: RevenuePeriod) => money(p[key]),
              })),
              { key: 'orders', title: t('revenue.orders'), dataIndex: 'orders', align: 'right' as const },
              ...parts.map((part) => ({
                key: `part_${part}`,
                title: partName(part),
                align: 'right' as const,
                render: (_: unknown, p: RevenuePeriod) => money(partOf(p, part)),
              })),
            ]}
            summary={() => (
              <Table.Summary.Row className="report-total">
                <Table.Summary.Cell index={0}>{t('total')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {money(total.taken)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {money(total.refunded)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {money(total.net)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  {total.orders}
                </Table.Summary.Cell>
                {parts.map((part, i) => (
                  <Table.Summary.Cell key={part} index={5 + i} align="right">
                    {money(
                      split === 'kind'
                        ? total.by_kind[part as keyof typeof total.by_kind]
                        : (total.by_method[part] ?? 0),
                    )}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )}
          />
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <FigureCard
            title={t('revenue.topUps')}
            current={total.top_ups}
            previous={previous.top_ups}
            show={money}
            note={t('revenue.topUpsNote')}
          />
        </Col>
        <Col xs={24} md={12}>
          <FigureCard
            title={t('revenue.adjustments')}
            current={total.wallet_adjustments}
            previous={previous.wallet_adjustments}
            show={money}
            note={t('revenue.adjustmentsNote')}
          />
        </Col>
      </Row>
    </Flex>
  );
}

/** A payment method's name: the member app's methods and the desk's. */
export function methodName(t: (key: string, options?: Record<string, unknown>) => string, method: string): string {
  return t(`methods.${method}`, { defaultValue: method });
}
