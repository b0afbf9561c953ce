// The studio's announcements: who reads them (audiences judged when read), when (scheduled, withdrawn),
// what the back office sees (status, read and audience counts), and what open apps hear.

import { type AnnouncementSaveInput, adminNoticeCalls, notificationCalls } from '@studio/contract/notifications';
import { reservationCalls } from '@studio/contract/reservations';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema';
import { DAY, HOUR } from '../../platform/clock';
import { eventOutbox } from '../../platform/event-outbox-schema';
import { runSweeps } from '../../platform/sweeper';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  buildAdmin,
  buildCourse,
  buildMember,
  buildPackage,
  buildSession,
  setMerchant,
  type TestMember,
} from '../schedule/testing';
import { notificationSweeps, publishDueAnnouncements } from './announcements';
import { announcements } from './schema';

let t: TestApp;
let admin: TestMember;
const START = '2026-11-22T09:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  // Bookings weeks ahead, and tokens that outlive the clock's moves.
  await setMerchant(t, { bookingWindowDays: 60, tokenTtlDays: 60 });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(START);
  // Each test starts with nothing on the board: announcements are everyone's.
  await t.app.db.update(announcements).set({ withdrawnAt: t.clock.now() }).where(isNull(announcements.withdrawnAt));
});

const text = (en: string) => ({ en });
async function save(input: Partial<AnnouncementSaveInput> = {}) {
  const res = await t.call(
    adminNoticeCalls.save,
    { title: text('Studio news'), content: text('<p>Hello</p>'), audience: 'all', ...input },
    { token: admin.token },
  );
  if (res.code !== 0) throw new Error(`save failed: ${JSON.stringify(res)}`);
  return res.notice;
}
const saveRaw = (input: Record<string, unknown>) =>
  t.callRaw(
    adminNoticeCalls.save.url,
    { title: text('Studio news'), content: text('<p>Hello</p>'), audience: 'all', ...input },
    { token: admin.token },
  );

/** Ids of the announcements a member (or, without one, a visitor) finds in their list. */
async function seenBy(member?: TestMember): Promise<string[]> {
  if (!member) {
    const res = await t.call(notificationCalls.pub_getList, { pageSize: 100 });
    expect(res.code).toBe(0);
    return res.rows.map((r) => r._id);
  }
  const res = await t.call(notificationCalls.getMyNotifications, { pageSize: 100 }, { token: member.token });
  expect(res.code).toBe(0);
  return res.rows.filter((r) => r.type === 'announcement').map((r) => r._id);
}
const book = async (m: TestMember, sessionId: string) => {
  const res = await t.call(reservationCalls.book, { session_id: sessionId }, { token: m.token });
  expect(res.code).toBe(0);
};
const listed = async (id: string) =>
  (await t.call(adminNoticeCalls.getList, { pageSize: 100 }, { token: admin.token })).rows.find((r) => r._id === id)!;
const memberCount = async () =>
  ((await t.app.db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: { n: number }[] }).rows[0]!
    .n;

