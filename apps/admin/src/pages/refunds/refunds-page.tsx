import { type AdminOrderRecord, adminOrderCalls } from '@studio/contract/orders';
import { REFUND_STATUSES } from '@studio/contract/refunds';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Image, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { type ServerColumn, ServerTable } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { FilterBar, FilterSelect } from '@/shared/ui/filter-bar';
import { Page } from '@/shared/ui/page';
import { orderItemsText } from '../orders/order-status';
import { RefundActions } from './refund-actions';
import { RefundMoneyTag } from './refund-money';

const STATUS_COLORS = { pending: 'orange', approved: 'green', refused: 'red', cancelled: 'default' } as const;

/** Refunds: waiting applications first (oldest first), then decided ones; approve all or part, or refuse. */
export function RefundsPage() {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const table = useTableState(['status'] as const);
  const list = useQuery({
    ...callQuery(adminOrderCalls.getRefunds, listInputOf(adminOrderCalls.getRefunds, table.query)),
    placeholderData: keepPreviousData,
  });
  const columns: ServerColumn<AdminOrderRecord>[] = [
    {
      key: 'order_no',
      title: t('number'),
      render: (_, o) => (
        <Space direction="vertical" size={0}>
          <Link to={`/orders/${o.order_no}`} className="figures">
            {o.order_no}
          </Link>
          <span className="secondary-text">{orderItemsText(t, o)}</span>
        </Space>
      ),
    },
    {
      key: 'applied',
      title: t('refunds.applied'),
      render: (_, o) => (o.refund ? format.dateTime(o.refund.created_at) : ''),
    },
    {
      key: 'member',
      title: t('member'),
      render: (_, o) => <Link to={`/members/${o.member._id}`}>{o.member.nickname}</Link>,
    },
    {
      key: 'reason',
      title: t('refunds.reason'),
      render: (_, o) => (
        <Space direction="vertical" size={4}>
          <span>{o.refund?.reason}</span>
          {o.refund?.images.length ? (
            <Image.PreviewGroup>
              <Space size={4}>
                {o.refund.images.map((src, i) => (
                  <Image key={src} src={src} width={40} height={40} alt={t('refunds.photo', { n: i + 1 })} />
                ))}
              </Space>
            </Image.PreviewGroup>
          ) : null}
          {o.refund?.refuse_reason && <span className="secondary-text">{o.refund.refuse_reason}</span>}
        </Space>
      ),
    },
    {
      key: 'amount',
      title: t('refunds.amounts'),
      align: 'right',
      render: (_, o) => (
        <span className="figures">
          {format.money(o.refund?.requested_amount ?? 0)}
          {o.refund?.approved_amount !== null && o.refund?.approved_amount !== undefined && (
            <>
              <br />
              {t('refunds.paidBack', { amount: format.money(o.refund.approved_amount) })}
            </>
          )}
          <br />
          <span className="secondary-text">{o.pay_type ? t(`payTypes.${o.pay_type}`) : '—'}</span>
        </span>
      ),
    },
    {
      key: 'status',
      title: t('status'),
      render: (_, o) =>
        o.refund ? (
          <Space direction="vertical" size={4}>
            <Tag color={STATUS_COLORS[o.refund.status]}>{t(`refunds.statuses.${o.refund.status}`)}</Tag>
            <RefundMoneyTag refund={o.refund} />
          </Space>
        ) : null,
    },
    { key: 'actions', title: t('common:table.actions'), render: (_, o) => <RefundActions order={o} /> },
  ];
  return (
    <Page title={t('refunds.title')} subtitle={t('refunds.subtitle')}>
      <FilterBar>
        <FilterSelect<string>
          label={t('status')}
          allLabel={t('refunds.allStatuses')}
          value={table.view.filters.status}
          onChange={(status) => table.setFilters({ status })}
          options={REFUND_STATUSES.map((s) => ({ value: s, label: t(`refunds.statuses.${s}`) }))}
        />
      </FilterBar>
      <ServerTable<AdminOrderRecord> caption={t('refunds.title')} state={table} query={list} columns={columns} />
    </Page>
  );
}
