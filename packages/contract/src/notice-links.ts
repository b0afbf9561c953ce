/*
 * Where a notice leads in the member app, read from its data (contract notifications: `data` names
 * what a notice is about). One mapping for the app's notice pages, the e-mail's button and the
 * push notification's click. Zod-free: the app's shell and its service worker may import it.
 */

/** The member app's routes a notice may open (apps/web shared/navigation/paths.ts names the same). */
export const NOTICE_ROUTES = {
  session: '/pages/course/detail',
  order: '/pages/user/order/info',
  package: '/pages/course/purchased',
  coupon: '/pages/coupon/list',
  notice: '/pages/notice/detail',
  feedback: '/pages/service-center/thread',
} as const;

/** What a notice opens: an app route (`/pages/...?...`), or (an announcement's link) an https page. */
export type NoticeLink =
  | { kind: 'session' | 'order' | 'refund' | 'package' | 'coupon' | 'feedback' | 'link'; to: string; external?: false }
  | { kind: 'link'; to: string; external: true };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const withQuery = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

/** An app route (`/pages/...`, not `//host`) or an https URL; anything else links nowhere. */
function linkOf(link: string): NoticeLink | null {
  if (link.startsWith('/') && !link.startsWith('//')) return { kind: 'link', to: link };
  try {
    if (new URL(link).protocol === 'https:') return { kind: 'link', to: link, external: true };
  } catch {
    // Not a URL.
  }
  return null;
}

/**
 * Where a notice's data leads. The most specific thing wins: a refund over its order, a package or
 * coupon over the order that brought it, the class of a class notice; an explicit `link` over all.
 * The refund's progress is shown on its order's page. Null: nothing beyond the notice itself.
 */
export function noticeLink(data: Record<string, unknown>): NoticeLink | null {
  const link = text(data.link);
  if (link) return linkOf(link);
  const feedbackId = text(data.feedback_id);
  if (feedbackId) return { kind: 'feedback', to: withQuery(NOTICE_ROUTES.feedback, { _id: feedbackId }) };
  const orderNo = text(data.order_no);
  if (text(data.refund_id) && orderNo)
    return { kind: 'refund', to: withQuery(NOTICE_ROUTES.order, { order_no: orderNo }) };
  if (text(data.package_id)) return { kind: 'package', to: NOTICE_ROUTES.package };
  if (text(data.coupon_id)) return { kind: 'coupon', to: withQuery(NOTICE_ROUTES.coupon, { tab: 'usable' }) };
  const sessionId = text(data.session_id);
  if (sessionId) return { kind: 'session', to: withQuery(NOTICE_ROUTES.session, { _id: sessionId }) };
  if (orderNo) return { kind: 'order', to: withQuery(NOTICE_ROUTES.order, { order_no: orderNo }) };
  return null;
}

/** The notice's own page (its detail in the notice centre). */
export const noticePageRoute = (noticeId: string): string => withQuery(NOTICE_ROUTES.notice, { _id: noticeId });

/**
 * The address a notice opens from outside the app (an e-mail's button, a push notification's click):
 * `base` + `/#` + the app route (the app's hash router), or the https page itself. A notice with
 * nowhere else to go opens its own page.
 */
export function noticeUrl(base: string, noticeId: string, data: Record<string, unknown>): string {
  const link = noticeLink(data);
  if (link?.external) return link.to;
  return `${base.replace(/\/$/, '')}/#${link?.to ?? noticePageRoute(noticeId)}`;
}
