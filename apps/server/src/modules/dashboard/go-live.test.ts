import { adminDashboardCalls, type GoLiveLine } from '@studio/contract/dashboard';
import { adminFreightCalls } from '@studio/contract/freight';
import { adminMerchantCalls } from '@studio/contract/merchant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods, uploadedPng } from '../catalog/testing';
import { setPayTypes } from '../orders/testing';
import { buildAdmin, buildSession, type TestMember } from '../schedule/testing';

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
});
afterAll(() => t.close());

const checklist = async () => (await t.call(adminDashboardCalls.get, {}, { token: admin.token })).go_live;
const line = (lines: GoLiveLine[] | null, step: GoLiveLine['step']) => lines?.find((l) => l.step === step);

describe('the go-live checklist on the dashboard', () => {
  it('lists what a new studio still has to do, line by line, and goes once all is done', async () => {
    const fresh = await checklist();
    expect(fresh?.map((l) => [l.step, l.done])).toEqual([
      ['studio', false],
      // A studio started without the demo offers no test card.
      ['payments', true],
      // No physical goods on sale: no freight rule needed.
      ['freight', true],
      // The app's own agreements: nothing to write.
      ['agreements', true],
      ['packages', false],
      ['timetable', false],
    ]);
    expect(line(fresh, 'studio')?.missing).toEqual(['name', 'logo', 'address']);

    // The test card switched on: payments is not done.
    await setPayTypes(t, admin.token, ['balance', 'sandbox', 'offline']);
    expect(line(await checklist(), 'payments')?.done).toBe(false);
    await setPayTypes(t, admin.token, ['balance', 'offline']);

    // A physical item on sale without a freight rule, then the rule.
    await buildGoods(t, admin.token, { type: 0 });
    expect(line(await checklist(), 'freight')).toMatchObject({ done: false, count: 1 });
    const rule = await t.call(
      adminFreightCalls.save,
      {
        name: 'Parcel',
        first_weight: 1000,
        first_weight_price: 395,
        continuous_weight: 500,
        continuous_weight_price: 100,
        max_weight: 20000,
      },
      { token: admin.token },
    );
    expect(rule.code).toBe(0);
    expect(line(await checklist(), 'freight')?.done).toBe(true);

    await buildGoods(t, admin.token, {
      type: 1,
      exp_time_mode: 2,
      exp_time_rule: [0, 90],
      sku_list: [{ sku_name: '10 classes', price: 9000, stock: 100, class_count: 10 }],
    });
    expect(line(await checklist(), 'packages')).toMatchObject({ done: true, count: 1 });

    await buildSession(t, { startsAt: new Date(t.clock.now().getTime() + 24 * HOUR) });
    expect(line(await checklist(), 'timetable')).toMatchObject({ done: true, count: 1 });

    const saved = await t.call(adminMerchantCalls.save, { name: 'Willow Yoga' }, { token: admin.token });
    expect(saved.code).toBe(0);
    expect(line(await checklist(), 'studio')?.missing).toEqual(['logo', 'address']);
    const logo = await uploadedPng(t, admin.id);
    await t.call(adminMerchantCalls.save, { logo, address: '3 Elm Row, Bristol' }, { token: admin.token });
    expect(await checklist()).toBeNull();

    // The test card back on: the card comes back with the one line to do.
    await setPayTypes(t, admin.token, ['balance', 'sandbox']);
    const again = await checklist();
    expect(again?.filter((l) => !l.done).map((l) => l.step)).toEqual(['payments']);
  });
});
