import type { MemberNotification } from '@studio/contract/notifications';
import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/shared/format/use-format';
import { paths } from '@/shared/navigation/paths';
import { AppLink } from '@/shared/ui/app-link';
import './notices.css';

export const noticeLink = (id: string) => `${paths.noticeDetail}?${new URLSearchParams({ _id: id })}`;

/** The rows of a notice list, one card with dividers (UI.md: lists fast to scan). */
export function NoticeList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="notice-list card" aria-label={label}>
      {children}
    </ul>
  );
}

/**
 * One notice in the list: its title (a link stretched over the row), when it came, two lines of its
 * text, a dot while unread, and a mark on an announcement the studio pinned.
 */
export function NoticeRow({
  notice,
  now,
  showUnread = true,
}: {
  notice: MemberNotification;
  now: number;
  /** Off for a visitor: nothing of theirs is kept read or unread. */
  showUnread?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const unread = showUnread && !notice.read;
  const state = showUnread ? (notice.read ? ' is-read' : ' is-unread') : '';
  return (
    <li className={`notice-row list-link${state}`}>
      <div className="notice-row-head">
        {unread && <span className="notice-dot" aria-hidden="true" />}
        {notice.pinned && <span className="notice-pin">{t('notices.pinned')}</span>}
        <AppLink
          to={noticeLink(notice._id)}
          className="list-link-anchor notice-row-title"
          // The dot says it to the eye; the name says it to a screen reader ("Class cancelled, unread").
          label={unread ? `${notice.title}, ${t('notices.unread')}` : undefined}
        >
          {notice.title}
        </AppLink>
        <time className="notice-time" dateTime={notice.created_at}>
          {format.timeAgo(notice.created_at, now)}
        </time>
      </div>
      {notice.body && <p className="notice-preview">{notice.body}</p>}
    </li>
  );
}

/** Placeholder rows shaped like notices while the first page loads. */
export function NoticeListSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="notice-list card" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder rows
        <div className="notice-row" key={i}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}
