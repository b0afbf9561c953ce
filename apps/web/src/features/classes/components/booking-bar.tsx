import { useCallMutation } from '@studio/client/mutation';
import { bookingOutcome, classPhase } from '@studio/contract/class-phase';
import type { PackageRecord } from '@studio/contract/packages';
import { Button, Popup } from 'antd-mobile';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSheet } from '@/shared/classes/choice-sheet';
import { type ClassFormat, useClassFormat } from '@/shared/classes/class-format';
import { SessionList, SessionRow } from '@/shared/classes/session-row';
import { useMchInfo } from '@/shared/merchant/mch-info';
import { currentLocation, loginUrl, navigateTo } from '@/shared/navigation/navigation';
import { NeedsConnectionNote } from '@/shared/offline/offline-ui';
import { useOnline } from '@/shared/offline/use-online';
import { usePushOffer } from '@/shared/push/push-offer';
import { useIsLoggedIn } from '@/shared/session/session';
import { PassesForCourse, passesTitleId, usePassesOnSale } from '@/shared/shop/featured';
import { confirmDialog } from '@/shared/ui/confirm-dialog';
import { showToast } from '@/shared/ui/feedback';
import { bookSession, CourseFullError, cancelReservation, joinWaitlist, leaveWaitlist } from '../api/booking';
import { packagesForSession, useMyPackages } from '../api/packages';
import type { SessionDetail } from '../api/session-detail';

interface BookingBarProps {
  detail: SessionDetail;
  now: number;
  format: ClassFormat;
}

/**
 * The one primary action of a session, fixed at the bottom (UI.md): Book, Join waitlist, Cancel
 * booking or Leave waitlist, with the reason when nothing can be done. The button spins and is
 * disabled while its call runs, so a double tap never books twice.
 */