describe('audiences, judged when read', () => {
  it('a visitor reads only the announcements for everyone; a member reads the members’ ones too', async () => {
    const all = await save({ audience: 'all' });
    const members = await save({ audience: 'members' });
    const member = await buildMember(t);
    expect(await seenBy()).toEqual([all._id]);
    expect((await seenBy(member)).sort()).toEqual([all._id, members._id].sort());
    expect((await t.call(notificationCalls.pub_getInfo, { _id: members._id })).code).toBe('NOT_FOUND');
    const opened = await t.call(notificationCalls.pub_getInfo, { _id: all._id });
    expect(opened.notice).toMatchObject({ _id: all._id, type: 'announcement', read: false, content: '<p>Hello</p>' });
  });

  it('package holders: a member without a valid package does not read it, and does once they hold one', async () => {
    const notice = await save({ audience: 'package_holders' });
    const member = await buildMember(t);
    expect(await seenBy(member)).toEqual([]);
    expect((await t.call(notificationCalls.getInfo, { _id: notice._id }, { token: member.token })).code).toBe(
      'NOT_FOUND',
    );
    // A package used up or expired does not count; a valid one with credits does.
    const ended = { mode: 'fixed', valid_from: '2026-11-01T00:00:00Z', valid_until: '2026-11-21T00:00:00Z' } as const;
    await buildPackage(t, member.id, { validity: ended });
    expect(await seenBy(member)).toEqual([]);
    await buildPackage(t, member.id);
    expect(await seenBy(member)).toEqual([notice._id]);
    expect(await seenBy()).toEqual([]);
  });

  it('course: a member booked on one of its courses within its days reads it; one booked later does not', async () => {
    const course = await buildCourse(t);
    const soon = await buildSession(t, { courseId: course.id, startsAt: new Date(t.clock.now().getTime() + 3 * DAY) });
    const later = await buildSession(t, {
      courseId: course.id,
      startsAt: new Date(t.clock.now().getTime() + 20 * DAY),
    });
    const other = await buildSession(t, { startsAt: new Date(t.clock.now().getTime() + 2 * DAY) });
    const [bookedSoon, bookedLater, bookedOther] = await Promise.all([buildMember(t), buildMember(t), buildMember(t)]);
    for (const m of [bookedSoon, bookedLater, bookedOther]) await buildPackage(t, m.id);
    await book(bookedSoon, soon.id);
    await book(bookedLater, later.id);
    await book(bookedOther, other.id);
    const notice = await save({ audience: 'course', course_ids: [course.id], course_days: 7 });
    expect(notice).toMatchObject({ course_ids: [course.id], course_days: 7, audience_count: 1 });
    expect(await seenBy(bookedSoon)).toEqual([notice._id]);
    expect(await seenBy(bookedLater)).toEqual([]);
    expect(await seenBy(bookedOther)).toEqual([]);
    expect(await seenBy()).toEqual([]);
    // Two weeks on, the later class is within 7 days: its member reads it; the first class is over.
    t.clock.advance(14 * DAY);
    expect(await seenBy(bookedLater)).toEqual([notice._id]);
    expect(await seenBy(bookedSoon)).toEqual([]);
  });
});

