import { accountCalls } from '@studio/contract/account';
import { couponCalls } from '@studio/contract/coupons';
import type { DomainEventPayload } from '@studio/contract/domain-events';
import { adminInvitationCalls, type InviteRewardSettings, invitationCalls } from '@studio/contract/invitations';
import { adminMerchantCalls } from '@studio/contract/merchant';
import { integralCalls } from '@studio/contract/wallet';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY } from '../../platform/clock';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { createTestApp, type TestApp, uniqueName } from '../../testing/test-app';
import { inviterOf } from '../account';
import { buildCoupon } from '../coupons/testing';
import { memberNotifications } from '../notifications/schema';
import { buildAdmin, type TestMember } from '../schedule/testing';
import { postPointsEntry } from '../wallet';
import { expectLedgersBalanced } from '../wallet/testing';
import { inviteRewards } from './schema';
import { onOrderCompleted } from './service';

let t: TestApp;
let admin: TestMember;
let serial = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const device = (id: string) => ({ headers: { 'vk-device-id': id } });

/** A member registered through the form, on a device of their own unless told. */
async function join(options: { invite_code?: string; deviceId?: string } = {}) {
  serial += 1;
  const res = await t.call(
    accountCalls.register,
    {
      username: uniqueName('inv'),
      password: 'Secret123',
      agree: true,
      ...(options.invite_code ? { invite_code: options.invite_code } : {}),
    },
    device(options.deviceId ?? `device-${serial}-${Date.now()}`),
  );
  expect(res.code, res.msg).toBe(0);
  return { id: res.uid, token: res.vk_uni_token.token, code: res.userInfo.my_invite_code };
}

async function setRewards(rewards: Partial<InviteRewardSettings>) {
  const res = await t.call(adminMerchantCalls.save, { invite_rewards: rewards }, { token: admin.token });
  expect(res.code, res.msg).toBe(0);
}

let orderSerial = 0;
function complete(userId: string, paid = 3000, orderNo = `N${++orderSerial}`) {
  return runUnitOfWork(t.app, (work) =>
    work.emit('order.completed', { order_no: orderNo, user_id: userId, paid, kind: 'package' }, t.clock.now()),
  ).then(() => orderNo);
}

function refund(userId: string, orderNo: string, full = true) {
  const payload: DomainEventPayload<'refund.approved'> = {
    refund_id: `R-${orderNo}`,
    order_no: orderNo,
    user_id: userId,
    amount: 3000,
    to: 'wallet',
    provider: 'balance',
    full,
    repayment: false,
    message: '',
  };
  return runUnitOfWork(t.app, (work) => work.emit('refund.approved', payload, t.clock.now()));
}

const points = async (token: string) => (await t.call(integralCalls.getBalance, {}, { token })).balance;
const usableCoupons = async (token: string) =>
  (await t.call(couponCalls.getList, { tab: 'usable', pageIndex: 1, pageSize: 20 }, { token })).rows;
const mine = async (token: string) => (await t.call(invitationCalls.getMine, {}, { token })).invitation;

let inviterCoupon: { _id: string };
let welcomeCoupon: { _id: string };
beforeEach(async () => {
  // A fresh admin each time: the 30-day attribution test moves the clock past every token.
  admin = await buildAdmin(t);
  inviterCoupon = await buildCoupon(t, admin.token, { name: 'Thanks for inviting', per_member_limit: 1 });
  welcomeCoupon = await buildCoupon(t, admin.token, { name: 'Welcome', per_member_limit: 1 });
  await setRewards({
    enabled: true,
    inviter_points: 200,
    inviter_coupon_id: inviterCoupon._id,
    welcome_coupon_id: welcomeCoupon._id,
  });
});

