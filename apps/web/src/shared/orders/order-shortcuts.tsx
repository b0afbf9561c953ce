import { Badge } from 'antd-mobile';
import { CheckCircleOutline, RightOutline, SendOutline, TruckOutline, UndoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/format/use-format';
import { AppLink } from '@/shared/ui/app-link';
import { orderLinks } from './links';
import { useOrderCounts } from './orders';
import './order-shortcuts.css';

/**
 * "To pay" as a coin bearing the studio's own currency sign (£ in a London studio, ¥ in a Shanghai one),
 * where antd-mobile's pay icon always shows ¥.
 */
function PayIcon({ fontSize }: { fontSize: number; 'aria-hidden': 'true' }) {
  const { currencySymbol } = useFormat();
  return (
    <span className="currency-icon" style={{ fontSize }} aria-hidden="true">
      <span className="currency-icon-sign">{currencySymbol}</span>
    </span>
  );
}

const SHORTCUTS = [
  { tab: 'unpaid', Icon: PayIcon },
  { tab: 'unshipped', Icon: SendOutline },
  { tab: 'unreceived', Icon: TruckOutline },
  { tab: 'completed', Icon: CheckCircleOutline },
  { tab: 'refund', Icon: UndoOutline },
] as const;

/** Me: "My orders" with a shortcut to each tab and how many orders wait in it (live: pushes refetch the counts). */
export function OrderShortcuts() {
  const { t } = useTranslation();
  const counts = useOrderCounts().data?.counts;
  return (
    <section className="card order-shortcuts" aria-labelledby="my-orders">
      <AppLink to={orderLinks.list()} className="order-shortcuts-head">
        <h2 className="section-title" id="my-orders">
          {t('orders.title')}
        </h2>
        <span className="secondary">
          {t('orders.tabs.all')} <RightOutline aria-hidden="true" />
        </span>
      </AppLink>
      <ul className="order-shortcut-list">
        {SHORTCUTS.map(({ tab, Icon }) => {
          const count = tab === 'completed' ? 0 : (counts?.[tab] ?? 0);
          return (
            <li key={tab}>
              <AppLink to={orderLinks.list(tab)} className="order-shortcut">
                <Badge content={count > 0 ? count : null}>
                  <Icon aria-hidden="true" fontSize={24} />
                </Badge>
                <span>{t(`orders.tabs.${tab}`)}</span>
                {count > 0 && <span className="visually-hidden">({count})</span>}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
