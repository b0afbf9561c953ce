import { bookingOutcome, classPhase } from '@studio/contract/class-phase';
import { closeSentence } from '@studio/contract/format';
import { resolveLocale } from '@studio/contract/locale';
import { Button } from 'antd-mobile';
import { CalendarOutline, ClockCircleOutline, EnvironmentOutline, TeamOutline, UserOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CalendarSheet } from '@/shared/classes/calendar-sheet';
import { CheckInPanel } from '@/shared/classes/check-in-panel';
import { type ClassFormat, useClassFormat } from '@/shared/classes/class-format';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { CourseCover } from '@/shared/classes/course-cover';
import { classLinks } from '@/shared/classes/links';
import { useNow } from '@/shared/classes/use-now';
import { NeedHelpLink } from '@/shared/feedback/need-help-link';
import { SavedAt } from '@/shared/offline/offline-ui';
import { AppLink } from '@/shared/ui/app-link';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { StatusTag } from '@/shared/ui/status-tag';
import { type SessionDetail, useSessionDetail } from '../api/session-detail';
import { BookingBar } from '../components/booking-bar';
import '../components/classes-pages.css';

/** course/detail?_id=: a session's cover, facts, the rule that applies, and one action at the bottom. */
export function SessionDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('_id') ?? '';
  const { data, error, isPending, refetch, dataUpdatedAt } = useSessionDetail(id);

  if (!id) return <ClassesEmpty title={t('classes.detail.missing')} />;
  if (isPending) return <PageSkeleton rows={3} />;
  if (error) return <PageError error={error} onRetry={() => void refetch()} />;
  // Keyed by session: a suggested session opened from the "class full" sheet starts afresh.
  return <SessionDetailView key={id} detail={data} savedAt={dataUpdatedAt} />;
}

function SessionDetailView({ detail, savedAt }: { detail: SessionDetail; savedAt: number }) {
  const { t } = useTranslation();
  const format = useClassFormat();
  const now = useNow();
  const { session, course } = detail;

  return (
    <article className="stack session-detail">
      <SavedAt at={savedAt} />
      <CourseCover src={course.cover_image ?? session.cover_image} seed={course._id} className="detail-cover" />
      <header className="card detail-heading">
        <div className="detail-title-row">
          <h2 className="detail-title">{course.name}</h2>
          {session.status === 'cancelled' && <StatusTag kind="session" status="cancelled" />}
          {classPhase(session, now) === 'ended' && <StatusTag kind="classPhase" status="ended" />}
        </div>
        <p className="secondary">{t(`classes.levels.${course.level}`)}</p>
        {course.description && <p className="detail-description">{course.description}</p>}
      </header>
      <MyPlace detail={detail} now={now} />
      <section className="card" aria-label={t('classes.detail.facts')}>
        <Facts detail={detail} format={format} />
      </section>
      <RuleCard detail={detail} format={format} now={now} />
      <p className="need-help">
        <NeedHelpLink reservationId={detail.reservation?._id} />
      </p>
      <BookingBar detail={detail} now={now} format={format} />
    </article>
  );
}

/** Time, room, teacher and seats as icon rows (UI.md). */
function Facts({ detail: d, format: f }: { detail: SessionDetail; format: ClassFormat }) {
  const { t } = useTranslation();
  const { room, teacher } = d;
  const s = d.session;
  return (
    <ul className="facts">
      <li>
        <ClockCircleOutline aria-hidden="true" />
        <span className="fact-text">
          <span className="figures">{f.span(s.starts_at, s.ends_at)}</span>
          <span className="secondary">{t('classes.row.minutes', { minutes: f.minutes(s.starts_at, s.ends_at) })}</span>
        </span>
      </li>
      <li className="list-link">
        <EnvironmentOutline aria-hidden="true" />
        <span className="fact-text">
          <AppLink to={classLinks.room(room._id)} className="list-link-anchor fact-link">
            {room.name}
          </AppLink>
          {room.address && <span className="secondary">{room.address}</span>}
        </span>
      </li>
      <li className="list-link">
        <UserOutline aria-hidden="true" />
        <span className="fact-text">
          <AppLink to={classLinks.teacher(teacher._id)} className="list-link-anchor fact-link">
            {teacher.name}
          </AppLink>
          <span className="secondary">{t('classes.detail.teacher')}</span>
        </span>
      </li>
      <li>
        <TeamOutline aria-hidden="true" />
        <span className="fact-text">
          <span className="figures">
            {s.seats_left > 0
              ? t('classes.detail.seatsLeft', { left: s.seats_left, capacity: s.capacity })
              : s.waitlist_count > 0
                ? t('classes.row.fullWaiting', { count: s.waitlist_count })
                : t('classes.row.full')}
          </span>
        </span>
      </li>
    </ul>
  );
}

