import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ClassFormat, calendarDayParts, dayInstant } from '@/shared/classes/class-format';

interface DateStripProps {
  /** YYYY-MM-DD, the first one today (studio timezone). */
  days: readonly string[];
  selected: string;
  onSelect: (day: string) => void;
  /** Days where I hold a booking: marked with a dot. */
  marked: ReadonlySet<string>;
  format: ClassFormat;
}

/** The schedule's horizontal strip of days (UI.md): today highlighted, the chosen day filled. */
export function DateStrip({ days, selected, onSelect, marked, format }: DateStripProps) {
  const { t } = useTranslation();
  const strip = useRef<HTMLFieldSetElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the chosen day changes, to bring it into view
  useEffect(() => {
    // Keep the chosen day in view when it was picked from elsewhere (a link, the empty state).
    const button = strip.current?.querySelector<HTMLElement>('[aria-pressed="true"]');
    button?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);

  return (
    <fieldset className="date-strip" ref={strip}>
      <legend className="visually-hidden">{t('classes.schedule.days')}</legend>
      {days.map((day, i) => {
        const { weekday, date } = calendarDayParts(day);
        const isToday = i === 0;
        const label = format.day(dayInstant(day, format.tz));
        return (
          <button
            key={day}
            type="button"
            className={`date-chip${isToday ? ' is-today' : ''}`}
            aria-pressed={day === selected}
            onClick={() => onSelect(day)}
          >
            {/* The accessible name starts with the visible label (WCAG 2.5.3), then the full date. */}
            <span className="date-chip-weekday">
              {isToday ? t('classes.schedule.today') : t(`classes.weekdays.${weekday}`)}
            </span>{' '}
            <span className="date-chip-date figures">{date}</span>
            <span className="visually-hidden">, {label}</span>
            <span className={`date-chip-dot${marked.has(day) ? ' is-on' : ''}`} aria-hidden="true" />
          </button>
        );
      })}
    </fieldset>
  );
}