describe('publishing and withdrawing', () => {
  it('a scheduled announcement is invisible before its time, and visible from it; the sweep announces it once', async () => {
    const broadcast = vi.spyOn(t.app.realtime, 'broadcast');
    const member = await buildMember(t);
    const at = new Date(t.clock.now().getTime() + 2 * HOUR);
    const notice = await save({ publish_at: at.toISOString() });
    expect(notice.status).toBe('scheduled');
    expect(await seenBy(member)).toEqual([]);
    expect(await seenBy()).toEqual([]);
    expect((await t.call(notificationCalls.getInfo, { _id: notice._id }, { token: member.token })).code).toBe(
      'NOT_FOUND',
    );
    expect(await runSweeps(t.app.db, t.clock.now(), notificationSweeps(t.app.deps))).toEqual({
      'announcements.publishDue': 0,
    });
    expect(broadcast).not.toHaveBeenCalled();

    t.clock.set(at);
    expect(await runSweeps(t.app.db, t.clock.now(), notificationSweeps(t.app.deps))).toEqual({
      'announcements.publishDue': 1,
    });
    expect(broadcast).toHaveBeenCalledTimes(1);
    expect(broadcast).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'announcement', data: { notice_id: notice._id } }),
    );
    expect(await seenBy(member)).toEqual([notice._id]);
    expect(await seenBy()).toEqual([notice._id]);
    expect((await listed(notice._id)).status).toBe('published');
    expect(await runSweeps(t.app.db, t.clock.now(), notificationSweeps(t.app.deps))).toEqual({
      'announcements.publishDue': 0,
    });
    broadcast.mockRestore();
  });

  it('published at save when its time is now or past: announced to open apps at once', async () => {
    const broadcast = vi.spyOn(t.app.realtime, 'broadcast');
    const notice = await save({ publish_at: new Date(t.clock.now().getTime() - DAY).toISOString() });
    expect(notice).toMatchObject({ status: 'published', publish_at: START });
    expect(broadcast).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'announcement', data: { notice_id: notice._id } }),
    );
    expect(await publishDueAnnouncements(t.app, t.clock.now())).toBe(0);
    broadcast.mockRestore();
  });

  it('two instances sweeping one database announce a due announcement once', async () => {
    const other = await t.anotherInstance();
    const notices = await Promise.all(
      [1, 2, 3].map(() => save({ publish_at: new Date(t.clock.now().getTime() + HOUR).toISOString() })),
    );
    t.clock.advance(HOUR);
    const [a, b] = await Promise.all([
      publishDueAnnouncements(t.app, t.clock.now()),
      publishDueAnnouncements(other, t.clock.now()),
    ]);
    expect(a + b).toBe(3);
    // Sweeping on, either instance finds nothing left to announce.
    expect(await publishDueAnnouncements(other, t.clock.now())).toBe(0);
    expect(await publishDueAnnouncements(t.app, t.clock.now())).toBe(0);
    for (const notice of notices) {
      const rows = await t.app.db
        .select()
        .from(eventOutbox)
        .where(
          and(
            eq(eventOutbox.subscriber, 'announcements.broadcastPublished'),
            sql`${eventOutbox.payload}->>'notice_id' = ${notice._id}`,
          ),
        );
      expect(rows, notice._id).toHaveLength(1);
    }
  });

  it('withdrawing hides it from members and visitors, tells open apps, and is answered unchanged a second time', async () => {
    const member = await buildMember(t);
    const notice = await save();
    expect(await seenBy(member)).toEqual([notice._id]);
    const broadcast = vi.spyOn(t.app.realtime, 'broadcast');
    const withdrawn = await t.call(adminNoticeCalls.withdraw, { _id: notice._id }, { token: admin.token });
    expect(withdrawn.notice).toMatchObject({ status: 'withdrawn', withdrawn_at: START });
    expect(broadcast).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'announcement', data: { notice_id: notice._id } }),
    );
    expect(await seenBy(member)).toEqual([]);
    expect(await seenBy()).toEqual([]);
    expect((await t.call(notificationCalls.getInfo, { _id: notice._id }, { token: member.token })).code).toBe(
      'NOT_FOUND',
    );
    expect((await t.call(notificationCalls.pub_getInfo, { _id: notice._id })).code).toBe('NOT_FOUND');
    t.clock.advance(HOUR);
    const again = await t.call(adminNoticeCalls.withdraw, { _id: notice._id }, { token: admin.token });
    expect(again.notice).toEqual(withdrawn.notice);
    expect(broadcast).toHaveBeenCalledTimes(1);
    expect((await saveRaw({ _id: notice._id })).code).toBe('NOTICE_WITHDRAWN');
    broadcast.mockRestore();
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.objectId, notice._id));
    expect(audits.map((a) => a.action).sort()).toEqual(['admin/notice.save', 'admin/notice.withdraw']);
  });
});

