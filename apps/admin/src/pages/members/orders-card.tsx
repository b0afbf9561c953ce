import { type AdminOrderRecord, adminOrderCalls } from '@studio/contract/orders';
import { useQuery } from '@tanstack/react-query';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { OrderStatusTag, orderItemsText } from '../orders/order-status';

const SHOWN = 5;

/**
 * The member's latest orders, for the front desk: the one they came to pay at the desk is a click
 * away (its page takes the payment); all of them open in the orders list.
 */
export function OrdersCard({ userId }: { userId: string }) {
  const { t } = useTranslation('members');
  const { t: to } = useTranslation('orders');
  const format = useFormat();
  const list = useQuery(callQuery(adminOrderCalls.getList, { user_id: userId, pageIndex: 1, pageSize: SHOWN }));
  return (
    <Card
      size="small"
      title={t('orders.title')}
      style={{ marginTop: 16 }}
      extra={<Link to={`/orders?user_id=${encodeURIComponent(userId)}`}>{t('orders.all')}</Link>}
    >
      <Table<AdminOrderRecord>
        rowKey="order_no"
        aria-label={t('orders.title')}
        size="small"
        pagination={false}
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        locale={{ emptyText: <span className="secondary-text">{t('orders.empty')}</span> }}
        columns={[
          {
            key: 'order_no',
            title: to('number'),
            render: (_, o) => (
              <Link to={`/orders/${o.order_no}`} className="figures">
                {o.order_no}
              </Link>
            ),
          },
          { key: 'placed', title: to('placed'), render: (_, o) => format.dateTime(o.created_at) },
          { key: 'items', title: to('items'), ellipsis: true, render: (_, o) => orderItemsText(to, o) },
          {
            key: 'amount',
            title: to('amount'),
            align: 'right',
            render: (_, o) => <span className="figures">{format.money(o.pay_amount)}</span>,
          },
          { key: 'payType', title: to('payType'), render: (_, o) => (o.pay_type ? to(`payTypes.${o.pay_type}`) : '—') },
          { key: 'status', title: to('status'), render: (_, o) => <OrderStatusTag order={o} /> },
        ]}
      />
    </Card>
  );
}
