import { TAKINGS_SPARK_DAYS, type Takings } from '@studio/contract/reports';
import { Card, Col, Flex, Row, Skeleton, Statistic } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '@/shared/format/format';

// The sparkline draws with recharts: loaded after the dashboard, so the charts are not in the first load.
const TakingsSparkline = lazy(() => import('./takings-sparkline').then((m) => ({ default: m.TakingsSparkline })));

/**
 * Today's and this week's takings (net sales) and the last 30 days as a sparkline; the dashboard
 * shows it to staff who may read the reports (the server sends `takings` only to them).
 */
export function TakingsCard({ takings }: { takings: Takings }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  return (
    <Card size="small" style={{ marginBottom: 16 }} className="takings-card">
      <Row gutter={[16, 16]} align="middle">
        <Col xs={12} lg={5}>
          <Statistic title={t('takings.today')} value={format.money(takings.today)} />
        </Col>
        <Col xs={12} lg={5}>
          <Statistic title={t('takings.thisWeek')} value={format.money(takings.this_week)} />
        </Col>
        <Col xs={24} lg={14}>
          <Flex justify="space-between" gap={8} wrap>
            <span className="secondary-text" id="takings-spark">
              {t('takings.spark', { days: TAKINGS_SPARK_DAYS })}
            </span>
            <Link to="/reports/revenue">{t('takings.openReports')}</Link>
          </Flex>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 64 }} />}>
            <TakingsSparkline points={takings.last_30_days} />
          </Suspense>
        </Col>
      </Row>
    </Card>
  );
}
