import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/shared/classes/use-now';

/** m:ss until `until`; at zero `onEnd` runs once (the page refetches: the server's sweep cancels the order). */
export function Countdown({ until, onEnd }: { until: string; onEnd?: () => void }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const left = Math.max(0, Date.parse(until) - now);
  const over = left === 0;
  useEffect(() => {
    if (over) onEnd?.();
  }, [over, onEnd]);
  if (over) return <span className="countdown is-over">{t('orders.pay.expired')}</span>;
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  // Minutes and seconds for a card payment's half hour; hours and minutes for a day or two at the desk.
  const time =
    minutes >= 60
      ? t('orders.pay.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
      : `${minutes}:${String(seconds).padStart(2, '0')}`;
  const text = t('orders.pay.timeLeft', { time });
  return (
    <span className="countdown figures" role="timer" aria-label={text}>
      {text}
    </span>
  );
}
