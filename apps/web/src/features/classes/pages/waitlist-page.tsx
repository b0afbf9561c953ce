import { useCallMutation } from '@studio/client/mutation';
import { WAITLIST_STATUSES, type WaitlistStatus } from '@studio/contract/flow';
import type { WaitlistEntryRecord } from '@studio/contract/reservations';
import { Button, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useClassFormat } from '@/shared/classes/class-format';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { SessionList, SessionListSkeleton, SessionRow } from '@/shared/classes/session-row';
import { useNow } from '@/shared/classes/use-now';
import { switchTab } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { useTabParam } from '@/shared/navigation/use-tab-param';
import { showToast } from '@/shared/ui/feedback';
import { StatusTag } from '@/shared/ui/status-tag';
import { leaveWaitlist } from '../api/booking';
import { useMyWaitlist } from '../api/waitlist';
import '../components/classes-pages.css';
import { confirmDialog } from '@/shared/ui/confirm-dialog';

/** course/wait: where I wait (live position), and the entries that were promoted or ended. */
export function WaitlistPage() {
  const { t } = useTranslation();
  const [tab, selectTab] = useTabParam(WAITLIST_STATUSES, 'waiting');
  return (
    <div className="stack">
      <Tabs className="list-tabs" activeKey={tab} onChange={selectTab}>
        {WAITLIST_STATUSES.map((status) => (
          <Tabs.Tab key={status} title={t(`classes.waitlist.tabs.${status}`)} />
        ))}
      </Tabs>
      <WaitlistList key={tab} status={tab} />
    </div>
  );
}

function WaitlistList({ status }: { status: WaitlistStatus }) {
  const { t } = useTranslation();
  const format = useClassFormat();
  const now = useNow();
  const list = useMyWaitlist(status);

  return (
    <PagedList
      source={list}
      skeleton={<SessionListSkeleton rows={3} />}
      empty={
        <ClassesEmpty
          title={t(`classes.waitlist.empty.${status}`)}
          text={status === 'waiting' ? t('classes.waitlist.emptyText') : undefined}
          action={
            <Button color="primary" fill="outline" onClick={() => switchTab(paths.reservation)}>
              {t('classes.browse')}
            </Button>
          }
        />
      }
    >
      {(rows) => (
        <SessionList label={t(`classes.waitlist.tabs.${status}`)}>
          {rows.map((entry) => (
            <SessionRow
              key={entry._id}
              session={entry.session}
              format={format}
              now={now}
              withDay
              side={<EntrySide entry={entry} />}
            />
          ))}
        </SessionList>
      )}
    </PagedList>
  );
}

/** The entry's state, and for a waiting one its place and the way out. */
function EntrySide({ entry }: { entry: WaitlistEntryRecord }) {
  const { t } = useTranslation();
  // A mutation, as on the class page: pending, the button spins and a second tap sends nothing.
  const leaveMutation = useCallMutation(leaveWaitlist, { onSuccess: () => showToast(t('classes.detail.leftToast')) });
  const leaving = leaveMutation.isPending;
  async function leave(): Promise<void> {
    const confirmed = await confirmDialog({
      content: t('classes.detail.leaveConfirm'),
      confirmText: t('classes.detail.leaveConfirmYes'),
      cancelText: t('classes.detail.stay'),
    });
    if (confirmed && !leaveMutation.isPending) leaveMutation.mutate(entry._id);
  }
  if (entry.status !== 'waiting') return <StatusTag kind="waitlist" status={entry.status} />;
  return (
    <>
      <StatusTag kind="waitlist" status="waiting">
        {entry.position ? t('classes.row.waitPosition', { position: entry.position }) : undefined}
      </StatusTag>
      <Button
        className="row-action"
        size="small"
        color="primary"
        fill="outline"
        loading={leaving}
        loadingText={t('classes.waitlist.leave')}
        disabled={leaving}
        aria-label={t('classes.waitlist.leaveNamed', { course: entry.session.course_name })}
        onClick={() => void leave()}
      >
        {t('classes.waitlist.leave')}
      </Button>
    </>
  );
}
