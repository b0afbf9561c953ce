import { notificationCalls } from '@studio/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildMember } from '../schedule/testing';
import { type NewNotice, tellMembers } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('member notifications', () => {
  it('lists my notices newest first, in my language, and marks them read', async () => {
    const m = await buildMember(t);
    const other = await buildMember(t);
    const data = {
      session_id: 's1',
      course_name: 'Yin Yoga',
      starts_at: '2026-12-03T18:00:00.000Z',
      reservation_id: 'r1',
    };
    const pushed: unknown[] = [];
    const realtime = {
      notifyUser: async (...args: unknown[]) => void pushed.push(args),
      broadcast: async () => undefined,
    };
    const source = newId();
    const notice = { userId: m.id, type: 'waitlistPromoted' as const, data };
    await tellMembers({ db: t.app.db, realtime }, source, [notice], t.clock.now());
    // Told again of the same event (the outbox delivers at least once): no second notice, no second push.
    await tellMembers({ db: t.app.db, realtime }, source, [notice], t.clock.now());
    expect(pushed).toEqual([[m.id, { type: 'waitlistPromoted', data, id: expect.any(String) }]]);
    t.clock.advance(60_000);
    // A type without texts in the contract (an older row, say) reads as its stored title and body.
    const custom = { userId: m.id, type: 'custom', data: {}, title: 'Hello', body: 'Plain text' };
    await tellMembers({ db: t.app.db, realtime }, newId(), [custom as unknown as NewNotice], t.clock.now());

    const en = await t.call(notificationCalls.getMyNotifications, { pageSize: 1 }, { token: m.token });
    expect(en).toMatchObject({ code: 0, total: 2, hasMore: true, unread: 2 });
    expect(en.rows[0]).toMatchObject({ type: 'custom', title: 'Hello', body: 'Plain text', read: false });
    const page2 = await t.call(notificationCalls.getMyNotifications, { pageIndex: 2, pageSize: 1 }, { token: m.token });
    expect(page2.rows[0]).toMatchObject({
      type: 'waitlistPromoted',
      title: 'You got a seat',
      body: 'A seat opened in Yin Yoga on Thu 3 Dec, 18:00 and you are now booked. One credit was used.',
      data,
    });
    const zh = await t.call(
      notificationCalls.getMyNotifications,
      { pageIndex: 2, pageSize: 1 },
      {
        token: m.token,
        locale: 'zh-Hans',
      },
    );
    expect(zh.rows[0]!.title).toBe('候补成功');
    expect(zh.rows[0]!.body).toContain('12月3日 周四 18:00');

    const id = page2.rows[0]!._id;
    expect((await t.call(notificationCalls.markRead, { _id: id }, { token: other.token })).code).toBe('NOT_FOUND');
    expect((await t.call(notificationCalls.markRead, { _id: id }, { token: m.token })).code).toBe(0);
    expect((await t.call(notificationCalls.markRead, { _id: id }, { token: m.token })).code).toBe(0);
    const after = await t.call(notificationCalls.getMyNotifications, {}, { token: m.token });
    expect(after.unread).toBe(1);
    expect(after.rows.find((r) => r._id === id)!.read).toBe(true);
    expect((await t.call(notificationCalls.getMyNotifications, {}, { token: other.token })).total).toBe(0);
    expect((await t.call(notificationCalls.getMyNotifications, {})).code).toBe(30204);
  });
});
