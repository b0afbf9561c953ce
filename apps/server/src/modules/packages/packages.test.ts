import {
  adminPackageCalls,
  computePackageStatus,
  type PackageStatus,
  packageCalls,
  packageCoversSession,
  packageValidity,
} from '@studio/contract/packages';
import type { CallInput } from '@studio/contract/protocol';
import { reservationCalls } from '@studio/contract/reservations';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildAdmin, buildCourse, buildMember, buildPackage, buildSession, type TestMember } from '../schedule/testing';
import { findPackage } from './service';

describe('package state (computed at read time)', () => {
  const now = '2026-06-01T12:00:00.000Z';
  const cases: [string, { total_count: number; remaining_count: number; valid_until: string | null }, PackageStatus][] =
    [
      ['nothing used yet', { total_count: 10, remaining_count: 10, valid_until: null }, 'unused'],
      ['some used', { total_count: 10, remaining_count: 4, valid_until: null }, 'used'],
      ['all used', { total_count: 10, remaining_count: 0, valid_until: null }, 'completed'],
      [
        'past validity with credits left',
        { total_count: 10, remaining_count: 3, valid_until: '2026-05-31T00:00:00Z' },
        'expired',
      ],
      [
        'past validity, never used',
        { total_count: 5, remaining_count: 5, valid_until: '2026-06-01T11:59:59Z' },
        'expired',
      ],
      [
        'past validity with nothing left',
        { total_count: 5, remaining_count: 0, valid_until: '2026-05-01T00:00:00Z' },
        'completed',
      ],
      ['valid until exactly now', { total_count: 5, remaining_count: 5, valid_until: now }, 'unused'],
      [
        'one millisecond later',
        { total_count: 5, remaining_count: 2, valid_until: '2026-06-01T11:59:59.999Z' },
        'expired',
      ],
      ['long-term', { total_count: 1, remaining_count: 1, valid_until: null }, 'unused'],
    ];
  it.each(cases)('%s', (_name, pkg, expected) => {
    expect(computePackageStatus(pkg, now)).toBe(expected);
  });
});

describe('package validity modes', () => {
  const issued = '2026-06-01T10:00:00.000Z';
  it.each([
    [
      'fixed range',
      { mode: 'fixed', valid_from: '2026-07-01T00:00:00Z', valid_until: '2026-08-01T00:00:00Z' } as const,
      ['2026-07-01T00:00:00.000Z', '2026-08-01T00:00:00.000Z'],
    ],
    [
      'delay 0, 90 days',
      { mode: 'rule', delay_days: 0, valid_days: 90 } as const,
      ['2026-06-01T10:00:00.000Z', '2026-08-30T10:00:00.000Z'],
    ],
    [
      'delay 7, 30 days',
      { mode: 'rule', delay_days: 7, valid_days: 30 } as const,
      ['2026-06-08T10:00:00.000Z', '2026-07-08T10:00:00.000Z'],
    ],
    ['long-term', { mode: 'long_term' } as const, ['2026-06-01T10:00:00.000Z', null]],
  ])('%s', (_name, rule, [from, until]) => {
    const v = packageValidity(rule, issued);
    expect([v.valid_from.toISOString(), v.valid_until?.toISOString() ?? null]).toEqual([from, until]);
  });

  it.each([
    ['inside', '2026-06-15T00:00:00Z', true],
    ['before it starts', '2026-05-31T00:00:00Z', false],
    ['after it ends', '2026-07-02T00:00:00Z', false],
    ['at the last instant', '2026-07-01T00:00:00Z', true],
  ])('covers a class starting %s: %s', (_name, startsAt, expected) => {
    const pkg = { remaining_count: 1, valid_from: '2026-06-01T00:00:00Z', valid_until: '2026-07-01T00:00:00Z' };
    expect(packageCoversSession(pkg, startsAt)).toBe(expected);
  });
  it('never covers with no credits left', () => {
    expect(packageCoversSession({ remaining_count: 0, valid_from: 0, valid_until: null }, 1)).toBe(false);
  });
});

let t: TestApp;
let admin: TestMember;
const START = '2026-11-22T09:00:00.000Z';
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

const book = (m: TestMember, session_id: string, package_id?: string) =>
  t.call(reservationCalls.book, { session_id, ...(package_id ? { package_id } : {}) }, { token: m.token });
const at = (days: number) => new Date(Date.parse(START) + days * DAY);

