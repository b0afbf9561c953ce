import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildAdmin, buildMember } from '../schedule/testing';
import { grantCoupon, revokeUnusedCoupon } from './grants';
import { coupons, memberCoupons } from './schema';
import { buildCoupon } from './testing';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await buildAdmin(t)).token;
});
afterAll(() => t.close());

const claimedOf = async (couponId: string) =>
  (await t.app.db.select({ claimed: coupons.claimed }).from(coupons).where(eq(coupons.id, couponId)))[0]?.claimed;
const copiesOf = (couponId: string) =>
  t.app.db.select().from(memberCoupons).where(eq(memberCoupons.couponId, couponId));

describe('coupons given by a rule (an invitation reward)', () => {
  it('never gives more copies than the coupon has, however many grants race', async () => {
    const coupon = await buildCoupon(t, adminToken, { total: 3 });
    const members = await Promise.all(Array.from({ length: 6 }, () => buildMember(t)));
    const given = await Promise.all(
      members.map((m) => t.app.db.transaction((tx) => grantCoupon(tx, m.id, coupon._id, t.clock.now()))),
    );
    expect(given.filter(Boolean)).toHaveLength(3);
    expect(await claimedOf(coupon._id)).toBe(3);
    expect(await copiesOf(coupon._id)).toHaveLength(3);
  });

  it('takes a copy back once, however many revocations race, and gives its place back once', async () => {
    const coupon = await buildCoupon(t, adminToken, { total: 5 });
    const member = await buildMember(t);
    const copy = await t.app.db.transaction((tx) => grantCoupon(tx, member.id, coupon._id, t.clock.now()));
    expect(copy).not.toBeNull();
    expect(await claimedOf(coupon._id)).toBe(1);
    const revoked = await Promise.all(
      [1, 2, 3].map(() => t.app.db.transaction((tx) => revokeUnusedCoupon(tx, copy!.copyId))),
    );
    expect(revoked.filter(Boolean)).toHaveLength(1);
    expect(await claimedOf(coupon._id)).toBe(0);
    expect(await copiesOf(coupon._id)).toHaveLength(0);
  });

  it('gives nothing for a coupon staff switched off', async () => {
    const coupon = await buildCoupon(t, adminToken, { enabled: false });
    const member = await buildMember(t);
    expect(await t.app.db.transaction((tx) => grantCoupon(tx, member.id, coupon._id, t.clock.now()))).toBeNull();
    expect(await claimedOf(coupon._id)).toBe(0);
  });
});
