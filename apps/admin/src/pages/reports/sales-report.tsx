import { adminReportCalls, type SalesReport } from '@studio/contract/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Col, Flex, Row, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { QueryState } from '@/shared/ui/page';
import type { ReportQuery } from './report-range';
import { ChartCard, ExportCsvButton, FigureCard, useReportColours } from './report-ui';

/** How many best sellers the bar chart draws (the table lists them all). */
const CHART_TOP = 10;

/** Sales: best sellers (goods and course packages) and SKUs by revenue and units, coupons and points. */
export function SalesReportView({ query }: { query: ReportQuery }) {
  const { t } = useTranslation('reports');
  const report = useQuery({ ...callQuery(adminReportCalls.sales, query.range), placeholderData: keepPreviousData });
  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <ExportCsvButton name={t('tabs.sales')} fetch={() => call(adminReportCalls.salesCsv, query.range)} />
      </Flex>
      <QueryState query={report}>{(data) => <SalesView report={data} />}</QueryState>
    </Flex>
  );
}

function SalesView({ report }: { report: SalesReport }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const colours = useReportColours();
  const { total, previous } = report;
  const money = format.money;
  const figures = [
    ['revenue', money],
    ['units', format.number],
    ['coupons_used', format.number],
    ['coupons_cost', money],
    ['points_redeemed', format.number],
    ['points_value', money],
  ] as const;
  const top = report.items.slice(0, CHART_TOP);
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {figures.map(([key, show]) => (
          <Col key={key} xs={12} lg={4}>
            <FigureCard title={t(`sales.${key}`)} current={total[key]} previous={previous[key]} show={show} />
          </Col>
        ))}
      </Row>
      <ChartCard
        title={t('sales.bestSellers')}
        empty={report.items.length === 0}
        chart={
          <ResponsiveContainer width="100%" height={Math.max(160, top.length * 32 + 40)}>
            <BarChart data={top} layout="vertical" margin={{ top: 8, right: 24, bottom: 0, left: 16 }}>
              <CartesianGrid stroke={colours.grid} horizontal={false} />
              <XAxis type="number" tickFormatter={money} tick={{ fill: colours.text, fontSize: 12 }} />
              <YAxis type="category" dataKey="name" width={180} tick={{ fill: colours.text, fontSize: 12 }} />
              <Tooltip formatter={(value) => money(Number(value))} />
              <Bar dataKey="revenue" name={t('sales.revenue')} fill={colours.primary} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        }
        table={
          <Table
            rowKey={(row) => `${row.kind}:${row._id}`}
            size="small"
            aria-label={t('sales.bestSellers')}
            dataSource={report.items}
            pagination={report.items.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            columns={[
              { key: 'name', title: t('sales.item'), dataIndex: 'name' },
              {
                key: 'kind',
                title: t('sales.kind'),
                render: (_, row) => <Tag>{t(`kinds.${row.kind}`)}</Tag>,
              },
              { key: 'units', title: t('sales.units'), dataIndex: 'units', align: 'right' },
              { key: 'revenue', title: t('sales.revenue'), align: 'right', render: (_, row) => money(row.revenue) },
            ]}
          />
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ChartCard
            title={t('sales.skus')}
            empty={report.skus.length === 0}
            chart={null}
            table={
              <Table
                rowKey="_id"
                size="small"
                aria-label={t('sales.skus')}
                dataSource={report.skus}
                pagination={report.skus.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                columns={[
                  {
                    key: 'name',
                    title: t('sales.sku'),
                    render: (_, row) => (row.spec ? `${row.name} · ${row.spec}` : row.name),
                  },
                  { key: 'units', title: t('sales.units'), dataIndex: 'units', align: 'right' },
                  {
                    key: 'revenue',
                    title: t('sales.revenue'),
                    align: 'right',
                    render: (_, row) => money(row.revenue),
                  },
                ]}
              />
            }
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard
            title={t('sales.coupons')}
            empty={report.coupons.length === 0}
            chart={
              <ResponsiveContainer width="100%" height={Math.max(120, report.coupons.length * 28 + 40)}>
                <BarChart
                  data={report.coupons.slice(0, CHART_TOP)}
                  layout="vertical"
                  margin={{ top: 8, right: 24, bottom: 0, left: 16 }}
                >
                  <CartesianGrid stroke={colours.grid} horizontal={false} />
                  <XAxis type="number" tickFormatter={money} tick={{ fill: colours.text, fontSize: 12 }} />
                  <YAxis type="category" dataKey="name" width={140} tick={{ fill: colours.text, fontSize: 12 }} />
                  <Tooltip formatter={(value) => money(Number(value))} />
                  <Bar dataKey="cost" name={t('sales.couponCost')} fill={colours.series[2]} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            }
            table={
              <Table
                rowKey="_id"
                size="small"
                aria-label={t('sales.coupons')}
                dataSource={report.coupons}
                pagination={false}
                columns={[
                  { key: 'name', title: t('sales.coupon'), dataIndex: 'name' },
                  { key: 'used', title: t('sales.couponUsed'), dataIndex: 'used', align: 'right' },
                  {
                    key: 'cost',
                    title: t('sales.couponCost'),
                    align: 'right',
                    render: (_, row) => money(row.cost),
                  },
                ]}
              />
            }
          />
        </Col>
      </Row>
    </Flex>
  );
}
