import { type NoticeLink, noticeLink } from '@studio/contract/notice-links';
import type { MemberNotification } from '@studio/contract/notifications';

/** What a notice's button opens: a page of the app, or (an announcement's link) a web page in a new tab. */
export type NoticeTarget = NoticeLink;

/**
 * Where a notice leads, read from its data: the contract's one mapping (notice-links.ts), which the
 * server's e-mails and push notifications follow too.
 */
export const noticeTarget = (notice: Pick<MemberNotification, 'data'>): NoticeTarget | null => noticeLink(notice.data);

/**
 * An announcement's links made to work here: an app route (`/pages/...`) becomes the hash-router's
 * link (the bare path would leave the app), any other link opens in a new tab.
 */
export function withAppLinks(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const anchor of doc.body.querySelectorAll('a[href]')) {
    const href = anchor.getAttribute('href') ?? '';
    if (href.startsWith('/') && !href.startsWith('//')) {
      anchor.setAttribute('href', `#${href}`);
    } else {
      anchor.setAttribute('target', '_blank');
      anchor.setAttribute('rel', 'noopener noreferrer');
    }
  }
  return doc.body.innerHTML;
}
