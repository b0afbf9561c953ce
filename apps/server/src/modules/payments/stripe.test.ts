import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { merchantCalls } from '@studio/contract/merchant';
import { adminOrderCalls, ORDER_STATUS, orderCalls } from '@studio/contract/orders';
import { paymentCalls, STRIPE_NOTIFY_PATH } from '@studio/contract/payments';
import { walletCalls } from '@studio/contract/wallet';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOutbox } from '../../platform/event-outbox-schema';
import { runSweeps } from '../../platform/sweeper';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { placeOrder, setPayTypes } from '../orders/testing';
import { buildAdmin, buildMember } from '../schedule/testing';

/*
 * The Stripe adapter without a network: the official SDK pointed at a local fakeStripe of the Checkout
 * Sessions API, and webhook events signed with the SDK's own test-header helper.
 */

const WEBHOOK_SECRET = 'whsec_test_secret';

/** The app's event outbox delivery (what asks Stripe for a refund again), as the sweeper runs it. */
const outboxDelivery = () => t.app.deps.events.sweeps.filter((s) => s.name === 'outbox.deliver');

interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  amount_total: number;
  currency: string;
  client_reference_id: string;
  metadata: Record<string, string>;
  payment_status: 'unpaid' | 'paid';
}

interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'pending' | 'succeeded' | 'failed';
  metadata: Record<string, string>;
}

/**
 * Stripe's API as documented, for the calls this app makes: POST /v1/checkout/sessions (a form body
 * in, the session out), GET /v1/checkout/sessions/:id, and POST /v1/refunds (pending, as card
 * refunds usually answer); each POST replays by its idempotency key.
 */
function startFakeStripe() {
  const byKey = new Map<string, FakeSession>();
  const refunds = new Map<string, FakeRefund>();
  const requests: { key: string; form: URLSearchParams; auth: string; url: string }[] = [];
  /** What a test sets up: run before a Checkout Session is answered, or fail it with a 500 that many times. */
  const checkout: { beforeAnswer?: () => Promise<void>; failures: number } = { failures: 0 };
  /** The same for refunds. */
  const refunding: { beforeAnswer?: () => Promise<void>; failures: number; refusals: number } = {
    failures: 0,
    refusals: 0,
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const json = (body: object) =>
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_fake' }).end(JSON.stringify(body));
      const retrieved = req.method === 'GET' && req.url?.match(/^\/v1\/checkout\/sessions\/([\w-]+)/);
      if (retrieved) {
        const found = [...byKey.values()].find((s) => s.id === retrieved[1]);
        if (found) json({ ...found, payment_intent: `pi_${found.id}` });
        else res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"no session"}}');
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        const form = new URLSearchParams(body);
        const key = String(req.headers['idempotency-key'] ?? '');
        requests.push({ key, form, auth: String(req.headers.authorization ?? ''), url: req.url });
        if (refunding.refusals > 0) {
          refunding.refusals -= 1;
          res.writeHead(400, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Already refunded' },
            }),
          );
          return;
        }
        if (refunding.failures > 0) {
          refunding.failures -= 1;
          res
            .writeHead(500, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is down' } }));
          return;
        }
        const refund = refunds.get(key) ?? {
          id: `re_test_${refunds.size + 1}`,
          object: 'refund' as const,
          amount: Number(form.get('amount')),
          payment_intent: String(form.get('payment_intent')),
          status: 'pending' as const,
          metadata: { refund_row_id: String(form.get('metadata[refund_row_id]')) },
        };
        refunds.set(key, refund);
        void (refunding.beforeAnswer?.() ?? Promise.resolve()).then(() => json(refund));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'no route' } }));
        return;
      }
      const form = new URLSearchParams(body);
      const key = String(req.headers['idempotency-key'] ?? '');
      requests.push({ key, form, auth: String(req.headers.authorization ?? ''), url: req.url });
      if (checkout.failures > 0) {
        checkout.failures -= 1;
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is down' } }));
        return;
      }
      let session = byKey.get(key);
      if (!session) {
        const id = `cs_test_${byKey.size + 1}`;
        session = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: String(form.get('line_items[0][price_data][currency]')),
          client_reference_id: String(form.get('client_reference_id')),
          metadata: {
            out_trade_no: String(form.get('metadata[out_trade_no]')),
            order_no: String(form.get('metadata[order_no]')),
          },
          payment_status: 'unpaid',
        };
        byKey.set(key, session);
      }
      const answer = JSON.stringify(session);
      void (checkout.beforeAnswer?.() ?? Promise.resolve()).then(
        () => res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_fake' }).end(answer),
        (error: Error) =>
          res
            .writeHead(500, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { message: error.message } })),
      );
    });
  });
  return { server, requests, sessions: byKey, refunds, checkout, refunding };
}

