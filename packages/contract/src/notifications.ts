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
/** What every order notice carries: the order, for a link. */
const orderNotice = z.object({ order_no: z.string() });
/** Money in minor units, shown in the studio's currency. */
const amount = z.number().int();
/** A name staff wrote: the studio's default language's value, and every language's (texts use the reader's). */
const named = z.object({ name: z.string(), name_i18n: localizedTextSchema.optional() });

/**
 * The notices members get, by type, with their data: the `data` of the stored notice and of the
 * websocket event `{ event: <type>, data }` pushed to the member once the change committed. Each is
 * written from one domain event (server notifications/subscribers.ts); its data names what it is
 * about (`session_id`, `reservation_id`, `entry_id`, `order_no`, `refund_id`, `package_id`,
 * `coupon_id`) so the app links to it, and holds what its texts show.
 */
export const noticeEvents = {
  /** A seat opened and the waiting member was booked with one of their packages. */
  waitlistPromoted: classNotice.extend({ reservation_id: z.string() }),
  /** A seat opened but none of the waiting member's packages could pay; they stay waiting. */
  waitlistSkipped: classNotice.extend({ entry_id: z.string() }),
  /** Staff booked the member into a class at the desk. */
  reservationAdded: classNotice.extend({ reservation_id: z.string() }),
  /** Staff cancelled the member's booking; the credit went back. */
  reservationCancelled: classNotice.extend({ reservation_id: z.string() }),
  /** The class was called off: the member's booking (reservation_id) or waitlist place (entry_id) ended. */
  sessionCancelled: z.union([
    classNotice.extend({ reason: z.string(), reservation_id: z.string() }),
    classNotice.extend({ reason: z.string(), entry_id: z.string() }),
  ]),
  /** The member's class starts in `class_reminder_hours` (a studio setting). */
  classReminder: classNotice.extend({ reservation_id: z.string() }),
  /** The class started with the member still waiting: their place ended, no credit used. */
  waitlistDropped: classNotice.extend({ entry_id: z.string() }),
  /** The member's order was paid. */
  orderPaid: orderNotice.extend({ amount }),
  /** The order left the studio with a carrier. */
  orderShipped: orderNotice.extend({ carrier: z.string(), tracking_no: z.string() }),
  /** A pickup order waits at the desk for its code. */
  orderReadyForPickup: orderNotice.extend({ pickup_code: z.string() }),
  /** A goods order completed (received, collected); a package order completes as its packages are issued (packageIssued). */
  orderCompleted: orderNotice,
  /** An unpaid order cancels itself at `expires_at` (told `unpaid_notice_minutes` before). */
  orderExpiring: orderNotice.extend({ amount, expires_at: isoDateTime }),
  /** A refund was approved; `to` is where the money goes: wallet, desk (handed back at the studio), card (the provider that took it), none (nothing was paid in money). */
  refundApproved: orderNotice.extend({
    refund_id: z.string(),
    amount,
    to: z.string(),
    /** What staff wrote to the member when approving (absent or '' when nothing). */
    message: z.string().optional(),
  }),
  /** Staff refused the member's refund application, with their reason. */
  refundRefused: orderNotice.extend({ refund_id: z.string(), reason: z.string() }),
  /** A package of `class_count` credits was issued (bought: `order_no`); `expires_at` null: it never expires. */
  packageIssued: named.extend({
    package_id: z.string(),
    class_count: z.number().int(),
    expires_at: isoDateTime.nullable(),
    order_no: z.string().nullable().optional(),
  }),
  /** A package with `remaining` credits expires at `expires_at` (told `package_expiry_notice_days` before). */
  packageExpiring: named.extend({ package_id: z.string(), remaining: z.number().int(), expires_at: isoDateTime }),
  /** The package's last credit was used. */
  packageUsedUp: named.extend({ package_id: z.string() }),
  /** An inviter's reward for a member they invited (their first paid order completed); `link`: My invitation. */
  inviteRewarded: z.object({
    invitee_name: z.string(),
    points: z.number().int(),
    coupon_name: z.string(),
    link: z.string(),
  }),
  /** Points credited for a completed order (`order_no`); `balance` is the points held after. */
  pointsEarned: orderNotice.extend({ points: z.number().int(), balance: z.number().int() }),
  /** An unused coupon (the member's copy, `coupon_id`) expires at `expires_at` (told `coupon_expiry_notice_days` before). */
  couponExpiring: named.extend({ coupon_id: z.string(), expires_at: isoDateTime }),
  /** The studio replied to the member's message (`feedback_id`); `excerpt`: the reply's first words. */
  feedbackReplied: z.object({ feedback_id: z.string(), excerpt: z.string() }),
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
  reservationAdded: 'classes',
  reservationCancelled: 'classes',
  sessionCancelled: 'classes',
  classReminder: 'classes',
  waitlistDropped: 'classes',
  packageIssued: 'classes',
  packageExpiring: 'classes',
  packageUsedUp: 'classes',
  orderPaid: 'orders',
  orderShipped: 'orders',
  orderReadyForPickup: 'orders',
  orderCompleted: 'orders',
  inviteRewarded: 'orders',
  orderExpiring: 'orders',
  refundApproved: 'orders',
  refundRefused: 'orders',
  pointsEarned: 'orders',
  couponExpiring: 'orders',
  // A reply from the studio to the member's own message: the studio's tab, beside its announcements.
  feedbackReplied: 'studio',
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

/**
 * Where an announcement's button may lead: an app route (`/pages/...`, not `//host`) or an https URL;
 * '' is none. Anything else (javascript:, http:, a bare word) is refused as `linkInvalid`.
 */
export function isAnnouncementLink(link: string): boolean {
  if (link === '') return true;
  if (link.startsWith('/')) return !link.startsWith('//') && !link.includes('\\') && !/\s/.test(link);
  try {
    return new URL(link).protocol === 'https:';
  } catch {
    return false;
  }
}

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
    link: z.string().trim().max(500).refine(isAnnouncementLink, 'linkInvalid').optional(),
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
 * Placeholders the server derives from a notice's data for the reader (server
 * notifications/texts.ts), beside the data's own fields: a test holds every placeholder of
 * NOTICE_TEXTS to the fields of its type in noticeEvents and these.
 */