describe('the back office list', () => {
  it('says how many of its audience read each ("read by 1 of N"), newest first, by status', async () => {
    const everyone = await save({ title: text('For all') });
    const holders = await save({ title: text('For holders'), audience: 'package_holders' });
    const scheduled = await save({ publish_at: new Date(t.clock.now().getTime() + DAY).toISOString() });
    const [reader, holder] = [await buildMember(t), await buildMember(t)];
    await buildPackage(t, holder.id);
    await t.call(notificationCalls.getInfo, { _id: everyone._id }, { token: reader.token });
    await t.call(notificationCalls.getInfo, { _id: everyone._id }, { token: reader.token });
    await t.call(notificationCalls.getInfo, { _id: holders._id }, { token: holder.token });
    const holderCount = (
      (await t.app.db.execute(
        sql`select count(distinct user_id)::int as n from member_packages where remaining_count > 0 and refunded_at is null and (valid_until is null or valid_until >= ${START}::timestamptz) and valid_from <= ${START}::timestamptz`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
    expect(await listed(everyone._id)).toMatchObject({ read_count: 1, audience_count: await memberCount() });
    expect(await listed(holders._id)).toMatchObject({ read_count: 1, audience_count: holderCount });
    expect(holderCount).toBeGreaterThan(0);

    const list = await t.call(adminNoticeCalls.getList, { pageSize: 3 }, { token: admin.token });
    expect(list.rows.map((r) => r._id)).toEqual([scheduled._id, holders._id, everyone._id]);
    const byStatus = async (status: 'scheduled' | 'published' | 'withdrawn') =>
      (await t.call(adminNoticeCalls.getList, { status, pageSize: 100 }, { token: admin.token })).rows.map(
        (r) => r._id,
      );
    expect(await byStatus('scheduled')).toEqual([scheduled._id]);
    expect(await byStatus('published')).toEqual([holders._id, everyone._id]);
    expect(await byStatus('withdrawn')).not.toContain(everyone._id);
  });

  it('edits keep a published announcement’s time; a scheduled one can be moved', async () => {
    const notice = await save();
    t.clock.advance(HOUR);
    const edited = await save({ _id: notice._id, title: text('Changed'), pinned: true });
    expect(edited).toMatchObject({ title: { en: 'Changed' }, pinned: true, publish_at: START, status: 'published' });
    const later = new Date(t.clock.now().getTime() + DAY).toISOString();
    const moved = await save({ _id: notice._id, publish_at: later });
    expect(moved).toMatchObject({ status: 'scheduled', publish_at: later });
    expect(await save({ _id: notice._id })).toMatchObject({ status: 'scheduled', publish_at: later });
  });
});

describe('what staff write', () => {
  it('keeps paragraphs, headings, emphasis, lists and safe links; drops scripts, handlers and javascript: links', async () => {
    const notice = await save({
      content: {
        en: '<h3 onclick="steal()">Hi</h3><p style="color:red">A <strong>bold</strong> <em>move</em></p><script>alert(1)</script><ul><li>one</li></ul><a href="javascript:alert(1)">bad</a> <a href="https://example.com/x">out</a> <a href="/pages/notice/list">in</a><img src=x onerror=alert(1)>',
      },
    });
    expect(notice.content.en).toBe(
      '<h3>Hi</h3><p>A <strong>bold</strong> <em>move</em></p><ul><li>one</li></ul><a rel="noopener noreferrer">bad</a> <a href="https://example.com/x" rel="noopener noreferrer" target="_blank">out</a> <a href="/pages/notice/list" rel="noopener noreferrer">in</a>',
    );
    const member = await buildMember(t);
    const row = (await t.call(notificationCalls.getMyNotifications, {}, { token: member.token })).rows[0]!;
    expect(row).toMatchObject({ body: 'Hi A bold move one bad out in', category: 'studio' });
    expect(row.content).toBeUndefined();
  });

  it('refuses, by name, what cannot be saved', async () => {
    const refused = async (input: Record<string, unknown>) => {
      const res = (await saveRaw(input)) as { code: unknown; field?: string; reason?: string };
      return [res.code, res.field, res.reason];
    };
    expect(await refused({ title: { en: '  ', 'zh-Hans': '' } })).toEqual([
      'INVALID_PARAM',
      'title',
      expect.any(String),
    ]);
    expect(await refused({ content: { en: '<script>x</script>' } })).toEqual(['INVALID_PARAM', 'content', 'required']);
    expect(await refused({ link: 'javascript:alert(1)' })).toEqual(['INVALID_PARAM', 'link', 'linkInvalid']);
    expect(await refused({ link: 'http://example.com' })).toEqual(['INVALID_PARAM', 'link', 'linkInvalid']);
    expect(await refused({ link: '//evil.example' })).toEqual(['INVALID_PARAM', 'link', 'linkInvalid']);
    expect(await refused({ audience: 'course' })).toEqual(['INVALID_PARAM', 'course_ids', 'required']);
    expect(await refused({ audience: 'course', course_ids: ['nope'] })).toEqual(['NOT_FOUND', 'course_id', undefined]);
    expect(await refused({ image: 'https://example.com/a.png' })).toEqual(['INVALID_PARAM', 'image', 'notAnUpload']);
    expect(await refused({ _id: 'missing' })).toEqual(['NOT_FOUND', '_id', undefined]);
    expect((await save({ link: '/pages/course/detail?id=1' })).link).toBe('/pages/course/detail?id=1');
    expect((await save({ link: 'https://example.com/a' })).link).toBe('https://example.com/a');
    expect(await t.app.db.select().from(auditLog).where(like(auditLog.action, 'admin/notice.%'))).not.toHaveLength(0);
  });
});
