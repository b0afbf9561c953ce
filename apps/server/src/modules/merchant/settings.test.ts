import { accountCalls } from '@studio/contract/account';
import { adminMerchantCalls, merchantCalls, STUDIO_RULES } from '@studio/contract/merchant';
import { reservationCalls } from '@studio/contract/reservations';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY, HOUR } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditEntriesFor } from '../audit/testing';
import { buildAdmin, buildMember, buildPackage, buildSession, type TestMember } from '../schedule/testing';

let t: TestApp;
let admin: TestMember;
const START = '2026-11-22T09:00:00.000Z';
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

const save = (data: unknown) => t.callRaw(adminMerchantCalls.save.url, data, { token: admin.token });
const reset = () =>
  save({
    booking_window_days: STUDIO_RULES.booking_window_days.default,
    cancel_window_hours: STUDIO_RULES.cancel_window_hours.default,
    token_ttl_days: STUDIO_RULES.token_ttl_days.default,
  });

describe('the studio’s rules are settings, read when they apply', () => {
  it('cancel hours: 24 refuses a cancel 3 hours before; 2 allows it, without a restart', async () => {
    const m = await buildMember(t);
    await buildPackage(t, m.id);
    const session = await buildSession(t, { startsAt: new Date(Date.parse(START) + 3 * HOUR) });
    const booked = await t.call(reservationCalls.book, { session_id: session.id }, { token: m.token });
    const cancel = () =>
      t.callRaw(reservationCalls.cancelBooking.url, { reservation_id: booked.reservation._id }, { token: m.token });
    expect(await cancel()).toMatchObject({ code: 'CANCEL_WINDOW_CLOSED', msg: expect.stringContaining('24') });
    expect((await save({ cancel_window_hours: 2 })).code).toBe(0);
    expect((await cancel()).code).toBe(0);
    await reset();
  });

  it('booking window: 3 days refuses a class 5 days ahead', async () => {
    const m = await buildMember(t);
    await buildPackage(t, m.id);
    const session = await buildSession(t, { startsAt: new Date(Date.parse(START) + 5 * DAY) });
    expect((await save({ booking_window_days: 3 })).code).toBe(0);
    expect(await t.callRaw(reservationCalls.book.url, { session_id: session.id }, { token: m.token })).toMatchObject({
      code: 'BOOKING_NOT_OPEN',
    });
    await reset();
    expect((await t.callRaw(reservationCalls.book.url, { session_id: session.id }, { token: m.token })).code).toBe(0);
  });

  it('token life: a login after the change lasts the new number of days', async () => {
    expect((await save({ token_ttl_days: 30 })).code).toBe(0);
    const res = await t.call(accountCalls.register, {
      username: `ttl${Date.now().toString(36)}`,
      password: 'Lotus_2024',
      password2: 'Lotus_2024',
      agree: true,
    });
    expect(res.vk_uni_token.tokenExpired).toBe(Date.parse(START) + 30 * DAY);
    await reset();
  });

  it('answers the rules and the studio’s information to staff, and audits a save', async () => {
    expect(
      (await save({ phone: '+44 20 0000 0000', currency: 'EUR', timezone: 'Asia/Shanghai', cancel_window_hours: 12 }))
        .code,
    ).toBe(0);
    const { merchant } = await t.call(adminMerchantCalls.get, {}, { token: admin.token });
    expect(merchant).toMatchObject({
      phone: '+44 20 0000 0000',
      currency: 'EUR',
      timezone: 'Asia/Shanghai',
      cancel_window_hours: 12,
      booking_window_days: 14,
      token_ttl_days: 7,
    });
    const [entry] = await auditEntriesFor(t.app.db, 'studio', 'default');
    expect(entry?.before).toMatchObject({ cancelWindowHours: 24, currency: expect.any(String) });
    expect(entry?.after).toMatchObject({ cancelWindowHours: 12, currency: 'EUR' });
    await save({ currency: 'GBP', timezone: 'Europe/London' });
    await reset();
  });

  it('sends the studio timezone’s offsets for about a year either side, with each clock change to the second', async () => {
    const offsets = async () => (await t.call(merchantCalls.getMchInfo, {})).mchInfo.utc_offsets!;
    await save({ timezone: 'Europe/London' });
    const london = await offsets();
    const now = Date.parse(START);
    expect(london.from).toBeLessThanOrEqual(now - 365 * DAY);
    expect(london.until).toBeGreaterThanOrEqual(now + 365 * DAY);
    const changes = new Map(london.changes.map(([at, offset]) => [new Date(at).toISOString(), offset]));
    // British Summer Time 2026 ends on 25 October at 01:00 UTC and 2027's starts on 28 March at 01:00 UTC.
    expect(changes.get('2026-10-25T01:00:00.000Z')).toBe(0);
    expect(changes.get('2027-03-28T01:00:00.000Z')).toBe(60);
    await save({ timezone: 'Asia/Shanghai' });
    expect((await offsets()).changes).toEqual([[london.from, 480]]);
    await save({ timezone: 'Europe/London' });
  });

  it('refuses values out of bounds, an unknown zone or currency, and a logo that was not uploaded', async () => {
    expect(await save({ cancel_window_hours: 500 })).toMatchObject({
      code: 'INVALID_PARAM',
      field: 'cancel_window_hours',
    });
    expect(await save({ token_ttl_days: 2 })).toMatchObject({ code: 'INVALID_PARAM', field: 'token_ttl_days' });
    expect(await save({ timezone: 'Mars/Olympus' })).toMatchObject({ code: 'INVALID_PARAM', field: 'timezone' });
    expect(await save({ currency: 'XYZ' })).toMatchObject({ code: 'INVALID_PARAM', field: 'currency' });
    expect(await save({ logo: '/uploads/not-mine.png' })).toMatchObject({ code: 'INVALID_PARAM', field: 'logo' });
    const { merchant } = await t.call(adminMerchantCalls.get, {}, { token: admin.token });
    expect(merchant.cancel_window_hours).toBe(24);
  });
});
