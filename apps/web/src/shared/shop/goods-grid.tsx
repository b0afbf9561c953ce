import type { GoodsSummary } from '@studio/contract/shop';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/shared/ui/app-link';
import { GoodsImage } from './goods-image';
import { shopLinks } from './links';
import { Price } from './price';
import './goods.css';

/** Cards in the grid's first row: their pictures load at once, the rest as they scroll near. */
const FIRST_ROW = 2;

/** Goods as a two-column grid of cards: picture, name, price, "sold out". */
export function GoodsGrid({ rows, label }: { rows: readonly GoodsSummary[]; label: string }) {
  return (
    <ul className="goods-grid" aria-label={label}>
      {rows.map((g, i) => (
        <li key={g._id}>
          <GoodsCard goods={g} eager={i < FIRST_ROW} />
        </li>
      ))}
    </ul>
  );
}

function GoodsCard({ goods, eager }: { goods: GoodsSummary; eager: boolean }) {
  const { t } = useTranslation();
  return (
    <AppLink to={shopLinks.detail(goods._id)} className={`goods-card ${goods.sold_out ? 'is-sold-out' : ''}`}>
      <div className="goods-card-picture">
        <GoodsImage src={goods.image} alt="" sizes="(min-width: 600px) 320px, 50vw" eager={eager} />
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
