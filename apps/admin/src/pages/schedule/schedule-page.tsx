import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import type { EventContentArg, EventInput } from '@fullcalendar/core';
import zhCnLocale from '@fullcalendar/core/locales/zh-cn';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { adminReservationCalls } from '@studio/contract/reservations';
import type { SessionRecord } from '@studio/contract/schedule';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Segmented, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { FilterBar } from '@/shared/ui/filter-bar';
import { Page } from '@/shared/ui/page';
import { useCatalogOptions } from './catalog-options';
import { SessionDrawer, type SessionFields } from './session-drawer';
import { addDays, courseColour, fromFloating, studioToday, toFloating, weekStart } from './studio-time';

type Lens = 'all' | 'room' | 'teacher';

/** One session on the calendar: time, course, teacher and room, seats taken of capacity and the waitlist. */
function SessionEvent({ arg }: { arg: EventContentArg }) {
  const { t } = useTranslation('schedule');
  const s = arg.event.extendedProps.session as SessionRecord;
  return (
    <div className={`calendar-event${s.status === 'cancelled' ? ' is-cancelled' : ''}`}>
      <div className="calendar-event-title">
        {arg.timeText} {s.course_name}
      </div>
      <div>
        {s.teacher_name} · {s.room_name}
      </div>
      <div>
        {s.status === 'cancelled'
          ? t('calendar.cancelled')
          : t('calendar.fill', { booked: s.booked_count, capacity: s.capacity, waiting: s.waitlist_count })}
      </div>
    </div>
  );
}

/**
 * The schedule: a week of sessions on a time grid, one column a day, coloured by course; narrowed to
 * one room or one teacher; a drawer to schedule one session or a weekly series. The week and the
 * lens live in the URL.
 */
export function SchedulePage() {
  const { t, i18n } = useTranslation('schedule');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const format = useFormat();
  const tz = format.timezone;
  const [params, setParams] = useSearchParams();
  const week = weekStart(params.get('week') ?? studioToday(tz));
  const lens = (params.get('view') as Lens | null) ?? 'all';
  const roomId = lens === 'room' ? (params.get('room') ?? undefined) : undefined;
  const teacherId = lens === 'teacher' ? (params.get('teacher') ?? undefined) : undefined;
  const { rooms, teachers } = useCatalogOptions();
  const calendarRef = useRef<FullCalendar>(null);
  const [drawer, setDrawer] = useState<Partial<SessionFields> | null>(null);

  const sessions = useQuery({
    ...callQuery(adminReservationCalls.getCalendar, {
      from: week,
      to: addDays(week, 6),
      ...(roomId ? { room_id: roomId } : {}),
      ...(teacherId ? { teacher_id: teacherId } : {}),
    }),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    calendarRef.current?.getApi().gotoDate(week);
  }, [week]);

  const update = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });

  const events = useMemo<EventInput[]>(
    () =>
      (sessions.data?.rows ?? []).map((s) => ({
        id: s._id,
        start: toFloating(s.starts_at, tz),
        end: toFloating(s.ends_at, tz),
        backgroundColor: s.status === 'cancelled' ? '#f0f0f0' : courseColour(s.course_id),
        borderColor: s.status === 'cancelled' ? '#bfbfbf' : courseColour(s.course_id),
        textColor: s.status === 'cancelled' ? '#434343' : '#ffffff',
        url: `/admin/schedule/sessions/${s._id}`,
        extendedProps: { session: s },
      })),
    [sessions.data, tz],
  );

  const lensOptions = [
    { value: 'all', label: t('lens.all') },
    { value: 'room', label: t('lens.room') },
    { value: 'teacher', label: t('lens.teacher') },
  ];

  return (
    <Page
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({})}>
          {t('new')}
        </Button>
      }
    >
      <FilterBar>
        <Flex gap={4} align="center">
          <Button
            icon={<LeftOutlined />}
            aria-label={t('week.previous')}
            onClick={() => update({ week: addDays(week, -7) })}
          />
          <Button onClick={() => update({ week: undefined })}>{t('week.this')}</Button>
          <Button
            icon={<RightOutlined />}
            aria-label={t('week.next')}
            onClick={() => update({ week: addDays(week, 7) })}
          />
        </Flex>
        <Typography.Text strong aria-live="polite">
          {t('week.range', {
            from: format.date(`${week}T12:00:00Z`),
            to: format.date(`${addDays(week, 6)}T12:00:00Z`),
          })}
        </Typography.Text>
        <Segmented<Lens>
          aria-label={t('lens.label')}
          value={lens}
          options={lensOptions as { value: Lens; label: string }[]}
          onChange={(value) =>
            update({ view: value === 'all' ? undefined : value, room: undefined, teacher: undefined })
          }
        />
        {lens === 'room' && (
          <Select
            aria-label={t('lens.room')}
            placeholder={t('lens.pickRoom')}
            value={roomId}
            onChange={(room: string) => update({ room })}
            options={rooms.map((r) => ({ value: r._id, label: r.name }))}
            style={{ minWidth: 200 }}
          />
        )}
        {lens === 'teacher' && (
          <Select
            aria-label={t('lens.teacher')}
            placeholder={t('lens.pickTeacher')}
            value={teacherId}
            onChange={(teacher: string) => update({ teacher })}
            options={teachers.map((x) => ({ value: x._id, label: x.name }))}
            style={{ minWidth: 200 }}
          />
        )}
      </FilterBar>
      <div className="schedule-calendar" aria-busy={sessions.isFetching}>
        <FullCalendar
          ref={calendarRef}
          plugins={[timeGridPlugin, interactionPlugin]}
          initialView="timeGridWeek"
          initialDate={week}
          timeZone="UTC"
          locales={[zhCnLocale]}
          locale={i18n.language === 'en' ? 'en' : 'zh-cn'}
          firstDay={1}
          headerToolbar={false}
          allDaySlot={false}
          scrollTime="07:00:00"
          slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
          eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
          dayHeaderFormat={{ weekday: 'short', day: 'numeric' }}
          height="calc(100vh - 230px)"
          nowIndicator={false}
          selectable
          selectMirror
          events={events}
          eventContent={(arg) => <SessionEvent arg={arg} />}
          eventClick={(info) => {
            info.jsEvent.preventDefault();
            void navigate(`/schedule/sessions/${info.event.id}`);
          }}
          select={(info) => {
            const start = fromFloating(info.start, tz);
            const minutes = Math.max(15, Math.round((info.end.getTime() - info.start.getTime()) / 60_000));
            setDrawer({
              date: dayjs(start.format('YYYY-MM-DD')),
              time: dayjs(`2000-01-01T${start.format('HH:mm')}`),
              duration_min: minutes,
              ...(roomId ? { room_id: roomId } : {}),
              ...(teacherId ? { teacher_id: teacherId } : {}),
            });
          }}
        />
      </div>
      <SessionDrawer
        open={drawer !== null}
        initial={drawer ?? {}}
        tz={tz}
        onClose={() => setDrawer(null)}
        onCreated={({ count, week: created }) => {
          void message.success(t('created', { count }));
          setDrawer(null);
          // Show the week the new class is in (a class scheduled for next week is not on this one).
          if (created && created !== week) update({ week: created });
        }}
      />
    </Page>
  );
}
