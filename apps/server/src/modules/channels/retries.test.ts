import { adminDeliveryCalls, channelCalls } from '@studio/contract/channels';
import { type AnnouncementSaveInput, adminNoticeCalls } from '@studio/contract/notifications';
import { reservationCalls } from '@studio/contract/reservations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, MINUTE } from '../../platform/clock';
import { runSweep } from '../../testing/sweeps';
import { users } from '../account/schema';
import { auditLog } from '../audit/schema';
import { buildPackage, buildSession } from '../schedule/testing';
import { claimDue } from './repo';
import { noticeDeliveries } from './schema';
import { buildReachableMember, type ChannelsKit, channelsKit, setChannels, tell } from './testing';

let kit: ChannelsKit;
beforeAll(async () => {
  kit = await channelsKit();
});
afterAll(() => kit.close());

const deliveriesOf = (userId: string) =>
  kit.t.app.db.select().from(noticeDeliveries).where(eq(noticeDeliveries.userId, userId));
const mailTo = (address: string) => kit.smtp.messages.filter((m) => JSON.stringify(m.to ?? '').includes(address));
const sweep = (app = kit.t.app) => runSweep(app, 'channels.deliver', kit.t.clock.now());

describe('retries', () => {
  it('backs off when the provider fails (10, then 20 minutes), gives up after the studio’s tries, and staff send again', async () => {
    const { t, smtp, push } = kit;
    const m = await buildReachableMember(t);
    const device = push.subscribe();
    await t.call(channelCalls.subscribePush, device, { token: m.token });
    smtp.refuseNext(true);
    push.answerWith(device.endpoint, 500);
    const start = t.clock.now().getTime();
    await tell(t, { userId: m.id, type: 'orderCompleted', data: { order_no: 'NO1' } });
    let rows = await deliveriesOf(m.id);
    expect(rows.map((r) => [r.channel, r.state, r.tries])).toEqual(
      expect.arrayContaining([
        ['email', 'pending', 1],
        ['push', 'pending', 1],
      ]),
    );
    for (const r of rows) expect(r.nextAt?.getTime()).toBe(start + 10 * MINUTE);

    // Not due yet: nothing tried.
    t.clock.advance(9 * MINUTE);
    expect(await sweep()).toBe(0);
    t.clock.advance(1 * MINUTE);
    expect(await sweep()).toBe(2);
    rows = await deliveriesOf(m.id);
    for (const r of rows) {
      expect([r.state, r.tries]).toEqual(['pending', 2]);
      expect(r.nextAt?.getTime()).toBe(start + 30 * MINUTE);
      // The provider's own reason, for staff reading the log.
      expect(r.lastError).toMatch(r.channel === 'email' ? /^EMAIL_SEND_FAILED: .*550/ : /500/);
    }
    t.clock.advance(20 * MINUTE);
    expect(await sweep()).toBe(2);
    rows = await deliveriesOf(m.id);
    for (const r of rows) expect([r.state, r.tries, r.nextAt]).toEqual(['failed', 3, null]);
    t.clock.advance(60 * MINUTE);
    expect(await sweep()).toBe(0);
    expect(mailTo(m.email)).toHaveLength(0);

    // The provider is back: staff send the e-mail again, with fresh tries, audited.
    smtp.refuseNext(false);
    const email = rows.find((r) => r.channel === 'email')!;
    const res = await t.call(adminDeliveryCalls.resend, { _id: email.id }, { token: kit.admin.token });
    expect(res.code).toBe(0);
    expect(res.delivery).toMatchObject({ _id: email.id, state: 'sent', tries: 1, last_error: null, channel: 'email' });
    expect(mailTo(m.email)).toHaveLength(1);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.objectId, email.id));
    expect(audit).toMatchObject([{ action: 'admin/delivery.resend', objectType: 'notice_delivery' }]);

    // The log per member, with names, newest first; a push target shows only its service's host.
    const list = await t.call(adminDeliveryCalls.getList, { user_id: m.id }, { token: kit.admin.token });
    expect(list.total).toBe(2);
    const byChannel = Object.fromEntries(list.rows.map((r) => [r.channel, r]));
    expect(byChannel.email).toMatchObject({ target: m.email, state: 'sent', user_id: m.id });
    expect(byChannel.push).toMatchObject({ target: new URL(device.endpoint).host, state: 'failed', tries: 3 });
    expect(byChannel.email!.user_name).not.toBe('');
    const failed = await t.call(
      adminDeliveryCalls.getList,
      { user_id: m.id, state: 'failed' },
      { token: kit.admin.token },
    );
    expect(failed.rows.map((r) => r.channel)).toEqual(['push']);
    const ofNotice = await t.call(
      adminDeliveryCalls.getList,
      { notice_id: email.sourceId, channel: 'email' },
      { token: kit.admin.token },
    );
    expect(ofNotice.rows.map((r) => r._id)).toEqual([email.id]);
    push.answerWith(device.endpoint, 201);
  });

  it('sends a try that died mid-way again once its lease lapsed, and nothing is lost', async () => {
    const { t, smtp } = kit;
    const m = await buildReachableMember(t);
    smtp.refuseNext(true);
    await tell(t, { userId: m.id, type: 'orderCompleted', data: { order_no: 'NO2' } });
    smtp.refuseNext(false);
    t.clock.advance(10 * MINUTE);
    // An instance claims the row for its try and dies before sending or recording anything.
    const [row] = await deliveriesOf(m.id);
    const now = t.clock.now();
    const claimed = await claimDue(t.app.db, now, new Date(now.getTime() + 2 * MINUTE), 10, [row!.id]);
    expect(claimed).toMatchObject([{ state: 'sending', tries: 2 }]);
    // Staff's "send again" leaves a row a try holds to that try.
    const resend = await t.call(adminDeliveryCalls.resend, { _id: row!.id }, { token: kit.admin.token });
    expect(resend.delivery).toMatchObject({ state: 'sending', tries: 2 });
    expect(mailTo(m.email)).toHaveLength(0);
    expect(await sweep()).toBe(0);
    t.clock.advance(2 * MINUTE);
    expect(await sweep()).toBe(1);
    expect(await deliveriesOf(m.id)).toMatchObject([{ state: 'sent', tries: 3 }]);
    expect(mailTo(m.email)).toHaveLength(1);
  });

  it('stops a retry the member turned off meanwhile (an unsubscribe holds for what is still waiting)', async () => {
    const { t, smtp } = kit;
    const m = await buildReachableMember(t);
    smtp.refuseNext(true);
    await tell(t, { userId: m.id, type: 'orderCompleted', data: { order_no: 'NO3' } });
    smtp.refuseNext(false);
    await t.call(channelCalls.setPreferences, { preferences: { orders: { email: false } } }, { token: m.token });
    t.clock.advance(10 * MINUTE);
    expect(await sweep()).toBe(1);
    const [row] = await deliveriesOf(m.id);
    expect(row).toMatchObject({ state: 'failed', tries: 2 });
    expect(row?.lastError).toContain('turned off');
    expect(mailTo(m.email)).toHaveLength(0);
  });

  it('two instances sweeping together never send one delivery twice', async () => {
    const { t, smtp } = kit;
    const other = await t.anotherInstance();
    const members = await Promise.all(Array.from({ length: 12 }, () => buildReachableMember(t)));
    smtp.refuseNext(true);
    for (const m of members) await tell(t, { userId: m.id, type: 'orderCompleted', data: { order_no: `N${m.id}` } });
    smtp.refuseNext(false);
    t.clock.advance(10 * MINUTE);
    const [a, b] = await Promise.all([sweep(t.app), sweep(other)]);
    expect(a + b).toBe(members.length);
    for (const m of members) {
      expect(mailTo(m.email), m.email).toHaveLength(1);
      expect(await deliveriesOf(m.id)).toMatchObject([{ state: 'sent', tries: 2 }]);
    }
  });
});

