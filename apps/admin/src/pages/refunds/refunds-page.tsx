import { type AdminOrderRecord, adminOrderCalls } from '@studio/contract/orders';
import { REFUND_STATUSES } from '@studio/contract/refunds';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Image, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { ClampedText, ClippedLink } from '@/shared/table/cells';
import { type ServerColumn, ServerTable } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { FilterBar, FilterSelect } from '@/shared/ui/filter-bar';
import { Page } from '@/shared/ui/page';
import { OrderItemsCell } from '../orders/order-status';
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
  // Six columns that fit 1280 px: the long texts (items, the member's name, the reason) are cut with
  // "…" (whole on hover); the actions stay fixed on the right (ServerTable).
  const columns: ServerColumn<AdminOrderRecord>[] = [
    {
      key: 'order_no',
      title: t('number'),
      width: 180,
      render: (_, o) => (
        <Space direction="vertical" size={0}>
          <Link to={`/orders/${o.order_no}`} className="figures">
            {o.order_no}
          </Link>
          <OrderItemsCell order={o} secondary />
        </Space>
      ),
    },
    {
      key: 'member',
      title: t('refunds.memberApplied'),
      width: 150,
      render: (_, o) => (
        <Space direction="vertical" size={0}>
          <ClippedLink to={`/members/${o.member._id}`} text={o.member.nickname} width={150} />
          <span className="secondary-text figures">{o.refund ? format.dateTime(o.refund.created_at) : ''}</span>
        </Space>
      ),
    },
    {
      // No width: the reason takes the room the other columns leave.
      key: 'reason',
      title: t('refunds.reason'),
      render: (_, o) => (
        <Space direction="vertical" size={4}>
          <ClampedText text={o.refund?.reason ?? ''} rows={3} minWidth={200} />
          {o.refund?.images.length ? (
            <Image.PreviewGroup>
              <Space size={4} wrap>
                {o.refund.images.map((src, i) => (
                  <Image key={src} src={src} width={40} height={40} alt={t('refunds.photo', { n: i + 1 })} />
                ))}
              </Space>
            </Image.PreviewGroup>
          ) : null}
          {/* What staff told the member: the refusal's reason, or the approval's message. */}
          {o.refund?.message && <ClampedText text={o.refund.message} secondary />}
        </Space>
      ),
    },
    {
      key: 'amount',
      title: t('refunds.amounts'),
      align: 'right',
      width: 130,
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
      width: 140,
      className: 'wrap-tags',
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
