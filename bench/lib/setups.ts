// Set-up work that runs inside a server process (it owns the database: PGlite allows one opener).
// Each setup takes the running app and plain JSON arguments and answers plain JSON.
//
// Staff work (room, course, teacher, sessions) goes through the real admin calls (app.inject with
// the demo admin's token). Bulk members are written straight into their tables, a few statements
// for thousands of rows, because registering them one by one (scrypt, one transaction each) would
// take longer than the benchmark; their tokens are signed with the server's own signer and secret.

import { adminMerchantCalls } from '@studio/contract/merchant';
import { orderCalls } from '@studio/contract/orders';
import { adminReservationCalls } from '@studio/contract/reservations';
import { adminScheduleCalls } from '@studio/contract/schedule';
import { adminShopCalls } from '@studio/contract/shop';
import { users, userTokens } from '@studio/server/src/modules/account/schema';
import { goodsSkus } from '@studio/server/src/modules/catalog/schema';
import { orderLines, orders } from '@studio/server/src/modules/orders/schema';
import { memberPackages } from '@studio/server/src/modules/packages/schema';
import { reservations } from '@studio/server/src/modules/reservations/schema';
import { classSessions } from '@studio/server/src/modules/schedule/schema';
import { newId } from '@studio/server/src/platform/ids';
import { TOKEN_TTL_MS, TokenSigner } from '@studio/server/src/platform/tokens';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export type Setup = (app: FastifyInstance, args: unknown) => Promise<unknown>;

export interface Member {
  id: string;
  token: string;
}

export interface FixtureArgs {
  /** Sessions to create, all of one course, teacher and room. */
  sessions: { starts_at: string; ends_at: string; capacity: number }[];
}

export interface Fixture {
  courseId: string;
  roomId: string;
  teacherId: string;
  sessionIds: string[];
}

export interface SessionCheck {
  sessionId: string;
  capacity: number;
  bookedCount: number;
  /** Reservations not cancelled. */
  activeReservations: number;
}

const CHUNK = 500;

async function skuIdsOf(app: FastifyInstance, goodsIds: string[]): Promise<string[]> {
  const rows = await app.db
    .select({ id: goodsSkus.id })
    .from(goodsSkus)
    .where(inArray(goodsSkus.goodsId, goodsIds))
    .orderBy(goodsSkus.goodsId, goodsSkus.sort);
  return rows.map((r) => r.id);
}

