import type { DomainEventName, DomainEventPayload } from '@studio/contract/domain-events';
import { adminMerchantCalls } from '@studio/contract/merchant';
import { NOTICE_CATEGORY_OF, type NoticeType, notificationCalls } from '@studio/contract/notifications';
import { reservationCalls } from '@studio/contract/reservations';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HOUR } from '../../platform/clock';
import { eventOutbox } from '../../platform/event-outbox-schema';
import { eventRegistry, type SubscriberContext } from '../../platform/events';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sweepClassReminders, sweepStartedWaitlists } from '../reservations/sweeps';
import { buildAdmin, buildMember, buildPackage, buildSession, type TestMember } from '../schedule/testing';
import { noticeParams } from './texts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notices = async (m: TestMember, locale = 'en') =>
  (await t.call(notificationCalls.getMyNotifications, {}, { token: m.token, locale })).rows;

const ofType = async (m: TestMember, type: NoticeType, locale = 'en') =>
  (await notices(m, locale)).filter((n) => n.type === type);

/** Emits `name` as its owner would, inside a unit of work: delivered right after commit. */
const emit = <N extends DomainEventName>(name: N, payload: DomainEventPayload<N>) =>
  runUnitOfWork(t.app, (work) => work.emit(name, payload, t.clock.now()));

/** Delivers the member's last `name` event to `subscriber` once more, as the outbox may (at least once). */
async function deliverAgain(name: DomainEventName, subscriber: string, userId: string) {
  const [row] = await t.app.db
    .select()
    .from(eventOutbox)
    .where(
      and(
        eq(eventOutbox.subscriber, subscriber),
        eq(eventOutbox.name, name),
        sql`${eventOutbox.payload}->>'user_id' = ${userId}`,
      ),
    );
  expect(row?.deliveredAt, 'delivered right after commit').toBeInstanceOf(Date);
  const event = { id: row!.eventId, name, payload: row!.payload, at: row!.createdAt };
  await eventRegistry()
    .byName(subscriber)!
    .handle(t.app as unknown as SubscriberContext, event as never);
}

/** A package's name in two of the three languages: zh-Hant readers read the default (`name`). */
const TEN = { en: 'Ten classes', 'zh-Hans': '十次课' };

const CLASS = { session_id: 's1', course_name: 'Yin Yoga', starts_at: '2026-12-03T18:00:00.000Z' };

type Case<N extends DomainEventName = DomainEventName> = {
  [K in N]: {
    event: K;
    payload: (userId: string) => DomainEventPayload<K>;
    type: NoticeType;
    data: Record<string, unknown>;
    en: [title: string, body: string];
    zh: [title: string, body: string];
  };
}[N];

