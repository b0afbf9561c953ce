import { adminMerchantCalls, merchantCalls } from '@studio/contract/merchant';
import { reservationCalls } from '@studio/contract/reservations';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../platform/clock';
import { SHARED_MEMO_TTL_MS } from '../../platform/shared-memo';
import { redisAvailable, TEST_REDIS_URL } from '../../testing/redis';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildAdmin, buildMember, buildPackage, buildSession, type TestMember } from '../schedule/testing';
import { merchants } from './schema';
import { MERCHANT_ID } from './service';

// The studio row is remembered between saves (merchant/service.ts studioRow): a booking and the
// studio's info read it without a query, and a save applies to the very next call, on any instance.

async function bookOn(app: FastifyInstance, m: TestMember, sessionId: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${reservationCalls.book.url}`,
    headers: { 'content-type': 'application/json', 'uni-id-token': m.token },
    payload: { session_id: sessionId },
  });
  return (res.json() as { code: number | string }).code;
}

async function scenario(t: TestApp) {
  const admin = await buildAdmin(t);
  const member = async () => {
    const m = await buildMember(t);
    await buildPackage(t, m.id, { classCount: 10 });
    return m;
  };
  // Starts in 5 days: inside a 14-day booking window, outside a 2-day one.
  const session = await buildSession(t, { startsAt: new Date(t.clock.now().getTime() + 5 * DAY) });
  const window = (days: number) =>
    t.call(adminMerchantCalls.save, { booking_window_days: days }, { token: admin.token });
  return { member, session, window };
}

describe('the remembered studio row, one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('a save of the booking window applies to the very next booking', async () => {
    const { member, session, window } = await scenario(t);
    expect((await window(14)).code).toBe(0);
    expect(await bookOn(t.app, await member(), session.id)).toBe(0);
    expect((await window(2)).code).toBe(0);
    expect(await bookOn(t.app, await member(), session.id)).toBe('BOOKING_NOT_OPEN');
    expect((await window(14)).code).toBe(0);
  });

  it("the studio's info shows a save at once; an edit behind the app's back within the TTL", async () => {
    const name = async () => (await t.call(merchantCalls.getMchInfo, {})).mchInfo.name;
    const admin = await buildAdmin(t);
    expect((await t.call(adminMerchantCalls.save, { name: 'Saved name' }, { token: admin.token })).code).toBe(0);
    expect(await name()).toBe('Saved name');
    await t.app.db
      .update(merchants)
      .set({ name: 'Edited name', nameI18n: { en: 'Edited name' } })
      .where(eq(merchants.id, MERCHANT_ID));
    expect(await name()).toBe('Saved name');
    t.clock.advance(SHARED_MEMO_TTL_MS);
    expect(await name()).toBe('Edited name');
  });
});

const redis = await redisAvailable();

describe.runIf(redis)('the remembered studio row, two instances sharing Redis', () => {
  let t: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ config: { REDIS_URL: TEST_REDIS_URL } });
    b = await t.anotherInstance();
  });
  afterAll(() => t?.close());

  it('a save on A applies to the very next booking on B, though B remembered the row', async () => {
    const { member, session, window } = await scenario(t);
    expect((await window(14)).code).toBe(0);
    expect(await bookOn(b, await member(), session.id)).toBe(0);
    expect((await window(2)).code).toBe(0);
    expect(await bookOn(b, await member(), session.id)).toBe('BOOKING_NOT_OPEN');
  });
});
