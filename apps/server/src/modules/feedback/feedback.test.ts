import { adminAuditCalls } from '@studio/contract/audit';
import { adminDashboardCalls } from '@studio/contract/dashboard';
import { adminFeedbackCalls, DEFAULT_SERVICE_CENTER, feedbackCalls } from '@studio/contract/feedback';
import { adminMerchantCalls } from '@studio/contract/merchant';
import { notificationCalls } from '@studio/contract/notifications';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { uploadedPng } from '../catalog/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';

let t: TestApp;
let admin: TestMember;
let staff: TestMember;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  // Each test on its own day, so the daily limit of one does not reach into another's; fresh logins.
  t.clock.advance(2 * 86_400_000);
  admin = await buildAdmin(t);
  staff = await buildMember(t);
  await t.app.db.execute(`update users set permissions = '{feedback.manage}' where id = '${staff.id}'`);
});
afterAll(() => t.close());

const as = (m: TestMember) => ({ token: m.token });

async function write(m: TestMember, content = 'The changing room lock is broken', extra: object = {}) {
  const res = await t.call(feedbackCalls.add, { category: 'classes', content, ...extra }, as(m));
  expect(res.code, res.msg).toBe(0);
  return res.feedback!;
}

async function feedbackNotices(m: TestMember) {
  const { rows } = await t.call(notificationCalls.getMyNotifications, { pageSize: 50 }, as(m));
  return rows.filter((r) => r.type === 'feedbackReplied');
}

describe('a member writes to the studio', () => {
  it('adds a thread with photos, lists it and opens it as pending reply', async () => {
    const m = await buildMember(t);
    const images = [await uploadedPng(t, m.id), await uploadedPng(t, m.id)];
    const thread = await write(m, 'Can I bring my own mat?', { images });
    expect(thread).toMatchObject({ status: 'pending_reply', category: 'classes', images, messages: [] });

    const list = await t.call(feedbackCalls.getList, {}, as(m));
    expect(list.rows.map((r) => r._id)).toEqual([thread._id]);
    expect(list.total).toBe(1);
    const info = await t.call(feedbackCalls.getInfo, { _id: thread._id }, as(m));
    expect(info.feedback).toMatchObject({ _id: thread._id, content: 'Can I bring my own mat?' });
  });

  it('refuses a 6th photo by name, and photos that are not the member’s uploads', async () => {
    const m = await buildMember(t);
    const images = await Promise.all([1, 2, 3, 4, 5, 6].map(() => uploadedPng(t, m.id, 20, 20)));
    const six = await t.call(feedbackCalls.add, { category: 'other', content: 'Six photos', images }, as(m));
    expect(six).toMatchObject({ code: 'INVALID_PARAM', field: 'images', reason: 'tooManyImages' });
    const five = await t.call(
      feedbackCalls.add,
      { category: 'other', content: 'Five photos', images: images.slice(0, 5) },
      as(m),
    );
    expect(five.code).toBe(0);

    const other = await buildMember(t);
    const theirs = await uploadedPng(t, other.id, 20, 20);
    const stolen = await t.call(feedbackCalls.add, { category: 'other', content: 'x', images: [theirs] }, as(m));
    expect(stolen).toMatchObject({ code: 'INVALID_PARAM', field: 'images', reason: 'notYourUpload' });
  });

  it('refuses empty text, an unknown category, and an order or booking that is not the member’s', async () => {
    const m = await buildMember(t);
    const blank = await t.call(feedbackCalls.add, { category: 'other', content: '   ' }, as(m));
    expect(blank).toMatchObject({ code: 'INVALID_PARAM', field: 'content', reason: 'feedbackContentRequired' });
    const odd = await t.callRaw('client/feedback.add', { category: 'complaint', content: 'x' }, as(m));
    expect(odd).toMatchObject({ code: 'INVALID_PARAM', field: 'category' });
    const order = await t.call(feedbackCalls.add, { category: 'orders_shop', content: 'x', order_no: 'NOPE' }, as(m));
    expect(order).toMatchObject({ code: 'INVALID_PARAM', field: 'order_no', reason: 'notYours' });
    const booking = await t.call(feedbackCalls.add, { category: 'classes', content: 'x', reservation_id: 'r1' }, as(m));
    expect(booking).toMatchObject({ code: 'INVALID_PARAM', field: 'reservation_id', reason: 'notYours' });
  });

  it('shows a thread to its member only: anyone else gets FEEDBACK_NOT_FOUND', async () => {
    const [m, other] = await Promise.all([buildMember(t), buildMember(t)]);
    const thread = await write(m);
    const peek = await t.call(feedbackCalls.getInfo, { _id: thread._id }, as(other));
    expect(peek.code).toBe('FEEDBACK_NOT_FOUND');
    const reply = await t.call(feedbackCalls.reply, { _id: thread._id, content: 'me too' }, as(other));
    expect(reply.code).toBe('FEEDBACK_NOT_FOUND');
    expect((await t.call(feedbackCalls.getList, {}, as(other))).rows).toEqual([]);
  });
});

