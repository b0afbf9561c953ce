import type { CartLine } from '@studio/contract/cart';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, SwipeAction } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { useFormat } from '@/shared/format/use-format';
import { navigateTo, switchTab } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { orderLinks } from '@/shared/orders/links';
import { useIsLoggedIn } from '@/shared/session/session';
import { cartSummary, isBuyable, refreshCart, removeLines, setChecked, setQuantity } from '@/shared/shop/cart';
import { GoodsImage } from '@/shared/shop/goods-image';
import { shopLinks } from '@/shared/shop/links';
import { Price } from '@/shared/shop/price';
import { useLifeData } from '@/shared/store/life-data';
import { AppLink } from '@/shared/ui/app-link';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { QuantityStepper } from '@/shared/ui/quantity-stepper';
import '../components/shop.css';
import '../components/cart.css';
import { confirmDialog } from '@/shared/ui/confirm-dialog';

/** goods-cart: check lines, change quantities, remove (the bin, or a swipe), why a line cannot be bought, the total. */
export function CartPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  // Every visit re-reads the cart: the server re-checks each line against the goods as they are now.
  const fresh = useQuery({ queryKey: ['cart', loggedIn], queryFn: refreshCart, staleTime: 0, gcTime: 0 });
  const list = useLifeData((s) => s.cart.list);
  if (fresh.isPending && list.length === 0) return <PageSkeleton rows={3} />;
  if (fresh.error && list.length === 0) return <PageError error={fresh.error} onRetry={() => void fresh.refetch()} />;
  if (list.length === 0) {
    return (
      <ClassesEmpty
        title={t('shop.cartEmpty')}
        action={
          <Button color="primary" fill="outline" onClick={() => switchTab(paths.order)}>
            {t('shop.browse')}
          </Button>
        }
      />
    );
  }
  return <CartView list={list} />;
}

function CartView({ list }: { list: CartLine[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const summary = cartSummary(list);
  const buyable = list.filter(isBuyable);
  const allChecked = buyable.length > 0 && buyable.every((l) => l.action_checked);
  const unavailable = list.filter((l) => !isBuyable(l));
  return (
    <div className="stack cart-page">
      <ul className="cart-lines" aria-label={t('shop.cart')}>
        {list.map((line) => (
          <CartRow key={line.sku_id} line={line} />
        ))}
      </ul>
      {unavailable.length > 0 && (
        <Button
          fill="none"
          className="cart-clear-unavailable"
          onClick={() => removeLines(unavailable.map((l) => l.sku_id))}
        >
          {t('shop.removeUnavailable', { count: unavailable.length })}
        </Button>
      )}
      <div className="action-bar-spacer" />
      <div className="action-bar cart-bar">
        {summary.mixed && <p className="action-bar-note cart-warning">{t('shop.buyAlone')}</p>}
        <div className="cart-bar-row">
          <Checkbox
            checked={allChecked}
            indeterminate={!allChecked && summary.checked.length > 0}
            disabled={buyable.length === 0}
            onChange={(checked) =>
              setChecked(
                buyable.map((l) => l.sku_id),
                checked,
              )
            }
          >
            {t('shop.selectAll')}
          </Checkbox>
          <span className="cart-total figures">
            {t('shop.total')} <strong>{format.money(summary.total)}</strong>
          </span>
          <Button
            color="primary"
            disabled={summary.checked.length === 0 || summary.mixed}
            onClick={() => checkout(summary.checked)}
          >
            {t('shop.checkout', { count: summary.count })}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Checkout of the checked lines: a visitor logs in first and comes back to the confirm page. */
function checkout(lines: CartLine[]) {
  navigateTo(
    orderLinks.confirm(
      lines.map((l) => ({ sku_id: l.sku_id, buy_num: l.buy_num })),
      true,
    ),
  );
}

function CartRow({ line }: { line: CartLine }) {
  const { t } = useTranslation();
  const format = useFormat();
  const buyable = isBuyable(line);
  const confirmRemove = async () => {
    if (
      await confirmDialog({
        content: t('shop.removeConfirm'),
        confirmText: t('shop.remove'),
        cancelText: t('shop.keep'),
      })
    ) {
      removeLines([line.sku_id]);
    }
  };
  const note =
    line.state === 'off_sale'
      ? t('shop.state.offSale')
      : line.state === 'sold_out'
        ? t('shop.state.soldOut')
        : line.state === 'quantity_capped'
          ? t('shop.state.capped', { count: line.stock })
          : line.state === 'price_changed' && line.previous_price !== null
            ? t('shop.state.priceChanged', { was: format.money(line.previous_price), now: format.money(line.price) })
            : null;
  return (
    <li>
      <SwipeAction
        rightActions={[
          { key: 'delete', text: t('shop.remove'), color: 'danger', onClick: () => removeLines([line.sku_id]) },
        ]}
      >
        <div className={`card cart-line ${buyable ? '' : 'is-unavailable'}`}>
          <Checkbox
            checked={line.action_checked}
            disabled={!buyable}
            onChange={(checked) => setChecked([line.sku_id], checked)}
            aria-label={t('shop.checkLine', { name: line.goods_name })}
          />
          <AppLink to={shopLinks.detail(line.goods_id, line.sku_id)} className="cart-line-picture">
            <GoodsImage src={line.image} alt={line.goods_name} />
          </AppLink>
          <div className="cart-line-body">
            <div className="cart-line-head">
              <span className="cart-line-name">{line.goods_name}</span>
              {buyable && (
                // In sight as well as the swipe, which nothing on the screen tells of.
                <button
                  type="button"
                  className="cart-line-remove"
                  aria-label={t('shop.removeLine', { name: line.goods_name })}
                  onClick={() => void confirmRemove()}
                >
                  <DeleteOutline aria-hidden="true" />
                </button>
              )}
            </div>
            <span className="secondary">{line.sku_name}</span>
            {note && (
              <span className={`cart-line-note ${buyable ? '' : 'is-danger'}`} role="status">
                {note}
              </span>
            )}
            <div className="cart-line-foot">
              <Price price={line.price} />
              {buyable ? (
                <QuantityStepper
                  max={Math.max(1, line.stock)}
                  value={line.buy_num}
                  onChange={(v) => setQuantity(line.sku_id, v)}
                  label={t('shop.quantityOf', { name: line.goods_name })}
                />
              ) : (
                <Button
                  size="mini"
                  fill="outline"
                  onClick={() => void confirmRemove()}
                  aria-label={t('shop.removeLine', { name: line.goods_name })}
                >
                  {t('shop.remove')}
                </Button>
              )}
            </div>
          </div>
        </div>
      </SwipeAction>
    </li>
  );
}