let t: TestApp;
let fakeStripe: ReturnType<typeof startFakeStripe>;
let adminToken: string;

beforeAll(async () => {
  fakeStripe = startFakeStripe();
  await new Promise<void>((resolve) => fakeStripe.server.listen(0, '127.0.0.1', resolve));
  const { port } = fakeStripe.server.address() as AddressInfo;
  t = await createTestApp({
    config: {
      STRIPE_SECRET_KEY: 'sk_test_studio',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
      PUBLIC_URL: 'https://studio.example',
      // As in production: no sandbox test card.
      SANDBOX_PAYMENTS: false,
    },
  });
  adminToken = (await buildAdmin(t)).token;
  await setPayTypes(t, adminToken, ['balance', 'stripe']);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fakeStripe.server.close(resolve));
});

const sdk = new Stripe('sk_test_studio');

function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: STRIPE_NOTIFY_PATH,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

const completed = (id: string, session: FakeSession, amount = session.amount_total) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { ...session, amount_total: amount, payment_status: 'paid' } },
});

/** A member's pickup order of one new goods, sent to Stripe's checkout: its Checkout Session. */
async function stripeCheckout() {
  const goods = await buildGoods(t, adminToken);
  const m = await buildMember(t);
  const { order_no } = await placeOrder(t, m.token, {
    items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }],
    delivery: 'pickup',
  });
  const redirect = await t.call(orderCalls.pay, { order_no, pay_type: 'stripe' }, { token: m.token });
  const outTradeNo = redirect.out_trade_no!;
  return { order_no, m, outTradeNo, session: fakeStripe.sessions.get(`checkout:${outTradeNo}`)! };
}

/** An order paid by card (the session completed by its webhook) that its member asks to refund. */
async function stripeOrderAwaitingRefund() {
  const { order_no, m, session } = await stripeCheckout();
  expect((await webhook(completed(`evt_paid_${order_no}`, session))).statusCode).toBe(200);
  await t.call(orderCalls.applyRefund, { order_no, reason: 'Not needed' }, { token: m.token });
  return { order_no, session, member: m };
}

/** The order's refund rows as stored. */
async function refundRows(orderNo: string) {
  const result = (await t.database.db.execute(
    sql`select id, status, provider_ref from payment_refunds where ref = ${orderNo} order by created_at`,
  )) as unknown as { rows: { id: string; status: string; provider_ref: string }[] };
  return result.rows;
}

