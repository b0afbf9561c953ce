import { accountCalls } from '@studio/contract/account';
import { adminDeliveryCalls, channelCalls } from '@studio/contract/channels';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawHeader } from '../../testing/smtp-fake';
import { users } from '../account/schema';
import { noticeDeliveries } from './schema';
import {
  buildReachableMember,
  type ChannelsKit,
  channelsKit,
  classData,
  PUBLIC_URL,
  setChannels,
  tell,
} from './testing';

let kit: ChannelsKit;
beforeAll(async () => {
  kit = await channelsKit();
});
afterAll(() => kit.close());

const deliveriesOf = (userId: string) =>
  kit.t.app.db.select().from(noticeDeliveries).where(eq(noticeDeliveries.userId, userId));
const mailTo = (address: string) => kit.smtp.messages.filter((m) => m.to && JSON.stringify(m.to).includes(address));

describe('e-mail', () => {
  it('mails a notice in the member’s language, from the studio, with one-click unsubscribe that works', async () => {
    const { t } = kit;
    const m = await buildReachableMember(t, { locale: null });
    // The app says which language it uses when it starts: notices outside it speak that one.
    await t.call(accountCalls.getMyUserInfo, {}, { token: m.token, locale: 'zh-Hans' });
    expect((await t.app.db.select({ l: users.locale }).from(users).where(eq(users.id, m.id)))[0]?.l).toBe('zh-Hans');

    const data = classData(t);
    await tell(t, { userId: m.id, type: 'waitlistPromoted', data });
    const [mail] = mailTo(m.email);
    // Its button opens the class in the app.
    expect(mail?.text).toContain(`${PUBLIC_URL}/#/pages/course/detail?_id=${data.session_id}`);
    expect(mail?.subject).toContain('候补成功');
    expect(mail?.text).toContain('Yin Yoga');
    expect(mail?.html).toContain('Yin Yoga');
    expect(mail?.from?.text).toContain('hello@studio.example');
    const unsubscribe = rawHeader(mail!, 'List-Unsubscribe')!;
    expect(unsubscribe).toMatch(new RegExp(`^<${PUBLIC_URL}/unsubscribe\\?t=[^>]+>$`));
    expect(rawHeader(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = new URL(unsubscribe.slice(1, -1));
    const [row] = await deliveriesOf(m.id);
    expect(row).toMatchObject({ channel: 'email', target: m.email, state: 'sent', tries: 1, category: 'classes' });

    // A mail scanner fetching the link changes nothing: the page asks, in the member's language.
    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('退订');
    expect(page.body).toContain('method="post"');
    const still = await t.call(channelCalls.getPreferences, {}, { token: m.token });
    expect(still.preferences.classes.email).toBe(true);

    // The one click (RFC 8058): that category's e-mail off, the others untouched.
    const click = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    const after = await t.call(channelCalls.getPreferences, {}, { token: m.token });
    expect(after.preferences.classes.email).toBe(false);
    expect(after.preferences.orders.email).toBe(true);

    // The next class notice sends no mail; an order notice still does.
    await tell(t, { userId: m.id, type: 'classReminder', data: classData(t) });
    expect(mailTo(m.email)).toHaveLength(1);
    await tell(t, { userId: m.id, type: 'orderCompleted', data: { order_no: 'NO123' } });
    expect(mailTo(m.email)).toHaveLength(2);
  });

  it('answers a forged or broken unsubscribe link with 400, never 500', async () => {
    const m = await buildReachableMember(kit.t);
    await tell(kit.t, { userId: m.id, type: 'orderCompleted', data: { order_no: 'NO1' } });
    const link = new URL(rawHeader(mailTo(m.email)[0]!, 'List-Unsubscribe')!.slice(1, -1));
    const token = link.searchParams.get('t')!;
    const [who, , sig] = token.split('.');
    for (const t of ['', 'x', `${who}.classes.${sig}`, `${who}.nonsense.${sig}`, `${token}x`, 'a.b.c.d']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await kit.t.app.inject({ method, url: `/unsubscribe?t=${encodeURIComponent(t)}` });
        expect(res.statusCode, `${method} ${t}`).toBe(400);
      }
    }
    expect((await kit.t.call(channelCalls.getPreferences, {}, { token: m.token })).preferences.orders.email).toBe(true);
  });
});

describe('Web Push', () => {
  it('delivers the notice encrypted to each device, with its TTL, urgency and topic; 410 drops the device', async () => {
    const { t, push } = kit;
    const m = await buildReachableMember(t, { email: false });
    const phone = push.subscribe();
    const laptop = push.subscribe();
    for (const device of [phone, laptop]) {
      expect((await t.call(channelCalls.subscribePush, device, { token: m.token })).code).toBe(0);
    }
    const data = classData(t, 3);
    await tell(t, { userId: m.id, type: 'classReminder', data });
    const got = push.received.filter((r) => r.endpoint === phone.endpoint || r.endpoint === laptop.endpoint);
    expect(got).toHaveLength(2);
    expect(got[0]).toMatchObject({
      payload: {
        title: 'Your class starts soon',
        body: expect.stringContaining('Yin Yoga'),
        url: `/#/pages/course/detail?_id=${data.session_id}`,
        tag: `reminder-${data.reservation_id}`,
      },
      urgency: 'high',
      topic: `reminder-${data.reservation_id}`,
    });
    // It lives until the class starts (3 hours), no longer.
    expect(got[0]!.ttl).toBeGreaterThan(3 * 3600 - 60);
    expect(got[0]!.ttl).toBeLessThanOrEqual(3 * 3600);

    push.answerWith(laptop.endpoint, 410);
    await tell(t, { userId: m.id, type: 'orderCompleted', data: { order_no: 'NO77' } });
    const order = push.received.filter((r) => r.endpoint === phone.endpoint).at(-1)!;
    expect(order).toMatchObject({ payload: { url: '/#/pages/user/order/info?order_no=NO77' }, urgency: 'normal' });
    const rows = await deliveriesOf(m.id);
    const gone = rows.find((r) => r.type === 'orderCompleted' && r.state === 'failed');
    expect(gone).toMatchObject({ channel: 'push', tries: 1 });
    expect(gone?.lastError).toContain('410');
    // The dropped device gets nothing more, and staff cannot send it again.
    await tell(t, { userId: m.id, type: 'orderCompleted', data: { order_no: 'NO78' } });
    expect((await deliveriesOf(m.id)).filter((r) => r.target === gone!.target)).toHaveLength(2);
    const resend = await t.call(adminDeliveryCalls.resend, { _id: gone!.id }, { token: kit.admin.token });
    expect(resend.code).toBe('DELIVERY_TARGET_GONE');
  });
});

describe('SMS', () => {
  it('texts only where the studio switched it on, and only the notice types it chose', async () => {
    const { t, twilio } = kit;
    const m = await buildReachableMember(t, { email: false });
    const textsTo = async () => (await twilio.messages()).filter((x) => x.to === m.mobile);
    await tell(t, { userId: m.id, type: 'sessionCancelled', data: { ...classData(t), reason: 'Teacher ill' } });
    expect(await textsTo()).toHaveLength(0);

    await setChannels(kit, { sms: true, sms_types: ['sessionCancelled'] });
    await tell(t, { userId: m.id, type: 'sessionCancelled', data: { ...classData(t), reason: 'Teacher ill' } });
    await tell(t, { userId: m.id, type: 'waitlistPromoted', data: classData(t) });
    await tell(t, { userId: m.id, type: 'orderCompleted', data: { order_no: 'NO9' } });
    const texts = await textsTo();
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('Yin Yoga');
    await setChannels(kit, { sms: false });
  });
});
