import { SESSION_SCOPES, type SessionScope } from '@studio/contract/teacher';
import { PullToRefresh, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useClassFormat } from '@/shared/classes/class-format';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { InfiniteListEnd } from '@/shared/classes/infinite-list-end';
import { classLinks } from '@/shared/classes/links';
import { SessionList, SessionListSkeleton, SessionRow } from '@/shared/classes/session-row';
import { useNow } from '@/shared/classes/use-now';
import { useTabParam } from '@/shared/navigation/use-tab-param';
import { PageError } from '@/shared/ui/page-states';
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
  if (list.isPending) return <SessionListSkeleton rows={4} />;
  if (list.error && list.rows.length === 0) return <PageError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.rows.length === 0) return <ClassesEmpty title={t(`teacher.course.empty.${scope}`)} />;
  return (
    <PullToRefresh
      onRefresh={async () => {
        await list.refetch();
      }}
      pullingText={t('classes.pull.pulling')}
      canReleaseText={t('classes.pull.release')}
      refreshingText={t('classes.pull.refreshing')}
      completeText={t('classes.pull.done')}
    >
      <SessionList label={t(`teacher.course.tabs.${scope}`)}>
        {list.rows.map((s) => (
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
      <InfiniteListEnd hasMore={list.hasNextPage} loadMore={() => list.fetchNextPage({ throwOnError: true })} />
    </PullToRefresh>
  );
}
