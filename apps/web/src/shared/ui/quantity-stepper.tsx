import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import './quantity-stepper.css';

/**
 * A quantity between `min` and `max`: − and + buttons around the number (antd-mobile's Stepper puts
 * value attributes on an unlabelled input, which screen readers cannot name). `label` names what is
 * counted, e.g. "Quantity of Cork Yoga Mat".
 */
export function QuantityStepper({
  value,
  min = 1,
  max,
  onChange,
  label,
  disabled = false,
}: {
  value: number;
  min?: number;
  max: number;
  onChange: (value: number) => void;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="quantity-stepper" aria-label={label}>
      <button
        type="button"
        aria-label={t('shop.less')}
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <MinusOutline aria-hidden="true" />
      </button>
      <output className="figures" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        aria-label={t('shop.more')}
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <AddOutline aria-hidden="true" />
      </button>
    </fieldset>
  );
}
