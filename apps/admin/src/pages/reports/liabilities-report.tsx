import { adminReportCalls, LIABILITY_EXPIRY_DAYS, type LiabilitiesReport } from '@studio/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { QueryState } from '@/shared/ui/page';
import type { ReportQuery } from './report-range';
import { ExportCsvButton } from './report-ui';

/** What the studio owes, as of now: credits not yet used (and their value), wallets, points, packages running out. */
export function LiabilitiesReportView(_props: { query: ReportQuery }) {
  const { t } = useTranslation('reports');
  const report = useQuery(callQuery(adminReportCalls.liabilities, {}));
  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <ExportCsvButton name={t('tabs.liabilities')} fetch={() => call(adminReportCalls.liabilitiesCsv, {})} />
      </Flex>
      <QueryState query={report}>{(data) => <LiabilitiesView report={data} />}</QueryState>
    </Flex>
  );
}

function LiabilitiesView({ report }: { report: LiabilitiesReport }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const money = format.money;
  const figures = [
    {
      key: 'unused_credits',
      value: format.number(report.unused_credits),
      note: t('liabilities.unused_creditsNote', { value: money(report.unused_credits_value) }),
    },
    {
      key: 'unused_credits_value',
      value: money(report.unused_credits_value),
      note: t('liabilities.unused_credits_valueNote'),
    },
    { key: 'wallet_balances', value: money(report.wallet_balances), note: t('liabilities.wallet_balancesNote') },
    {
      key: 'points_outstanding',
      value: format.number(report.points_outstanding),
      note: t('liabilities.points_outstandingNote'),
    },
    {
      key: 'expiring_30d',
      value: format.number(report.expiring_30d.packages),
      note: t('liabilities.expiring_30dNote', {
        credits: report.expiring_30d.credits,
        value: money(report.expiring_30d.value),
        days: LIABILITY_EXPIRY_DAYS,
      }),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <p className="secondary-text">{t('liabilities.at', { at: format.dateTime(report.at) })}</p>
      <Row gutter={[16, 16]}>
        {figures.map((f) => (
          <Col key={f.key} xs={24} md={12} xl={{ flex: '20%' }}>
            <Card
              size="small"
              role="group"
              aria-label={t(`liabilities.${f.key}`, { days: LIABILITY_EXPIRY_DAYS })}
              className="report-figure"
            >
              <Statistic title={t(`liabilities.${f.key}`, { days: LIABILITY_EXPIRY_DAYS })} value={f.value} />
              <div className="secondary-text report-note">{f.note}</div>
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('liabilities.table')}>
        <Table
          rowKey="key"
          size="small"
          aria-label={t('liabilities.table')}
          dataSource={figures}
          pagination={false}
          columns={[
            {
              key: 'what',
              title: t('liabilities.what'),
              render: (_, f) => t(`liabilities.${f.key}`, { days: LIABILITY_EXPIRY_DAYS }),
            },
            { key: 'value', title: t('liabilities.value'), dataIndex: 'value', align: 'right' },
            { key: 'note', title: t('liabilities.note'), dataIndex: 'note' },
          ]}
        />
      </Card>
    </Flex>
  );
}