const cases: Case[] = [
  {
    event: 'class.reminder',
    payload: (user_id) => ({ ...CLASS, user_id, reservation_id: 'r1' }),
    type: 'classReminder',
    data: { ...CLASS, reservation_id: 'r1' },
    en: ['Your class starts soon', 'Yin Yoga starts on Thu 3 Dec, 18:00. See you at the studio!'],
    zh: ['上课提醒', '你预约的 Yin Yoga 将于 12月3日 周四 18:00 开始，记得准时到场哦。'],
  },
  {
    event: 'reservation.addedByStudio',
    payload: (user_id) => ({ ...CLASS, user_id, reservation_id: 'r2' }),
    type: 'reservationAdded',
    data: { ...CLASS, reservation_id: 'r2' },
    en: [
      'You are booked',
      'The studio booked you into Yin Yoga on Thu 3 Dec, 18:00. Your check-in code is in My reservations.',
    ],
    zh: ['你已预约成功', '门店已为你预约 12月3日 周四 18:00 的 Yin Yoga，签到码可在「我的预约」中查看。'],
  },
  {
    event: 'waitlist.dropped',
    payload: (user_id) => ({ ...CLASS, user_id, entry_id: 'e1' }),
    type: 'waitlistDropped',
    data: { ...CLASS, entry_id: 'e1' },
    en: [
      'No seat opened',
      'Yin Yoga on Thu 3 Dec, 18:00 has started without a free seat, so your waitlist place has ended. No credit was used.',
    ],
    zh: ['候补未成功', '12月3日 周四 18:00 的 Yin Yoga 开课前没有空出名额，你的候补已结束，未扣除课时。'],
  },
  {
    event: 'order.paid',
    payload: (user_id) => ({
      order_no: 'O1',
      user_id,
      kind: 'goods',
      amount: 1250,
      pay_type: 'sandbox',
      delivery: 'express',
      pickup_code: null,
      packages: [],
    }),
    type: 'orderPaid',
    data: { order_no: 'O1', amount: 1250 },
    en: ['Payment received', 'We received your payment of £12.50 for order O1. Thank you!'],
    zh: ['支付成功', '订单 O1 已支付 £12.50，感谢你的购买！'],
  },
  {
    event: 'order.shipped',
    payload: (user_id) => ({ order_no: 'O2', user_id, carrier: 'Royal Mail', tracking_no: 'RM123GB' }),
    type: 'orderShipped',
    data: { order_no: 'O2', carrier: 'Royal Mail', tracking_no: 'RM123GB' },
    en: ['Your order is on its way', 'Order O2 has shipped with Royal Mail. Tracking number: RM123GB.'],
    zh: ['订单已发货', '订单 O2 已通过 Royal Mail 发出，运单号：RM123GB。'],
  },
  {
    event: 'order.readyForPickup',
    payload: (user_id) => ({ order_no: 'O3', user_id, pickup_code: '4821' }),
    type: 'orderReadyForPickup',
    data: { order_no: 'O3', pickup_code: '4821' },
    en: ['Ready for pickup', 'Order O3 is ready at the studio desk. Show pickup code 4821 to collect it.'],
    zh: ['订单待自提', '订单 O3 已备好，请到门店前台出示取货码 4821 领取。'],
  },
  {
    event: 'order.completed',
    payload: (user_id) => ({ order_no: 'O4', user_id, paid: 1250, kind: 'goods' }),
    type: 'orderCompleted',
    data: { order_no: 'O4' },
    en: ['Order completed', 'Order O4 is complete. Thanks for shopping with us!'],
    zh: ['订单已完成', '订单 O4 已完成，感谢你的支持！'],
  },
  {
    event: 'order.expiringSoon',
    payload: (user_id) => ({
      order_no: 'O5',
      user_id,
      amount: 3000,
      expires_at: '2026-11-22T09:10:00.000Z',
      pay_type: 'sandbox',
    }),
    type: 'orderExpiring',
    data: { order_no: 'O5', amount: 3000, expires_at: '2026-11-22T09:10:00.000Z' },
    en: [
      'Your order is waiting for payment',
      'Order O5 (£30.00) is still unpaid. Pay by Sun 22 Nov, 09:10 or it will be cancelled.',
    ],
    zh: ['订单即将取消', '订单 O5（£30.00）尚未支付，将于 11月22日 周日 09:10 自动取消，请尽快完成支付。'],
  },
  ...(
    [
      ['wallet', 'balance', 'The money is back in your wallet.', '款项已退回你的钱包余额。'],
      ['desk', 'offline', 'Please collect it at the studio desk.', '请到门店前台领取退款。'],
      [
        'card',
        'stripe',
        'It goes back to the card or account you paid with; your bank may take a few days to show it.',
        '款项将原路退回你的支付账户，到账时间以银行为准。',
      ],
      ['none', 'none', 'Any points or coupon you used have been returned.', '使用的积分或优惠券已退回。'],
    ] as const
  ).map(
    ([to, provider, en, zh]): Case => ({
      event: 'refund.approved',
      payload: (user_id) => ({
        refund_id: `f-${to}`,
        order_no: 'O6',
        user_id,
        amount: 999,
        to,
        provider,
        full: true,
        repayment: false,
      }),
      type: 'refundApproved',
      data: { refund_id: `f-${to}`, order_no: 'O6', amount: 999, to, message: '' },
      en: ['Refund approved', `Your refund of £9.99 for order O6 has been approved. ${en}`],
      zh: ['退款已通过', `订单 O6 的退款 £9.99 已通过审核。${zh}`],
    }),
  ),
  // Staff's message with the approval reads after where the money went.
  {
    event: 'refund.approved',
    payload: (user_id) => ({
      refund_id: 'f-message',
      order_no: 'O6',
      user_id,
      amount: 1020,
      to: 'wallet',
      provider: 'balance',
      full: false,
      repayment: false,
      message: 'Sorry the blocks arrived scuffed',
    }),
    type: 'refundApproved',
    data: {
      refund_id: 'f-message',
      order_no: 'O6',
      amount: 1020,
      to: 'wallet',
      message: 'Sorry the blocks arrived scuffed',
    },
    en: [
      'Refund approved',
      'Your refund of £10.20 for order O6 has been approved. The money is back in your wallet. Message from the studio: “Sorry the blocks arrived scuffed”',
    ],
    zh: [
      '退款已通过',
      '订单 O6 的退款 £10.20 已通过审核。款项已退回你的钱包余额。商家留言：“Sorry the blocks arrived scuffed”',
    ],
  },
  {
    event: 'refund.refused',
    payload: (user_id) => ({ refund_id: 'f2', order_no: 'O7', user_id, reason: 'The mat was used' }),
    type: 'refundRefused',
    data: { refund_id: 'f2', order_no: 'O7', reason: 'The mat was used' },
    en: [
      'Refund declined',
      'Your refund request for order O7 was declined: The mat was used. Please contact the studio if you have any questions.',
    ],
    zh: ['退款申请未通过', '你对订单 O7 的退款申请未通过：The mat was used。如有疑问，请联系门店。'],
  },
  {
    event: 'refund.refused',
    payload: (user_id) => ({ refund_id: 'f3', order_no: 'O7b', user_id, reason: 'Opened mats cannot go back, sorry!' }),
    type: 'refundRefused',
    data: { refund_id: 'f3', order_no: 'O7b', reason: 'Opened mats cannot go back, sorry!' },
    // The staff's own "!" ends their sentence: no full stop is added after it ("sorry!.").
    en: [
      'Refund declined',
      'Your refund request for order O7b was declined: Opened mats cannot go back, sorry! Please contact the studio if you have any questions.',
    ],
    zh: ['退款申请未通过', '你对订单 O7b 的退款申请未通过：Opened mats cannot go back, sorry!如有疑问，请联系门店。'],
  },
  {
    event: 'package.issued',
    payload: (user_id) => ({
      package_id: 'p1',
      user_id,
      name: 'Ten classes',
      name_i18n: TEN,
      class_count: 10,
      expires_at: '2027-05-22T09:00:00.000Z',
      source: 'order',
      order_no: 'O10',
    }),
    type: 'packageIssued',
    data: {
      package_id: 'p1',
      name: 'Ten classes',
      name_i18n: TEN,
      class_count: 10,
      expires_at: '2027-05-22T09:00:00.000Z',
      order_no: 'O10',
    },
    en: [
      'Your package is ready',
      'Ten classes is now in your account: 10 credits, valid until 22 May 2027. Time to book a class!',
    ],
    zh: ['课包已到账', '十次课 已到账，共 10 次课时，有效期至 2027年5月22日。快去预约上课吧！'],
  },
  {
    event: 'package.issued',
    payload: (user_id) => ({
      package_id: 'p2',
      user_id,
      name: 'Trial',
      name_i18n: {},
      class_count: 1,
      expires_at: null,
      source: 'grant',
      order_no: null,
    }),
    type: 'packageIssued',
    data: { package_id: 'p2', name: 'Trial', name_i18n: {}, class_count: 1, expires_at: null, order_no: null },
    en: ['Your package is ready', 'Trial is now in your account: 1 credit, with no expiry date. Time to book a class!'],
    zh: ['课包已到账', 'Trial 已到账，共 1 次课时，长期有效。快去预约上课吧！'],
  },
  {
    event: 'package.expiringSoon',
    payload: (user_id) => ({
      package_id: 'p3',
      user_id,
      name: 'Ten classes',
      name_i18n: TEN,
      remaining: 2,
      expires_at: '2026-11-29T09:00:00.000Z',
    }),
    type: 'packageExpiring',
    data: {
      package_id: 'p3',
      name: 'Ten classes',
      name_i18n: TEN,
      remaining: 2,
      expires_at: '2026-11-29T09:00:00.000Z',
    },
    en: [
      'Package expiring soon',
      'Ten classes expires on 29 Nov 2026 and you still have 2 credits. Book a class before then so none go to waste.',
    ],
    zh: ['课包即将到期', '十次课 将于 2026年11月29日 到期，还剩 2 次课时，记得在到期前预约上课。'],
  },
  {
    event: 'package.usedUp',
    payload: (user_id) => ({ package_id: 'p4', user_id, name: 'Ten classes', name_i18n: TEN, total: 10 }),
    type: 'packageUsedUp',
    data: { package_id: 'p4', name: 'Ten classes', name_i18n: TEN },
    en: ['Package used up', 'You have used the last credit of Ten classes. Get a new package to keep booking classes.'],
    zh: ['课包已用完', '十次课 的最后一次课时已使用。购买新课包即可继续预约。'],
  },
  {
    event: 'points.earned',
    payload: (user_id) => ({ user_id, points: 125, balance: 400, ref: 'O8' }),
    type: 'pointsEarned',
    data: { order_no: 'O8', points: 125, balance: 400 },
    en: ['Points earned', 'You earned 125 points. You now have 400 points.'],
    zh: ['积分到账', '你获得了 125 积分，当前共有 400 积分。'],
  },
  {
    event: 'invite.rewarded',
    payload: (user_id) => ({
      user_id,
      invitee_id: 'u-friend',
      invitee_name: 'Mia',
      points: 150,
      coupon_name: '£5 off',
    }),
    type: 'inviteRewarded',
    data: { invitee_name: 'Mia', points: 150, coupon_name: '£5 off', link: '/pages/common/invite' },
    en: [
      'Invitation reward',
      'Mia made their first purchase. Thank you for inviting them: your reward is on My invitation.',
    ],
    zh: ['邀请奖励到账', 'Mia 完成了首次购买。感谢你的邀请，奖励详情请查看“我的邀请”。'],
  },
  {
    event: 'coupon.expiringSoon',
    payload: (user_id) => ({
      coupon_id: 'c1',
      coupon: 'k1',
      user_id,
      name: '£5 off',
      name_i18n: { en: '£5 off', 'zh-Hans': '立减 5 镑' },
      expires_at: '2026-11-25T23:00:00.000Z',
    }),
    type: 'couponExpiring',
    data: {
      coupon_id: 'c1',
      name: '£5 off',
      name_i18n: { en: '£5 off', 'zh-Hans': '立减 5 镑' },
      expires_at: '2026-11-25T23:00:00.000Z',
    },
    en: ['Coupon expiring soon', 'Your coupon "£5 off" expires on 25 Nov 2026. Use it before then!'],
    zh: ['优惠券即将过期', '你的优惠券“立减 5 镑”将于 2026年11月25日 过期，别忘了使用哦。'],
  },
  {
    event: 'feedback.replied',
    payload: (user_id) => ({
      feedback_id: 'fb1',
      message_id: 'm1',
      user_id,
      excerpt: 'The car park is free after 6pm.',
    }),
    type: 'feedbackReplied',
    data: { feedback_id: 'fb1', excerpt: 'The car park is free after 6pm.' },
    en: [
      'The studio replied to your message',
      '“The car park is free after 6pm.” Open the conversation to read it all or answer.',
    ],
    zh: ['门店回复了你的留言', '“The car park is free after 6pm.” 打开会话查看全部内容或继续回复。'],
  },
];

