import { z } from 'zod';
import { interpolate } from './errors';
import type { Locale } from './locale';
import { localeSchema, localizedTextSchema } from './localized-text';
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
  waitlistSkipped: classNotice.extend({ entry_id: z.string() }),
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
 * The notice centre's tabs: every notice type belongs to one (NOTICE_CATEGORY_OF); "All" is no filter.
 * Classes: bookings, waitlists, reminders, packages and credits; orders: orders, refunds, points and
 * coupons; studio: the studio's announcements.
 */
export const NOTICE_CATEGORIES = ['classes', 'orders', 'studio'] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];

/** The tab of each notice type; announcements are the studio's, a type unknown here reads as the studio's too. */
export const NOTICE_CATEGORY_OF: Record<NoticeType, NoticeCategory> = {
  waitlistPromoted: 'classes',
  waitlistSkipped: 'classes',
  reservationCancelled: 'classes',
  sessionCancelled: 'classes',
};
export const noticeCategoryOf = (type: string): NoticeCategory =>
  Object.hasOwn(NOTICE_CATEGORY_OF, type) ? NOTICE_CATEGORY_OF[type as NoticeType] : 'studio';

/**
 * A notice as a member (or a visitor, for public announcements) reads it: a personal notice, written
 * in the reader's language from its type and data, or one of the studio's announcements (`type:
 * "announcement"`, its title and content in the reader's language). `data` names what it is about
 * (`session_id`, `reservation_id`, `entry_id`, `order_no`, `refund_id`, `package_id`, `coupon_id`;
 * an announcement's `link`), so the app can link to it.
 */
export const memberNotification = z.object({
  _id: z.string(),
  type: z.string(),
  category: z.enum(NOTICE_CATEGORIES),
  title: z.string(),
  /** Plain text: the whole of a personal notice; an announcement's content without its markup (the list's preview). */
  body: z.string(),
  /** An announcement's content as sanitised HTML (paragraphs, emphasis, lists, links); absent on personal notices. */
  content: z.string().optional(),
  /** An announcement's picture (an uploaded image's url). */
  image: z.string().optional(),
  /** What the notice is about, e.g. {session_id, reservation_id}: lets the client link to it. */
  data: z.record(z.string(), z.unknown()),
  /** Announcements the studio pinned come first in the list. */
  pinned: z.boolean(),
  read: z.boolean(),
  created_at: isoDateTime,
});
export type MemberNotification = z.infer<typeof memberNotification>;

export const notificationCalls = {
  /** The member's notices and the announcements meant for them, pinned first, then newest first. */
  getMyNotifications: defineCall(
    'client/notice.getMyNotifications',
    z.object({ ...pageQuery, category: z.enum(NOTICE_CATEGORIES).optional() }).strict(),
    paged(memberNotification).extend({ unread: z.number().int() }),
  ),
  /** One notice (personal, or an announcement meant for the member), marked read as it is opened. */
  getInfo: defineCall(
    'client/notice.getInfo',
    z.object({ _id: id }).strict(),
    z.object({ notice: memberNotification, unread: z.number().int() }),
  ),
  markRead: defineCall(
    'client/notice.markRead',
    z.object({ _id: id }).strict(),
    z.object({ unread: z.number().int() }),
  ),
  markAllRead: defineCall('client/notice.markAllRead', z.object({}).strict(), z.object({ unread: z.number().int() })),
  /** The studio's public announcements (audience "all"), for visitors; `read` is always false. */
  pub_getList: defineCall('client/notice.pub_getList', z.object({ ...pageQuery }).strict(), paged(memberNotification)),
  /** One public announcement, for a visitor who opens it. */
  pub_getInfo: defineCall(
    'client/notice.pub_getInfo',
    z.object({ _id: id }).strict(),
    z.object({ notice: memberNotification }),
  ),
} as const;

// ---------------------------------------------------------------------------------------------
// Announcements: what the studio tells its members (back office, notices.manage)
// ---------------------------------------------------------------------------------------------

/** Who an announcement is for: everyone (visitors too), members, members holding a valid package, or members booked on given courses soon. */
export const ANNOUNCEMENT_AUDIENCES = ['all', 'members', 'package_holders', 'course'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
/** An announcement is scheduled until its publish time, then published until staff withdraw it. */
export const ANNOUNCEMENT_STATUSES = ['scheduled', 'published', 'withdrawn'] as const;
export const ANNOUNCEMENT_TITLE_MAX = 100;
export const ANNOUNCEMENT_CONTENT_MAX = 20_000;
/** "Members booked on these courses in the next N days": N's bounds and default. */
export const ANNOUNCEMENT_COURSE_DAYS = { default: 7, min: 1, max: 60 } as const;

const perLanguage = <T extends z.ZodType<string, string>>(value: T) =>
  z
    .partialRecord(localeSchema, value)
    .refine((values) => Object.values(values).some((v) => v !== undefined && v !== ''), {
      message: 'At least one language is required',
    });

export const announcementSaveInput = z
  .object({
    /** Absent: a new announcement; present: that one changed (a withdrawn one cannot be). */
    _id: id.optional(),
    title: perLanguage(z.string().trim().max(ANNOUNCEMENT_TITLE_MAX)),
    /** Rich text (HTML) per language; the server keeps only paragraphs, emphasis, lists, headings and links. */
    content: perLanguage(z.string().max(ANNOUNCEMENT_CONTENT_MAX)),
    audience: z.enum(ANNOUNCEMENT_AUDIENCES),
    /** With audience "course": the courses whose members booked in the next `course_days` days read it. */
    course_ids: z.array(id).max(50).optional(),
    course_days: z.number().int().min(ANNOUNCEMENT_COURSE_DAYS.min).max(ANNOUNCEMENT_COURSE_DAYS.max).optional(),
    pinned: z.boolean().optional(),
    /** Absent or past: published now; future: appears at that time. */
    publish_at: isoDateTime.optional(),
    /** An uploaded image's url, or '' for none. */
    image: z.string().trim().max(500).optional(),
    /** Where the announcement's button leads: an app route (/pages/...) or an https URL; '' for none. */
    link: z.string().trim().max(500).optional(),
  })
  .strict();
export type AnnouncementSaveInput = z.infer<typeof announcementSaveInput>;

/** An announcement as staff manage it: every language's texts, and how many of its audience have read it. */
export const adminAnnouncement = z.object({
  _id: z.string(),
  title: localizedTextSchema,
  content: localizedTextSchema,
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  course_ids: z.array(z.string()),
  course_days: z.number().int(),
  pinned: z.boolean(),
  image: z.string(),
  link: z.string(),
  publish_at: isoDateTime,
  withdrawn_at: isoDateTime.nullable(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  /** Members who opened it. */
  read_count: z.number().int(),
  /** Members it is meant for now (for "all", every member); the "of 120" of "read by 41 of 120". */
  audience_count: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncement>;

const noticesManage = { permission: 'notices.manage' } as const;

export const adminNoticeCalls = {
  save: defineCall('admin/notice.save', announcementSaveInput, z.object({ notice: adminAnnouncement }), noticesManage),
  getList: defineCall(
    'admin/notice.getList',
    z.object({ ...pageQuery, status: z.enum(ANNOUNCEMENT_STATUSES).optional() }).strict(),
    paged(adminAnnouncement),
    noticesManage,
  ),
  withdraw: defineCall(
    'admin/notice.withdraw',
    z.object({ _id: id }).strict(),
    z.object({ notice: adminAnnouncement }),
    noticesManage,
  ),
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