describe('rewards', () => {
  it('gives the welcome coupon at registration and rewards the inviter once for the first paid order', async () => {
    const inviter = await join();
    const friend = await join({ invite_code: inviter.code.toLowerCase() });
    expect((await usableCoupons(friend.token)).map((c) => c.coupon._id)).toEqual([welcomeCoupon._id]);
    expect((await usableCoupons(friend.token))[0]!.source).toBe('invite');

    // Nothing for an order that cost nothing in money.
    await complete(friend.id, 0);
    expect(await points(inviter.token)).toBe(0);

    // Two completions at once (two orders, and the same event delivered twice): one reward.
    const first = `N-first-${serial}`;
    await Promise.all([
      complete(friend.id, 3000, first),
      complete(friend.id, 5000),
      onOrderCompleted(t.app, { order_no: first, user_id: friend.id, paid: 3000, kind: 'package' }, t.clock.now()),
    ]);
    await complete(friend.id, 9000);
    expect(await points(inviter.token)).toBe(200);
    expect((await usableCoupons(inviter.token)).map((c) => c.coupon._id)).toEqual([inviterCoupon._id]);
    const rows = await t.app.db.select().from(inviteRewards).where(eq(inviteRewards.inviteeId, friend.id));
    expect(rows.map((r) => `${r.kind}:${r.status}`).sort()).toEqual(['inviter:granted', 'welcome:granted']);

    const notices = await t.app.db
      .select()
      .from(memberNotifications)
      .where(and(eq(memberNotifications.userId, inviter.id), eq(memberNotifications.type, 'inviteRewarded')));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.data).toMatchObject({ points: 200, coupon_name: 'Thanks for inviting' });

    expect(await mine(inviter.token)).toMatchObject({
      invite_code: inviter.code,
      invited: 1,
      purchased: 1,
      points_earned: 200,
      coupons_earned: 1,
      offer: { enabled: true, inviter_points: 200, inviter_coupon: 'Thanks for inviting', welcome_coupon: 'Welcome' },
    });
    const list = await t.call(invitationCalls.getInvited, { pageIndex: 1, pageSize: 10 }, { token: inviter.token });
    expect(list.rows).toMatchObject([
      {
        _id: friend.id,
        has_purchased: true,
        reward: { status: 'granted', points: 200, coupon_name: 'Thanks for inviting' },
      },
    ]);
    await expectLedgersBalanced(t);
  });

  it('reverses the reward when that first order is refunded in full, and never rewards again', async () => {
    const inviter = await join();
    const friend = await join({ invite_code: inviter.code });
    const orderNo = await complete(friend.id);
    expect(await points(inviter.token)).toBe(200);

    await refund(friend.id, orderNo, false); // a part: nothing moves
    expect(await points(inviter.token)).toBe(200);
    await refund(friend.id, orderNo);
    await refund(friend.id, orderNo); // delivered again: nothing more
    expect(await points(inviter.token)).toBe(0);
    expect(await usableCoupons(inviter.token)).toEqual([]);
    await complete(friend.id);
    expect(await points(inviter.token)).toBe(0);
    expect(await mine(inviter.token)).toMatchObject({ invited: 1, purchased: 0, points_earned: 0 });
    const list = await t.call(invitationCalls.getInvited, { pageIndex: 1, pageSize: 10 }, { token: inviter.token });
    expect(list.rows[0]).toMatchObject({ has_purchased: false, reward: { status: 'reversed' } });
    await expectLedgersBalanced(t);
  });

  it('takes back only the points the inviter still holds', async () => {
    const inviter = await join();
    const friend = await join({ invite_code: inviter.code });
    const orderNo = await complete(friend.id);
    // The inviter spent 150 of the 200 points (as an order would).
    await runUnitOfWork(t.app, async ({ tx }) => {
      await postPointsEntry(tx, {
        userId: inviter.id,
        amount: -150,
        kind: 'used',
        key: `spent:${inviter.id}`,
        at: t.clock.now(),
      });
    });
    await refund(friend.id, orderNo);
    expect(await points(inviter.token)).toBe(0);
    const [row] = await t.app.db
      .select()
      .from(inviteRewards)
      .where(and(eq(inviteRewards.inviteeId, friend.id), eq(inviteRewards.kind, 'inviter')));
    expect(row).toMatchObject({ status: 'reversed', points: 200, pointsReversed: 50 });
    await expectLedgersBalanced(t);
  });

  it('refuses rewards to a member who invites themselves from their own device', async () => {
    const inviter = await join({ deviceId: 'shared-phone' });
    const second = await join({ invite_code: inviter.code, deviceId: 'shared-phone' });
    expect(await usableCoupons(second.token)).toEqual([]);
    await complete(second.id);
    expect(await points(inviter.token)).toBe(0);
    const rows = await t.app.db.select().from(inviteRewards).where(eq(inviteRewards.inviteeId, second.id));
    expect(rows.map((r) => `${r.kind}:${r.status}:${r.reason}`).sort()).toEqual([
      'inviter:refused:same_device',
      'welcome:refused:same_device',
    ]);
  });

  it('gives nothing while the rewards are off, but still counts the conversion', async () => {
    await setRewards({ enabled: false });
    const inviter = await join();
    const friend = await join({ invite_code: inviter.code });
    expect(await usableCoupons(friend.token)).toEqual([]);
    await complete(friend.id);
    expect(await points(inviter.token)).toBe(0);
    expect(await usableCoupons(inviter.token)).toEqual([]);
    expect(await mine(inviter.token)).toMatchObject({ invited: 1, purchased: 1, offer: { enabled: false } });
    expect(await t.app.db.select().from(inviteRewards).where(eq(inviteRewards.inviteeId, friend.id))).toEqual([]);
  });
});