describe('Stripe', () => {
  it('is offered once its keys are set and staff switch it on; the sandbox card is not, whatever staff choose', async () => {
    await setPayTypes(t, adminToken, ['balance', 'sandbox', 'stripe']);
    const { mchInfo } = await t.call(merchantCalls.getMchInfo, {});
    expect(mchInfo.pay_types).toEqual(['balance', 'stripe']);
    const goods = await buildGoods(t, adminToken);
    const m = await buildMember(t);
    const { order_no } = await placeOrder(t, m.token, {
      items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }],
      delivery: 'pickup',
    });
    expect(await t.callRaw(orderCalls.pay.url, { order_no, pay_type: 'sandbox' }, { token: m.token })).toMatchObject({
      code: 'PAY_TYPE_DISABLED',
    });
    expect(
      await t.callRaw(paymentCalls.decideSandboxCharge.url, { out_trade_no: 'P1', decision: 'succeeded' }),
    ).toMatchObject({
      code: 'PAY_TYPE_DISABLED',
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', payload: {} })).statusCode).toBe(404);
    await setPayTypes(t, adminToken, ['balance', 'stripe']);
  });

  it('creates a Checkout Session with an idempotency key and the order number, and is paid only by a verified webhook, once', async () => {
    const goods = await buildGoods(t, adminToken);
    const m = await buildMember(t);
    const { order_no } = await placeOrder(t, m.token, {
      items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 2 }],
      delivery: 'pickup',
    });
    const first = await t.call(orderCalls.pay, { order_no, pay_type: 'stripe' }, { token: m.token });
    const again = await t.call(orderCalls.pay, { order_no, pay_type: 'stripe' }, { token: m.token });
    expect([again.out_trade_no, again.pay_url]).toEqual([first.out_trade_no, first.pay_url]);
    const { out_trade_no, pay_url } = first as { out_trade_no: string; pay_url: string };
    expect(pay_url).toBe('https://checkout.stripe.test/c/pay/cs_test_1');
    const sent = fakeStripe.requests.at(-1)!;
    expect(sent.key).toBe(`checkout:${out_trade_no}`);
    expect(sent.auth).toBe('Bearer sk_test_studio');
    expect(sent.form.get('metadata[order_no]')).toBe(order_no);
    expect(sent.form.get('line_items[0][price_data][unit_amount]')).toBe('2500');
    expect(sent.form.get('line_items[0][price_data][currency]')).toBe('gbp');
    expect(sent.form.get('success_url')).toBe(
      `https://studio.example/pages/goods/goods-order-pay?order_no=${order_no}&out_trade_no=${out_trade_no}`,
    );
    const session = fakeStripe.sessions.get(sent.key)!;
    const info = async () => (await t.call(orderCalls.getInfo, { order_no }, { token: m.token })).orderInfo;

    // A forged signature, an amount that differs: refused, nothing changes.
    expect((await webhook(completed('evt_forged', session), 'whsec_wrong')).statusCode).toBe(400);
    expect((await webhook(completed('evt_cheap', session, 100))).statusCode).toBe(400);
    expect((await info()).status).toBe(ORDER_STATUS.unpaid);

    // Stripe retries: the same event ten times at once, and a second event for the same session.
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => webhook(completed('evt_paid', session))),
      webhook(completed('evt_paid_again', session)),
    ]);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect((await info()).status).toBe(ORDER_STATUS.paid);
    expect((await info()).paid_amount).toBe(2500);
    expect((await t.call(paymentCalls.getStatus, { out_trade_no }, { token: m.token })).payment.status).toBe(
      'succeeded',
    );
    expect(
      (await t.call(orderCalls.getInfo, { order_no }, { token: m.token })).orderInfo.timeline.map((e) => e.status),
    ).toEqual([0, 1]);
  });

  it('calls Stripe only after the order is let go: another writer can lock the order while Stripe answers', async () => {
    const goods = await buildGoods(t, adminToken);
    const m = await buildMember(t);
    const { order_no } = await placeOrder(t, m.token, {
      items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }],
      delivery: 'pickup',
    });
    const seen: string[] = [];
    // While the order's transaction held its lock around the call, this waited for Stripe's answer,
    // which waited for this: NOWAIT refused it on PostgreSQL, and PGlite never answered.
    fakeStripe.checkout.beforeAnswer = async () => {
      const locked = (await t.database.db.execute(
        sql`select id, pay_type from orders where id = ${order_no} for update nowait`,
      )) as unknown as { rows: { pay_type: string }[] };
      seen.push(String(locked.rows[0]?.pay_type));
    };
    try {
      const paid = await t.call(orderCalls.pay, { order_no, pay_type: 'stripe' }, { token: m.token });
      expect(paid.code, paid.msg).toBe(0);
      expect(paid.pay_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    } finally {
      fakeStripe.checkout.beforeAnswer = undefined;
    }
    // The order was already committed as paying by card when Stripe was asked.
    expect(seen).toEqual(['stripe']);
  });

  it('Stripe down: PAYMENT_FAILED, the payment stays pending, and paying again opens it under the same key', async () => {
    const goods = await buildGoods(t, adminToken);
    const m = await buildMember(t);
    const { order_no } = await placeOrder(t, m.token, {
      items: [{ sku_id: goods.sku_list[0]!._id, buy_num: 1 }],
      delivery: 'pickup',
    });
    const before = fakeStripe.requests.length;
    fakeStripe.checkout.failures = 3; // the first try and the SDK's two retries
    const down = await t.call(orderCalls.pay, { order_no, pay_type: 'stripe' }, { token: m.token });
    expect(down).toMatchObject({ code: 'PAYMENT_FAILED', msg: 'Payment failed' });
    const tried = fakeStripe.requests.slice(before).map((r) => r.key);
    expect(tried).toHaveLength(3);
    expect(new Set(tried).size).toBe(1);

    const up = await t.call(orderCalls.pay, { order_no, pay_type: 'stripe' }, { token: m.token });
    expect(up.code, up.msg).toBe(0);
    expect(fakeStripe.requests.at(-1)!.key).toBe(tried[0]);
    expect(tried[0]).toBe(`checkout:${up.out_trade_no}`);
    const again = await t.call(orderCalls.pay, { order_no, pay_type: 'stripe' }, { token: m.token });
    expect([again.out_trade_no, again.pay_url]).toEqual([up.out_trade_no, up.pay_url]);
    expect(fakeStripe.requests.length - before).toBe(4);
  });

  it('answers 200 to events it does not act on, and fails the payment when the session expires', async () => {
    const { m, outTradeNo, session } = await stripeCheckout();
    expect(
      (await webhook({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: {} } })).statusCode,
    ).toBe(200);
    const expired = { id: 'evt_expired', object: 'event', type: 'checkout.session.expired', data: { object: session } };
    expect((await webhook(expired)).statusCode).toBe(200);
    expect(
      (await t.call(paymentCalls.getStatus, { out_trade_no: outTradeNo }, { token: m.token })).payment.status,
    ).toBe('failed');
  });

  it('refunds through the official refund call, idempotently, and the refund webhook settles it once', async () => {
    const { order_no, session } = await stripeOrderAwaitingRefund();
    const approved = await t.call(adminOrderCalls.approveRefund, { order_no }, { token: adminToken });
    expect(approved.order).toMatchObject({
      status: ORDER_STATUS.refunded,
      refunded_amount: 1250,
      refund: { status: 'approved', money: { status: 'pending', method: 'stripe' } },
    });

    const sent = fakeStripe.requests.at(-1)!;
    expect(sent.url).toBe('/v1/refunds');
    expect(sent.key).toMatch(/^refund:R/);
    expect(sent.form.get('payment_intent')).toBe(`pi_${session.id}`);
    expect(sent.form.get('amount')).toBe('1250');
    const refund = fakeStripe.refunds.get(sent.key)!;
    expect(refund.metadata.refund_row_id).toBe(sent.key.slice('refund:'.length));

    const succeeded = (id: string) => ({
      id,
      object: 'event',
      type: 'refund.updated',
      data: { object: { ...refund, status: 'succeeded' } },
    });
    const answers = await Promise.all([webhook(succeeded('evt_re_1')), webhook(succeeded('evt_re_1'))]);
    expect(answers.map((a) => a.json().outcome).sort()).toEqual(['repeat', 'settled']);
    const settled = await t.call(adminOrderCalls.getInfo, { order_no }, { token: adminToken });
    expect(settled.order.refund).toMatchObject({ money: { status: 'succeeded', method: 'stripe' } });
    expect((await webhook(succeeded('evt_re_2'))).json().outcome).toBe('already_settled');
    const unknown = {
      ...succeeded('evt_re_3'),
      data: { object: { ...refund, status: 'succeeded', metadata: { refund_row_id: 'Rnope' } } },
    };
    const answer = await webhook(unknown);
    expect(answer.json()).toEqual({ received: true, outcome: 'unknown_refund' });
    expect(answer.statusCode).toBe(400);
  });
  it('asks Stripe for a refund only once the approval has committed: the order is not locked while Stripe answers', async () => {
    const { order_no } = await stripeOrderAwaitingRefund();
    const seen: number[] = [];
    // Asked inside the approval's transaction, Stripe's answer waited for this lock, which waited for
    // the answer: NOWAIT refused it on PostgreSQL, and PGlite never answered.
    fakeStripe.refunding.beforeAnswer = async () => {
      const locked = (await t.database.db.execute(
        sql`select status from orders where id = ${order_no} for update nowait`,
      )) as unknown as { rows: { status: number }[] };
      seen.push(Number(locked.rows[0]?.status));
    };
    try {
      const approved = await t.call(adminOrderCalls.approveRefund, { order_no }, { token: adminToken });
      expect(approved.code, approved.msg).toBe(0);
    } finally {
      fakeStripe.refunding.beforeAnswer = undefined;
    }
    // The order was already committed as refunded when Stripe was asked, and the answer is kept.
    expect(seen).toEqual([ORDER_STATUS.refunded]);
    const [row] = await refundRows(order_no);
    expect(row).toMatchObject({ status: 'pending', provider_ref: expect.stringMatching(/^re_test_/) });
  });

  it('Stripe down during a refund: the approval stands, the refund waits unsent, and the outbox sends it once, under the same key', async () => {
    const { order_no } = await stripeOrderAwaitingRefund();
    const before = fakeStripe.requests.length;
    fakeStripe.refunding.failures = 3; // the first try and the SDK's two retries
    const approved = await t.call(adminOrderCalls.approveRefund, { order_no }, { token: adminToken });
    expect(approved.code, approved.msg).toBe(0);
    expect(approved.order).toMatchObject({ status: ORDER_STATUS.refunded, refunded_amount: 1250 });
    const tried = fakeStripe.requests.slice(before).map((r) => r.key);
    expect(tried).toHaveLength(3);
    const [waiting] = await refundRows(order_no);
    expect(waiting).toMatchObject({ status: 'pending', provider_ref: '' });
    expect(tried[0]).toBe(`refund:${waiting!.id}`);
    // What asks again: the outbox row of the refund's event, undelivered, its first attempt failed.
    const [asking] = (
      await t.app.db.select().from(eventOutbox).where(eq(eventOutbox.subscriber, 'payments.sendRefund'))
    ).filter((r) => (r.payload as { payment_refund_id: string }).payment_refund_id === waiting!.id);
    expect(asking).toMatchObject({
      name: 'payment.refundStarted',
      payload: {
        payment_refund_id: waiting!.id,
        payment_id: expect.any(String),
        order_no,
        provider: 'stripe',
        amount: 1250,
      },
      attempts: 1,
      deliveredAt: null,
    });

    // Not yet: the outbox retries after its backoff (the first ask may still be under way on another instance).
    const sweeps = outboxDelivery();
    expect(await runSweeps(t.database.db, t.clock.now(), sweeps)).toEqual({ 'outbox.deliver': 0 });
    const later = new Date(t.clock.now().getTime() + 61_000);
    expect(await runSweeps(t.database.db, later, sweeps)).toEqual({ 'outbox.deliver': 1 });
    expect(fakeStripe.requests.at(-1)!.key).toBe(tried[0]);
    const [sent] = await refundRows(order_no);
    expect(sent).toMatchObject({
      id: waiting!.id,
      status: 'pending',
      provider_ref: expect.stringMatching(/^re_test_/),
    });
    expect(await runSweeps(t.database.db, later, sweeps)).toEqual({ 'outbox.deliver': 0 });
    expect(fakeStripe.requests.length - before).toBe(4);
  });
  it('Stripe refuses a refund: the row is failed at once, nothing more is paid back, and it is not asked again', async () => {
    const { order_no } = await stripeOrderAwaitingRefund();
    const before = fakeStripe.requests.length;
    fakeStripe.refunding.refusals = 1;
    const approved = await t.call(adminOrderCalls.approveRefund, { order_no }, { token: adminToken });
    expect(approved.code, approved.msg).toBe(0);
    expect(fakeStripe.requests.length - before).toBe(1);
    const [row] = await refundRows(order_no);
    expect(row).toMatchObject({ status: 'failed', provider_ref: '' });
    // Staff and the member see it: nothing went back.
    const shown = await t.call(adminOrderCalls.getInfo, { order_no }, { token: adminToken });
    expect(shown.order).toMatchObject({
      refunded_amount: 0,
      refund: { status: 'approved', money: { status: 'failed', method: 'stripe' } },
    });
    const later = new Date(t.clock.now().getTime() + 61_000);
    expect(await runSweeps(t.database.db, later, outboxDelivery())).toEqual({ 'outbox.deliver': 0 });
    expect(fakeStripe.requests.length - before).toBe(1);
  });
  it('staff pay a refused refund back another way, once, however many of them press at once', async () => {
    const { order_no, member } = await stripeOrderAwaitingRefund();
    const balance = async () => (await t.call(walletCalls.getBalance, {}, { token: member.token })).balance;
    const before = await balance();
    const early = await t.call(adminOrderCalls.repayRefund, { order_no, method: 'balance' }, { token: adminToken });
    expect(early.code).toBe('REFUND_REPAY_NOT_NEEDED');
    fakeStripe.refunding.refusals = 1;
    await t.call(adminOrderCalls.approveRefund, { order_no }, { token: adminToken });

    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call(adminOrderCalls.repayRefund, { order_no, method: 'balance' }, { token: adminToken }),
      ),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([0, ...Array(4).fill('REFUND_REPAY_NOT_NEEDED')]);
    expect(await balance()).toBe(before + 1250);
    const repaid = answers.find((a) => a.code === 0)!;
    expect(repaid.order).toMatchObject({
      status: ORDER_STATUS.refunded,
      refunded_amount: 1250,
      refund: { status: 'approved', money: { status: 'succeeded', method: 'balance' } },
    });
    const mine = await t.call(orderCalls.getInfo, { order_no }, { token: member.token });
    expect(mine.orderInfo.refund?.money).toEqual({ status: 'succeeded', method: 'balance' });
    expect((await refundRows(order_no)).map((r) => r.status)).toEqual(['failed', 'succeeded']);
    const desk = await t.call(adminOrderCalls.repayRefund, { order_no, method: 'offline' }, { token: adminToken });
    expect(desk.code).toBe('REFUND_REPAY_NOT_NEEDED');
  });

  it('a refused refund repaid at the desk is recorded, with nothing credited', async () => {
    const { order_no, member } = await stripeOrderAwaitingRefund();
    const balance = async () => (await t.call(walletCalls.getBalance, {}, { token: member.token })).balance;
    const before = await balance();
    fakeStripe.refunding.refusals = 1;
    await t.call(adminOrderCalls.approveRefund, { order_no }, { token: adminToken });
    const repaid = await t.call(adminOrderCalls.repayRefund, { order_no, method: 'offline' }, { token: adminToken });
    expect(repaid.code, repaid.msg).toBe(0);
    expect(repaid.order.refund?.money).toEqual({ status: 'succeeded', method: 'offline' });
    expect(await balance()).toBe(before);
  });
});