describe('announcements', () => {
  it('reach the members of their audience at publishing, once, each in their language', async () => {
    const { t } = kit;
    await setChannels(kit, { push: true, email: true });
    const en = await buildReachableMember(t, { locale: 'en' });
    const zh = await buildReachableMember(t, { locale: 'zh-Hant' });
    const off = await buildReachableMember(t);
    await t.app.db.update(users).set({ disabled: true }).where(eq(users.id, off.id));
    const saved = await t.call(
      adminNoticeCalls.save,
      {
        title: { en: 'New timetable', 'zh-Hant': '新課表' },
        content: { en: '<p>Classes <b>move</b> on Monday.</p>', 'zh-Hant': '<p>週一起課表更新。</p>' },
        audience: 'members',
      },
      { token: kit.admin.token },
    );
    expect(saved.code).toBe(0);
    // Written at publishing, sent by the sweep (an audience of thousands must not hold the save).
    expect(mailTo(en.email)).toHaveLength(0);
    expect(await sweep()).toBeGreaterThanOrEqual(2);
    expect(mailTo(en.email).map((x) => x.subject)).toEqual([expect.stringContaining('New timetable')]);
    expect(mailTo(en.email)[0]?.text).toContain('Classes move on Monday.');
    expect(mailTo(zh.email).map((x) => x.subject)).toEqual([expect.stringContaining('新課表')]);
    expect(mailTo(off.email)).toHaveLength(0);
    expect(await deliveriesOf(en.id)).toMatchObject([
      { source: 'announcement', sourceId: saved.notice._id, type: 'announcement', category: 'studio', state: 'sent' },
    ]);
    // Edited while visible (announcement.published again): nobody hears of it twice.
    await t.call(
      adminNoticeCalls.save,
      {
        _id: saved.notice._id,
        title: { en: 'New timetable!' },
        content: { en: '<p>Classes move on Monday.</p>' },
        audience: 'members',
      },
      { token: kit.admin.token },
    );
    await sweep();
    expect(mailTo(en.email)).toHaveLength(1);
  });

  it('judge a course or package holders audience at publishing', async () => {
    const { t } = kit;
    const session = await buildSession(t, { startsAt: new Date(t.clock.now().getTime() + 3 * 24 * 3_600_000) });
    const [booked, holder, neither] = await Promise.all([
      buildReachableMember(t),
      buildReachableMember(t),
      buildReachableMember(t),
    ]);
    await buildPackage(t, booked.id);
    await buildPackage(t, holder.id);
    expect((await t.call(reservationCalls.book, { session_id: session.id }, { token: booked.token })).code).toBe(0);
    const reached = async (input: Pick<AnnouncementSaveInput, 'audience' | 'course_ids'>) => {
      const saved = await t.call(
        adminNoticeCalls.save,
        { title: { en: 'For some' }, content: { en: '<p>Hello</p>' }, ...input },
        { token: kit.admin.token },
      );
      expect(saved.code).toBe(0);
      const rows = await t.app.db
        .select({ userId: noticeDeliveries.userId })
        .from(noticeDeliveries)
        .where(and(eq(noticeDeliveries.sourceId, saved.notice._id), eq(noticeDeliveries.channel, 'email')));
      const ids = new Set(rows.map((r) => r.userId));
      return [booked, holder, neither].map((m) => ids.has(m.id));
    };
    expect(await reached({ audience: 'course', course_ids: [session.courseId] })).toEqual([true, false, false]);
    expect(await reached({ audience: 'package_holders' })).toEqual([true, true, false]);
  });

  it('go by no e-mail while the studio has e-mail off', async () => {
    const { t } = kit;
    await setChannels(kit, { email: false });
    const m = await buildReachableMember(t);
    const saved = await t.call(
      adminNoticeCalls.save,
      { title: { en: 'Quiet week' }, content: { en: '<p>Rest.</p>' }, audience: 'members' },
      { token: kit.admin.token },
    );
    expect(saved.code).toBe(0);
    await sweep();
    expect(mailTo(m.email)).toHaveLength(0);
    expect(await deliveriesOf(m.id)).toEqual([]);
    await setChannels(kit, { email: true });
  });
});

