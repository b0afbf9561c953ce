// The member's notice centre: personal notices and the studio's announcements in one list, by tab,
// pinned first; the bell's unread count; opening, marking read, and every device told.

import { adminMerchantCalls } from '@studio/contract/merchant';
import { type AnnouncementSaveInput, adminNoticeCalls, notificationCalls } from '@studio/contract/notifications';
import type { CallInput } from '@studio/contract/protocol';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MINUTE } from '../../platform/clock';
import { newId } from '../../platform/ids';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { announcements } from './schema';
import { type NewNotice, tellMembers } from './service';

let t: TestApp;
let admin: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set('2026-11-22T09:00:00.000Z');
  await t.app.db.update(announcements).set({ withdrawnAt: t.clock.now() }).where(isNull(announcements.withdrawnAt));
});

async function announce(input: Partial<AnnouncementSaveInput> = {}) {
  const res = await t.call(
    adminNoticeCalls.save,
    { title: { en: 'News' }, content: { en: '<p>Body</p>' }, audience: 'members', ...input },
    { token: admin.token },
  );
  if (res.code !== 0) throw new Error(JSON.stringify(res));
  t.clock.advance(MINUTE);
  return res.notice._id;
}

const classNotice = (userId: string): NewNotice => ({
  userId,
  type: 'waitlistPromoted',
  data: { session_id: 's1', course_name: 'Yin Yoga', starts_at: '2026-12-03T18:00:00.000Z', reservation_id: 'r1' },
});
const orderNotice = (userId: string): NewNotice => ({
  userId,
  type: 'orderPaid',
  data: { order_no: 'N1', amount: 2500 },
});
const quiet = { notifyUser: async () => undefined, broadcast: async () => undefined };
/** A personal notice for the member, written a minute after the last thing. */
async function tell(notice: NewNotice): Promise<void> {
  await tellMembers({ db: t.app.db, realtime: quiet }, newId(), [notice], t.clock.now());
  t.clock.advance(MINUTE);
}
const list = (m: TestMember, input: CallInput<typeof notificationCalls.getMyNotifications> = {}) =>
  t.call(notificationCalls.getMyNotifications, input, { token: m.token });

describe('the list', () => {
  it('merges my notices and the announcements for me: pinned first, then newest; tabs; unread counts both', async () => {
    const m = await buildMember(t);
    await tell(classNotice(m.id));
    const pinned = await announce({ title: { en: 'Pinned' }, pinned: true });
    await tell(orderNotice(m.id));
    const plain = await announce({ title: { en: 'Plain' } });
    await tell({ userId: m.id, type: 'custom', data: {}, title: 'Hello', body: 'Plain text' } as unknown as NewNotice);

    const all = await list(m);
    expect(all).toMatchObject({ code: 0, total: 5, unread: 5, hasMore: false });
    expect(all.rows.map((r) => [r.type, r.category])).toEqual([
      ['announcement', 'studio'],
      ['custom', 'studio'],
      ['announcement', 'studio'],
      ['orderPaid', 'orders'],
      ['waitlistPromoted', 'classes'],
    ]);
    expect(all.rows[0]).toMatchObject({ _id: pinned, title: 'Pinned', body: 'Body', pinned: true, read: false });
    expect(all.rows[0]!.data).toEqual({ notice_id: pinned });
    expect(all.rows[2]!._id).toBe(plain);

    const tab = async (category: 'classes' | 'orders' | 'studio') => {
      const res = await list(m, { category });
      // The bell counts everything unread, whatever the tab.
      expect(res.unread).toBe(5);
      expect(res.total).toBe(res.rows.length);
      return res.rows.map((r) => r.type);
    };
    expect(await tab('classes')).toEqual(['waitlistPromoted']);
    expect(await tab('orders')).toEqual(['orderPaid']);
    expect(await tab('studio')).toEqual(['announcement', 'custom', 'announcement']);

    const page2 = await list(m, { pageIndex: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 5, hasMore: true });
    expect(page2.rows.map((r) => r._id)).toEqual([plain, all.rows[3]!._id]);
  });

  it('reads an announcement in my language, else the studio’s default one, else any it has', async () => {
    const m = await buildMember(t);
    const enOnly = await announce({ title: { en: 'Closed Monday' }, content: { en: '<p>We rest.</p>' } });
    const mine = await list(m);
    expect(mine.rows.find((r) => r._id === enOnly)!.title).toBe('Closed Monday');
    const inZhHans = await t.call(notificationCalls.getInfo, { _id: enOnly }, { token: m.token, locale: 'zh-Hans' });
    expect(inZhHans.notice).toMatchObject({ title: 'Closed Monday', content: '<p>We rest.</p>', body: 'We rest.' });

    const both = await announce({
      title: { en: 'Timetable', 'zh-Hant': '新課表' },
      content: { en: '<p>New</p>', 'zh-Hant': '<p>新的</p>' },
    });
    await t.call(adminMerchantCalls.save, { default_locale: 'zh-Hant' }, { token: admin.token });
    try {
      const res = await t.call(notificationCalls.getInfo, { _id: both }, { token: m.token, locale: 'zh-Hans' });
      expect(res.notice).toMatchObject({ title: '新課表', body: '新的' });
      const en = await t.call(notificationCalls.getInfo, { _id: both }, { token: m.token, locale: 'en' });
      expect(en.notice.title).toBe('Timetable');
    } finally {
      await t.call(adminMerchantCalls.save, { default_locale: 'en' }, { token: admin.token });
    }
  });

  it('visitors read public announcements, never read; a member’s list needs a token', async () => {
    const id = await announce({ audience: 'all', link: '/pages/course/list', pinned: true });
    const res = await t.call(notificationCalls.pub_getList, {});
    expect(res).toMatchObject({ code: 0, total: 1 });
    expect(res.rows[0]).toMatchObject({ _id: id, read: false, data: { notice_id: id, link: '/pages/course/list' } });
    expect((await t.call(notificationCalls.getMyNotifications, {})).code).toBe(30204);
  });
});