describe('the daily limit', () => {
  it('counts new threads and follow-ups per studio day (setting), and opens again the next day', async () => {
    const saved = await t.call(adminMerchantCalls.save, { service_center: { feedback_daily_limit: 3 } }, as(admin));
    expect(saved.merchant?.service_center.feedback_daily_limit).toBe(3);
    const m = await buildMember(t);
    const first = await write(m, 'one');
    await write(m, 'two');
    const follow = await t.call(feedbackCalls.reply, { _id: first._id, content: 'three' }, as(m));
    expect(follow.code).toBe(0);
    const fourth = await t.call(feedbackCalls.add, { category: 'other', content: 'four' }, as(m));
    expect(fourth).toMatchObject({ code: 'FEEDBACK_DAILY_LIMIT', max: 3 });
    expect(fourth.msg).toContain('3');
    const fifth = await t.call(feedbackCalls.reply, { _id: first._id, content: 'five' }, as(m));
    expect(fifth.code).toBe('FEEDBACK_DAILY_LIMIT');

    t.clock.advance(86_400_000);
    expect((await t.call(feedbackCalls.add, { category: 'other', content: 'next day' }, as(m))).code).toBe(0);
    await t.call(adminMerchantCalls.save, { service_center: { feedback_daily_limit: 10 } }, as(admin));
  });

  it('holds under messages sent at once', async () => {
    await t.call(adminMerchantCalls.save, { service_center: { feedback_daily_limit: 2 } }, as(admin));
    const m = await buildMember(t);
    const sent = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => t.call(feedbackCalls.add, { category: 'other', content: `race ${n}` }, as(m))),
    );
    expect(sent.filter((r) => r.code === 0)).toHaveLength(2);
    expect(sent.filter((r) => r.code === 'FEEDBACK_DAILY_LIMIT')).toHaveLength(3);
    await t.call(adminMerchantCalls.save, { service_center: { feedback_daily_limit: 10 } }, as(admin));
  });
});