export function BookingBar({ detail, now, format }: BookingBarProps) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const { session, reservation, waitlist_entry: entry } = detail;
  const packages = useMyPackages(undefined, loggedIn && (detail.can_book || detail.can_join_waitlist));
  const usable = packagesForSession(packages.data?.rows ?? [], session);
  // A member with nothing that can pay is shown how to get a package, never a button that can only fail.
  const noPackage = loggedIn && packages.isSuccess && usable.length === 0;
  /** What the package sheet is choosing for: a booking or a waitlist place (both pay with one credit). */
  const [choosing, setChoosing] = useState<'book' | 'join' | null>(null);
  const [full, setFull] = useState<CourseFullError | null>(null);
  // After a booking or a waitlist place, the moment that explains why push is worth turning on.
  const pushOffer = usePushOffer();
  // The writes, as mutations: their pending state spins and disables the button, so a double tap
  // never sends twice. The api functions refetch the class data themselves; ApiErrors were shown.
  const bookMutation = useCallMutation((pkg?: PackageRecord) => bookSession(session._id, pkg?._id), {
    onSuccess: () => {
      showToast(t('classes.detail.bookedToast'));
      pushOffer.offer();
    },
    onError: (error) => {
      if (error instanceof CourseFullError) setFull(error);
    },
  });
  const joinMutation = useCallMutation((pkg?: PackageRecord) => joinWaitlist(session._id, pkg?._id), {
    onSuccess: (joined) => {
      setFull(null);
      showToast(
        joined.position
          ? t('classes.detail.joinedToast', { position: joined.position })
          : t('classes.detail.joinedToastPlain'),
      );
      pushOffer.offer();
    },
  });
  const cancelMutation = useCallMutation(cancelReservation, {
    onSuccess: () => showToast(t('classes.detail.cancelledToast')),
  });
  const leaveMutation = useCallMutation(leaveWaitlist, {
    onSuccess: () => showToast(t('classes.detail.leftToast')),
  });
  const pending = [bookMutation, joinMutation, cancelMutation, leaveMutation].some((m) => m.isPending);
  const start = new Date(session.starts_at).getTime();
  const started = now >= start;
  // Inside the cancellation window a booking cannot be undone for a credit back: the member says so first.
  const final = !started && now > new Date(detail.cancel_deadline).getTime();
  const book = async (pkg?: PackageRecord) => {
    if (pending) return;
    if (final) {
      const confirmed = await confirmDialog({
        title: t('classes.detail.finalConfirmTitle'),
        content: t('classes.detail.finalConfirm', { hours: cancelWindowHours(detail) }),
        confirmText: t('classes.detail.finalConfirmYes'),
        cancelText: t('classes.detail.notNow'),
      });
      if (!confirmed) return;
    }
    bookMutation.mutate(pkg);
  };
  const join = (pkg?: PackageRecord) => {
    if (!pending) joinMutation.mutate(pkg);
  };

  function toLogin(): void {
    void navigateTo(loginUrl(currentLocation()));
  }

  async function confirmCancel(reservationId: string): Promise<void> {
    const confirmed = await confirmDialog({
      title: t('classes.detail.cancelConfirmTitle'),
      content: t('classes.detail.cancelConfirm'),
      confirmText: t('classes.detail.cancelConfirmYes'),
      cancelText: t('classes.detail.keep'),
    });
    if (!confirmed || pending) return;
    cancelMutation.mutate(reservationId);
  }

  async function confirmLeave(entryId: string): Promise<void> {
    const confirmed = await confirmDialog({
      content: t('classes.detail.leaveConfirm'),
      confirmText: t('classes.detail.leaveConfirmYes'),
      cancelText: t('classes.detail.stay'),
    });
    if (!confirmed || pending) return;
    leaveMutation.mutate(entryId);
  }

  let button: ReactElement;
  let note: string | null = null;

  if (session.status === 'cancelled') {
    button = <Bar disabled>{t('classes.detail.sessionCancelled')}</Bar>;
  } else if (reservation && bookingOutcome({ ...reservation, session }, now) === 'attended') {
    button = <Bar disabled>{t('classes.detail.attended')}</Bar>;
  } else if (reservation) {
    if (detail.can_cancel) {
      // The rule card above says until when cancelling is free.
      button = (
        <Bar danger loading={pending} onClick={() => void confirmCancel(reservation._id)}>
          {t('classes.detail.cancelBooking')}
        </Bar>
      );
    } else {
      note = started
        ? t('errors.SESSION_STARTED')
        : t('errors.CANCEL_WINDOW_CLOSED', { hours: cancelWindowHours(detail) });
      button = <Bar disabled>{t('classes.detail.cancelBooking')}</Bar>;
    }
  } else if (entry) {
    button = (
      <Bar loading={pending} onClick={() => void confirmLeave(entry._id)} outline>
        {t('classes.detail.leaveWaitlist')}
      </Bar>
    );
  } else if ((detail.can_book || detail.can_join_waitlist) && noPackage) {
    return <NoPackageBar courseId={session.course_id} sessionId={session._id} />;
  } else if (detail.can_book) {
    if (usable.length > 1) note = t('classes.detail.choosePackageHint');
    button = (
      <Bar
        loading={pending}
        onClick={() => {
          if (!loggedIn) toLogin();
          else if (usable.length > 1) setChoosing('book');
          else void book();
        }}
      >
        {t('classes.detail.book')}
      </Bar>
    );
  } else if (detail.can_join_waitlist) {
    note =
      usable.length > 1
        ? `${t('classes.detail.fullNote')} ${t('classes.detail.choosePackageHint')}`
        : t('classes.detail.fullNote');
    button = (
      <Bar
        loading={pending}
        onClick={() => {
          if (!loggedIn) toLogin();
          else if (usable.length > 1) setChoosing('join');
          else join();
        }}
      >
        {t('classes.detail.joinWaitlist')}
      </Bar>
    );
  } else if (!started && now < new Date(detail.booking_opens_at).getTime()) {
    note = t('classes.detail.ruleOpens', { when: format.dateTime(detail.booking_opens_at) });
    button = <Bar disabled>{t('classes.detail.book')}</Bar>;
  } else if (classPhase(session, now) === 'ended') {
    button = <Bar disabled>{t('classes.detail.classEnded')}</Bar>;
  } else {
    button = <Bar disabled>{t('classes.detail.bookingClosed')}</Bar>;
  }

  return (
    <>
      <div className="action-bar-spacer" />
      <div className="action-bar">
        {note && <p className="action-bar-note">{note}</p>}
        <NeedsConnectionNote />
        {button}
      </div>
      <ChoiceSheet
        visible={choosing !== null}
        title={t(choosing === 'join' ? 'classes.detail.choosePackageWaitlist' : 'classes.detail.choosePackage')}
        choices={usable.map((pkg, i) => ({
          key: pkg._id,
          label: i === 0 ? `${pkg.name} · ${t('classes.detail.recommended')}` : pkg.name,
          description: `${t('classes.packages.left', { remaining: pkg.remaining_count, total: pkg.total_count })} · ${
            pkg.valid_until
              ? t('classes.packages.validUntil', { date: format.date(pkg.valid_until) })
              : t('classes.packages.noExpiry')
          }`,
        }))}
        onChoose={(key) => {
          const pkg = usable.find((p) => p._id === key);
          setChoosing(null);
          if (choosing === 'join') join(pkg);
          else void book(pkg);
        }}
        onClose={() => setChoosing(null)}
      />
      <CourseFullSheet
        error={full}
        now={now}
        joining={pending}
        canJoin={!entry}
        onJoin={() => {
          if (usable.length > 1) {
            setFull(null);
            setChoosing('join');
          } else join();
        }}
        onClose={() => setFull(null)}
      />
      {pushOffer.sheet}
    </>
  );
}

