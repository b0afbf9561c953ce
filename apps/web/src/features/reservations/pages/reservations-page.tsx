import { bookingOutcome } from '@studio/contract/class-phase';
import { RESERVATION_STATUSES, type ReservationStatus } from '@studio/contract/flow';
import type { ReservationRecord } from '@studio/contract/reservations';
import { Button, Tabs } from 'antd-mobile';
import { CalendarOutline, ScanCodeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarSheet } from '@/shared/classes/calendar-sheet';
import { useClassFormat } from '@/shared/classes/class-format';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { SessionList, SessionListSkeleton, SessionRow } from '@/shared/classes/session-row';
import { useNow } from '@/shared/classes/use-now';
import { switchTab } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { useTabParam } from '@/shared/navigation/use-tab-param';
import { SavedAt } from '@/shared/offline/offline-ui';
import { StatusTag } from '@/shared/ui/status-tag';
import { useMyReservations } from '../api/my-reservations';
import { ReservationSheet } from '../components/reservation-sheet';
import '../components/reservations.css';

/** user/reservations: my bookings by state; a registered one opens its check-in QR. */
export function ReservationsPage() {
  const { t } = useTranslation();
  const [tab, selectTab] = useTabParam(RESERVATION_STATUSES, 'registered');
  const [calendarOpen, setCalendarOpen] = useState(false);

  return (
    <div className="stack">
      <Tabs className="list-tabs" activeKey={tab} onChange={selectTab}>
        {RESERVATION_STATUSES.map((status) => (
          <Tabs.Tab key={status} title={t(`reservations.tabs.${status}`)} />
        ))}
      </Tabs>
      {/* Only upcoming bookings belong in a calendar: the entry sits above them, not under "No more". */}
      {tab === 'registered' && (
        <Button className="calendar-entry" fill="none" color="primary" onClick={() => setCalendarOpen(true)}>
          <CalendarOutline aria-hidden="true" /> {t('reservations.calendar.add')}
        </Button>
      )}
      <ReservationList key={tab} status={tab} onAddToCalendar={() => setCalendarOpen(true)} />
      <CalendarSheet visible={calendarOpen} onClose={() => setCalendarOpen(false)} />
    </div>
  );
}

function ReservationList({ status, onAddToCalendar }: { status: ReservationStatus; onAddToCalendar: () => void }) {
  const { t } = useTranslation();
  const format = useClassFormat();
  const now = useNow();
  const list = useMyReservations(status);
  const [open, setOpen] = useState<ReservationRecord | null>(null);

  return (
    <>
      <SavedAt at={list.dataUpdatedAt} />
      <PagedList
        source={list}
        skeleton={<SessionListSkeleton rows={3} />}
        empty={
          <ClassesEmpty
            title={t(`reservations.empty.${status}`)}
            text={status === 'registered' ? t('reservations.emptyText') : undefined}
            action={
              <Button color="primary" fill="outline" onClick={() => switchTab(paths.reservation)}>
                {t('reservations.browse')}
              </Button>
            }
          />
        }
      >
        {(rows) => (
          <SessionList label={t(`reservations.tabs.${status}`)}>
            {rows.map((reservation) => (
              <SessionRow
                key={reservation._id}
                session={reservation.session}
                format={format}
                now={now}
                withDay
                onOpen={bookingOutcome(reservation, now) === 'booked' ? () => setOpen(reservation) : undefined}
                openHint={t('reservations.showCode')}
                side={<ReservationSide reservation={reservation} now={now} />}
              />
            ))}
          </SessionList>
        )}
      </PagedList>
      <ReservationSheet
        reservation={open}
        format={format}
        now={now}
        onClose={() => setOpen(null)}
        savedAt={list.dataUpdatedAt}
        onAddToCalendar={() => {
          setOpen(null);
          onAddToCalendar();
        }}
      />
    </>
  );
}

/** What the booking came to (contract bookingOutcome): checked in, or kept to the class's end, reads Attended. */
const OUTCOME_STATUS = { booked: 'registered', attended: 'done', cancelled: 'cancelled' } as const;

function ReservationSide({ reservation, now }: { reservation: ReservationRecord; now: number }) {
  const outcome = bookingOutcome(reservation, now);
  return (
    <>
      <StatusTag kind="reservation" status={OUTCOME_STATUS[outcome]} />
      {outcome === 'booked' && <ScanCodeOutline className="code-hint" aria-hidden="true" />}
    </>
  );
}