describe('admin/package.grant', () => {
  it('issues a long-term package starting now, or a fixed range, and shows it to the member', async () => {
    const m = await buildMember(t);
    const course = await buildCourse(t);
    const longTerm = await t.call(
      adminPackageCalls.grantPackage,
      { user_id: m.id, name: '5 classes', class_count: 5 },
      { token: admin.token },
    );
    expect(longTerm.code).toBe(0);
    expect(longTerm.package).toMatchObject({
      user_id: m.id,
      name: '5 classes',
      total_count: 5,
      remaining_count: 5,
      status: 'unused',
      valid_from: START,
      valid_until: null,
      course_ids: [],
    });
    const fixed = await t.call(
      adminPackageCalls.grantPackage,
      {
        user_id: m.id,
        name: 'Yin month',
        class_count: 8,
        valid_from: '2026-12-01T00:00:00Z',
        valid_until: '2026-12-31T23:59:59Z',
        course_ids: [course.id],
      },
      { token: admin.token },
    );
    expect(fixed.package).toMatchObject({ valid_until: '2026-12-31T23:59:59.000Z', course_ids: [course.id] });
    const mine = await t.call(packageCalls.getMyPackages, {}, { token: m.token });
    expect(mine.rows.map((p) => p._id).sort()).toEqual([longTerm.package._id, fixed.package._id].sort());
  });

  it('refuses bad input, unknown members and courses, and non-admins', async () => {
    const m = await buildMember(t);
    const grant = (data: CallInput<typeof adminPackageCalls.grantPackage>, token = admin.token) =>
      t.call(adminPackageCalls.grantPackage, data, { token });
    expect((await grant({ user_id: m.id, name: 'x', class_count: 1 }, m.token)).code).toBe('PERMISSION_DENIED');
    expect((await grant({ user_id: 'nobody', name: 'x', class_count: 1 })).code).toBe('USER_NOT_FOUND');
    expect((await grant({ user_id: m.id, name: 'x', class_count: 0 })).code).toBe('INVALID_PARAM');
    expect((await grant({ user_id: m.id, name: 'x', class_count: 1, course_ids: ['nope'] })).code).toBe('NOT_FOUND');
    const inverted = await grant({
      user_id: m.id,
      name: 'x',
      class_count: 1,
      valid_from: '2026-12-02T00:00:00Z',
      valid_until: '2026-12-01T00:00:00Z',
    });
    expect(inverted.code).toBe('TIME_RANGE_INVALID');
  });
});

describe('admin/package.getList', () => {
  it('pages a member’s packages with their state', async () => {
    const m = await buildMember(t);
    const a = await buildPackage(t, m.id, { classCount: 2 });
    const b = await buildPackage(t, m.id, {
      classCount: 2,
      validity: { mode: 'fixed', valid_from: at(-10), valid_until: at(-1) },
    });
    const list = await t.call(adminPackageCalls.getPackageList, { user_id: m.id, pageSize: 1 }, { token: admin.token });
    expect(list).toMatchObject({ total: 2, hasMore: true });
    expect(list.rows[0]!.user_id).toBe(m.id);
    const expired = await t.call(
      adminPackageCalls.getPackageList,
      { user_id: m.id, status: 'expired' },
      { token: admin.token },
    );
    expect(expired).toMatchObject({ total: 1, rows: [{ _id: b.id, status: 'expired' }] });
    expect(a.id).not.toBe(b.id);
    expect((await t.call(adminPackageCalls.getPackageList, {}, { token: m.token })).code).toBe('PERMISSION_DENIED');
  });
});

describe('client/course.getMyPackages', () => {
  it('answers each package with its computed state and filters by it', async () => {
    const m = await buildMember(t);
    const unused = await buildPackage(t, m.id, { classCount: 3 });
    const used = await buildPackage(t, m.id, { classCount: 3 });
    const completed = await buildPackage(t, m.id, { classCount: 1 });
    const expired = await buildPackage(t, m.id, {
      classCount: 2,
      validity: { mode: 'fixed', valid_from: at(-30), valid_until: at(-1) },
    });
    await book(m, (await buildSession(t)).id, used.id);
    await book(m, (await buildSession(t)).id, completed.id);
    const all = await t.call(packageCalls.getMyPackages, {}, { token: m.token });
    const byId = Object.fromEntries(all.rows.map((p) => [p._id, p.status]));
    expect(byId).toEqual({
      [unused.id]: 'unused',
      [used.id]: 'used',
      [completed.id]: 'completed',
      [expired.id]: 'expired',
    });
    for (const [status, id] of [
      ['unused', unused.id],
      ['used', used.id],
      ['completed', completed.id],
      ['expired', expired.id],
    ] as const) {
      const rows = await t.call(packageCalls.getMyPackages, { status }, { token: m.token });
      expect(rows.rows.map((p) => p._id)).toEqual([id]);
    }
    // Expiry needs no sweep: a package reads as expired the moment its validity ends.
    const shortLived = await buildPackage(t, m.id, {
      validity: { mode: 'fixed', valid_from: at(-1), valid_until: at(2) },
    });
    const statusNow = async () =>
      (await t.call(packageCalls.getMyPackages, {}, { token: m.token })).rows.find((p) => p._id === shortLived.id)
        ?.status;
    expect(await statusNow()).toBe('unused');
    t.clock.set(at(2));
    expect(await statusNow()).toBe('unused');
    t.clock.set(new Date(at(2).getTime() + 1));
    expect(await statusNow()).toBe('expired');
  });
});