/** How many hours before the start a booking can no longer be cancelled (the studio's window). */
function cancelWindowHours(detail: SessionDetail): number {
  return Math.round(
    (new Date(detail.session.starts_at).getTime() - new Date(detail.cancel_deadline).getTime()) / 3_600_000,
  );
}

interface BarProps {
  children: string;
  onClick?: () => void;
  loading?: boolean;
  disabled?: boolean;
  danger?: boolean;
  outline?: boolean;
}

function Bar({ children, onClick, loading = false, disabled = false, danger = false, outline = false }: BarProps) {
  // Booking, cancelling and the waitlist need the server: offline the button waits (the bar says why).
  const online = useOnline();
  return (
    <Button
      block
      size="large"
      color={danger ? 'danger' : 'primary'}
      fill={outline || danger ? 'outline' : 'solid'}
      loading={loading}
      // The button keeps its name while it shows its loading dots.
      loadingText={typeof children === 'string' ? children : undefined}
      disabled={disabled || loading || !online}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/**
 * Instead of Book for a member without a package that can pay: the passes on sale that this course
 * accepts (one tap to buy, and the bar's button brings them into view), and how to get one from the
 * studio's front desk, with a call button (the bar's own when the shop sells no pass for the class).
 */
function NoPackageBar({ courseId, sessionId }: { courseId: string; sessionId: string }) {
  const { t } = useTranslation();
  const studio = useMchInfo().data?.mchInfo;
  const passesOnSale = (usePassesOnSale(courseId).data?.rows.length ?? 0) > 0;
  const call = studio?.phone ? (
    <a className="call-studio" href={`tel:${studio.phone.replace(/[^\d+]/g, '')}`}>
      {t('classes.detail.callStudio', { phone: studio.phone })}
    </a>
  ) : null;
  function showPasses(): void {
    const heading = document.getElementById(passesTitleId(courseId));
    heading?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading?.focus({ preventScroll: true });
  }
  return (
    <>
      <PassesForCourse courseId={courseId} sessionId={sessionId} />
      <section className="card no-package" aria-labelledby="no-package-title">
        <h3 id="no-package-title" className="section-title">
          {t('classes.detail.noPackageTitle')}
        </h3>
        <p>{t('classes.detail.noPackageText', { studio: studio?.name ?? '' })}</p>
        {studio?.address && <p className="secondary">{studio.address}</p>}
        {passesOnSale && call}
      </section>
      <div className="action-bar-spacer" />
      <div className="action-bar">
        <p className="action-bar-note">{t('classes.detail.noPackage')}</p>
        {passesOnSale ? (
          <Bar onClick={showPasses}>{t('shop.buyPass')}</Bar>
        ) : (
          (call ?? <Bar disabled>{t('classes.detail.book')}</Bar>)
        )}
      </div>
    </>
  );
}

interface CourseFullSheetProps {
  error: CourseFullError | null;
  now: number;
  joining: boolean;
  canJoin: boolean;
  onJoin: () => void;
  onClose: () => void;
}

/** COURSE_FULL: the class filled up before I booked. Other sessions of the course with seats, or the waitlist. */
function CourseFullSheet({ error, now, joining, canJoin, onJoin, onClose }: CourseFullSheetProps) {
  const { t } = useTranslation();
  const format = useClassFormat();
  return (
    <Popup visible={error !== null} onMaskClick={onClose} onClose={onClose} showCloseButton bodyClassName="sheet-body">
      <div className="sheet" role="dialog" aria-labelledby="course-full-title">
        <h2 id="course-full-title" className="sheet-title">
          {t('classes.full.title')}
        </h2>
        {error && error.suggestions.length > 0 ? (
          <>
            <h3 className="sheet-subtitle">{t('classes.full.suggestions')}</h3>
            <SessionList>
              {error.suggestions.map((s) => (
                <SessionRow key={s._id} session={s} format={format} now={now} withDay />
              ))}
            </SessionList>
          </>
        ) : (
          <p className="sheet-text">{t('classes.full.noSuggestions')}</p>
        )}
        <div className="form-actions">
          {canJoin && (
            <Button
              block
              size="large"
              color="primary"
              loading={joining}
              loadingText={t('classes.detail.joinWaitlist')}
              disabled={joining}
              onClick={onJoin}
            >
              {t('classes.detail.joinWaitlist')}
            </Button>
          )}
          <Button block size="large" fill="none" onClick={onClose}>
            {t('classes.full.close')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
