import { SESSION_SCOPES, type SessionScope } from '@studio/contract/teacher';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useClassFormat } from '@/shared/classes/class-format';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { classLinks } from '@/shared/classes/links';
import { PagedList } from '@/shared/classes/paged-list';
import { SessionList, SessionListSkeleton, SessionRow } from '@/shared/classes/session-row';
import { useNow } from '@/shared/classes/use-now';
import { useTabParam } from '@/shared/navigation/use-tab-param';
import { useTeacherSessions } from '../api/sessions';
import { RoleGate } from '../components/role-gate';
import '../components/teacher.css';

/** teacher/course: my own sessions, upcoming and past; each opens its roster. */
export function CoursePage() {
  const { t } = useTranslation();
  const [scope, selectTab] = useTabParam(SESSION_SCOPES, 'upcoming');
  return (
    <RoleGate need="teacher">
      <div className="stack">
        <Tabs className="list-tabs" activeKey={scope} onChange={selectTab}>
          {SESSION_SCOPES.map((s) => (
            <Tabs.Tab key={s} title={t(`teacher.course.tabs.${s}`)} />
          ))}
        </Tabs>
        <SessionsList key={scope} scope={scope} />
      </div>
    </RoleGate>
  );
}

function SessionsList({ scope }: { scope: SessionScope }) {
  const { t } = useTranslation();
  const format = useClassFormat();
  const now = useNow();
  const list = useTeacherSessions(scope);
  return (
    <PagedList
      source={list}
      skeleton={<SessionListSkeleton rows={4} />}
      empty={<ClassesEmpty title={t(`teacher.course.empty.${scope}`)} />}
    >
      {(rows) => (
        <SessionList label={t(`teacher.course.tabs.${scope}`)}>
          {rows.map((s) => (
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
      )}
    </PagedList>
  );
}
