import { formatDateTime } from '@studio/contract/format';
import { resolveLocale } from '@studio/contract/locale';
import { type MchInfo, merchantCalls } from '@studio/contract/merchant';
import { NOTICE_CATEGORY_OF, type NoticeType } from '@studio/contract/notifications';
import type { WsEventMessage } from '@studio/contract/realtime';
import i18n from '@/i18n/i18n';
import { queryClient } from '@/shared/api/query-client';
import { invalidateClassData } from '@/shared/classes/class-queries';
import './realtime.css';

/** A notice about classes, bookings, waitlists or packages: what it says may have changed class pages. */
const isClassNotice = (event: string): event is NoticeType =>
  Object.hasOwn(NOTICE_CATEGORY_OF, event) && NOTICE_CATEGORY_OF[event as NoticeType] === 'classes';

/**
 * The class events that change the member's day without their doing: told at once in a toast too
 * (`realtime.<event>`). Others (a reminder, a package issued) wait in the notice centre, by its bell.
 */
const TOASTED: ReadonlySet<string> = new Set<NoticeType>([
  'waitlistPromoted',
  'waitlistSkipped',
  'reservationCancelled',
  'sessionCancelled',
]);

/** What the toasted events carry (their schemas in the contract); only a class called off has a reason. */
type ClassEventData = Partial<{ course_name: string; starts_at: string; reason: string }>;

/** A class start as the member reads it, in the studio's timezone once the merchant info has loaded. */
function whenText(startsAt: string): string {
  // Read from the cache rather than subscribing: the shell does not hold the merchant query itself.
  const cached = queryClient.getQueryData<{ mchInfo: MchInfo }>([merchantCalls.getMchInfo.url, {}]);
  return formatDateTime(startsAt, resolveLocale(i18n.language), cached?.mchInfo.timezone);
}

/**
 * Something the member did not do themselves needs longer than the 1500 ms of a feedback toast to
 * be read; antd-mobile's toast also breaks words anywhere, which cuts times like "18:30" in two.
 */
const PUSH_TOAST_MS = 4000;

async function showPushToast(text: string): Promise<void> {
  const Toast = (await import('antd-mobile/es/components/toast')).default;
  Toast.show({ content: <span className="push-toast">{text}</span>, duration: PUSH_TOAST_MS });
}

/**
 * A pushed class notice (a waitlist promotion, a booking or class cancelled by the studio, a package
 * issued): every class query refetches, so my reservations, waitlist, packages, the schedule and an
 * open detail page show the change, and for the ones that change the member's day a toast says what
 * happened. Answers whether the event was a class event.
 */
export function handleClassEvent(message: WsEventMessage): boolean {
  if (!isClassNotice(message.event)) return false;
  void invalidateClassData();
  if (!TOASTED.has(message.event)) return true;
  const data = (message.data ?? {}) as ClassEventData;
  void showPushToast(
    i18n.t(`realtime.${message.event}`, {
      course: data.course_name ?? '',
      when: data.starts_at ? whenText(data.starts_at) : '',
      reason: data.reason ?? '',
    }),
  );
  return true;
}

/**
 * What the shop's pushes make stale, by event (order pages and counts, the wallet, the user info's
 * balance): named by url so that the shell needs no shop code to refetch them.
 */
const SHOP_EVENT_QUERIES: Record<string, string[]> = {
  orderChanged: [
    'client/order.getList',
    'client/order.getCounts',
    'client/order.getInfo',
    'client/course.getMyPackages',
  ],
  walletChanged: ['client/wallet.getBalance', 'client/wallet.getLedger', 'client/user.getMyInfo'],
};

/** An order or the wallet changed (paid by a provider, shipped, cancelled by its countdown): its queries refetch. */
export function handleShopEvent(message: WsEventMessage): boolean {
  const urls = SHOP_EVENT_QUERIES[message.event];
  if (!urls) return false;
  for (const url of urls) void queryClient.invalidateQueries({ queryKey: [url] });
  return true;
}