describe('registration with a code', () => {
  it('refuses an unknown typed code with a named error and accepts any case', async () => {
    const res = await t.call(accountCalls.register, {
      username: uniqueName('inv'),
      password: 'Secret123',
      agree: true,
      invite_code: 'NOPE0000',
    });
    expect(res).toMatchObject({ code: 'INVITE_CODE_INVALID', msg: 'Invalid invitation code' });
  });
});

describe('client/salesman.pub_addUserLocking', () => {
  it('attributes a registration from the same device within 30 days, and not after', async () => {
    const inviter = await join();
    expect(
      (await t.call(invitationCalls.addUserLocking, { invite_code: inviter.code }, device('visitor-a'))).code,
    ).toBe(0);
    expect(
      (await t.call(invitationCalls.addUserLocking, { invite_code: inviter.code }, device('visitor-b'))).code,
    ).toBe(0);
    // Another link opened later does not take a held device.
    const other = await join();
    await t.call(invitationCalls.addUserLocking, { invite_code: other.code }, device('visitor-a'));

    t.clock.advance(29 * DAY);
    const within = await join({ deviceId: 'visitor-a' });
    t.clock.advance(2 * DAY);
    const after = await join({ deviceId: 'visitor-b' });

    // The inviter's token expired meanwhile: read who was attributed where it is kept.
    expect(await inviterOf(t.app.db, within.id)).toMatchObject({ inviterId: inviter.id });
    expect(await inviterOf(t.app.db, after.id)).toBeNull();
    expect(await usableCoupons(within.token)).toHaveLength(1);
    expect(await usableCoupons(after.token)).toEqual([]);
  });

  it('ignores an unknown code and a call without a device, silently', async () => {
    expect((await t.call(invitationCalls.addUserLocking, { invite_code: 'UNKNOWN1' }, device('visitor-c'))).code).toBe(
      0,
    );
    const inviter = await join();
    expect((await t.call(invitationCalls.addUserLocking, { invite_code: inviter.code })).code).toBe(0);
    const visitor = await join({ deviceId: 'visitor-c' });
    expect(await usableCoupons(visitor.token)).toEqual([]);
  });
});

describe('admin/invitations.getReport', () => {
  it('ranks inviters by invited members with conversions and rewards, for staff who manage members', async () => {
    const star = await join();
    const friends = [await join({ invite_code: star.code }), await join({ invite_code: star.code })];
    await complete(friends[0]!.id);
    const res = await t.call(adminInvitationCalls.getReport, { limit: 100 }, { token: admin.token });
    expect(res.code, res.msg).toBe(0);
    expect(res.report.top.find((r) => r.user_id === star.id)).toMatchObject({
      invited: 2,
      converted: 1,
      points: 200,
      coupons: 1,
    });
    expect(res.report.totals.converted).toBeGreaterThanOrEqual(1);
    const member = await join();
    const denied = await t.call(adminInvitationCalls.getReport, {}, { token: member.token });
    expect(denied.code).not.toBe(0);
  });
});
