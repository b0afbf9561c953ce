import { type ClassPhase, classPhase } from '@studio/contract/class-phase';
import type { SessionRecord } from '@studio/contract/schedule';
import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/shared/ui/app-link';
import { StatusTag } from '@/shared/ui/status-tag';
import type { ClassFormat } from './class-format';
import { classLinks } from './links';
import './classes.css';

interface SessionRowProps {
  session: SessionRecord;
  format: ClassFormat;
  /** ms since epoch: sessions that have started are dimmed. */
  now: number;
  /** Show the day above the start time, for lists that span several days. */
  withDay?: boolean;
  /** The member's place in the waitlist when waiting (from getMyWaitlist). */
  waitPosition?: number | null;
  /** `member`: seats left and my status; `teacher`: how many booked of the capacity. */
  variant?: 'member' | 'teacher';
  /** Where the row leads; the session's detail page by default. */
  to?: string;
  /** Makes the row a button instead of a link (e.g. opens a sheet); its accessible name is the course. */
  onOpen?: () => void;
  /** What the button does, for assistive technology (read after the course name). */
  openHint?: string;
  /** Replaces the right-hand side. */
  side?: ReactNode;
}

/**
 * A session as a schedule row (UI.md "Schedule"): the start time large on the left, course, teacher
 * and room in the middle, seats and my status on the right. The course name is a link stretched
 * over the whole row.
 */
export function SessionRow({
  session,
  format,
  now,
  withDay,
  waitPosition,
  variant = 'member',
  to,
  onOpen,
  openHint,
  side,
}: SessionRowProps) {
  const { t } = useTranslation();
  const phase = classPhase(session, now);
  // A teacher's lists are mostly about past classes: only the member's schedule dims what began.
  const dim = phase === 'cancelled' || (variant === 'member' && phase !== 'upcoming');
  return (
    <li className={`session-row list-link${withDay ? ' has-day' : ''}${dim ? ' is-dim' : ''}`}>
      <div className="session-when">
        {withDay && <span className="session-day">{format.day(session.starts_at)}</span>}
        <span className="session-start figures">{format.time(session.starts_at)}</span>
        <span className="secondary">
          {t('classes.row.minutes', { minutes: format.minutes(session.starts_at, session.ends_at) })}
        </span>
      </div>
      <div className="session-main">
        {onOpen ? (
          <button type="button" className="list-link-anchor session-course row-button" onClick={onOpen}>
            {session.course_name}
            {openHint && <span className="visually-hidden">, {openHint}</span>}
          </button>
        ) : (
          <AppLink to={to ?? classLinks.session(session._id)} className="list-link-anchor session-course">
            {session.course_name}
          </AppLink>
        )}
        <span className="secondary session-who">
          {variant !== 'teacher' && (
            // The dot stays with the teacher, so a wrapped line never starts or ends on it alone.
            <>
              <span>{session.teacher_name} ·</span>{' '}
            </>
          )}
          <span>{session.room_name}</span>
        </span>
      </div>
      <div className="session-side">
        {side ??
          (variant === 'teacher' ? (
            <TeacherSide session={session} />
          ) : (
            <MemberSide session={session} phase={phase} waitPosition={waitPosition} />
          ))}
      </div>
    </li>
  );
}

function MemberSide({
  session,
  phase,
  waitPosition,
}: {
  session: SessionRecord;
  phase: ClassPhase;
  waitPosition?: number | null;
}) {
  const { t } = useTranslation();
  if (phase === 'cancelled') return <StatusTag kind="session" status="cancelled" />;
  // A booking of a class that has ended was kept to the end: the member attended (classPhase's rule).
  const mine =
    session.my_status === 'registered' ? (
      <StatusTag kind="reservation" status={phase === 'ended' ? 'done' : 'registered'} />
    ) : session.my_status === 'waiting' ? (
      <StatusTag kind="waitlist" status="waiting">
        {waitPosition ? t('classes.row.waitPosition', { position: waitPosition }) : undefined}
      </StatusTag>
    ) : null;
  return (
    <>
      {phase === 'upcoming' && <SeatsText session={session} />}
      {phase !== 'upcoming' && !mine && (
        <span className="secondary">{phase === 'started' ? t('classes.row.started') : t('classes.row.ended')}</span>
      )}
      {mine}
    </>
  );
}

/** "5 left", "Full · 3 waiting" or "Full". */
export function SeatsText({ session }: { session: SessionRecord }) {
  const { t } = useTranslation();
  if (session.seats_left > 0) {
    return <span className="session-seats figures">{t('classes.row.seatsLeft', { count: session.seats_left })}</span>;
  }
  return (
    <span className="session-seats is-full figures">
      {session.waitlist_count > 0
        ? t('classes.row.fullWaiting', { count: session.waitlist_count })
        : t('classes.row.full')}
    </span>
  );
}

function TeacherSide({ session }: { session: SessionRecord }) {
  const { t } = useTranslation();
  if (session.status === 'cancelled') return <StatusTag kind="session" status="cancelled" />;
  return (
    <>
      <span className="session-seats figures">
        {t('classes.row.booked', { booked: session.booked_count, capacity: session.capacity })}
      </span>
      {session.waitlist_count > 0 && (
        <span className="secondary figures">{t('classes.row.waiting', { count: session.waitlist_count })}</span>
      )}
    </>
  );
}

/** A card holding session rows. */
export function SessionList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="session-list card" aria-label={label}>
      {children}
    </ul>
  );
}

/** Placeholder rows shaped like session rows while the first answer loads. */
export function SessionListSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="session-list card" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder rows
        <div className="session-row" key={i}>
          <Skeleton animated className="skeleton-time" />
          <Skeleton.Paragraph lineCount={2} animated />
          <Skeleton animated className="skeleton-side" />
        </div>
      ))}
    </div>
  );
}