describe('personal notices from events', () => {
  it('every notice type is written from an event here', () => {
    expect(new Set(cases.map((c) => c.type))).toEqual(
      new Set(
        Object.keys(NOTICE_CATEGORY_OF).filter((type) => !/^(waitlist(Promoted|Skipped)|.*Cancelled)$/.test(type)),
      ),
    );
  });

  it.each(cases.map((c) => [`${c.event} → ${c.type} (${JSON.stringify(c.data).slice(0, 40)})`, c] as const))(
    '%s, stored and pushed once however often the event is delivered',
    async (_name, c) => {
      const m = await buildMember(t);
      const pushes = vi.spyOn(t.app.realtime, 'notifyUser');
      try {
        await emit(c.event, c.payload(m.id) as never);
        await deliverAgain(c.event, `notices.${c.type}`, m.id);
        // Other subscribers of the event may tell the member more (a completed order earns points).
        expect(pushes.mock.calls.filter(([userId, e]) => userId === m.id && e.type === c.type)).toEqual([
          [m.id, { type: c.type, data: c.data, id: expect.any(String) }],
        ]);
      } finally {
        pushes.mockRestore();
      }
      const [en, ...more] = await ofType(m, c.type);
      expect(more).toEqual([]);
      expect(en).toMatchObject({
        type: c.type,
        category: NOTICE_CATEGORY_OF[c.type],
        data: c.data,
        title: c.en[0],
        body: c.en[1],
        read: false,
      });
      expect(await ofType(m, c.type, 'zh-Hans')).toMatchObject([{ title: c.zh[0], body: c.zh[1] }]);
      const [hant] = await ofType(m, c.type, 'zh-Hant');
      expect(hant!.body).not.toMatch(/\{\w+\}/);
    },
  );

  it('no points earned, no notice; a package order completing is told by its packages', async () => {
    const m = await buildMember(t);
    await emit('points.earned', { user_id: m.id, points: 0, balance: 10, ref: 'O9' });
    await emit('order.completed', { order_no: 'O11', user_id: m.id, paid: 0, kind: 'package' });
    expect(await notices(m)).toEqual([]);
  });

  it("formats money in the studio's currency and times in its timezone", () => {
    const params = noticeParams(
      { amount: 123456, expires_at: '2026-11-22T23:30:00.000Z', starts_at: '2026-11-22T23:30:00.000Z' },
      'en',
      'Asia/Shanghai',
      'CNY',
    );
    expect(params).toMatchObject({ amount: '¥1,234.56', date: '23 Nov 2026', when: 'Mon 23 Nov, 07:30' });
  });
});

