import { useCallMutation } from '@studio/client/mutation';
import type { ReservationRecord } from '@studio/contract/reservations';
import { Button, Popup } from 'antd-mobile';
import { CalendarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { CheckInPanel } from '@/shared/classes/check-in-panel';
import type { ClassFormat } from '@/shared/classes/class-format';
import { classLinks } from '@/shared/classes/links';
import { OfflineDisabled, SavedAt } from '@/shared/offline/offline-ui';
import { AppLink } from '@/shared/ui/app-link';
import { confirmDialog } from '@/shared/ui/confirm-dialog';
import { showToast } from '@/shared/ui/feedback';
import { StatusTag } from '@/shared/ui/status-tag';
import { cancelBooking, useSessionRules } from '../api/cancel-booking';

interface ReservationSheetProps {
  reservation: ReservationRecord | null;
  format: ClassFormat;
  now: number;
  onClose: () => void;
  onAddToCalendar: () => void;
  /** When the list the reservation came from was fetched: its "as of" offline. */
  savedAt: number;
}

/** A registered booking: its check-in QR with the code in text, cancel, and add to calendar. */
export function ReservationSheet({
  reservation,
  format,
  now,
  onClose,
  onAddToCalendar,
  savedAt,
}: ReservationSheetProps) {
  return (
    <Popup visible={reservation !== null} onClose={onClose} closeOnMaskClick showCloseButton destroyOnClose>
      {reservation && (
        <SheetBody
          reservation={reservation}
          format={format}
          now={now}
          onClose={onClose}
          onAddToCalendar={onAddToCalendar}
          savedAt={savedAt}
        />
      )}
    </Popup>
  );
}

function SheetBody({
  reservation,
  format,
  now,
  onClose,
  onAddToCalendar,
  savedAt,
}: ReservationSheetProps & {
  reservation: ReservationRecord;
}) {
  const { t } = useTranslation();
  const { session } = reservation;
  const rules = useSessionRules(session._id, true);
  const checkedIn = reservation.checked_in_at !== null;
  // Once checked in the class counts as attended: the server refuses a member's cancel.
  const canCancel = (rules.data?.can_cancel ?? false) && !checkedIn;
  const started = now >= new Date(session.starts_at).getTime();

  // The write, as a mutation: its pending state spins and disables the button, so a double tap
  // never sends twice. cancelBooking refetches the class data itself; ApiErrors were shown.
  const cancelMutation = useCallMutation(cancelBooking, {
    onSuccess: () => {
      showToast(t('reservations.sheet.cancelled'));
      onClose();
    },
  });
  const cancelling = cancelMutation.isPending;
  async function cancel(): Promise<void> {
    const confirmed = await confirmDialog({
      title: t('reservations.sheet.cancelTitle'),
      content: t('reservations.sheet.cancelConfirm'),
      confirmText: t('reservations.sheet.cancelYes'),
      cancelText: t('reservations.sheet.keep'),
    });
    if (confirmed && !cancelMutation.isPending) cancelMutation.mutate(reservation._id);
  }

  let cancelNote: string | null = null;
  if (checkedIn) {
    cancelNote = t('errors.ALREADY_CHECKED_IN');
  } else if (rules.data && !canCancel) {
    const hours = Math.round(
      (new Date(session.starts_at).getTime() - new Date(rules.data.cancel_deadline).getTime()) / 3_600_000,
    );
    cancelNote = started ? t('errors.SESSION_STARTED') : t('errors.CANCEL_WINDOW_CLOSED', { hours });
  } else if (rules.data) {
    cancelNote = t('reservations.sheet.freeCancel', { when: format.dateTime(rules.data.cancel_deadline) });
  }

  return (
    <div className="sheet reservation-sheet" role="dialog" aria-labelledby="reservation-sheet-title">
      <h2 id="reservation-sheet-title" className="sheet-title">
        {session.course_name}
      </h2>
      <p className="reservation-sheet-when figures">{format.span(session.starts_at, session.ends_at)}</p>
      <p className="secondary reservation-sheet-where">
        {session.teacher_name} · {session.room_name}
      </p>
      {reservation.checked_in_at && (
        <p className="sheet-checked-in">
          <StatusTag kind="reservation" status="done">
            {t('reservations.checkedInAt', { time: format.timeOnDayOf(reservation.checked_in_at, session.starts_at) })}
          </StatusTag>
        </p>
      )}
      <CheckInPanel code={reservation.code} />
      <SavedAt at={savedAt} />
      <div className="form-actions">
        <Button block size="large" color="primary" fill="outline" onClick={onAddToCalendar}>
          <CalendarOutline aria-hidden="true" /> {t('reservations.calendar.add')}
        </Button>
        <OfflineDisabled>
          {(offline) => (
            <Button
              block
              size="large"
              color="danger"
              fill="outline"
              loading={cancelling}
              loadingText={t('reservations.sheet.cancelBooking')}
              disabled={cancelling || !canCancel || offline}
              onClick={() => void cancel()}
            >
              {t('reservations.sheet.cancelBooking')}
            </Button>
          )}
        </OfflineDisabled>
        {cancelNote && <p className="action-bar-note">{cancelNote}</p>}
        <AppLink to={classLinks.session(session._id)} className="sheet-link">
          {t('reservations.sheet.details')}
        </AppLink>
      </div>
    </div>
  );
}
