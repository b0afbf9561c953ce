import { Writable } from 'node:stream';
import { SANDBOX_NOTIFY_PATH, SANDBOX_SIGNATURE_HEADER, STRIPE_NOTIFY_PATH } from '@studio/contract/payments';
import { walletCalls } from '@studio/contract/wallet';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUnitOfWork } from '../../platform/unit-of-work';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { setPayTypes } from '../orders/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { paymentEvents, payments } from './schema';
import { reserveCardPayment, signSandbox } from './service';

/*
 * A notification whose signature verifies but whose body is not what the provider documents: refused
 * with a 4xx (or acknowledged, when it is an event this app does not act on), logged, and nothing
 * changes. Never a 500, which a provider retries for days.
 */

const WEBHOOK_SECRET = 'whsec_notifications_secret';
const sdk = new Stripe('sk_test_studio');

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
let member: TestMember;
beforeAll(async () => {
  t = await createTestApp({
    logStream,
    config: {
      LOG_LEVEL: 'warn',
      STRIPE_SECRET_KEY: 'sk_test_studio',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // Never asked: a webhook calls nothing at Stripe.
      STRIPE_API_BASE: 'http://127.0.0.1:9',
      SANDBOX_PAYMENTS: true,
    },
  });
  await setPayTypes(t, (await buildAdmin(t)).token, ['balance', 'sandbox', 'stripe']);
  member = await buildMember(t);
});
afterAll(() => t.close());

