import { FEEDBACK_REPLY_MAX, type FeedbackStatus } from '@studio/contract/feedback-core';
import { Button, ImageViewer, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormat } from '@/shared/format/use-format';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { navigateTo } from '@/shared/navigation/navigation';
import { useRealtimeEvent } from '@/shared/realtime/use-realtime';
import { showToast } from '@/shared/ui/feedback';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { StatusTag } from '@/shared/ui/status-tag';
import { useFeedbackThread, useFeedbackWrites } from '../api/feedback';
import { feedbackLinks } from '../components/feedback-labels';
import '../components/feedback.css';

/**
 * One conversation with the studio (?_id=): the member's message with its photos, then the studio's
 * replies and the member's follow-ups in order, and a box to follow up (a closed one offers a new
 * message instead). A notice of the studio's reply opens this page.
 */
export function FeedbackThreadPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [params] = useSearchParams();
  const id = params.get('_id') ?? '';
  const thread = useFeedbackThread(id);
  // The studio's reply arrives while the conversation is open: it shows without a reload.
  useRealtimeEvent('feedbackReplied', (message) => {
    if ((message.data as { feedback_id?: string } | undefined)?.feedback_id === id) void thread.refetch();
  });
  const writes = useFeedbackWrites();
  const [draft, setDraft] = useState('');
  const [send, sending] = useLockedAction(async () => {
    if (!draft.trim()) return;
    await writes.reply(id, draft.trim());
    setDraft('');
    showToast(t('feedback.write.sent'));
  });

  if (thread.isPending) return <PageSkeleton rows={3} />;
  if (thread.error) return <PageError error={thread.error} onRetry={() => void thread.refetch()} />;
  const f = thread.data;
  const status: FeedbackStatus = f.status;

  return (
    <div className="stack">
      <section className="card">
        <div className="feedback-row-head">
          <h2 className="section-title">{t(`feedback.categories.${f.category}`)}</h2>
          <StatusTag kind="feedback" status={status} />
        </div>
        {f.order_no && <p className="feedback-meta">{t('feedback.write.aboutOrder', { no: f.order_no })}</p>}
        {f.reservation_id && <p className="feedback-meta">{t('feedback.write.aboutClass')}</p>}
      </section>
      <ol className="feedback-thread" aria-label={t('feedback.thread.messages')}>
        <li className="feedback-bubble from-member">
          <span className="feedback-meta">
            {t('feedback.thread.you')} · {format.dateTime(f.created_at)}
          </span>
          {f.content}
          {f.images.length > 0 && (
            <span className="feedback-images">
              {f.images.map((url, index) => (
                <button
                  key={url}
                  type="button"
                  className="feedback-image"
                  aria-label={t('common.photos.view', { n: index + 1 })}
                  onClick={() => ImageViewer.Multi.show({ images: f.images, defaultIndex: index })}
                >
                  <img src={url} alt={t('common.photos.photo', { n: index + 1 })} />
                </button>
              ))}
            </span>
          )}
        </li>
        {f.messages.map((m) => (
          <li key={m._id} className={`feedback-bubble ${m.author === 'member' ? 'from-member' : 'from-studio'}`}>
            <span className="feedback-meta">
              {m.author === 'member' ? t('feedback.thread.you') : t('feedback.thread.studio')} ·{' '}
              {format.dateTime(m.created_at)}
            </span>
            {m.content}
          </li>
        ))}
      </ol>
      {status === 'closed' ? (
        <section className="card">
          <p>{t('feedback.thread.closed')}</p>
          <Button color="primary" fill="outline" onClick={() => navigateTo(feedbackLinks.write())}>
            {t('feedback.center.write')}
          </Button>
        </section>
      ) : (
        <form
          className="card stack"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <label className="section-title" htmlFor="feedback-follow-up">
            {t('feedback.thread.followUp')}
          </label>
          <TextArea
            id="feedback-follow-up"
            value={draft}
            onChange={setDraft}
            rows={3}
            maxLength={FEEDBACK_REPLY_MAX}
            placeholder={t('feedback.thread.placeholder')}
          />
          <Button color="primary" type="submit" loading={sending} disabled={!draft.trim()}>
            {t('feedback.thread.send')}
          </Button>
        </form>
      )}
    </div>
  );
}