const book = (m: TestMember, session_id: string) => t.call(reservationCalls.book, { session_id }, { token: m.token });

async function memberWithPackage() {
  const m = await buildMember(t);
  await buildPackage(t, m.id);
  return m;
}

/** Staff set the studio's reminder hours (a fresh admin: the clock runs past an old one's login). */
async function setReminderHours(hours: number) {
  const admin = await buildAdmin(t);
  const res = await t.call(adminMerchantCalls.save, { class_reminder_hours: hours }, { token: admin.token });
  expect(res.code).toBe(0);
}

/** The sweeps below run in order on one clock: each builds its class 3 days after the last one's reminders. */
describe('class reminders, through the sweep', () => {
  it('reminds a booked member once, class_reminder_hours before the start', async () => {
    await setReminderHours(3);
    const session = await buildSession(t, { capacity: 5 });
    const m = await memberWithPackage();
    const reservation = (await book(m, session.id)).reservation!;
    const cancelled = await memberWithPackage();
    const gone = (await book(cancelled, session.id)).reservation!;
    await t.call(reservationCalls.cancelBooking, { reservation_id: gone._id }, { token: cancelled.token });

    t.clock.set(new Date(session.startsAt.getTime() - 3 * HOUR - 1));
    expect(await sweepClassReminders(t.app, t.clock.now())).toBe(0);
    t.clock.set(new Date(session.startsAt.getTime() - 3 * HOUR));
    expect(await sweepClassReminders(t.app, t.clock.now())).toBe(1);
    t.clock.advance(HOUR);
    expect(await sweepClassReminders(t.app, t.clock.now())).toBe(0);

    expect(await ofType(m, 'classReminder')).toMatchObject([
      {
        category: 'classes',
        title: 'Your class starts soon',
        data: { session_id: session.id, reservation_id: reservation._id, starts_at: session.startsAt.toISOString() },
      },
    ]);
    expect(await ofType(cancelled, 'classReminder')).toEqual([]);
  });

  it('does not remind a booking made inside the window', async () => {
    const session = await buildSession(t);
    const early = await memberWithPackage();
    expect((await book(early, session.id)).code).toBe(0);
    const late = await memberWithPackage();
    t.clock.set(new Date(session.startsAt.getTime() - 3 * HOUR + 1));
    expect((await book(late, session.id)).code).toBe(0);
    expect(await sweepClassReminders(t.app, t.clock.now())).toBe(1);
    t.clock.set(new Date(session.startsAt.getTime() - 1));
    expect(await sweepClassReminders(t.app, t.clock.now())).toBe(0);
    expect(await ofType(early, 'classReminder')).toHaveLength(1);
    expect(await ofType(late, 'classReminder')).toEqual([]);
  });

  it('reminds nobody when the studio sets 0 hours', async () => {
    await setReminderHours(0);
    try {
      const session = await buildSession(t);
      const m = await memberWithPackage();
      expect((await book(m, session.id)).code).toBe(0);
      for (const before of [3 * HOUR, HOUR, 1]) {
        t.clock.set(new Date(session.startsAt.getTime() - before));
        expect(await sweepClassReminders(t.app, t.clock.now())).toBe(0);
      }
      expect(await ofType(m, 'classReminder')).toEqual([]);
    } finally {
      await setReminderHours(3);
    }
  });

  it('two instances sweeping at once remind each member once', async () => {
    const second = await t.anotherInstance();
    const session = await buildSession(t, { capacity: 8 });
    const members = await Promise.all(Array.from({ length: 8 }, memberWithPackage));
    for (const m of members) expect((await book(m, session.id)).code).toBe(0);
    t.clock.set(new Date(session.startsAt.getTime() - 2 * HOUR));
    const now = t.clock.now();
    const done = await Promise.all([
      sweepClassReminders(t.app, now),
      sweepClassReminders(second, now),
      sweepClassReminders(t.app, now),
    ]);
    expect(done.reduce((a, b) => a + b, 0)).toBe(members.length);
    for (const m of members) expect(await ofType(m, 'classReminder')).toHaveLength(1);
  });
});