describe('staff answer in the inbox', () => {
  it('a reply moves the thread to replied and tells the member once; an internal note stays staff’s', async () => {
    const m = await buildMember(t);
    const thread = await write(m, 'Is there parking nearby?');

    const note = await t.call(
      adminFeedbackCalls.reply,
      { _id: thread._id, content: 'Ask Sam about the permit', internal: true },
      as(staff),
    );
    expect(note.feedback).toMatchObject({ status: 'pending_reply' });
    expect(note.feedback!.messages).toMatchObject([
      { internal: true, author: 'staff', content: 'Ask Sam about the permit' },
    ]);
    expect(await feedbackNotices(m)).toEqual([]);

    t.clock.advance(60_000);
    const reply = await t.call(
      adminFeedbackCalls.reply,
      { _id: thread._id, content: 'Yes: the car park on Mill Lane is free after 6pm.' },
      as(staff),
    );
    expect(reply.feedback).toMatchObject({ status: 'replied' });

    const seen = (await t.call(feedbackCalls.getInfo, { _id: thread._id }, as(m))).feedback!;
    expect(seen.status).toBe('replied');
    expect(seen.messages.map((x) => [x.author, x.content])).toEqual([
      ['staff', 'Yes: the car park on Mill Lane is free after 6pm.'],
    ]);
    expect(JSON.stringify(seen)).not.toContain('permit');

    const notices = await feedbackNotices(m);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ category: 'studio', data: { feedback_id: thread._id } });
    expect(notices[0]!.body).toContain('car park on Mill Lane');

    // The audit log tells who answered whom, the note apart from the reply.
    const log = await t.call(adminAuditCalls.getList, { object_type: 'feedback', object_id: thread._id }, as(admin));
    expect(log.rows.map((r) => [r.sentence?.key, r.sentence?.context ?? null])).toEqual([
      ['feedbackReplied', null],
      ['feedbackReplied', 'internal'],
    ]);
    expect(log.rows[0]!.sentence?.params).toMatchObject({ member: expect.any(String) });
  });

  it('a follow-up sends it back to pending reply; close ends it and refuses more follow-ups', async () => {
    const m = await buildMember(t);
    const thread = await write(m);
    await t.call(adminFeedbackCalls.reply, { _id: thread._id, content: 'We will fix it today' }, as(staff));
    const follow = await t.call(feedbackCalls.reply, { _id: thread._id, content: 'Thanks! Still broken.' }, as(m));
    expect(follow.feedback).toMatchObject({ status: 'pending_reply' });
    expect(follow.feedback!.messages.map((x) => x.author)).toEqual(['staff', 'member']);

    const closed = await t.call(adminFeedbackCalls.close, { _id: thread._id }, as(staff));
    expect(closed.feedback).toMatchObject({ status: 'closed' });
    const late = await t.call(feedbackCalls.reply, { _id: thread._id, content: 'Hello?' }, as(m));
    expect(late.code).toBe('FEEDBACK_CLOSED');
    expect((await t.call(adminFeedbackCalls.close, { _id: 'missing' }, as(staff))).code).toBe('FEEDBACK_NOT_FOUND');
  });

  it('lists with filters by status, category and date, waiting threads first, and counts them on the dashboard', async () => {
    const m = await buildMember(t);
    const from = t.clock.now().toISOString();
    const a = await write(m, 'about a class');
    t.clock.advance(60_000);
    const b = (await t.call(feedbackCalls.add, { category: 'suggestion', content: 'more evening classes' }, as(m)))
      .feedback!;
    await t.call(adminFeedbackCalls.reply, { _id: a._id, content: 'Done' }, as(staff));
    const to = new Date(t.clock.now().getTime() + 1000).toISOString();

    const all = await t.call(adminFeedbackCalls.getList, { from, to }, as(staff));
    expect(all.rows.map((r) => r._id)).toEqual([b._id, a._id]);
    expect(all.rows[0]!.member).toMatchObject({ _id: m.id });
    const pending = await t.call(adminFeedbackCalls.getList, { from, to, status: 'pending_reply' }, as(staff));
    expect(pending.rows.map((r) => r._id)).toEqual([b._id]);
    const classes = await t.call(adminFeedbackCalls.getList, { from, to, category: 'classes' }, as(staff));
    expect(classes.rows.map((r) => r._id)).toEqual([a._id]);
    const before = await t.call(adminFeedbackCalls.getList, { to: from }, as(staff));
    expect(before.rows.map((r) => r._id)).not.toContain(a._id);

    const dashboard = await t.call(adminDashboardCalls.get, {}, as(admin));
    const waiting = await t.call(adminFeedbackCalls.getList, { status: 'pending_reply', pageSize: 100 }, as(staff));
    expect(dashboard.feedback_pending).toBe(waiting.total);
    expect(dashboard.feedback_pending).toBeGreaterThan(0);
  });

  it('opens a thread beside the member’s card (packages and last orders)', async () => {
    const m = await buildMember(t);
    const thread = await write(m);
    const info = await t.call(adminFeedbackCalls.getInfo, { _id: thread._id }, as(staff));
    expect(info.code, info.msg).toBe(0);
    expect(info.feedback).toMatchObject({ _id: thread._id, member: { _id: m.id } });
    expect(info.member).toMatchObject({ _id: m.id, packages: [], orders: [] });
  });

  it('is refused to a member without feedback.manage', async () => {
    const m = await buildMember(t);
    expect((await t.call(adminFeedbackCalls.getList, {}, as(m))).code).toBe('PERMISSION_DENIED');
  });
});

describe('the service centre', () => {
  it('answers the studio’s contact details, hours and FAQ in the caller’s language, to visitors too', async () => {
    const saved = await t.call(
      adminMerchantCalls.save,
      {
        phone: '020 7946 0000',
        address: '1 Mill Lane, London',
        service_center: {
          email: 'hello@lotus.example',
          hours: { ...DEFAULT_SERVICE_CENTER.hours, sun: { closed: true, open: '10:00', close: '18:00' } },
          faq: [
            {
              question: { en: 'Do I need a mat?', 'zh-Hans': '需要自带瑜伽垫吗？' },
              answer: { en: 'No.', 'zh-Hans': '不需要。' },
            },
          ],
        },
      },
      as(admin),
    );
    expect(saved.code, saved.msg).toBe(0);
    const en = await t.call(feedbackCalls.getServiceCenter, {}, { locale: 'en' });
    expect(en).toMatchObject({
      phone: '020 7946 0000',
      email: 'hello@lotus.example',
      address: '1 Mill Lane, London',
      faq: [{ question: 'Do I need a mat?', answer: 'No.' }],
    });
    expect(en.map_url).toContain(encodeURIComponent('1 Mill Lane, London'));
    expect(en.hours.sun.closed).toBe(true);
    const zh = await t.call(feedbackCalls.getServiceCenter, {}, { locale: 'zh-Hant' });
    expect(zh.faq).toEqual([{ question: '需要自带瑜伽垫吗？', answer: '不需要。' }]);
  });

  it('refuses hours that close before they open and a map link that is not https', async () => {
    const hours = { ...DEFAULT_SERVICE_CENTER.hours, mon: { closed: false, open: '18:00', close: '09:00' } };
    const bad = await t.call(adminMerchantCalls.save, { service_center: { hours } }, as(admin));
    expect(bad.code).toBe('INVALID_PARAM');
    const map = await t.call(adminMerchantCalls.save, { service_center: { map_url: 'http://maps' } }, as(admin));
    expect(map.code).toBe('INVALID_PARAM');
  });
});
