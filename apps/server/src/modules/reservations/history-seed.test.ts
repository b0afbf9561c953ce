import { accountCalls } from '@studio/contract/account';
import { adminReportCalls } from '@studio/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DEMO_PASSWORD, seedDemo } from '../seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('the demo studio’s past (issue 26)', { timeout: 60_000 }, () => {
  it('has eight weeks of classes, mostly attended, evenings and weekends fuller than mornings, and regulars who lapsed', async () => {
    await seedDemo(t.app.db, t.clock.now(), t.config.PASSWORD_HASH_COST, t.app.deps.uploads);
    const admin = (await t.call(accountCalls.login, { username: 'admin', password: DEMO_PASSWORD })).vk_uni_token.token;
    const now = t.clock.now().getTime();
    const yesterday = day(now - 86_400_000);
    const range = { from: day(now - 28 * 86_400_000), to: yesterday };
    const classes = await t.call(adminReportCalls.classes, range, { token: admin });
    expect(classes.code, classes.msg).toBe(0);
    // Nine classes a week, in this range and the four weeks before it.
    expect(classes.total.sessions).toBe(36);
    expect(classes.previous.sessions).toBe(36);
    expect(classes.total.check_ins).toBeGreaterThan(classes.total.no_shows * 4);
    expect(classes.total.no_shows).toBeGreaterThan(0);
    const fill = (weekday: number, hour: number) =>
      classes.heatmap.find((c) => c.weekday === weekday && c.hour === hour)?.fill_rate ?? 0;
    // Monday 18:30 and Saturday 09:00 fill better than Wednesday and Friday 07:30 (0 Monday … 6 Sunday).
    expect(Math.min(fill(0, 18), fill(5, 9))).toBeGreaterThan(Math.max(fill(2, 7), fill(4, 7)));

    const members = await t.call(adminReportCalls.members, range, { token: admin });
    expect(members.total.active).toBeGreaterThan(10);
    expect(members.total.lapsed).toBeGreaterThan(0);
    expect(members.lapsed[0]).toMatchObject({ email: expect.stringMatching(/@example\.com$/) });
    expect(members.retention.length).toBeGreaterThan(0);

    // Seeding again changes nothing.
    await seedDemo(t.app.db, t.clock.now(), t.config.PASSWORD_HASH_COST, t.app.deps.uploads);
    const again = await t.call(adminReportCalls.classes, range, { token: admin });
    expect(again.total).toEqual(classes.total);
  });
});