describe('which package pays', () => {
  it('takes the valid package that expires first, long-term last', async () => {
    const m = await buildMember(t);
    const longTerm = await buildPackage(t, m.id, { classCount: 5 });
    const late = await buildPackage(t, m.id, { validity: { mode: 'fixed', valid_from: at(-1), valid_until: at(60) } });
    const soon = await buildPackage(t, m.id, { validity: { mode: 'fixed', valid_from: at(-1), valid_until: at(10) } });
    const s1 = await buildSession(t, { startsAt: at(3) });
    expect((await book(m, s1.id)).reservation.package_id).toBe(soon.id);
    // A class after the soonest package ends is paid by the next one.
    const s2 = await buildSession(t, { startsAt: at(12) });
    t.clock.set(at(1));
    expect((await book(m, s2.id)).reservation.package_id).toBe(late.id);
    expect((await findPackage(t.app.db, longTerm.id))!.remainingCount).toBe(5);
  });

  it('uses the package the member chose, and refuses one that cannot pay', async () => {
    const m = await buildMember(t);
    const other = await buildMember(t);
    const course = await buildCourse(t);
    const soon = await buildPackage(t, m.id, { validity: { mode: 'fixed', valid_from: at(-1), valid_until: at(10) } });
    const chosen = await buildPackage(t, m.id);
    const empty = await buildPackage(t, m.id, { classCount: 1 });
    const expired = await buildPackage(t, m.id, {
      validity: { mode: 'fixed', valid_from: at(-9), valid_until: at(-1) },
    });
    const otherCourse = await buildPackage(t, m.id, { courseIds: [(await buildCourse(t)).id] });
    const notYet = await buildPackage(t, m.id, {
      validity: { mode: 'fixed', valid_from: at(20), valid_until: at(40) },
    });
    const theirs = await buildPackage(t, other.id);
    await book(m, (await buildSession(t)).id, empty.id);

    const session = await buildSession(t, { courseId: course.id, startsAt: at(5) });
    for (const bad of [empty.id, expired.id, otherCourse.id, notYet.id, theirs.id, 'missing']) {
      expect((await book(m, session.id, bad)).code).toBe('PACKAGE_INVALID');
    }
    const res = await book(m, session.id, chosen.id);
    expect(res.reservation.package_id).toBe(chosen.id);
    expect((await findPackage(t.app.db, soon.id))!.remainingCount).toBe(10);
  });

  it('honours course limits on packages and goods limits on courses', async () => {
    const m = await buildMember(t);
    const yin = await buildCourse(t);
    const limitedCourse = await buildCourse(t, { acceptedGoodsIds: ['goods-yin-pass'] });
    const yinOnly = await buildPackage(t, m.id, { courseIds: [yin.id], classCount: 1 });
    const wrongGoods = await buildPackage(t, m.id, { goodsId: 'goods-other', classCount: 1 });
    const yinSession = await buildSession(t, { courseId: yin.id });
    const limitedSession = await buildSession(t, { courseId: limitedCourse.id });
    // The limited course refuses a package bought as other goods, but the yin-only one is limited to yin.
    expect((await book(m, limitedSession.id)).code).toBe('PACKAGE_INVALID');
    const rightGoods = await buildPackage(t, m.id, { goodsId: 'goods-yin-pass', classCount: 1 });
    expect((await book(m, limitedSession.id)).reservation.package_id).toBe(rightGoods.id);
    const yinBooking = await book(m, yinSession.id);
    expect([yinOnly.id, wrongGoods.id]).toContain(yinBooking.reservation.package_id);
  });
});
