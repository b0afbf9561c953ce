import type { GoodsSummary } from '@studio/contract/shop';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/shared/ui/app-link';
import { shopLinks } from '../links';
import { GoodsImage } from './goods-image';
import { Price } from './price';

/** Goods as a two-column grid of cards: picture, name, price, "sold out". */
export function GoodsGrid({ rows, label }: { rows: readonly GoodsSummary[]; label: string }) {
  return (
    <ul className="goods-grid" aria-label={label}>
      {rows.map((g) => (
        <li key={g._id}>
          <GoodsCard goods={g} />
        </li>
      ))}
    </ul>
  );
}

function GoodsCard({ goods }: { goods: GoodsSummary }) {
  const { t } = useTranslation();
  return (
    <AppLink to={shopLinks.detail(goods._id)} className={`goods-card ${goods.sold_out ? 'is-sold-out' : ''}`}>
      <div className="goods-card-picture">
        <GoodsImage src={goods.image} alt="" sizes="(min-width: 600px) 320px, 50vw" />
        {goods.sold_out && <span className="goods-badge">{t('shop.soldOut')}</span>}
      </div>
      <span className="goods-card-name">{goods.name}</span>
      {goods.type === 1 && goods.class_count !== null && (
        <span className="goods-card-meta">{t('shop.classes', { count: goods.class_count })}</span>
      )}
      <Price price={goods.price} maxPrice={goods.max_price} original={goods.original_price} />
    </AppLink>
  );
}