/** My booking or waitlist place for this session, when I hold one. */
function MyPlace({ detail, now }: { detail: SessionDetail; now: number }) {
  const { t } = useTranslation();
  const [calendarOpen, setCalendarOpen] = useState(false);
  if (detail.reservation) {
    // Checked in counts as attended before the class ends too, and a booking kept to the end after it.
    const attended = bookingOutcome({ ...detail.reservation, session: detail.session }, now) === 'attended';
    return (
      <section className="card my-place" aria-label={t('classes.detail.myPlace')}>
        <StatusTag kind="reservation" status={attended ? 'done' : detail.reservation.status} />
        <p>{attended ? t('classes.detail.attendedText') : t('classes.detail.bookedText')}</p>
        {/* What the member needs at the door, and a way to keep the class in their calendar. */}
        {detail.reservation.status === 'registered' && !attended && (
          <>
            <CheckInPanel code={detail.reservation.code} />
            <Button block fill="none" color="primary" onClick={() => setCalendarOpen(true)}>
              <CalendarOutline aria-hidden="true" /> {t('reservations.calendar.add')}
            </Button>
            <CalendarSheet visible={calendarOpen} onClose={() => setCalendarOpen(false)} />
          </>
        )}
      </section>
    );
  }
  if (detail.waitlist_entry) {
    const position = detail.waitlist_entry.position;
    return (
      <section className="card my-place" aria-label={t('classes.detail.myPlace')}>
        <StatusTag kind="waitlist" status="waiting">
          {position ? t('classes.row.waitPosition', { position }) : undefined}
        </StatusTag>
        <p>{t('classes.detail.waitingText')}</p>
      </section>
    );
  }
  return null;
}

/** The rule that applies, in plain words (UI.md): when booking opens or until when cancelling is free. */
function RuleCard({ detail, format, now }: { detail: SessionDetail; format: ClassFormat; now: number }) {
  const { t, i18n } = useTranslation();
  const { session } = detail;
  if (session.status === 'cancelled') {
    return (
      <p className="card rule-card">
        {session.cancel_reason
          ? t('classes.detail.cancelledReason', {
              reason: closeSentence(session.cancel_reason, resolveLocale(i18n.language)),
            })
          : t('classes.detail.cancelledText')}
      </p>
    );
  }
  // Too late to cancel my booking: the disabled button below gives the reason itself.
  if (detail.reservation && !detail.can_cancel) return null;
  const opensAt = new Date(detail.booking_opens_at).getTime();
  const deadline = new Date(detail.cancel_deadline).getTime();
  const start = new Date(session.starts_at).getTime();
  let text: string;
  if (classPhase(session, now) === 'ended') text = t('classes.detail.ruleEnded');
  else if (now >= start) text = t('classes.detail.ruleStarted');
  else if (now < opensAt) text = t('classes.detail.ruleOpens', { when: format.dateTime(detail.booking_opens_at) });
  else if (now <= deadline)
    text = t('classes.detail.ruleFreeCancel', { when: format.dateTime(detail.cancel_deadline) });
  else text = t('classes.detail.ruleNoCancel', { hours: Math.round((start - deadline) / 3_600_000) });
  return <p className="card rule-card">{text}</p>;
}
