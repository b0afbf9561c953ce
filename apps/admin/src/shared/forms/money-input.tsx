import { CURRENCY_SYMBOLS, DEFAULT_CURRENCY } from '@studio/contract/format';
import { InputNumber, type InputNumberProps } from 'antd';
import { useStudio } from '@/shared/format/format';

/**
 * An amount typed in the studio's currency's major units (pounds, with pence), its symbol in front.
 * The form holds major units; a save turns them into minor units with toMinorUnits (contract).
 */
export function MoneyInput(props: Omit<InputNumberProps<number>, 'precision' | 'prefix'>) {
  const currency = useStudio().data?.mchInfo.currency || DEFAULT_CURRENCY;
  return <InputNumber<number> precision={2} prefix={CURRENCY_SYMBOLS[currency] ?? currency} {...props} />;
}
