import { adminReservationCalls, type ReservationRecord, type WaitlistEntryRecord } from '@studio/contract/reservations';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';

const PAGE_SIZE = 10;

/** A member's bookings, newest first, each linking to its session. */
export function ReservationHistory({ userId }: { userId: string }) {
  const { t } = useTranslation('members');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...callQuery(adminReservationCalls.getListByUser, { user_id: userId, pageIndex: page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<ReservationRecord>
      rowKey="_id"
      aria-label={t('history.reservations')}
      dataSource={list.data?.rows ?? []}
      loading={list.isFetching}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage }}
      locale={{ emptyText: <span className="secondary-text">{t('history.none')}</span> }}
      columns={[
        {
          key: 'class',
          title: t('history.class'),
          render: (_, r) => <Link to={`/schedule/sessions/${r.session._id}`}>{r.session.course_name}</Link>,
        },
        { key: 'when', title: t('history.when'), render: (_, r) => format.dateTime(r.session.starts_at) },
        {
          key: 'status',
          title: t('history.status'),
          render: (_, r) => (
            <Tag color={r.checked_in_at ? 'green' : r.status === 'cancelled' ? undefined : 'blue'}>
              {r.checked_in_at ? t('history.attended') : t(`history.reservationStatuses.${r.status}`)}
            </Tag>
          ),
        },
        { key: 'booked', title: t('history.bookedAt'), render: (_, r) => format.stamp(r.created_at) },
      ]}
    />
  );
}

/** A member's waitlist places, newest first. */
export function WaitlistHistory({ userId }: { userId: string }) {
  const { t } = useTranslation('members');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...callQuery(adminReservationCalls.getWaitlistByUser, { user_id: userId, pageIndex: page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<WaitlistEntryRecord>
      rowKey="_id"
      aria-label={t('history.waitlist')}
      dataSource={list.data?.rows ?? []}
      loading={list.isFetching}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage }}
      locale={{ emptyText: <span className="secondary-text">{t('history.none')}</span> }}
      columns={[
        {
          key: 'class',
          title: t('history.class'),
          render: (_, w) => <Link to={`/schedule/sessions/${w.session._id}`}>{w.session.course_name}</Link>,
        },
        { key: 'when', title: t('history.when'), render: (_, w) => format.dateTime(w.session.starts_at) },
        {
          key: 'status',
          title: t('history.status'),
          render: (_, w) =>
            w.position ? t('history.waitingAt', { position: w.position }) : t(`history.waitlistStatuses.${w.status}`),
        },
        { key: 'joined', title: t('history.joinedAt'), render: (_, w) => format.stamp(w.created_at) },
      ]}
    />
  );
}