describe('the waitlist place dropped at the start, through the sweep', () => {
  it('tells each member still waiting, once, and nobody who left or was booked', async () => {
    const session = await buildSession(t, { capacity: 1 });
    const booked = await memberWithPackage();
    expect((await book(booked, session.id)).code).toBe(0);
    const [waiting, left] = [await memberWithPackage(), await memberWithPackage()];
    const entry = (await t.call(reservationCalls.joinWaitlist, { session_id: session.id }, { token: waiting.token }))
      .entry!;
    const other = (await t.call(reservationCalls.joinWaitlist, { session_id: session.id }, { token: left.token }))
      .entry!;
    await t.call(reservationCalls.leaveWaitlist, { entry_id: other._id }, { token: left.token });

    t.clock.set(new Date(session.startsAt.getTime() - 1));
    expect(await sweepStartedWaitlists(t.app, t.clock.now())).toBe(0);
    t.clock.set(session.startsAt);
    expect(await sweepStartedWaitlists(t.app, t.clock.now())).toBe(1);
    expect(await sweepStartedWaitlists(t.app, t.clock.now())).toBe(0);

    expect(await ofType(waiting, 'waitlistDropped')).toMatchObject([
      {
        category: 'classes',
        title: 'No seat opened',
        data: { session_id: session.id, entry_id: entry._id, starts_at: session.startsAt.toISOString() },
      },
    ]);
    expect(await ofType(left, 'waitlistDropped')).toEqual([]);
    expect(await ofType(booked, 'waitlistDropped')).toEqual([]);
  });
});
