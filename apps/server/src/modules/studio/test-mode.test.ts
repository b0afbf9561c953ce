import { adminMerchantCalls, merchantCalls } from '@studio/contract/merchant';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { forgetStudioRow } from '../merchant';
import { setPayTypes } from '../orders/testing';
import { isTestMode } from '../payments';
import { buildAdmin } from '../schedule/testing';
import { seedDemo } from '../seed';

const opened: TestApp[] = [];
async function studio(config: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(config);
  opened.push(t);
  return t;
}
afterAll(() => Promise.all(opened.map((t) => t.close())));

const info = async (t: TestApp) => (await t.call(merchantCalls.getMchInfo, {})).mchInfo;

describe('test mode', () => {
  it('is off in a studio started without the demo: the test card is neither ticked nor offered', async () => {
    // As `npm start` configures a studio without the demo seed (embedded database, SEED_DEMO=false).
    const bare = loadConfig({ SEED_DEMO: 'false' });
    const t = await studio({ config: { SEED_DEMO: bare.SEED_DEMO, SANDBOX_PAYMENTS: bare.SANDBOX_PAYMENTS } });
    const admin = await buildAdmin(t);
    expect(await info(t)).toMatchObject({ pay_types: ['balance', 'offline'], test_mode: false });
    const settings = await t.call(adminMerchantCalls.get, {}, { token: admin.token });
    expect(settings.merchant.pay_types).toEqual(['balance', 'offline']);
    // Ticked by staff on a server without the sandbox provider: still not offered, still no test mode.
    await setPayTypes(t, admin.token, ['balance', 'sandbox']);
    expect(await info(t)).toMatchObject({ pay_types: ['balance'], test_mode: false });
  });

  it('is on while the sandbox card is offered, and off once staff untick it', async () => {
    const t = await studio();
    const admin = await buildAdmin(t);
    expect((await info(t)).test_mode).toBe(false);
    await setPayTypes(t, admin.token, ['balance', 'sandbox', 'offline']);
    expect(await info(t)).toMatchObject({ pay_types: ['balance', 'sandbox', 'offline'], test_mode: true });
    await setPayTypes(t, admin.token, ['balance', 'offline']);
    expect((await info(t)).test_mode).toBe(false);
  });

  it('is on in the demo, whose seed ticks the sandbox card; a later start keeps what staff chose', async () => {
    const t = await studio();
    await seedDemo(t.app.db, t.clock.now(), t.config.PASSWORD_HASH_COST, t.app.deps.uploads);
    // The seed runs before a server answers; this one has answered, so it forgets the row as a save would.
    await forgetStudioRow(t.app.deps);
    expect(await info(t)).toMatchObject({ pay_types: ['balance', 'sandbox', 'offline'], test_mode: true });
    const admin = await buildAdmin(t);
    await setPayTypes(t, admin.token, ['balance', 'offline']);
    await seedDemo(t.app.db, t.clock.now(), t.config.PASSWORD_HASH_COST, t.app.deps.uploads);
    expect(await info(t)).toMatchObject({ pay_types: ['balance', 'offline'], test_mode: false });
    // It seeds the whole demo twice: seconds of work, more on a busy machine.
  }, 90_000);

  it('is on with Stripe’s test keys, not its live ones', () => {
    const stripe = (key: string) => loadConfig({ STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: 'whsec_studio' });
    expect(isTestMode(stripe('sk_test_studio'), ['balance', 'stripe'])).toBe(true);
    expect(isTestMode(stripe('rk_test_studio'), ['stripe'])).toBe(true);
    expect(isTestMode(stripe('sk_live_studio'), ['balance', 'stripe'])).toBe(false);
    // Not switched on by staff: not offered, so no test mode.
    expect(isTestMode(stripe('sk_test_studio'), ['balance'])).toBe(false);
  });
});
