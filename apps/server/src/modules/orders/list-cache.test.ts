import { adminOrderCalls, type OrderRecord, orderCalls } from '@studio/contract/orders';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGeneration } from '../../platform/db';
import { redisAvailable, TEST_REDIS_URL } from '../../testing/redis';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildGoods } from '../catalog/testing';
import { buildAdmin, buildMember, type TestMember } from '../schedule/testing';
import { orderListCache } from './list-cache';
import { listOwnOrders } from './service';
import { credit, placeOrder } from './testing';

interface ListAnswer {
  code: number | string;
  rows: OrderRecord[];
  total: number;
  hasMore: boolean;
}

/** client/order.getList on one instance (each instance its own server, as behind a load balancer). */
async function listOn(app: FastifyInstance, token: string, data: object = {}, locale?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'uni-id-token': token };
  if (locale) headers['accept-language'] = locale;
  const res = await app.inject({ method: 'POST', url: `/api/${orderCalls.getList.url}`, headers, payload: data });
  const body = res.json() as ListAnswer;
  expect(body.code).toBe(0);
  return body;
}

// Once on the configured database (PGlite, or PostgreSQL with DATABASE_URL), and again with Redis when
// it answers: the cache must depend on neither (it asks the database, no message is sent).
const redis = await redisAvailable();
describe.each([
  { name: 'one database, two instances', withRedis: false },
  ...(redis ? [{ name: 'two instances sharing Redis', withRedis: true }] : []),
])('the cached order list: $name', ({ withRedis }) => {
  let t: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: TestMember;
  let member: TestMember;
  let skuId: string;
  let goodsId: string;
  const orderNos: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: withRedis ? { REDIS_URL: TEST_REDIS_URL } : {} });
    a = t.app;
    b = await t.anotherInstance();
    admin = await buildAdmin(t);
    member = await buildMember(t);
    await credit(t, admin.token, member.id, 100_000);
    const goods = await buildGoods(t, admin.token, {
      name: { en: 'Mat', 'zh-Hans': '瑜伽垫' },
      sku_list: [{ sku_name: 'Blue', price: 3000, stock: 100 }],
    });
    goodsId = goods._id;
    skuId = goods.sku_list[0]!._id;
    for (let i = 0; i < 3; i++) {
      orderNos.push(
        (await placeOrder(t, member.token, { items: [{ sku_id: skuId, buy_num: 1 }], delivery: 'pickup' })).order_no,
      );
      t.clock.advance(1000);
    }
  });
  afterAll(() => t?.close());

  const statusOf = (answer: ListAnswer, orderNo: string) => answer.rows.find((r) => r.order_no === orderNo)?.status;

  it('answers what the uncached read answers, and the second read from memory', async () => {
    const cache = orderListCache(b.db);
    const first = await listOn(b, member.token);
    const builds = cache.stats.builds;
    const hits = cache.stats.hits;
    const again = await listOn(b, member.token);
    expect(cache.stats.builds).toBe(builds);
    expect(cache.stats.hits).toBe(hits + 1);
    expect(again).toEqual(first);
    const ctx = { db: b.db, user: { uid: member.id }, locale: 'en' } as never;
    const uncached = await listOwnOrders(ctx, 'all', { pageIndex: 1, pageSize: 10 });
    const { rows, total, hasMore } = first;
    expect(JSON.stringify({ rows, total, hasMore })).toBe(JSON.stringify(orderCalls.getList.output.parse(uncached)));
    expect(first.rows.map((r) => r.order_no)).toEqual([...orderNos].reverse());
    expect(first.total).toBe(3);
  });

  it("shows the member's change made on another instance on the very next read", async () => {
    await listOn(b, member.token);
    await listOn(b, member.token, { tab: 'unpaid' });
    const paid = await a.inject({
      method: 'POST',
      url: `/api/${orderCalls.pay.url}`,
      headers: { 'content-type': 'application/json', 'uni-id-token': member.token },
      payload: { order_no: orderNos[0], pay_type: 'balance' },
    });
    expect(paid.json().code).toBe(0);
    const after = await listOn(b, member.token);
    expect(statusOf(after, orderNos[0]!)).toBe(1);
    expect(after.rows.find((r) => r.order_no === orderNos[0])!.paid_amount).toBe(3000);
    expect((await listOn(b, member.token, { tab: 'unpaid' })).total).toBe(2);
  });

  it("shows staff's change and a new order made on another instance on the very next read", async () => {
    await listOn(b, member.token);
    const cancelled = await t.call(
      adminOrderCalls.cancel,
      { order_no: orderNos[1]!, reason: 'Out of stock' },
      { token: admin.token },
    );
    expect(cancelled.code, cancelled.msg).toBe(0);
    expect(statusOf(await listOn(b, member.token), orderNos[1]!)).toBe(cancelled.order.status);
    const placed = await placeOrder(t, member.token, { items: [{ sku_id: skuId, buy_num: 2 }], delivery: 'pickup' });
    const after = await listOn(b, member.token);
    expect(after.total).toBe(4);
    expect(after.rows[0]!.order_no).toBe(placed.order_no);
    // A page of two: the newest order pushed the oldest to page 2.
    const second = await listOn(b, member.token, { pageIndex: 2, pageSize: 2 });
    expect(second.rows.map((r) => r.order_no)).toEqual([orderNos[1], orderNos[0]]);
  });

  it('shows a refund applied for, approved, and its money, on the very next read', async () => {
    await listOn(b, member.token);
    const applied = await t.call(
      orderCalls.applyRefund,
      { order_no: orderNos[0]!, reason: 'Wrong colour' },
      { token: member.token },
    );
    expect(applied.code, applied.msg).toBe(0);
    const pending = (await listOn(b, member.token)).rows.find((r) => r.order_no === orderNos[0])!;
    expect(pending.refund?.status).toBe('pending');
    await listOn(b, member.token);
    const approved = await t.call(adminOrderCalls.approveRefund, { order_no: orderNos[0]! }, { token: admin.token });
    expect(approved.code, approved.msg).toBe(0);
    const done = (await listOn(b, member.token)).rows.find((r) => r.order_no === orderNos[0])!;
    expect(done.refund?.status).toBe('approved');
    expect(done.refunded_amount).toBe(3000);
    expect(done.refund?.money?.status).toBe('succeeded');
  });

  it('sees rows changed behind the services: a payment refund, a line, a timeline entry', async () => {
    const before = (await listOn(b, member.token)).rows.find((r) => r.order_no === orderNos[0])!;
    await a.db.execute(sql`update payment_refunds set status = 'pending' where ref = ${orderNos[0]}`);
    expect((await listOn(b, member.token)).rows.find((r) => r.order_no === orderNos[0])!.refund?.money?.status).toBe(
      'pending',
    );
    await a.db.execute(sql`update payment_refunds set status = 'succeeded' where ref = ${orderNos[0]}`);
    await a.db.execute(sql`update order_lines set image = 'changed.png' where order_id = ${orderNos[0]}`);
    expect((await listOn(b, member.token)).rows.find((r) => r.order_no === orderNos[0])!.lines[0]!.image).toBe(
      'changed.png',
    );
    await a.db.execute(sql`update order_events set note = 'noted' where order_id = ${orderNos[0]}`);
    const after = (await listOn(b, member.token)).rows.find((r) => r.order_no === orderNos[0])!;
    expect(after.timeline.map((e) => e.note)).toEqual(before.timeline.map(() => 'noted'));
  });

  it("keeps each language's page apart", async () => {
    const zh = await listOn(b, member.token, {}, 'zh-CN');
    const en = await listOn(b, member.token, {}, 'en');
    expect(zh.rows[0]!.lines[0]!.goods_name).toBe('瑜伽垫');
    expect(en.rows[0]!.lines[0]!.goods_name).toBe('Mat');
    expect(goodsId).toBeTruthy();
  });

  it('reads no statement while nothing was written (the embedded database), one per read on PostgreSQL', async () => {
    const cache = orderListCache(b.db);
    await listOn(b, member.token);
    const generation = writeGeneration(b.db);
    const hits = cache.stats.hits;
    await listOn(b, member.token);
    expect(cache.stats.hits).toBe(hits + 1);
    if (generation !== undefined) expect(writeGeneration(b.db)).toBe(generation);
  });

  it('does not remember a page past the end', async () => {
    const cache = orderListCache(b.db);
    const builds = cache.stats.builds;
    const empty = await listOn(b, member.token, { pageIndex: 9, pageSize: 10 });
    expect(empty.rows).toEqual([]);
    expect(empty.total).toBe(4);
    await listOn(b, member.token, { pageIndex: 9, pageSize: 10 });
    expect(cache.stats.builds).toBe(builds + 2);
    const other = await buildMember(t);
    expect((await listOn(b, other.token)).total).toBe(0);
  });
});
