import type { FeedbackSummary } from '@studio/contract/feedback';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ClassesEmpty } from '@/shared/classes/classes-empty';
import { PagedList } from '@/shared/classes/paged-list';
import { useFormat } from '@/shared/format/use-format';
import { navigateTo } from '@/shared/navigation/navigation';
import { useRealtimeEvent } from '@/shared/realtime/use-realtime';
import { AppLink } from '@/shared/ui/app-link';
import { PageSkeleton } from '@/shared/ui/page-states';
import { StatusTag } from '@/shared/ui/status-tag';
import { useMyFeedback } from '../api/feedback';
import { feedbackLinks } from '../components/feedback-labels';
import '../components/feedback.css';

function FeedbackRow({ row }: { row: FeedbackSummary }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li className="card">
      <AppLink to={feedbackLinks.thread(row._id)} className="feedback-row">
        <span className="feedback-row-head">
          <strong>{t(`feedback.categories.${row.category}`)}</strong>
          <StatusTag kind="feedback" status={row.status} />
        </span>
        <p>{row.content}</p>
        <span className="feedback-meta">{format.dateTime(row.updated_at)}</span>
      </AppLink>
    </li>
  );
}

/** My messages: the member's conversations with the studio, each with its status, last active first. */
export function FeedbackListPage() {
  const { t } = useTranslation();
  const source = useMyFeedback();
  useRealtimeEvent('feedbackReplied', () => void source.refresh());
  return (
    <PagedList
      source={source}
      skeleton={<PageSkeleton rows={3} />}
      empty={
        <ClassesEmpty
          title={t('feedback.list.empty')}
          action={
            <Button color="primary" fill="outline" onClick={() => navigateTo(feedbackLinks.write())}>
              {t('feedback.center.write')}
            </Button>
          }
        />
      }
    >
      {(rows) => (
        <ul className="stack feedback-list" aria-label={t('feedback.list.title')}>
          {rows.map((row) => (
            <FeedbackRow key={row._id} row={row} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}
