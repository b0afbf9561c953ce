import { Button, List } from 'antd-mobile';
import { CalendarOutline, ClockCircleOutline, EditSOutline, TeamOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useClassFormat } from '@/shared/classes/class-format';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { classLinks } from '@/shared/classes/links';
import { SessionList, SessionRow } from '@/shared/classes/session-row';
import { useNow } from '@/shared/classes/use-now';
import { navigateTo } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { ListLink } from '@/shared/ui/app-link';
import { Avatar } from '@/shared/ui/avatar';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { useWorkbench } from '../api/workbench';
import { RoleGate } from '../components/role-gate';
import '../components/teacher.css';

/** teacher/workbench: my profile, this month in numbers, my next classes, and the way to each tool. */
export function WorkbenchPage() {
  return (
    <RoleGate need="teacher">
      <Workbench />
    </RoleGate>
  );
}

function Workbench() {
  const { t } = useTranslation();
  const format = useClassFormat();
  const now = useNow();
  const { data, error, isPending, refetch } = useWorkbench();
  if (isPending) return <PageSkeleton rows={3} />;
  if (error) return <PageError error={error} onRetry={() => void refetch()} />;
  const { teacher, counts, next_sessions: next } = data;

  return (
    <div className="stack">
      <section className="card" aria-labelledby="workbench-name">
        <div className="member-row">
          <Avatar src={teacher.photo} name={teacher.name} size={64} />
          <div className="workbench-who">
            <h2 id="workbench-name" className="section-title">
              {teacher.name}
            </h2>
            <p className="secondary">
              {teacher.specialties.length > 0 ? teacher.specialties.join(' · ') : t('teacher.workbench.noSpecialties')}
            </p>
            {!teacher.active && <p className="secondary">{t('teacher.workbench.unpublished')}</p>}
          </div>
        </div>
        <dl className="figures-row">
          <div>
            <dt className="secondary">{t('teacher.workbench.upcoming')}</dt>
            <dd className="figure">{counts.upcoming_sessions}</dd>
          </div>
          <div>
            <dt className="secondary">{t('teacher.workbench.monthHours')}</dt>
            <dd className="figure">{t('teacher.hours.value', { hours: counts.month_hours })}</dd>
          </div>
          <div>
            <dt className="secondary">{t('teacher.workbench.monthSessions')}</dt>
            <dd className="figure">{counts.month_sessions}</dd>
          </div>
          <div>
            <dt className="secondary">{t('teacher.workbench.students')}</dt>
            <dd className="figure">{counts.students}</dd>
          </div>
        </dl>
      </section>

      <List aria-label={t('teacher.workbench.tools')}>
        <ListLink
          to={paths.teacherCourse}
          prefix={<CalendarOutline aria-hidden="true" />}
          title={t('teacher.course.title')}
        />
        <ListLink
          to={paths.teacherStudents}
          prefix={<TeamOutline aria-hidden="true" />}
          title={t('teacher.students.title')}
        />
        <ListLink
          to={paths.teacherClassHours}
          prefix={<ClockCircleOutline aria-hidden="true" />}
          title={t('teacher.hours.title')}
        />
        <ListLink
          to={paths.teacherIntroduction}
          prefix={<EditSOutline aria-hidden="true" />}
          title={t('teacher.introduction.title')}
        />
      </List>

      <h2 className="section-title">{t('teacher.workbench.next')}</h2>
      {next.length > 0 ? (
        <SessionList label={t('teacher.workbench.next')}>
          {next.map((s) => (
            <SessionRow
              key={s._id}
              session={s}
              format={format}
              now={now}
              withDay
              variant="teacher"
              to={classLinks.roster(s._id)}
            />
          ))}
        </SessionList>
      ) : (
        <ClassesEmpty
          title={t('teacher.workbench.noNext')}
          action={
            <Button color="primary" fill="outline" onClick={() => navigateTo(paths.teacherCourse)}>
              {t('teacher.course.title')}
            </Button>
          }
        />
      )}
    </div>
  );
}
