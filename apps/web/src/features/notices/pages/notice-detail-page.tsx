import type { MemberNotification } from '@studio/contract/notifications';
import { Button } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormat } from '@/shared/format/use-format';
import { navigateTo } from '@/shared/navigation/navigation';
import { webViewLink } from '@/shared/navigation/web-view-link';
import { useIsLoggedIn } from '@/shared/session/session';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { useNotice } from '../api/notices';
import { type NoticeTarget, noticeTarget, withAppLinks } from '../components/notice-target';
import '@/shared/classes/classes.css';
import '../components/notices.css';

/** notice/detail?_id=: the whole notice, marked read as it opens, and one button to what it is about. */
export function NoticeDetailPage() {
  const [params] = useSearchParams();
  const loggedIn = useIsLoggedIn();
  const notice = useNotice(params.get('_id') ?? '', loggedIn);
  if (notice.isPending) return <PageSkeleton rows={1} />;
  if (notice.error) return <PageError error={notice.error} onRetry={() => void notice.refetch()} />;
  return <NoticeView notice={notice.data} />;
}

function NoticeView({ notice }: { notice: MemberNotification }) {
  const { t } = useTranslation();
  const format = useFormat();
  const target = noticeTarget(notice);
  const content = useMemo(() => (notice.content ? withAppLinks(notice.content) : ''), [notice.content]);
  return (
    <>
      <article className="card notice-detail" aria-labelledby="notice-title">
        {notice.image && <img className="notice-image" src={notice.image} alt="" />}
        {(notice.type === 'announcement' || notice.pinned) && (
          <p className="notice-tags">
            {notice.type === 'announcement' && <span className="chip">{t('notices.announcement')}</span>}
            {notice.pinned && <span className="notice-pin">{t('notices.pinned')}</span>}
          </p>
        )}
        <h2 id="notice-title" className="notice-title">
          {notice.title}
        </h2>
        <time className="secondary" dateTime={notice.created_at}>
          {format.dateTime(notice.created_at)}
        </time>
        {content ? (
          <div
            className="notice-content"
            // Sanitised by the server (contract: paragraphs, emphasis, lists, headings and links only).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the announcement's rich text, sanitised server-side
            dangerouslySetInnerHTML={{ __html: content }}
          />
        ) : (
          <p className="notice-body">{notice.body}</p>
        )}
      </article>
      {target && (
        <>
          <div className="action-bar-spacer" />
          <div className="action-bar">
            <Button block color="primary" size="large" onClick={() => open(target)}>
              {t(`notices.open.${target.kind}`)}
            </Button>
          </div>
        </>
      )}
    </>
  );
}

function open(target: NoticeTarget): void {
  // A studio's link opens in the web-view page: inside the app when its host is allowed, else asked about.
  void navigateTo(target.external ? webViewLink(target.to) : target.to);
}
