import { resolveLocale } from '@studio/contract/locale';
import {
  type AdminOrderRecord,
  adminOrderCalls,
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_NAMES,
} from '@studio/contract/orders';
import { PAY_TYPES } from '@studio/contract/payments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { usePhoneFormat } from '@/shared/format/phone';
import { ClippedLink } from '@/shared/table/cells';
import { type ServerColumn, ServerTable } from '@/shared/table/server-table';
import { listInputOf, useTableState } from '@/shared/table/table-state';
import { FilterBar, FilterSelect, SearchBox } from '@/shared/ui/filter-bar';
import { Page } from '@/shared/ui/page';
import { OrderItemsCell, OrderStatusTag } from './order-status';

const FILTERS = ['keyword', 'status', 'pay_type', 'delivery', 'user_id', 'from', 'to'] as const;

/** Orders: filtered by status, date, member, payment type and delivery; the URL holds the view. */
export function OrdersPage() {
  const { t, i18n } = useTranslation('orders');
  const format = useFormat();
  const phone = usePhoneFormat();
  const table = useTableState(FILTERS);
  const f = table.view.filters;
  const { status, from, to, ...rest } = table.query as Record<string, unknown>;
  const input = listInputOf(adminOrderCalls.getList, {
    ...rest,
    ...(typeof status === 'string' && status !== '' ? { status: Number(status) } : {}),
    ...(typeof from === 'string' ? { from: dayjs(from).startOf('day').toISOString() } : {}),
    ...(typeof to === 'string' ? { to: dayjs(to).add(1, 'day').startOf('day').toISOString() } : {}),
  });
  const list = useQuery({ ...callQuery(adminOrderCalls.getList, input), placeholderData: keepPreviousData });
  const locale = resolveLocale(i18n.language);

  // Six columns that fit 1280 px: when each order was placed sits under its number (sorting that
  // column sorts by it), the payment type under the amount; long names and items are cut with "…".
  const columns: ServerColumn<AdminOrderRecord>[] = [
    {
      key: 'created_at',
      title: t('numberPlaced'),
      sorter: true,
      render: (_, o) => (
        <Space direction="vertical" size={0}>
          <Link to={`/orders/${o.order_no}`} className="figures">
            {o.order_no}
          </Link>
          <span className="secondary-text figures">{format.dateTime(o.created_at)}</span>
        </Space>
      ),
    },
    {
      key: 'member',
      title: t('member'),
      width: 160,
      render: (_, o) => (
        <Space direction="vertical" size={0}>
          <ClippedLink to={`/members/${o.member._id}`} text={o.member.nickname} width={160} />
          {o.member.mobile && <span className="secondary-text figures">{phone(o.member.mobile)}</span>}
        </Space>
      ),
    },
    {
      // No width: the items take the room the other columns leave.
      key: 'lines',
      title: t('items'),
      render: (_, o) => <OrderItemsCell order={o} minWidth={180} />,
    },
    {
      key: 'pay_amount',
      title: t('amount'),
      sorter: true,
      align: 'right',
      width: 130,
      render: (_, o) => (
        <Space direction="vertical" size={0} align="end">
          <span className="figures">{format.money(o.pay_amount)}</span>
          <span className="secondary-text">{o.pay_type ? t(`payTypes.${o.pay_type}`) : '—'}</span>
        </Space>
      ),
    },
    { key: 'delivery', title: t('delivery'), render: (_, o) => t(`deliveries.${o.delivery}`) },
    { key: 'status', title: t('status'), width: 130, render: (_, o) => <OrderStatusTag order={o} /> },
  ];

  return (
    <Page title={t('title')}>
      <FilterBar>
        <SearchBox value={f.keyword} onSearch={(keyword) => table.setFilters({ keyword })} placeholder={t('search')} />
        <FilterSelect<string>
          label={t('status')}
          allLabel={t('allStatuses')}
          value={f.status}
          onChange={(value) => table.setFilters({ status: value })}
          options={ORDER_STATUS_NAMES.filter((n) => n !== 'closed').map((n) => ({
            value: String(ORDER_STATUS[n]),
            label: ORDER_STATUS_LABELS[n][locale],
          }))}
        />
        <FilterSelect<string>
          label={t('payType')}
          allLabel={t('allPayTypes')}
          value={f.pay_type}
          onChange={(value) => table.setFilters({ pay_type: value })}
          options={[...PAY_TYPES, 'none'].map((p) => ({ value: p, label: t(`payTypes.${p}`) }))}
        />
        <FilterSelect<string>
          label={t('delivery')}
          allLabel={t('allDeliveries')}
          value={f.delivery}
          onChange={(value) => table.setFilters({ delivery: value })}
          options={['express', 'pickup', 'none'].map((d) => ({ value: d, label: t(`deliveries.${d}`) }))}
        />
        <DatePicker.RangePicker
          aria-label={t('dates')}
          value={f.from && f.to ? [dayjs(f.from), dayjs(f.to)] : null}
          onChange={(range) =>
            table.setFilters({
              from: range?.[0]?.format('YYYY-MM-DD'),
              to: range?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
      </FilterBar>
      <ServerTable<AdminOrderRecord> caption={t('title')} state={table} query={list} columns={columns} />
    </Page>
  );
}
