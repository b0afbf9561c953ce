import type { CheckoutProblem, OrderLine } from '@studio/contract/orders';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/format/use-format';
import { GoodsImage } from '@/shared/shop/goods-image';

/**
 * A line's option, with a pass's class count unless the option's name already says it: "5 classes",
 * never "5 classes · 5 classes"; "Standard · 5 classes".
 */
export function optionText(skuName: string, classCount: number | null, classesText: string): string {
  if (!classCount || new RegExp(`(^|\\D)${classCount}(\\D|$)`).test(skuName)) return skuName;
  return skuName ? `${skuName} · ${classesText}` : classesText;
}

/**
 * An order's lines: picture, name, option, price × quantity, and how many were refunded (a placed
 * order's lines); a line checkout refuses says why.
 */
export function OrderLines({
  lines,
  problems = [],
}: {
  lines: (OrderLine & { refunded_num?: number })[];
  problems?: CheckoutProblem[];
}) {
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
                {optionText(line.sku_name, line.class_count, t('shop.classes', { count: line.class_count ?? 0 }))}
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
              {line.refunded_num ? (
                <span className="secondary">{t('orders.refund.alreadyRefunded', { count: line.refunded_num })}</span>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
