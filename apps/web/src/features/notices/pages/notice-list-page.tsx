import type { MemberNotification } from '@studio/contract/notifications';
import { Button, Tabs } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListSource } from '@/shared/api/paged';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { useNow } from '@/shared/classes/use-now';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { loginUrl, navigateTo, switchTab } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { useTabParam } from '@/shared/navigation/use-tab-param';
import { useUnreadNotices } from '@/shared/notices/unread-notices';
import { useIsLoggedIn } from '@/shared/session/session';
import { showToast } from '@/shared/ui/feedback';
import { markAllNoticesRead, NOTICE_TABS, type NoticeTab, useMyNotices, usePublicNotices } from '../api/notices';
import { NoticeList, NoticeListSkeleton, NoticeRow } from '../components/notice-row';

/** notice/list: a member's notices by tab (All / Classes / Orders / Studio); a visitor's, the public announcements. */
export function NoticeListPage() {
  return useIsLoggedIn() ? <MemberNotices /> : <VisitorNotices />;
}

function MemberNotices() {
  const { t } = useTranslation();
  const [tab, selectTab] = useTabParam(NOTICE_TABS, 'all');
  const unread = useUnreadNotices();
  const [markAll, marking] = useLockedAction(async () => {
    await markAllNoticesRead();
    showToast(t('notices.markedAllRead'));
  });
  return (
    <div className="stack">
      <Tabs className="list-tabs" activeKey={tab} onChange={selectTab}>
        {NOTICE_TABS.map((key) => (
          <Tabs.Tab key={key} title={t(`notices.tabs.${key}`)} />
        ))}
      </Tabs>
      {unread > 0 && (
        <Button
          className="notice-mark-all"
          fill="none"
          color="primary"
          size="small"
          loading={marking}
          onClick={() => void markAll()}
        >
          <CheckOutline aria-hidden="true" /> {t('notices.markAllRead')}
        </Button>
      )}
      <MemberTab key={tab} tab={tab} />
    </div>
  );
}

function MemberTab({ tab }: { tab: NoticeTab }) {
  const { t } = useTranslation();
  const source = useMyNotices(tab);
  const action =
    tab === 'orders' ? (
      <Button color="primary" fill="outline" onClick={() => switchTab(paths.order)}>
        {t('notices.shop')}
      </Button>
    ) : tab === 'studio' ? undefined : (
      <Button color="primary" fill="outline" onClick={() => switchTab(paths.reservation)}>
        {t('notices.browse')}
      </Button>
    );
  return (
    <Notices
      source={source}
      label={t('notices.listLabel', { tab: t(`notices.tabs.${tab}`) })}
      empty={
        <ClassesEmpty
          title={t(`notices.empty.${tab}`)}
          text={tab === 'studio' ? undefined : t('notices.emptyText')}
          action={action}
        />
      }
    />
  );
}

function VisitorNotices() {
  const { t } = useTranslation();
  const source = usePublicNotices();
  return (
    <div className="stack">
      <section className="card notice-visitor">
        <p>{t('notices.visitor.text')}</p>
        <Button color="primary" fill="outline" size="small" onClick={() => navigateTo(loginUrl(paths.noticeList))}>
          {t('notices.visitor.login')}
        </Button>
      </section>
      <Notices
        source={source}
        label={t('notices.visitor.title')}
        empty={<ClassesEmpty title={t('notices.visitor.empty')} />}
        showUnread={false}
      />
    </div>
  );
}

function Notices({
  source,
  label,
  empty,
  showUnread,
}: {
  source: ListSource<MemberNotification>;
  label: string;
  empty: ReactNode;
  showUnread?: boolean;
}) {
  const now = useNow();
  return (
    <PagedList source={source} skeleton={<NoticeListSkeleton />} empty={empty}>
      {(rows) => (
        <NoticeList label={label}>
          {rows.map((notice) => (
            <NoticeRow key={notice._id} notice={notice} now={now} showUnread={showUnread} />
          ))}
        </NoticeList>
      )}
    </PagedList>
  );
}
