import type { SessionRecord } from '@studio/contract/schedule';
import { Button, PullToRefresh } from 'antd-mobile';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dayInstant, upcomingDays, useClassFormat } from '@/shared/classes/class-format';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { SessionList, SessionListSkeleton, SessionRow } from '@/shared/classes/session-row';
import { useNow } from '@/shared/classes/use-now';
import { paths } from '@/shared/navigation/paths';
import { useIsLoggedIn } from '@/shared/session/session';
import { AppLink } from '@/shared/ui/app-link';
import { PageError } from '@/shared/ui/page-states';
import { useSchedule } from '../api/schedule';
import { useMyWaitPositions } from '../api/waitlist';
import { DateStrip } from '../components/date-strip';
import { ScheduleFilters } from '../components/schedule-filters';
import '../components/classes-pages.css';

/** Booking opens 14 days ahead (RULES.md), so that is how far the strip reaches. */
const STRIP_DAYS = 14;

/** The reservation tab: the schedule by day, filterable by course and teacher. */
export function SchedulePage() {
  const { t } = useTranslation();
  const format = useClassFormat();
  const now = useNow();
  const loggedIn = useIsLoggedIn();
  const [params, setParams] = useSearchParams();

  const todayKey = format.dayKey(now);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the strip moves on only when the day changes
  const days = useMemo(() => upcomingDays(now, format.tz, STRIP_DAYS), [todayKey, format.tz]);
  const requested = params.get('day');
  const selected = requested && days.includes(requested) ? requested : (days[0] ?? todayKey);
  const courseId = params.get('course') || undefined;
  const teacherId = params.get('teacher') || undefined;

  const schedule = useSchedule({
    date_from: days[0] ?? todayKey,
    date_to: days.at(-1) ?? todayKey,
    ...(courseId && { course_id: courseId }),
    ...(teacherId && { teacher_id: teacherId }),
  });
  const positions = useMyWaitPositions(loggedIn);

  const byDay = useMemo(() => {
    const map = new Map<string, SessionRecord[]>();
    for (const session of schedule.data?.rows ?? []) {
      const key = format.dayKey(session.starts_at);
      map.set(key, [...(map.get(key) ?? []), session]);
    }
    return map;
  }, [schedule.data, format]);
  const booked = useMemo(
    () => new Set([...byDay].filter(([, rows]) => rows.some((s) => s.my_status === 'registered')).map(([d]) => d)),
    [byDay],
  );

  function update(next: { day?: string; courseId?: string; teacherId?: string }): void {
    const values = { day: selected, courseId, teacherId, ...next };
    const search = new URLSearchParams();
    if (values.day && values.day !== days[0]) search.set('day', values.day);
    if (values.courseId) search.set('course', values.courseId);
    if (values.teacherId) search.set('teacher', values.teacherId);
    setParams(search, { replace: true });
  }

  const sessions = byDay.get(selected) ?? [];
  const filtered = Boolean(courseId || teacherId);
  const nextDay = days.find((d) => d > selected && byDay.has(d));

  return (
    <div className="stack">
      <DateStrip days={days} selected={selected} onSelect={(day) => update({ day })} marked={booked} format={format} />
      <ScheduleFilters courseId={courseId} teacherId={teacherId} onChange={(filters) => update(filters)} />
      <PullToRefresh
        onRefresh={async () => {
          await schedule.refetch();
        }}
        pullingText={t('classes.pull.pulling')}
        canReleaseText={t('classes.pull.release')}
        refreshingText={t('classes.pull.refreshing')}
        completeText={t('classes.pull.done')}
      >
        <section aria-label={format.day(dayInstant(selected, format.tz))} aria-busy={schedule.isFetching}>
          {schedule.isPending ? (
            <SessionListSkeleton />
          ) : schedule.error ? (
            <PageError error={schedule.error} onRetry={() => void schedule.refetch()} />
          ) : sessions.length > 0 ? (
            <SessionList>
              {sessions.map((session) => (
                <SessionRow
                  key={session._id}
                  session={session}
                  format={format}
                  now={now}
                  waitPosition={positions.get(session._id)}
                />
              ))}
            </SessionList>
          ) : (
            <ClassesEmpty
              title={t('classes.schedule.emptyTitle')}
              text={filtered ? t('classes.schedule.emptyFiltered') : t('classes.schedule.emptyText')}
              action={
                filtered ? (
                  <Button color="primary" fill="outline" onClick={() => update({ courseId: '', teacherId: '' })}>
                    {t('classes.filters.clear')}
                  </Button>
                ) : nextDay ? (
                  <Button color="primary" fill="outline" onClick={() => update({ day: nextDay })}>
                    {t('classes.schedule.showDay', { day: format.day(dayInstant(nextDay, format.tz)) })}
                  </Button>
                ) : undefined
              }
            />
          )}
        </section>
      </PullToRefresh>
      <AppLink to={paths.courseClassroom} className="rooms-link">
        <EnvironmentOutline aria-hidden="true" /> {t('classes.schedule.rooms')}
      </AppLink>
    </div>
  );
}
