import type { MemberNotification } from '@studio/contract/notifications';
import { classLinks } from '@/shared/classes/links';
import { paths } from '@/shared/navigation/paths';

/** What a notice's button opens: a page of the app, or (an announcement's link) a web page in a new tab. */
export type NoticeTarget =
  | { kind: 'session' | 'order' | 'refund' | 'package' | 'coupon' | 'link'; to: string; external?: false }
  | { kind: 'link'; to: string; external: true };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const orderPage = (orderNo: string) => `${paths.orderInfo}?${new URLSearchParams({ order_no: orderNo })}`;

/** An app route (`/pages/...`, not `//host`) or an https URL; anything else links nowhere. */
function linkTarget(link: string): NoticeTarget | null {
  if (link.startsWith('/') && !link.startsWith('//')) return { kind: 'link', to: link };
  try {
    if (new URL(link).protocol === 'https:') return { kind: 'link', to: link, external: true };
  } catch {
    // Not a URL.
  }
  return null;
}

/**
 * Where a notice leads, read from its data (contract: `data` names what the notice is about). The most
 * specific thing wins: a refund over its order, a package or coupon over the order that brought it,
 * and the class of a class notice. The refund's progress is shown on its order's page.
 */
export function noticeTarget(notice: Pick<MemberNotification, 'data'>): NoticeTarget | null {
  const { data } = notice;
  const link = text(data.link);
  if (link) return linkTarget(link);
  const orderNo = text(data.order_no);
  if (text(data.refund_id) && orderNo) return { kind: 'refund', to: orderPage(orderNo) };
  if (text(data.package_id)) return { kind: 'package', to: paths.coursePurchased };
  if (text(data.coupon_id)) return { kind: 'coupon', to: `${paths.couponList}?tab=usable` };
  const sessionId = text(data.session_id);
  if (sessionId) return { kind: 'session', to: classLinks.session(sessionId) };
  if (orderNo) return { kind: 'order', to: orderPage(orderNo) };
  return null;
}

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
