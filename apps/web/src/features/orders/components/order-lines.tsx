import type { CheckoutProblem, OrderLine } from '@studio/contract/orders';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/format/use-format';
import { GoodsImage } from '@/shared/shop/goods-image';

/** An order's lines: picture, name, option, price × quantity; a line checkout refuses says why. */
export function OrderLines({ lines, problems = [] }: { lines: OrderLine[]; problems?: CheckoutProblem[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ul className="order-lines">
      {lines.map((line) => {
        const problem = problems.find((p) => p.sku_id === line.sku_id);
        return (
          <li key={line.sku_id} className="order-line">
            <GoodsImage src={line.image} alt="" className="order-line-picture" />
            <div className="order-line-body">
              <span className="order-line-name">{line.goods_name}</span>
              <span className="secondary">
                {line.sku_name}
                {line.class_count ? ` · ${t('shop.classes', { count: line.class_count })}` : ''}
              </span>
              {problem && (
                <span className="order-line-problem" role="status">
                  {t(`orders.problems.${problem.reason}`, { name: line.goods_name, stock: problem.stock ?? 0 })}
                </span>
              )}
            </div>
            <div className="order-line-figures figures">
              <span>{format.money(line.price)}</span>
              <span className="secondary">× {line.buy_num}</span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