describe('reading', () => {
  it('opening a notice marks it read and answers the count; every device of mine hears the new count', async () => {
    const m = await buildMember(t);
    await tell(classNotice(m.id));
    const id = await announce();
    const personal = (await list(m)).rows.find((r) => r.type === 'waitlistPromoted')!._id;
    const pushed = vi.spyOn(t.app.realtime, 'notifyUser');
    try {
      const opened = await t.call(notificationCalls.getInfo, { _id: id }, { token: m.token });
      expect(opened).toMatchObject({ code: 0, unread: 1, notice: { _id: id, read: true, content: '<p>Body</p>' } });
      expect(pushed).toHaveBeenLastCalledWith(m.id, { type: 'noticesRead', data: { unread: 1 } });
      // Opening it again changes nothing and tells nobody.
      expect((await t.call(notificationCalls.getInfo, { _id: id }, { token: m.token })).unread).toBe(1);
      expect(pushed).toHaveBeenCalledTimes(1);
      const own = await t.call(notificationCalls.getInfo, { _id: personal }, { token: m.token });
      expect(own).toMatchObject({ unread: 0, notice: { _id: personal, read: true, title: 'You got a seat' } });
      expect(pushed).toHaveBeenLastCalledWith(m.id, { type: 'noticesRead', data: { unread: 0 } });
    } finally {
      pushed.mockRestore();
    }
    expect((await list(m)).rows.every((r) => r.read)).toBe(true);
  });

  it('marks one read, or all of them (announcements included); a new announcement is unread again', async () => {
    const m = await buildMember(t);
    await tell(classNotice(m.id));
    await tell(orderNotice(m.id));
    const first = await announce();
    await announce({ audience: 'all' });
    expect((await t.call(notificationCalls.markRead, { _id: first }, { token: m.token })).unread).toBe(3);
    expect((await t.call(notificationCalls.markAllRead, {}, { token: m.token })).unread).toBe(0);
    const after = await list(m);
    expect(after.unread).toBe(0);
    expect(after.rows.every((r) => r.read)).toBe(true);
    await announce();
    expect((await list(m)).unread).toBe(1);
  });

  it('another member’s notice, or an announcement not meant for me, is NOT_FOUND', async () => {
    const [m, other] = [await buildMember(t), await buildMember(t)];
    await tell(classNotice(other.id));
    const theirs = (await list(other)).rows[0]!._id;
    const holders = await announce({ audience: 'package_holders' });
    for (const _id of [theirs, holders, 'no-such-notice']) {
      expect((await t.call(notificationCalls.getInfo, { _id }, { token: m.token })).code, _id).toBe('NOT_FOUND');
      expect((await t.call(notificationCalls.markRead, { _id }, { token: m.token })).code, _id).toBe('NOT_FOUND');
    }
    expect((await list(other)).rows[0]!.read).toBe(false);
  });
});
