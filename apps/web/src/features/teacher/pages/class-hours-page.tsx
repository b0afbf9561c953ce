import { inZone } from '@studio/contract/format';
import { resolveLocale } from '@studio/contract/locale';
import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ClassFormat, useClassFormat } from '@/shared/classes/class-format';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { classLinks } from '@/shared/classes/links';
import { SessionList, SessionListSkeleton, SessionRow } from '@/shared/classes/session-row';
import { useNow } from '@/shared/classes/use-now';
import { PageError } from '@/shared/ui/page-states';
import { useClassHours } from '../api/class-hours';
import { RoleGate } from '../components/role-gate';
import '../components/teacher.css';

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** YYYY-MM moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const INTL_LOCALES = { en: 'en-GB', 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW' } as const;

/** "March 2026" / "2026年3月". */
function monthLabel(month: string, language: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(INTL_LOCALES[resolveLocale(language)], {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, 15)));
}

/** teacher/class-hours: the classes I taught in a month and their total hours. */
export function ClassHoursPage() {
  return (
    <RoleGate need="teacher">
      <ClassHours />
    </RoleGate>
  );
}

function ClassHours() {
  const { t, i18n } = useTranslation();
  const format = useClassFormat();
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const current = inZone(now, format.tz).format('YYYY-MM');
  const raw = params.get('month') ?? '';
  const month = MONTH_RE.test(raw) && raw <= current ? raw : current;
  const { data, error, isPending, isFetching, refetch } = useClassHours(month);
  const go = (delta: number) => {
    const next = shiftMonth(month, delta);
    setParams(next === current ? {} : { month: next }, { replace: true });
  };
  const label = monthLabel(month, i18n.language);

  return (
    <div className="stack">
      <div className="month-picker card">
        <button type="button" className="month-step" aria-label={t('teacher.hours.previous')} onClick={() => go(-1)}>
          <LeftOutline aria-hidden="true" />
        </button>
        <h2 className="month-label" aria-live="polite">
          {label}
        </h2>
        <button
          type="button"
          className="month-step"
          aria-label={t('teacher.hours.next')}
          disabled={month >= current}
          onClick={() => go(1)}
        >
          <RightOutline aria-hidden="true" />
        </button>
      </div>
      {isPending ? (
        <SessionListSkeleton rows={3} />
      ) : error ? (
        <PageError error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="stack" aria-busy={isFetching}>
          <dl className="card hours-summary">
            <div>
              <dt className="secondary">{t('teacher.hours.total')}</dt>
              <dd className="figure hours-figure">{t('teacher.hours.value', { hours: data.hours })}</dd>
            </div>
            <div>
              <dt className="secondary">{t('teacher.hours.sessions')}</dt>
              <dd className="figure hours-figure">{data.session_count}</dd>
            </div>
          </dl>
          {data.rows.length > 0 ? (
            <HoursList rows={data.rows} format={format} now={now} label={label} />
          ) : (
            <ClassesEmpty title={t('teacher.hours.empty')} />
          )}
        </div>
      )}
    </div>
  );
}

function HoursList({
  rows,
  format,
  now,
  label,
}: {
  rows: Parameters<typeof SessionRow>[0]['session'][];
  format: ClassFormat;
  now: number;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <SessionList label={label}>
      {rows.map((s) => (
        <SessionRow
          key={s._id}
          session={s}
          format={format}
          now={now}
          withDay
          variant="teacher"
          to={classLinks.roster(s._id)}
          side={
            <span className="session-seats figures">
              {t('teacher.hours.minutes', { minutes: format.minutes(s.starts_at, s.ends_at) })}
            </span>
          }
        />
      ))}
    </SessionList>
  );
}
