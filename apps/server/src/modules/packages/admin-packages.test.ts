import { adminPackageCalls } from '@studio/contract/packages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditCount, auditEntriesFor } from '../audit/testing';
import { buildAdmin, buildMember, buildPackage, type TestMember } from '../schedule/testing';
import { findPackage } from './service';

let t: TestApp;
let admin: TestMember;
const START = '2026-11-22T09:00:00.000Z';
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

const asAdmin = (url: string, data: unknown) => t.callRaw(url, data, { token: admin.token });

describe('admin/package.adjustCredits', () => {
  it('adds credits to total and remaining, and takes them away, audited with the reason', async () => {
    const m = await buildMember(t);
    const pkg = await buildPackage(t, m.id, { classCount: 5 });
    const added = await t.call(
      adminPackageCalls.adjustCredits,
      { _id: pkg.id, delta: 3, reason: 'Birthday gift' },
      { token: admin.token },
    );
    expect(added.package).toMatchObject({ total_count: 8, remaining_count: 8 });
    const taken = await t.call(
      adminPackageCalls.adjustCredits,
      { _id: pkg.id, delta: -2, reason: 'Booked twice by mistake' },
      { token: admin.token },
    );
    expect(taken.package).toMatchObject({ total_count: 6, remaining_count: 6 });
    const [latest] = await auditEntriesFor(t.app.db, 'package', pkg.id);
    expect(latest).toMatchObject({ actorId: admin.id, action: 'admin/package.adjustCredits' });
    expect(latest?.before).toMatchObject({ totalCount: 8, remainingCount: 8 });
    expect(latest?.after).toMatchObject({
      totalCount: 6,
      remainingCount: 6,
      reason: 'Booked twice by mistake',
      delta: -2,
    });
  });

  it('never takes away more than remain, and refuses without a reason or a change', async () => {
    const m = await buildMember(t);
    const pkg = await buildPackage(t, m.id, { classCount: 2 });
    const audits = await auditCount(t.app.db);
    expect(await asAdmin(adminPackageCalls.adjustCredits.url, { _id: pkg.id, delta: -3, reason: 'x' })).toMatchObject({
      code: 'CREDITS_BELOW_ZERO',
      remaining: 2,
    });
    expect(await asAdmin(adminPackageCalls.adjustCredits.url, { _id: pkg.id, delta: 1, reason: ' ' })).toMatchObject({
      code: 'INVALID_PARAM',
      field: 'reason',
    });
    expect(await asAdmin(adminPackageCalls.adjustCredits.url, { _id: pkg.id, delta: 0, reason: 'x' })).toMatchObject({
      code: 'INVALID_PARAM',
      field: 'delta',
    });
    expect(await asAdmin(adminPackageCalls.adjustCredits.url, { _id: 'nope', delta: 1, reason: 'x' })).toMatchObject({
      code: 'PACKAGE_NOT_FOUND',
    });
    expect((await findPackage(t.app.db, pkg.id))?.remainingCount).toBe(2);
    expect(await auditCount(t.app.db)).toBe(audits);
  });

  it('lets concurrent adjustments all land, and never below zero', async () => {
    const m = await buildMember(t);
    const pkg = await buildPackage(t, m.id, { classCount: 5 });
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        asAdmin(adminPackageCalls.adjustCredits.url, { _id: pkg.id, delta: 2, reason: 'promo' }),
      ),
      ...Array.from({ length: 8 }, () =>
        asAdmin(adminPackageCalls.adjustCredits.url, { _id: pkg.id, delta: -2, reason: 'fix' }),
      ),
    ]);
    const row = await findPackage(t.app.db, pkg.id);
    const applied = answers.filter((a) => a.code === 0).length;
    const refused = answers.filter((a) => a.code === 'CREDITS_BELOW_ZERO').length;
    expect(applied + refused).toBe(12);
    // Every addition lands; takes land while 2 are left (at least the first two, 5 → 3 → 1). Which
    // takes are refused depends on the order the 12 ran in (one refused at 1 may have fitted after a
    // later addition), so the count is checked against what was applied: 5 + 4×2 − 2 × the takes
    // applied, never below 0.
    const takesApplied = applied - 4;
    expect(answers.slice(0, 4).every((a) => a.code === 0)).toBe(true);
    expect(takesApplied).toBeGreaterThanOrEqual(2);
    expect(row?.remainingCount).toBe(5 + 8 - 2 * takesApplied);
    expect(row?.remainingCount).toBeGreaterThanOrEqual(0);
    expect(row?.totalCount).toBe(row?.remainingCount);
    expect(await auditEntriesFor(t.app.db, 'package', pkg.id)).toHaveLength(applied);
  });
});

describe('admin/package.extend', () => {
  it('moves the last day later, even for an expired package, and refuses an earlier or long-term one', async () => {
    const m = await buildMember(t);
    const pkg = await buildPackage(t, m.id, { validity: { mode: 'rule', delay_days: 0, valid_days: 10 } });
    const later = new Date(t.clock.now().getTime() + 40 * DAY).toISOString();
    const res = await t.call(
      adminPackageCalls.extend,
      { _id: pkg.id, valid_until: later, reason: 'Injury' },
      { token: admin.token },
    );
    expect(res.package.valid_until).toBe(later);
    expect(res.package.status).toBe('unused');
    expect(await asAdmin(adminPackageCalls.extend.url, { _id: pkg.id, valid_until: START, reason: 'x' })).toMatchObject(
      {
        code: 'INVALID_PARAM',
        field: 'valid_until',
      },
    );
    const forever = await buildPackage(t, m.id);
    expect(
      await asAdmin(adminPackageCalls.extend.url, { _id: forever.id, valid_until: later, reason: 'x' }),
    ).toMatchObject({
      code: 'PACKAGE_LONG_TERM',
    });
    const [entry] = await auditEntriesFor(t.app.db, 'package', pkg.id);
    expect(entry?.after).toMatchObject({ reason: 'Injury' });
  });
});
