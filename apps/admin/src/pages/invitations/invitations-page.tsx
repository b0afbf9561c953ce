import { adminInvitationCalls, type InviterReportRow } from '@studio/contract/invitations';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Flex, Row, Statistic, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callQuery } from '@/shared/api/client';
import { Page, QueryState } from '@/shared/ui/page';

/** Invitations: totals and the top inviters (invited members, conversions, rewards), for a period or all time. */
export function InvitationsPage() {
  const { t } = useTranslation('invitations');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const input = {
    limit: 20,
    ...(range?.[0] ? { from: range[0].startOf('day').toISOString() } : {}),
    ...(range?.[1] ? { to: range[1].add(1, 'day').startOf('day').toISOString() } : {}),
  };
  const report = useQuery(callQuery(adminInvitationCalls.getReport, input));
  return (
    <Page title={t('title')}>
      <Flex vertical gap={16}>
        <DatePicker.RangePicker
          aria-label={t('period')}
          value={range}
          onChange={(value) => setRange(value)}
          allowEmpty={[true, true]}
          style={{ maxWidth: 320 }}
        />
        <QueryState query={report}>
          {({ report: data }) => (
            <>
              <Row gutter={16}>
                {(['invited', 'converted', 'points', 'coupons', 'welcome_coupons', 'reversed'] as const).map((key) => (
                  <Col key={key} span={4}>
                    <Card size="small">
                      <Statistic title={t(`totals.${key}`)} value={data.totals[key]} />
                    </Card>
                  </Col>
                ))}
              </Row>
              <Card size="small" title={t('top')}>
                <Table<InviterReportRow>
                  rowKey="user_id"
                  dataSource={data.top}
                  pagination={false}
                  locale={{ emptyText: t('empty') }}
                  columns={[
                    {
                      title: t('columns.member'),
                      render: (_, row) => (
                        <Link to={`/members/${row.user_id}`}>{row.nickname || row.username || row.user_id}</Link>
                      ),
                    },
                    { title: t('columns.invited'), dataIndex: 'invited', align: 'right' },
                    { title: t('columns.converted'), dataIndex: 'converted', align: 'right' },
                    {
                      title: t('columns.rate'),
                      align: 'right',
                      render: (_, row) => (row.invited ? `${Math.round((row.converted / row.invited) * 100)}%` : '–'),
                    },
                    { title: t('columns.points'), dataIndex: 'points', align: 'right' },
                    { title: t('columns.coupons'), dataIndex: 'coupons', align: 'right' },
                  ]}
                />
              </Card>
            </>
          )}
        </QueryState>
      </Flex>
    </Page>
  );
}
