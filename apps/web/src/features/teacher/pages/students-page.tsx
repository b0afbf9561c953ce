import type { Roster } from '@studio/contract/reservations';
import type { SessionRecord } from '@studio/contract/schedule';
import { CHECK_IN_CLOSES_AFTER_MIN, CHECK_IN_OPENS_BEFORE_MIN, checkInTiming } from '@studio/contract/teacher';
import { Button, Popup, Tabs } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ClassFormat, useClassFormat } from '@/shared/classes/class-format';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { SessionList, SessionListSkeleton, SessionRow } from '@/shared/classes/session-row';
import { useNow } from '@/shared/classes/use-now';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { Avatar } from '@/shared/ui/avatar';
import { showToast } from '@/shared/ui/feedback';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { SearchField } from '@/shared/ui/search-field';
import { StatusTag } from '@/shared/ui/status-tag';
import { checkIn, useRoster } from '../api/roster';
import { useTeacherSessions } from '../api/sessions';
import { useStudents } from '../api/students';
import { CodeEntry } from '../components/code-entry';
import { RoleGate } from '../components/role-gate';
import '../components/teacher.css';
import { confirmDialog } from '@/shared/ui/confirm-dialog';

type View = 'roster' | 'members';

/** teacher/students: the roster of one of my sessions with check-in, and every member I taught. */
export function StudentsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'members' ? 'members' : 'roster';
  const sessionId = params.get('session_id') || undefined;

  function show(next: { view?: View; sessionId?: string }): void {
    const search = new URLSearchParams();
    const v = next.view ?? view;
    const s = next.sessionId ?? sessionId;
    if (v === 'members') search.set('view', 'members');
    if (s) search.set('session_id', s);
    setParams(search, { replace: true });
  }

  return (
    <RoleGate need="teacher">
      <div className="stack">
        <Tabs className="list-tabs" activeKey={view} onChange={(key) => show({ view: key as View })}>
          <Tabs.Tab key="roster" title={t('teacher.students.rosterTab')} />
          <Tabs.Tab key="members" title={t('teacher.students.membersTab')} />
        </Tabs>
        {view === 'roster' ? (
          <RosterView sessionId={sessionId} onPick={(id) => show({ sessionId: id })} />
        ) : (
          <MembersView />
        )}
      </div>
    </RoleGate>
  );
}

function RosterView({ sessionId, onPick }: { sessionId?: string; onPick: (id: string) => void }) {
  const { t } = useTranslation();
  const format = useClassFormat();
  const now = useNow(30_000);
  const upcoming = useTeacherSessions('upcoming');
  const past = useTeacherSessions('past', 10);
  const [picking, setPicking] = useState(false);
  const selected = sessionId ?? upcoming.rows.find((s) => s.status === 'scheduled')?._id ?? past.rows[0]?._id;
  const roster = useRoster(selected);

  if (!selected) {
    if (upcoming.isPending || past.isPending) return <PageSkeleton rows={2} />;
    return <ClassesEmpty title={t('teacher.students.noSessions')} />;
  }

  return (
    <>
      <button type="button" className="card session-picker" aria-haspopup="dialog" onClick={() => setPicking(true)}>
        <span className="session-picker-text">
          <span className="secondary">{t('teacher.students.session')}</span>
          <span className="session-picker-name">
            {roster.data ? roster.data.session.course_name : t('common.loading')}
          </span>
          {roster.data && (
            <span className="secondary figures">
              {format.span(roster.data.session.starts_at, roster.data.session.ends_at)} ·{' '}
              {roster.data.session.room_name}
            </span>
          )}
        </span>
        <span className="session-picker-change">
          {t('teacher.students.change')} <DownOutline aria-hidden="true" />
        </span>
      </button>

      {roster.isPending ? (
        <SessionListSkeleton rows={3} />
      ) : roster.error ? (
        <PageError error={roster.error} onRetry={() => void roster.refetch()} />
      ) : (
        <RosterBody roster={roster.data} now={now} format={format} />
      )}

      <Popup visible={picking} onClose={() => setPicking(false)} closeOnMaskClick showCloseButton>
        <div className="sheet" role="dialog" aria-labelledby="pick-session-title">
          <h2 id="pick-session-title" className="sheet-title">
            {t('teacher.students.pick')}
          </h2>
          <PickList
            title={t('teacher.course.tabs.upcoming')}
            rows={upcoming.rows}
            format={format}
            now={now}
            onPick={(id) => {
              setPicking(false);
              onPick(id);
            }}
          />
          <PickList
            title={t('teacher.students.recent')}
            rows={past.rows}
            format={format}
            now={now}
            onPick={(id) => {
              setPicking(false);
              onPick(id);
            }}
          />
        </div>
      </Popup>
    </>
  );
}

function PickList({
  title,
  rows,
  format,
  now,
  onPick,
}: {
  title: string;
  rows: SessionRecord[];
  format: ClassFormat;
  now: number;
  onPick: (id: string) => void;
}) {
  if (rows.length === 0) return null;
  return (
    <>
      <h3 className="sheet-subtitle">{title}</h3>
      <SessionList label={title}>
        {rows.map((s) => (
          <SessionRow
            key={s._id}
            session={s}
            format={format}
            now={now}
            withDay
            variant="teacher"
            onOpen={() => onPick(s._id)}
          />
        ))}
      </SessionList>
    </>
  );
}

