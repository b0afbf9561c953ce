import { ORDER_TABS, type OrderCounts, type OrderRecord, type OrderTab, orderCalls } from '@studio/contract/orders';
import { Badge, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { usePagedCall } from '@/shared/api/paged';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { useFormat } from '@/shared/format/use-format';
import { useTabParam } from '@/shared/navigation/use-tab-param';
import { SavedAt } from '@/shared/offline/offline-ui';
import { orderLinks } from '@/shared/orders/links';
import { useOrderCounts } from '@/shared/orders/orders';
import { AppLink } from '@/shared/ui/app-link';
import { PageSkeleton } from '@/shared/ui/page-states';
import { OrderActions } from '../components/order-actions';
import { OrderStatus } from '../components/order-status';
import '../components/orders.css';

/**
 * The tabs a member sees: the spec's, less "To share" (group buying), which this studio app does not
 * offer (no setting turns it on): a tab that could only ever be empty is left out, and ?tab=share
 * opens All.
 */
const MEMBER_ORDER_TABS = ORDER_TABS.filter((tab) => tab !== 'share');

/** user/order/list: the spec's tabs with their counts; each order's status, lines, total and actions. */
export function OrderListPage() {
  const { t } = useTranslation();
  const [tab, selectTab] = useTabParam(MEMBER_ORDER_TABS, 'all');
  const counts = useOrderCounts().data?.counts;
  return (
    <div className="stack">
      <Tabs className="list-tabs order-tabs" activeKey={tab} onChange={selectTab}>
        {MEMBER_ORDER_TABS.map((key) => {
          const count = counts?.[key as keyof OrderCounts] ?? 0;
          return (
            <Tabs.Tab
              key={key}
              title={
                <Badge content={count > 0 && key !== 'completed' ? count : null} className="order-tab-badge">
                  {t(`orders.tabs.${key}`)}
                </Badge>
              }
            />
          );
        })}
      </Tabs>
      <OrderList key={tab} tab={tab} />
    </div>
  );
}

function OrderList({ tab }: { tab: OrderTab }) {
  const { t } = useTranslation();
  const list = usePagedCall(orderCalls.getList, { tab });
  return (
    <>
      <SavedAt at={list.dataUpdatedAt} />
      <PagedList
        source={list}
        skeleton={<PageSkeleton rows={3} />}
        empty={<ClassesEmpty title={t(`orders.empty.${tab}`)} />}
      >
        {(rows) => (
          <ul className="order-cards" aria-label={t(`orders.tabs.${tab}`)}>
            {rows.map((o) => (
              <OrderCard key={o.order_no} order={o} />
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

function OrderCard({ order }: { order: OrderRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  const first = order.lines[0];
  return (
    <li className="card order-card">
      <AppLink to={orderLinks.info(order.order_no)} className="order-card-link">
        <div className="order-card-head">
          <span className="secondary figures">{format.dateTime(order.created_at)}</span>
          <OrderStatus order={order} />
        </div>
        <div className="order-card-body">
          <span className="order-line-name">{first?.goods_name}</span>
          {order.lines.length > 1 && (
            <span className="secondary">{t('orders.moreLines', { count: order.lines.length - 1 })}</span>
          )}
        </div>
        <div className="order-card-foot figures">
          <span className="secondary">{t('orders.itemCount', { count: order.item_count })}</span>
          <span>
            {t('orders.total')} <strong>{format.money(order.pay_amount)}</strong>
          </span>
        </div>
      </AppLink>
      <OrderActions order={order} compact />
    </li>
  );
}