export const NOTICE_DERIVED_PARAMS = {
  /** `starts_at`: the class start, date and time in the studio's timezone. */
  when: 'starts_at',
  /** `amount`: money in the studio's currency. */
  amount: 'amount',
  /** `expires_at`: the date and time an unpaid order cancels itself. */
  deadline: 'expires_at',
  /** `expires_at`: the day a package or coupon expires. */
  date: 'expires_at',
  /** `expires_at` (null: never): how long a package is valid, "valid until 3 Dec 2026" or "no expiry date". */
  validity: 'expires_at',
  /** `remaining`, else `class_count`: "3 credits". */
  credits: 'remaining',
  /** `to`: where refunded money goes, one sentence. */
  destination: 'to',
  /** `message`: what staff wrote to the member, introduced ("Message from the studio: …"); '' without one. */
  studio_message: 'message',
} as const;

/**
 * Texts of the notice types, in every language: `{field}` is a field of the notice's data, the
 * others are NOTICE_DERIVED_PARAMS formatted for the reader. `{reason}`, written by staff, comes as a
 * whole sentence (format closeSentence: its own end punctuation, else a full stop), so no text puts
 * a stop after it.
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
  reservationAdded: {
    title: m('You are booked', '你已预约成功', '你已預約成功'),
    body: m(
      'The studio booked you into {course_name} on {when}. Your check-in code is in My reservations.',
      '门店已为你预约 {when} 的 {course_name}，签到码可在「我的预约」中查看。',
      '門店已為你預約 {when} 的 {course_name}，簽到碼可在「我的預約」中查看。',
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
      '{course_name} on {when} has been cancelled: {reason} Any credit you used has been returned.',
      '{when} 的 {course_name} 已取消：{reason}已使用的课时已退回。',
      '{when} 的 {course_name} 已取消：{reason}已使用的課時已退回。',
    ),
  },
  classReminder: {
    title: m('Your class starts soon', '上课提醒', '上課提醒'),
    body: m(
      '{course_name} starts on {when}. See you at the studio!',
      '你预约的 {course_name} 将于 {when} 开始，记得准时到场哦。',
      '你預約的 {course_name} 將於 {when} 開始，記得準時到場哦。',
    ),
  },
  waitlistDropped: {
    title: m('No seat opened', '候补未成功', '候補未成功'),
    body: m(
      '{course_name} on {when} has started without a free seat, so your waitlist place has ended. No credit was used.',
      '{when} 的 {course_name} 开课前没有空出名额，你的候补已结束，未扣除课时。',
      '{when} 的 {course_name} 開課前沒有空出名額，你的候補已結束，未扣除課時。',
    ),
  },
  orderPaid: {
    title: m('Payment received', '支付成功', '支付成功'),
    body: m(
      'We received your payment of {amount} for order {order_no}. Thank you!',
      '订单 {order_no} 已支付 {amount}，感谢你的购买！',
      '訂單 {order_no} 已支付 {amount}，感謝你的購買！',
    ),
  },
  orderShipped: {
    title: m('Your order is on its way', '订单已发货', '訂單已出貨'),
    body: m(
      'Order {order_no} has shipped with {carrier}. Tracking number: {tracking_no}.',
      '订单 {order_no} 已通过 {carrier} 发出，运单号：{tracking_no}。',
      '訂單 {order_no} 已透過 {carrier} 寄出，追蹤編號：{tracking_no}。',
    ),
  },
  orderReadyForPickup: {
    title: m('Ready for pickup', '订单待自提', '訂單待自取'),
    body: m(
      'Order {order_no} is ready at the studio desk. Show pickup code {pickup_code} to collect it.',
      '订单 {order_no} 已备好，请到门店前台出示取货码 {pickup_code} 领取。',
      '訂單 {order_no} 已備妥，請到門店櫃檯出示取貨碼 {pickup_code} 領取。',
    ),
  },
  orderCompleted: {
    title: m('Order completed', '订单已完成', '訂單已完成'),
    body: m(
      'Order {order_no} is complete. Thanks for shopping with us!',
      '订单 {order_no} 已完成，感谢你的支持！',
      '訂單 {order_no} 已完成，感謝你的支持！',
    ),
  },
  orderExpiring: {
    title: m('Your order is waiting for payment', '订单即将取消', '訂單即將取消'),
    body: m(
      'Order {order_no} ({amount}) is still unpaid. Pay by {deadline} or it will be cancelled.',
      '订单 {order_no}（{amount}）尚未支付，将于 {deadline} 自动取消，请尽快完成支付。',
      '訂單 {order_no}（{amount}）尚未付款，將於 {deadline} 自動取消，請盡快完成付款。',
    ),
  },
  refundApproved: {
    title: m('Refund approved', '退款已通过', '退款已核准'),
    body: m(
      'Your refund of {amount} for order {order_no} has been approved. {destination}{studio_message}',
      '订单 {order_no} 的退款 {amount} 已通过审核。{destination}{studio_message}',
      '訂單 {order_no} 的退款 {amount} 已核准。{destination}{studio_message}',
    ),
  },
  refundRefused: {
    title: m('Refund declined', '退款申请未通过', '退款申請未通過'),
    body: m(
      'Your refund request for order {order_no} was declined: {reason} Please contact the studio if you have any questions.',
      '你对订单 {order_no} 的退款申请未通过：{reason}如有疑问，请联系门店。',
      '你對訂單 {order_no} 的退款申請未通過：{reason}如有疑問，請聯絡門店。',
    ),
  },
  packageIssued: {
    title: m('Your package is ready', '课包已到账', '課包已到帳'),
    body: m(
      '{name} is now in your account: {credits}, {validity}. Time to book a class!',
      '{name} 已到账，共 {credits}，{validity}。快去预约上课吧！',
      '{name} 已到帳，共 {credits}，{validity}。快去預約上課吧！',
    ),
  },
  packageExpiring: {
    title: m('Package expiring soon', '课包即将到期', '課包即將到期'),
    body: m(
      '{name} expires on {date} and you still have {credits}. Book a class before then so none go to waste.',
      '{name} 将于 {date} 到期，还剩 {credits}，记得在到期前预约上课。',
      '{name} 將於 {date} 到期，還剩 {credits}，記得在到期前預約上課。',
    ),
  },
  packageUsedUp: {
    title: m('Package used up', '课包已用完', '課包已用完'),
    body: m(
      'You have used the last credit of {name}. Get a new package to keep booking classes.',
      '{name} 的最后一次课时已使用。购买新课包即可继续预约。',
      '{name} 的最後一次課時已使用。購買新課包即可繼續預約。',
    ),
  },
  inviteRewarded: {
    title: m('Invitation reward', '邀请奖励到账', '邀請獎勵到帳'),
    body: m(
      '{invitee_name} made their first purchase. Thank you for inviting them: your reward is on My invitation.',
      '{invitee_name} 完成了首次购买。感谢你的邀请，奖励详情请查看“我的邀请”。',
      '{invitee_name} 完成了首次購買。感謝你的邀請，獎勵詳情請查看「我的邀請」。',
    ),
  },
  pointsEarned: {
    title: m('Points earned', '积分到账', '積分到帳'),
    body: m(
      'You earned {points} points. You now have {balance} points.',
      '你获得了 {points} 积分，当前共有 {balance} 积分。',
      '你獲得了 {points} 積分，目前共有 {balance} 積分。',
    ),
  },
  couponExpiring: {
    title: m('Coupon expiring soon', '优惠券即将过期', '優惠券即將過期'),
    body: m(
      'Your coupon "{name}" expires on {date}. Use it before then!',
      '你的优惠券“{name}”将于 {date} 过期，别忘了使用哦。',
      '你的優惠券「{name}」將於 {date} 過期，別忘了使用喔。',
    ),
  },
  feedbackReplied: {
    title: m('The studio replied to your message', '门店回复了你的留言', '門店回覆了你的留言'),
    body: m(
      '“{excerpt}” Open the conversation to read it all or answer.',
      '“{excerpt}” 打开会话查看全部内容或继续回复。',
      '「{excerpt}」打開對話查看全部內容或繼續回覆。',
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