function RosterBody({ roster, now, format }: { roster: Roster; now: number; format: ClassFormat }) {
  const { t } = useTranslation();
  const { session, rows, waitlist } = roster;
  const timing = session.status === 'cancelled' ? 'closed' : checkInTiming(session, now);
  const checkedIn = rows.filter((r) => r.checked_in_at).length;

  const timingNote =
    session.status === 'cancelled'
      ? t('status.session.cancelled')
      : timing === 'early'
        ? t('errors.CHECK_IN_NOT_OPEN', { minutes: CHECK_IN_OPENS_BEFORE_MIN })
        : timing === 'closed'
          ? t('errors.CHECK_IN_CLOSED', { minutes: CHECK_IN_CLOSES_AFTER_MIN })
          : null;

  return (
    <>
      <section className="card stack-tight" aria-label={t('teacher.students.byCode')}>
        <CodeEntry
          submitLabel={t('teacher.students.checkIn')}
          onSubmit={async (code) => {
            const reservation = await checkIn({ code });
            showToast(
              t('teacher.students.checkedInFor', {
                course: reservation.session.course_name,
                when: format.dateTime(reservation.session.starts_at),
              }),
            );
          }}
        />
      </section>

      <section className="card roster-card" aria-labelledby="roster-title">
        <div className="roster-head">
          <h2 id="roster-title" className="section-title">
            {t('teacher.students.roster')}
          </h2>
          <span className="secondary figures">
            {t('teacher.students.counts', { booked: rows.length, capacity: session.capacity, checkedIn })}
          </span>
        </div>
        {timingNote && <p className="roster-note">{timingNote}</p>}
        {rows.length === 0 ? (
          <p className="secondary roster-empty">{t('teacher.students.nobody')}</p>
        ) : (
          <ul className="roster-list">
            {rows.map((row) => (
              <RosterRow key={row._id} row={row} canCheckIn={timing === 'open'} format={format} />
            ))}
          </ul>
        )}
      </section>

      {waitlist.length > 0 && (
        <section className="card roster-card" aria-labelledby="waitlist-title">
          <h2 id="waitlist-title" className="section-title">
            {t('teacher.students.waitlist')}
          </h2>
          <ul className="roster-list">
            {waitlist.map((w) => (
              <li className="roster-row" key={w._id}>
                <Avatar src={w.member.avatar} name={w.member.nickname} size={40} />
                <span className="roster-name">{w.member.nickname}</span>
                <StatusTag kind="waitlist" status="waiting">
                  {t('classes.row.waitPosition', { position: w.position })}
                </StatusTag>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function RosterRow({
  row,
  canCheckIn,
  format,
}: {
  row: Roster['rows'][number];
  canCheckIn: boolean;
  format: ClassFormat;
}) {
  const { t } = useTranslation();
  const name = row.member.nickname || t('teacher.students.member');
  const [confirmCheckIn, pending] = useLockedAction(async () => {
    const confirmed = await confirmDialog({
      content: t('teacher.students.checkInConfirm', { name }),
      confirmText: t('teacher.students.checkIn'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    await checkIn({ reservation_id: row._id });
    showToast(t('teacher.students.checkedIn', { name }));
  });
  return (
    <li className="roster-row">
      <Avatar src={row.member.avatar} name={name} size={40} />
      <span className="roster-name">{name}</span>
      {row.checked_in_at ? (
        <StatusTag kind="reservation" status="done">
          {t('teacher.students.checkedInAt', { time: format.time(row.checked_in_at) })}
        </StatusTag>
      ) : row.status === 'registered' && canCheckIn ? (
        <Button
          size="small"
          color="primary"
          className="row-action"
          loading={pending}
          loadingText={t('teacher.students.checkIn')}
          disabled={pending}
          aria-label={t('teacher.students.checkInNamed', { name })}
          onClick={() => void confirmCheckIn()}
        >
          {t('teacher.students.checkIn')}
        </Button>
      ) : (
        <StatusTag kind="reservation" status={row.status} />
      )}
    </li>
  );
}

function MembersView() {
  const { t } = useTranslation();
  const format = useClassFormat();
  const [keyword, setKeyword] = useState('');
  const list = useStudents(keyword);
  return (
    <>
      <SearchField
        className="students-search"
        placeholder={t('teacher.students.search')}
        onSearch={(value) => setKeyword(value.trim())}
        onClear={() => setKeyword('')}
        label={t('teacher.students.search')}
      />
      <PagedList
        source={list}
        skeleton={<PageSkeleton rows={3} />}
        empty={<ClassesEmpty title={keyword ? t('teacher.students.noMatch') : t('teacher.students.noStudents')} />}
      >
        {(rows) => (
          <ul className="card roster-list students-list" aria-label={t('teacher.students.membersTab')}>
            {rows.map((s) => (
              <li className="roster-row" key={s._id}>
                <Avatar src={s.avatar} name={s.nickname || '?'} size={40} />
                <span className="roster-name">
                  <span>{s.nickname}</span>
                  <span className="secondary figures">
                    {t('teacher.students.history', { count: s.session_count, attended: s.attended_count })}
                  </span>
                </span>
                <span className="secondary student-last">{format.date(s.last_session_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