function stripeWebhook(payload: string) {
  return t.app.inject({
    method: 'POST',
    url: STRIPE_NOTIFY_PATH,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
}

function sandboxNotify(payload: string) {
  return t.app.inject({
    method: 'POST',
    url: SANDBOX_NOTIFY_PATH,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandbox(t.app.deps.sandboxSecret, payload),
    },
    payload,
  });
}

/** A pending top-up of 2000 by card through `provider`, as the member's top-up leaves it before the provider confirms. */
async function pendingTopUp(provider: 'sandbox' | 'stripe') {
  if (provider === 'sandbox') {
    const { out_trade_no } = await t.call(
      walletCalls.topUp,
      { amount: 2000, agree: true, pay_type: 'sandbox' },
      { token: member.token },
    );
    return out_trade_no!;
  }
  const reserved = await runUnitOfWork({ db: t.app.db }, ({ tx }) =>
    reserveCardPayment(
      tx,
      { name: 'stripe', start: async () => ({ payUrl: '' }) },
      {
        userId: member.id,
        purpose: 'top_up',
        ref: '',
        provider: 'stripe',
        amount: 2000,
        description: 'Wallet top-up',
        now: t.clock.now(),
      },
    ),
  );
  if (!('open' in reserved)) throw new Error('expected a new payment');
  return reserved.open.id;
}

/** What a notification could change: the events recorded, the payment's status, the member's balance. */
async function stateOf(outTradeNo: string) {
  const [events] = await t.app.db.select({ n: count() }).from(paymentEvents);
  const [payment] = await t.app.db.select().from(payments).where(eq(payments.id, outTradeNo));
  const { balance } = await t.call(walletCalls.getBalance, {}, { token: member.token });
  return { events: events!.n, status: payment!.status, balance };
}

const session = (outTradeNo: string, overrides: object = {}) => ({
  id: 'cs_test_notifications',
  object: 'checkout.session',
  client_reference_id: outTradeNo,
  metadata: { out_trade_no: outTradeNo },
  amount_total: 2000,
  payment_status: 'paid',
  ...overrides,
});

const event = (type: string, data: unknown, id = `evt_${Math.random().toString(36).slice(2)}`) =>
  JSON.stringify({ id, object: 'event', type, ...(data === undefined ? {} : { data }) });

describe('a signed but malformed payment notification', () => {
  it('sandbox: a NUL or other bad text, an amount no column holds, or a body that is no notification is a 400; nothing changes', async () => {
    const outTradeNo = await pendingTopUp('sandbox');
    const before = await stateOf(outTradeNo);
    const body = { event_id: 'evt_sandbox_1', out_trade_no: outTradeNo, amount: 2000, status: 'succeeded' };
    const malformed = [
      JSON.stringify({ ...body, out_trade_no: `${outTradeNo}\u0000` }),
      JSON.stringify({ ...body, out_trade_no: '\u0000' }),
      JSON.stringify({ ...body, event_id: 'evt\u0000' }),
      JSON.stringify({ ...body, event_id: 'evt\ud800' }),
      JSON.stringify({ ...body, out_trade_no: `${outTradeNo}\n` }),
      JSON.stringify({ ...body, amount: 1e12 }),
      JSON.stringify({ ...body, amount: 20.5 }),
      JSON.stringify({ ...body, status: 'maybe' }),
      'null',
      '[]',
      '"a string"',
      '{"event_id":',
    ];
    for (const raw of malformed) {
      const answer = await sandboxNotify(raw);
      expect([raw, answer.statusCode, answer.json()]).toEqual([raw, 400, { received: false, outcome: 'bad_body' }]);
    }
    expect(await stateOf(outTradeNo)).toEqual(before);
    // The same notification, well formed, settles the top-up: only the body was wrong.
    expect((await sandboxNotify(JSON.stringify(body))).json()).toEqual({ received: true, outcome: 'settled' });
    expect((await stateOf(outTradeNo)).balance).toBe(before.balance + 2000);
  });

  it('Stripe: an event without data.object (missing, null, []), or of the wrong shape, is a 400; nothing changes', async () => {
    const outTradeNo = await pendingTopUp('stripe');
    const before = await stateOf(outTradeNo);
    const completed = 'checkout.session.completed';
    const malformed = [
      event(completed, undefined),
      event(completed, {}),
      event(completed, { object: null }),
      event(completed, { object: [] }),
      event(completed, { object: 'cs_test_notifications' }),
      event(completed, { object: session(outTradeNo, { client_reference_id: 5 }) }),
      event(completed, { object: session(outTradeNo, { metadata: [], client_reference_id: null }) }),
      event(completed, { object: session(`${outTradeNo}\u0000`) }),
      event(completed, { object: session(outTradeNo, { amount_total: 1e12 }) }),
      event(completed, { object: session(outTradeNo, { amount_total: '2000' }) }),
      event(completed, { object: session(outTradeNo, { client_reference_id: null, metadata: null }) }),
      event(completed, { object: session(outTradeNo) }, 'evt_\u0000'),
      event(completed, { object: session(outTradeNo) }, 'evt_\udc00'),
      JSON.stringify({ object: 'event', type: completed, data: { object: session(outTradeNo) } }),
      JSON.stringify({ id: 'evt_no_type', object: 'event', data: { object: session(outTradeNo) } }),
      event('checkout.session.async_payment_succeeded', { object: [] }),
      event('checkout.session.expired', { object: null }),
      event('refund.updated', { object: [] }),
      event('refund.failed', { object: { status: 'failed', metadata: { refund_row_id: 'R\u0000' } } }),
      'null',
      '[]',
      '5',
      '"event"',
      '{}',
      'not json',
    ];
    for (const raw of malformed) {
      const answer = await stripeWebhook(raw);
      expect([raw, answer.statusCode, answer.json()]).toEqual([raw, 400, { received: false, outcome: 'bad_body' }]);
    }
    expect(await stateOf(outTradeNo)).toEqual(before);

    // The same event, well formed, settles it.
    const good = await stripeWebhook(event(completed, { object: session(outTradeNo) }, 'evt_good'));
    expect([good.statusCode, good.json()]).toEqual([200, { received: true, outcome: 'settled' }]);
    expect((await stateOf(outTradeNo)).balance).toBe(before.balance + 2000);
  });

  it('Stripe: an event this app does not act on is acknowledged (200) whatever its object, and changes nothing', async () => {
    const outTradeNo = await pendingTopUp('stripe');
    const before = await stateOf(outTradeNo);
    for (const raw of [
      event('customer.created', undefined),
      event('customer.created', { object: null }),
      event('invoice.paid', { object: [] }),
      event('payment_intent.succeeded', { object: session(outTradeNo) }),
      // Known types that settle nothing yet: an unpaid completion, a refund still pending or not ours.
      event('checkout.session.completed', { object: session(outTradeNo, { payment_status: 'unpaid' }) }),
      event('refund.updated', { object: { status: 'pending', metadata: { refund_row_id: 'R1' } } }),
      event('refund.updated', { object: { status: 'succeeded', metadata: {} } }),
    ]) {
      const answer = await stripeWebhook(raw);
      expect([raw, answer.statusCode, answer.json()]).toEqual([raw, 200, { received: true, outcome: 'ignored' }]);
    }
    expect(await stateOf(outTradeNo)).toEqual(before);
  });

  it('logs each refusal as a warning with the event id and type, and never the signature or the secret', async () => {
    logLines.length = 0;
    await stripeWebhook(event('checkout.session.completed', { object: null }, 'evt_logged_1'));
    await stripeWebhook(event('customer.created', {}, 'evt_logged_2'));
    await sandboxNotify(
      JSON.stringify({ event_id: 'evt_logged_3', out_trade_no: 'P\u0000', amount: 1, status: 'failed' }),
    );
    const warnings = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.level === 40);
    expect(warnings.map((w) => [w.provider, w.eventId, w.eventType])).toEqual([
      ['stripe', 'evt_logged_1', 'checkout.session.completed'],
      ['stripe', 'evt_logged_2', 'customer.created'],
      ['sandbox', 'evt_logged_3', undefined],
    ]);
    expect(warnings[0]!.issues).toEqual(['data.object']);
    const logged = logLines.join('\n');
    expect(logged).not.toContain(WEBHOOK_SECRET);
    expect(logged).not.toContain(t.app.deps.sandboxSecret);
    expect(logged).not.toMatch(/v1=[0-9a-f]{64}/);
  });

  it('fuzz: 200 random signed bodies to both doors answer no 500', async () => {
    const random = mulberry32(21);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const texts = [
      '',
      'x',
      '\u0000',
      'a\u0000b',
      '\ud800',
      '\udfff',
      '\n',
      'P2026\u0001',
      'é',
      'x'.repeat(300),
      'evt_1',
    ];
    const numbers = [0, -1, 1.5, 2000, 2 ** 31, 1e12, -1e308, Number.MAX_SAFE_INTEGER];
    const types = [
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
      'checkout.session.async_payment_failed',
      'checkout.session.expired',
      'refund.updated',
      'refund.failed',
      'customer.created',
    ];
    const keys = [
      'id',
      'type',
      'data',
      'object',
      'client_reference_id',
      'metadata',
      'out_trade_no',
      'refund_row_id',
      'amount_total',
      'payment_status',
      'status',
      'event_id',
      'amount',
      '\u0000',
    ];
    const value = (depth: number): unknown => {
      const r = random();
      if (depth > 3 || r < 0.3) return pick([...texts, ...numbers, null, true, false, ...types, 'paid', 'succeeded']);
      if (r < 0.45) return Array.from({ length: Math.floor(random() * 3) }, () => value(depth + 1));
      return Object.fromEntries(
        Array.from({ length: 1 + Math.floor(random() * 4) }, () => [pick(keys), value(depth + 1)]),
      );
    };
    const outTradeNo = await pendingTopUp('sandbox');
    const body = (): string => {
      const r = random();
      if (r < 0.1) return JSON.stringify(value(0)).slice(0, Math.floor(random() * 40));
      if (r < 0.55)
        return JSON.stringify({
          id: pick(texts),
          object: 'event',
          type: pick(types),
          data: random() < 0.8 ? { object: value(1) } : value(1),
        });
      return JSON.stringify({
        event_id: pick(texts),
        out_trade_no: random() < 0.5 ? outTradeNo : pick(texts),
        amount: pick(numbers),
        status: pick(['succeeded', 'failed', 'x']),
        ...(random() < 0.3 ? { extra: value(1) } : {}),
      });
    };
    const statuses = new Map<number, number>();
    for (let i = 0; i < 200; i++) {
      const raw = body();
      const answer = await (i % 2 ? stripeWebhook(raw) : sandboxNotify(raw));
      statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      expect(answer.statusCode, raw).toBeLessThan(500);
    }
    expect([...statuses.keys()].every((s) => s === 200 || s === 400)).toBe(true);
  });
});

/** A small seeded generator, so that a failing fuzz run is the same run again. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
