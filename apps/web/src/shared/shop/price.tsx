import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/format/use-format';
import './goods.css';

/** A price by the one money helper: "from" when the SKUs differ, the original struck through when reduced. */
export function Price({
  price,
  maxPrice,
  original,
  large = false,
}: {
  price: number;
  maxPrice?: number;
  original?: number | null;
  large?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const from = maxPrice !== undefined && maxPrice > price;
  return (
    <span className={`price figures ${large ? 'price-large' : ''}`}>
      <span className="price-now">
        {from ? t('shop.fromPrice', { price: format.money(price) }) : format.money(price)}
      </span>
      {original != null && original > price && (
        <del className="price-was">
          <span className="visually-hidden">{t('shop.wasPrice')} </span>
          {format.money(original)}
        </del>
      )}
    </span>
  );
}