async function injectCall(app: FastifyInstance, url: string, data: unknown, token?: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${url}`,
    headers: { 'content-type': 'application/json', ...(token ? { 'uni-id-token': token } : {}) },
    payload: JSON.stringify(data),
  });
  const answer = res.json() as { code: unknown; [field: string]: unknown };
  if (answer.code !== 0) throw new Error(`${url} answered ${res.body.slice(0, 400)}`);
  return answer;
}

async function adminToken(app: FastifyInstance): Promise<string> {
  const answer = await injectCall(app, 'user/pub/login', { username: 'admin', password: 'demo1234' });
  return (answer.vk_uni_token as { token: string }).token;
}

/** A fresh member with the teacher role, written straight into the users table. */
async function benchTeacherUser(app: FastifyInstance): Promise<string> {
  const id = newId();
  const now = app.clock.now();
  const username = `benchteacher${id.slice(-8)}`;
  await app.db.insert(users).values({
    id,
    username,
    nickname: 'Bench Teacher',
    roles: ['member', 'teacher'],
    inviteCode: username.toUpperCase(),
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

export interface GoodsFixture {
  goodsIds: string[];
  /** Every SKU of those goods (two each). */
  skuIds: string[];
  /** A SKU of its own with the stock asked (the add-to-cart race). */
  raceGoodsId: string;
  raceSkuId: string;
}

export const setups: Record<string, Setup> = {
  /** Liveness of the IPC channel; also proves the database answers. */
  ping: async (app) => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    return res.json();
  },

  /** One room, course and teacher of its own, and the given sessions, through the admin calls. */
  fixture: async (app, raw): Promise<Fixture> => {
    const args = raw as FixtureArgs;
    const token = await adminToken(app);
    const maxCapacity = Math.max(1, ...args.sessions.map((s) => s.capacity));
    const { room } = (await injectCall(
      app,
      adminScheduleCalls.saveRoom.url,
      { name: 'Bench Hall', capacity: maxCapacity, address: '1 Bench Street' },
      token,
    )) as unknown as { room: { _id: string } };
    const { course } = (await injectCall(
      app,
      adminScheduleCalls.saveCourse.url,
      { name: 'Bench Flow', description: 'Load test class', duration_min: 60, default_capacity: maxCapacity },
      token,
    )) as unknown as { course: { _id: string } };
    // A teacher of its own: the demo teacher already teaches the demo week, and a session that
    // overlaps one of theirs is refused (TEACHER_BUSY).
    const teacherUserId = await benchTeacherUser(app);
    const { teacher } = (await injectCall(
      app,
      adminScheduleCalls.saveTeacher.url,
      { user_id: teacherUserId, introduction: 'Bench teacher' },
      token,
    )) as unknown as { teacher: { _id: string } };
    const sessionIds: string[] = [];
    for (const s of args.sessions) {
      const { session } = (await injectCall(
        app,
        adminReservationCalls.createSession.url,
        { course_id: course._id, teacher_id: teacher._id, room_id: room._id, ...s },
        token,
      )) as unknown as { session: { _id: string } };
      sessionIds.push(session._id);
    }
    return { courseId: course._id, roomId: room._id, teacherId: teacher._id, sessionIds };
  },

  /**
   * `count` goods items with two SKUs each (names in two languages, a description), and one more
   * whose only SKU holds `raceStock`, all on sale, through admin/goods.save.
   */
  goods: async (app, raw): Promise<GoodsFixture> => {
    const { count, raceStock, stock = 50 } = raw as { count: number; raceStock: number; stock?: number };
    const token = await adminToken(app);
    // The order-list bench keeps 40 unpaid orders of one member: above the studio's default limit.
    await injectCall(app, adminMerchantCalls.save.url, { max_unpaid_orders: 50 }, token);
    const save = async (data: unknown) =>
      (
        (await injectCall(app, adminShopCalls.saveGoods.url, data, token)) as unknown as {
          goods: { _id: string; sku_list: { _id: string }[] };
        }
      ).goods;
    const goodsIds: string[] = [];
    for (let i = 0; i < count; i++) {
      const goods = await save({
        name: { en: `Bench Mat ${i}`, 'zh-Hans': `测试瑜伽垫${i}` },
        type: 0,
        is_on_sale: true,
        description: { en: '<p>A mat for the benchmark, with a <b>long</b> enough description.</p>' },
        sku_list: [
          { sku_name: 'Sand', price: 4500 + i, stock, weight: 1800 },
          { sku_name: 'Moss', price: 4800 + i, original_price: 5500, stock, weight: 1800 },
        ],
      });
      goodsIds.push(goods._id);
    }
    const race = await save({
      name: 'Bench Race Block',
      type: 0,
      is_on_sale: true,
      sku_list: [{ sku_name: 'Cork', price: 1200, stock: raceStock, weight: 600 }],
    });
    return {
      goodsIds,
      skuIds: goodsIds.length ? await skuIdsOf(app, goodsIds) : [],
      raceGoodsId: race._id,
      raceSkuId: race.sku_list[0]!._id,
    };
  },

  /** A SKU's stock and how many units orders that are not cancelled hold of it. */
  stockCheck: async (app, raw): Promise<{ stock: number; ordered: number; orders: number }> => {
    const { skuId } = raw as { skuId: string };
    const [sku] = await app.db.select({ stock: goodsSkus.stock }).from(goodsSkus).where(eq(goodsSkus.id, skuId));
    const [held] = await app.db
      .select({ units: sql<number>`coalesce(sum(${orderLines.buyNum}), 0)::int`, orders: sql<number>`count(*)::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orderLines.skuId, skuId), sql`${orders.status} <> -1`));
    return { stock: sku?.stock ?? -1, ordered: Number(held?.units ?? 0), orders: Number(held?.orders ?? 0) };
  },

  /** Orders placed through client/order.createOrder for a member (pickup, one unit of each SKU given in turn). */
  placeOrders: async (app, raw): Promise<string[]> => {
    const { token, skuIds, count } = raw as { token: string; skuIds: string[]; count: number };
    const numbers: string[] = [];
    for (let i = 0; i < count; i++) {
      const answer = (await injectCall(
        app,
        orderCalls.createOrder.url,
        { items: [{ sku_id: skuIds[i % skuIds.length], buy_num: 1 }], delivery: 'pickup' },
        token,
      )) as unknown as { order_no: string };
      numbers.push(answer.order_no);
    }
    return numbers;
  },

  /**
   * `count` members, each with a live token and one long-term package of `credits` credits,
   * written in bulk. Usernames start with `prefix` so that several batches can coexist.
   */
  members: async (app, raw): Promise<Member[]> => {
    const { count, prefix, credits } = raw as { count: number; prefix: string; credits: number };
    const secret = app.config.TOKEN_SECRET;
    if (!secret) throw new Error('the bench servers run with a TOKEN_SECRET');
    const signer = new TokenSigner(new TextEncoder().encode(secret));
    const now = app.clock.now();
    const exp = now.getTime() + TOKEN_TTL_MS;
    const members: Member[] = [];
    for (let start = 0; start < count; start += CHUNK) {
      const batch = Array.from({ length: Math.min(CHUNK, count - start) }, (_, k) => {
        const n = start + k;
        return { id: newId(), jti: newId(), username: `${prefix}${n}`, inviteCode: `${prefix}${n}`.toUpperCase() };
      });
      await app.db.transaction(async (tx) => {
        await tx.insert(users).values(
          batch.map((m) => ({
            id: m.id,
            username: m.username,
            nickname: m.username,
            roles: ['member' as const],
            inviteCode: m.inviteCode,
            createdAt: now,
            updatedAt: now,
          })),
        );
        await tx
          .insert(userTokens)
          .values(batch.map((m) => ({ id: m.jti, userId: m.id, expiresAt: new Date(exp), createdAt: now })));
        await tx.insert(memberPackages).values(
          batch.map((m) => ({
            id: newId(),
            userId: m.id,
            name: 'Bench pass',
            totalCount: credits,
            remainingCount: credits,
            validFrom: new Date(now.getTime() - 60_000),
            validUntil: null,
            courseIds: [],
            source: 'grant',
            createdAt: now,
            updatedAt: now,
          })),
        );
      });
      for (const m of batch) {
        const token = await signer.sign({ uid: m.id, role: ['member'], permission: [], jti: m.jti, exp }, now);
        members.push({ id: m.id, token });
      }
    }
    return members;
  },

  /** Seats of each session as the database holds them: booked_count and the reservations behind it. */
  checkSessions: async (app, raw): Promise<SessionCheck[]> => {
    const { sessionIds } = raw as { sessionIds: string[] };
    const out: SessionCheck[] = [];
    for (let start = 0; start < sessionIds.length; start += CHUNK) {
      const ids = sessionIds.slice(start, start + CHUNK);
      const sessions = await app.db
        .select({ id: classSessions.id, capacity: classSessions.capacity, bookedCount: classSessions.bookedCount })
        .from(classSessions)
        .where(inArray(classSessions.id, ids));
      const counts = await app.db
        .select({ sessionId: reservations.sessionId, n: sql<number>`count(*)::int` })
        .from(reservations)
        .where(and(inArray(reservations.sessionId, ids), sql`${reservations.status} <> 'cancelled'`))
        .groupBy(reservations.sessionId);
      const byId = new Map(counts.map((c) => [c.sessionId, Number(c.n)]));
      for (const s of sessions) {
        out.push({
          sessionId: s.id,
          capacity: s.capacity,
          bookedCount: s.bookedCount,
          activeReservations: byId.get(s.id) ?? 0,
        });
      }
    }
    return out;
  },

  /** Credits spent by the members whose usernames start with `prefix` (total − remaining, summed). */
  creditsSpent: async (app, raw): Promise<number> => {
    const { prefix } = raw as { prefix: string };
    const [row] = await app.db
      .select({
        spent: sql<number>`coalesce(sum(${memberPackages.totalCount} - ${memberPackages.remainingCount}), 0)::int`,
      })
      .from(memberPackages)
      .innerJoin(users, eq(users.id, memberPackages.userId))
      .where(sql`${users.username} like ${`${prefix}%`}`);
    return Number(row?.spent ?? 0);
  },
};