// Last: it moves the clock past every token's life.
describe('the log', () => {
  it('keeps done deliveries 90 days, and what still waits for as long as it waits', async () => {
    const { t, smtp } = kit;
    const [sent, waiting] = await Promise.all([buildReachableMember(t), buildReachableMember(t)]);
    await tell(t, { userId: sent.id, type: 'orderCompleted', data: { order_no: 'NO5' } });
    smtp.refuseNext(true);
    await tell(t, { userId: waiting.id, type: 'orderCompleted', data: { order_no: 'NO6' } });
    smtp.refuseNext(false);
    const clock = t.clock.now().getTime();
    // Left pending (as if no sweep had run since), it is kept however old.
    await t.app.db
      .update(noticeDeliveries)
      .set({ nextAt: new Date(clock + 365 * DAY) })
      .where(eq(noticeDeliveries.userId, waiting.id));
    t.clock.advance(89 * DAY);
    await runSweep(t.app, 'channels.prune', t.clock.now());
    expect(await deliveriesOf(sent.id)).toHaveLength(1);
    t.clock.advance(2 * DAY);
    await runSweep(t.app, 'channels.prune', t.clock.now());
    expect(await deliveriesOf(sent.id)).toHaveLength(0);
    expect(await deliveriesOf(waiting.id)).toHaveLength(1);
  });
});
