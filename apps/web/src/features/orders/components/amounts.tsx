import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/format/use-format';

/** Goods, freight and what is paid, as a receipt reads. */
export function Amounts({
  goods,
  freight,
  pay,
  showFreight = true,
}: {
  goods: number;
  freight: number;
  pay: number;
  showFreight?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <dl className="amounts figures">
      <div>
        <dt>{t('orders.amounts.goods')}</dt>
        <dd>{format.money(goods)}</dd>
      </div>
      {showFreight && (
        <div>
          <dt>{t('orders.amounts.freight')}</dt>
          <dd>{freight === 0 ? t('orders.amounts.free') : format.money(freight)}</dd>
        </div>
      )}
      <div className="amounts-total">
        <dt>{t('orders.amounts.pay')}</dt>
        <dd>{format.money(pay)}</dd>
      </div>
    </dl>
  );
}
