import type { PackageRecord, packageCalls } from '@studio/contract/packages';
import { callRef } from '@studio/contract/protocol-core';
import type { reservationCalls } from '@studio/contract/reservations';
import type { teacherCalls } from '@studio/contract/teacher';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { ScanCodeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { callQuery } from '@/shared/api/call-function';
import { useClassFormat } from '@/shared/classes/class-format';
import { useViewer, viewerQuery } from '@/shared/classes/class-queries';
import { classLinks } from '@/shared/classes/links';
import { SessionList, SessionRow } from '@/shared/classes/session-row';
import { useNow } from '@/shared/classes/use-now';
import { navigateTo, switchTab } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { useIsLoggedIn, useUserInfo } from '@/shared/session/session';
import { AppLink } from '@/shared/ui/app-link';
import './home.css';

// By reference: home parses nothing with zod.
const getMyReservations = callRef<typeof reservationCalls.getMyReservations>('client/course.getMyReservations');
const getSchedule = callRef<typeof reservationCalls.getSchedule>('client/course.pub_getSchedule');
const getMyPackages = callRef<typeof packageCalls.getMyPackages>('client/course.getMyPackages');
const getWorkbench = callRef<typeof teacherCalls.getWorkbench>('client/teacher.getWorkbench');

/** How many of today's remaining classes home lists before "N more today". */
const TODAY_ROWS = 4;

/** The member's upcoming bookings, soonest first (none asked for a visitor). */
export function useUpcomingBookings() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    ...callQuery(getMyReservations, { status: 'registered', pageIndex: 1, pageSize: 5 }),
    enabled: loggedIn,
  });
}

/** The member's packages (the same query as My packages and the class pages: one cache). */
export function useMyPackagesForHome() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...callQuery(getMyPackages, {}), enabled: loggedIn });
}

/** Packages that can still book: not used up, not expired. */
export function usablePackages(rows: readonly PackageRecord[], now: number): PackageRecord[] {
  return rows.filter(
    (pkg) =>
      (pkg.status === 'unused' || pkg.status === 'used') &&
      pkg.remaining_count > 0 &&
      (pkg.valid_until === null || Date.parse(pkg.valid_until) > now),
  );
}

/** Whether the signed-in user teaches here (home then leads with the classes they teach today). */
export function useIsTeacher(): boolean {
  return useUserInfo()?.role.includes('teacher') ?? false;
}

/** A teacher's own classes not yet ended, soonest first (none asked for anyone else). */
export function useTeachingNext() {
  const teacher = useIsTeacher();
  return useQuery({ ...callQuery(getWorkbench, {}), enabled: teacher });
}

/** Today's classes in the studio's calendar, as the viewer sees them. */
export function useTodaySchedule() {
  const format = useClassFormat();
  const today = format.dayKey(useNow());
  return useQuery(viewerQuery(getSchedule, { date_from: today, date_to: today }, useViewer()));
}

/**
 * The member's next booked class (upcoming bookings come soonest first), with its check-in code one
 * tap away on the class's page. Nothing when there is none.
 */
export function NextClassCard() {
  const { t } = useTranslation();
  const format = useClassFormat();
  const now = useNow();
  const next = useUpcomingBookings();
  const reservation = next.data?.rows.find((r) => new Date(r.session.ends_at).getTime() > now);
  if (!reservation) return null;
  const { session } = reservation;
  return (
    <section className="card next-class" aria-labelledby="next-class-title">
      <h2 id="next-class-title" className="section-title">
        {t('home.nextClass')}
      </h2>
      <AppLink to={classLinks.session(session._id)} className="next-class-name">
        {session.course_name}
      </AppLink>
      <p className="figures">{format.span(session.starts_at, session.ends_at)}</p>
      <p className="secondary">
        {session.teacher_name} · {session.room_name}
      </p>
      <Button block color="primary" fill="outline" onClick={() => navigateTo(classLinks.session(session._id))}>
        <ScanCodeOutline aria-hidden="true" /> {t('home.showCode')}
      </Button>
    </section>
  );
}

/** Today's classes that have not ended yet, and the way to book (the classes tab). */
export function TodayCard() {
  const { t } = useTranslation();
  const format = useClassFormat();
  const now = useNow();
  const schedule = useTodaySchedule();
  const remaining = (schedule.data?.rows ?? []).filter(
    (s) => s.status !== 'cancelled' && new Date(s.ends_at).getTime() > now,
  );
  return (
    <section className="today-classes" aria-labelledby="today-title">
      <h2 id="today-title" className="section-title">
        {t('home.today')}
      </h2>
      {schedule.isSuccess && remaining.length === 0 && <p className="card secondary">{t('home.todayNone')}</p>}
      {remaining.length > 0 && (
        <SessionList label={t('home.today')}>
          {remaining.slice(0, TODAY_ROWS).map((session) => (
            <SessionRow key={session._id} session={session} format={format} now={now} />
          ))}
        </SessionList>
      )}
      {remaining.length > TODAY_ROWS && (
        <p className="secondary">{t('home.moreToday', { count: remaining.length - TODAY_ROWS })}</p>
      )}
      <Button block color="primary" onClick={() => switchTab(paths.reservation)}>
        {t('home.bookClass')}
      </Button>
    </section>
  );
}

/** A teacher's classes today that have not ended: each opens its roster, for check-in. */
export function TeachingTodayCard() {
  const { t } = useTranslation();
  const format = useClassFormat();
  const now = useNow();
  const workbench = useTeachingNext();
  const today = format.dayKey(now);
  const mine = (workbench.data?.next_sessions ?? []).filter((s) => format.dayKey(s.starts_at) === today);
  return (
    <section className="today-classes" aria-labelledby="teaching-title">
      <h2 id="teaching-title" className="section-title">
        {t('home.teachingToday')}
      </h2>
      {workbench.isSuccess && mine.length === 0 && <p className="card secondary">{t('home.teachingNone')}</p>}
      {mine.length > 0 && (
        <SessionList label={t('home.teachingToday')}>
          {mine.map((session) => (
            <SessionRow
              key={session._id}
              session={session}
              format={format}
              now={now}
              variant="teacher"
              to={classLinks.roster(session._id)}
            />
          ))}
        </SessionList>
      )}
      <Button block color="primary" fill="outline" onClick={() => navigateTo(paths.teacherWorkbench)}>
        {t('home.workbench')}
      </Button>
    </section>
  );
}
