import { z } from 'zod';
import { interpolate } from './errors';
import type { Locale } from './locale';
import { defineCall } from './protocol';
import { id, isoDateTime, paged, pageQuery } from './validators';

// ---------------------------------------------------------------------------------------------
// Notices: stored for the member, and pushed to their sockets as the event of the same name
// ---------------------------------------------------------------------------------------------

/** What every class notice carries: the session, for a link, and what its texts show. */
const classNotice = z.object({ session_id: z.string(), course_name: z.string(), starts_at: isoDateTime });

/**
 * The notices the class domain sends, by type, with their data: the `data` of the stored notice and
 * of the websocket event `{ event: <type>, data }` pushed to the member once the change committed.
 */
export const noticeEvents = {
  /** A seat opened and the waiting member was booked with one of their packages. */
  waitlistPromoted: classNotice.extend({ reservation_id: z.string() }),
  /** A seat opened but none of the waiting member's packages could pay; they stay waiting. */
  waitlistSkipped: classNotice,
  /** Staff cancelled the member's booking; the credit went back. */
  reservationCancelled: classNotice.extend({ reservation_id: z.string() }),
  /** The class was called off: the member's booking (reservation_id) or waitlist place (entry_id) ended. */
  sessionCancelled: z.union([
    classNotice.extend({ reason: z.string(), reservation_id: z.string() }),
    classNotice.extend({ reason: z.string(), entry_id: z.string() }),
  ]),
} as const;

export type NoticeType = keyof typeof noticeEvents;
export const NOTICE_TYPES = Object.keys(noticeEvents) as NoticeType[];

/** A notice of one type with its data, as the server stores and pushes it. */
export type NoticeEvent<T extends NoticeType = NoticeType> = {
  [K in T]: { type: K; data: z.input<(typeof noticeEvents)[K]> };
}[T];

/**
 * A notice stored for one member (waitlist promotion, a class called off...). Title and body are
 * written in the reader's language when read, from the notice's type and data.
 */
export const memberNotification = z.object({
  _id: z.string(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** What the notice is about, e.g. {session_id, reservation_id}: lets the client link to it. */
  data: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  created_at: isoDateTime,
});
export type MemberNotification = z.infer<typeof memberNotification>;

export const notificationCalls = {
  getMyNotifications: defineCall(
    'client/notice.getMyNotifications',
    z.object({ ...pageQuery }).strict(),
    paged(memberNotification).extend({ unread: z.number().int() }),
  ),
  markRead: defineCall('client/notice.markRead', z.object({ _id: id }).strict(), z.object({})),
} as const;

type Messages = Record<Locale, string>;
const m = (en: string, zhHans: string, zhHant: string): Messages => ({ en, 'zh-Hans': zhHans, 'zh-Hant': zhHant });

/**
 * Texts of the notice types; `{when}` is the class start formatted for the reader, other
 * placeholders come from the notice's data (a test holds them to the fields of noticeEvents).
 */
export const NOTICE_TEXTS: Record<NoticeType, { title: Messages; body: Messages }> = {
  waitlistPromoted: {
    title: m('You got a seat', '候补成功', '候補成功'),
    body: m(
      'A seat opened in {course_name} on {when} and you are now booked. One credit was used.',
      '{course_name}（{when}）有空位，你已自动预约成功，已扣除 1 次课时。',
      '{course_name}（{when}）有空位，你已自動預約成功，已扣除 1 次課時。',
    ),
  },
  waitlistSkipped: {
    title: m('A seat opened, but you have no valid package', '有空位，但你没有可用课包', '有空位，但你沒有可用課包'),
    body: m(
      'A seat opened in {course_name} on {when}, but none of your packages can book it. You stay on the waitlist: get a package to be booked next time.',
      '{course_name}（{when}）有空位，但你没有可用于此课程的有效课包。你仍在候补名单中，购买课包后可在下次空位时自动预约。',
      '{course_name}（{when}）有空位，但你沒有可用於此課程的有效課包。你仍在候補名單中，購買課包後可在下次空位時自動預約。',
    ),
  },
  reservationCancelled: {
    title: m('Your booking was cancelled', '你的预约已被取消', '你的預約已被取消'),
    body: m(
      'The studio cancelled your booking for {course_name} on {when}. Your credit has been returned.',
      '门店已取消你在 {when} 的 {course_name} 预约，课时已退回。',
      '門店已取消你在 {when} 的 {course_name} 預約，課時已退回。',
    ),
  },
  sessionCancelled: {
    title: m('Class cancelled', '课程已取消', '課程已取消'),
    body: m(
      '{course_name} on {when} has been cancelled: {reason}. Any credit you used has been returned.',
      '{when} 的 {course_name} 已取消：{reason}。已使用的课时已退回。',
      '{when} 的 {course_name} 已取消：{reason}。已使用的課時已退回。',
    ),
  },
};

/** Title and body of a notice in the reader's language; unknown types fall back to the stored text. */
export function noticeText(
  type: string,
  locale: Locale,
  params: Record<string, string | number>,
  fallback: { title: string; body: string },
): { title: string; body: string } {
  const texts = Object.hasOwn(NOTICE_TEXTS, type) ? NOTICE_TEXTS[type as NoticeType] : undefined;
  if (!texts) return fallback;
  return { title: interpolate(texts.title[locale], params), body: interpolate(texts.body[locale], params) };
}
