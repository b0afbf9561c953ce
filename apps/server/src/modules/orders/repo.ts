import { ORDER_STATUS, type OrderTab } from '@studio/contract/orders';
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, isAnyOf, preparedQuery, type Tx } from '../../platform/db';
import { offsetOf, orderOf, type Page } from '../../platform/paging';
import { orderEvents, orderLines, orderRefunds, orders } from './schema';

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;
export type EventRow = typeof orderEvents.$inferSelect;
export type RefundRow = typeof orderRefunds.$inferSelect;

export async function findOrder(db: DbOrTx, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderNo));
  return row;
}

/** The order row locked for a status change (every path that moves an order takes it first). */
export async function lockOrder(db: DbOrTx, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderNo)).for('update');
  return row;
}

/** The order a desk sale's request id made, if any (admin/order.sellPackage answers a repeat with it). */
export async function findBySaleKey(db: DbOrTx, saleKey: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.saleKey, saleKey));
  return row;
}

export async function findByPickupCode(db: DbOrTx, code: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.pickupCode, code));
  return row;
}

// An order page's records read their parts through prepared statements (orderRecords): building
// each query anew was most of the order list's server time.
const ids = sql.placeholder('ids');

const linesStatement = preparedQuery('order_lines_of', (db) =>
  db
    .select()
    .from(orderLines)
    .where(isAnyOf(orderLines.orderId, ids))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position)),
);

export async function linesOf(db: DbOrTx, orderNos: readonly string[]): Promise<Map<string, LineRow[]>> {
  const map = new Map<string, LineRow[]>();
  if (!orderNos.length) return map;
  for (const row of await linesStatement(db, { ids: [...orderNos] })) {
    map.set(row.orderId, [...(map.get(row.orderId) ?? []), row]);
  }
  return map;
}

const eventsStatement = preparedQuery('order_events_of', (db) =>
  db
    .select()
    .from(orderEvents)
    .where(isAnyOf(orderEvents.orderId, ids))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id)),
);

export async function eventsOf(db: DbOrTx, orderNos: readonly string[]): Promise<Map<string, EventRow[]>> {
  const map = new Map<string, EventRow[]>();
  if (!orderNos.length) return map;
  for (const row of await eventsStatement(db, { ids: [...orderNos] })) {
    map.set(row.orderId, [...(map.get(row.orderId) ?? []), row]);
  }
  return map;
}

const S = ORDER_STATUS;

/** Spec section 4's tabs as conditions on status and delivery. */
export function tabCondition(tab: OrderTab): SQL | undefined {
  switch (tab) {
    case 'all':
      return undefined;
    case 'unpaid':
      return eq(orders.status, S.unpaid);
    case 'share':
      // Group share (11) is not offered in this version: the tab exists and is empty.
      return sql`false`;
    case 'unshipped':
      return and(inArray(orders.status, [S.paid, S.preparing, S.partially_shipped]), eq(orders.delivery, 'express'));
    case 'unreceived':
      return sql`(${orders.status} = ${S.shipped} or (${orders.status} = ${S.paid} and ${orders.delivery} = 'pickup'))`;
    case 'completed':
      return inArray(orders.status, [S.received, S.completed]);
    case 'refund':
      return inArray(orders.status, [S.refund_requested, S.refunded]);
  }
}

/**
 * A page of rows with the total in the same statement (`count(*) over ()`); only a page past the
 * end, which has no row to carry it, counts again.
 */
async function pageWithTotal(db: DbOrTx, where: SQL | undefined, order: SQL[], page: Page) {
  const found = await db
    .select({ order: orders, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(orders)
    .where(where)
    .orderBy(...order)
    .limit(page.pageSize)
    .offset(offsetOf(page));
  if (found.length > 0) return { rows: found.map((f) => f.order), total: found[0]!.total };
  if (page.pageIndex === 1) return { rows: [], total: 0 };
  const [counted] = await db.select({ n: count() }).from(orders).where(where);
  return { rows: [], total: counted?.n ?? 0 };
}

export function listForMember(db: DbOrTx, userId: string, tab: OrderTab, page: Page) {
  return pageWithTotal(
    db,
    and(eq(orders.userId, userId), tabCondition(tab)),
    [desc(orders.createdAt), desc(orders.id)],
    page,
  );
}

export async function countTabs(db: DbOrTx, userId: string) {
  const tabs = ['unpaid', 'unshipped', 'unreceived', 'completed', 'refund'] as const;
  const counted = (tab: (typeof tabs)[number]) => sql<number>`count(*) filter (where ${tabCondition(tab)})::int`;
  const [row] = await db
    .select({
      unpaid: counted('unpaid'),
      unshipped: counted('unshipped'),
      unreceived: counted('unreceived'),
      completed: counted('completed'),
      refund: counted('refund'),
    })
    .from(orders)
    .where(eq(orders.userId, userId));
  return row!;
}

export interface AdminOrderFilter {
  status?: number;
  payType?: string;
  delivery?: string;
  userId?: string;
  keyword?: string;
  from?: Date;
  to?: Date;
}

export async function listForStaff(
  db: DbOrTx,
  filter: AdminOrderFilter,
  page: Page & { sort?: string; order?: 'asc' | 'desc' },
) {
  const where = and(
    filter.status !== undefined ? eq(orders.status, filter.status) : undefined,
    filter.payType ? eq(orders.payType, filter.payType) : undefined,
    filter.delivery ? eq(orders.delivery, filter.delivery as OrderRow['delivery']) : undefined,
    filter.userId ? eq(orders.userId, filter.userId) : undefined,
    filter.keyword ? sql`${orders.id} like ${`${filter.keyword.replace(/[\\%_]/g, '')}%`}` : undefined,
    filter.from ? gte(orders.createdAt, filter.from) : undefined,
    filter.to ? lt(orders.createdAt, filter.to) : undefined,
  );
  const sorted = page.sort
    ? orderOf({ created_at: orders.createdAt, pay_amount: orders.payAmount }, page, [orders.id])
    : [desc(orders.createdAt), desc(orders.id)];
  // The page and the total apart: every order of the studio may match, and `count(*) over ()`
  // would carry each of them (200,000 rows) through the sort to answer 20; the page alone reads
  // orders_created_idx (or orders_status_idx) up to its last row, the count reads an index only.
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...sorted)
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** The deadline of a locked unpaid order, moved (staff extending a desk payment's). */
/** A new deadline for an unpaid order: the member is told again before it (order.expiringSoon). */
export async function setDeadline(db: DbOrTx, orderNo: string, expiresAt: Date, now: Date): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({ expiresAt, expiryNotifiedAt: null, updatedAt: now })
    .where(eq(orders.id, orderNo))
    .returning();
  return row!;
}

/**
 * Claims unpaid orders whose deadline falls in (now, now + windowMs], placed before that window
 * opened, whose member was not told yet: marked told in one statement, the rows chosen FOR UPDATE
 * SKIP LOCKED (lock order 0: the orders alone) and re-checked by the UPDATE.
 */
export async function claimExpiring(tx: Tx, now: Date, windowMs: number, limit: number): Promise<OrderRow[]> {
  const notTold = and(eq(orders.status, S.unpaid), isNull(orders.expiryNotifiedAt));
  const due = tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        notTold,
        gt(orders.expiresAt, now),
        lte(orders.expiresAt, new Date(now.getTime() + windowMs)),
        sql`${orders.createdAt} <= ${orders.expiresAt} - ${`${windowMs} milliseconds`}::interval`,
      ),
    )
    .orderBy(asc(orders.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(orders)
    .set({ expiryNotifiedAt: now })
    .where(and(inArray(orders.id, due), notTold))
    .returning();
}

/**
 * Serialises a member's checkouts for the rest of the transaction (an advisory lock of the member,
 * not their row: each order inserted holds a key-share lock on the member's row through its foreign
 * key, so two checkouts locking the row for update would deadlock on each other's).
 */
export async function lockMemberCheckouts(tx: DbOrTx, userId: string): Promise<void> {
  await lockCheckoutsStatement(tx, { key: `checkout:${userId}` });
}

// Every checkout runs these two: prepared (per pooled connection inside transactions).
const lockCheckoutsStatement = preparedQuery('order_lock_member_checkouts', (db) =>
  db
    .select({ locked: sql<string>`pg_advisory_xact_lock(hashtext(${sql.placeholder('key')}::text))::text` })
    .from(sql`(select 1) as one`),
);

const countUnpaidStatement = preparedQuery('order_count_unpaid', (db) =>
  db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, sql.placeholder('user')), eq(orders.status, S.unpaid))),
);

/** How many unpaid orders a member holds (createOrder counts them under lockMemberCheckouts). */
export async function countUnpaid(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await countUnpaidStatement(db, { user: userId });
  return row?.n ?? 0;
}

/** Unpaid orders whose countdown (online) or deadline (at the desk) ran out. */
export async function expiredUnpaid(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, S.unpaid), isNotNull(orders.expiresAt), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Shipped orders whose member did not confirm receipt in time. */
export async function dueForReceipt(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, S.shipped), isNotNull(orders.autoReceiveAt), lte(orders.autoReceiveAt, now)))
    .orderBy(asc(orders.autoReceiveAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

const latestRefundsStatement = preparedQuery('order_latest_refunds', (db) =>
  db
    .selectDistinctOn([orderRefunds.orderId])
    .from(orderRefunds)
    .where(isAnyOf(orderRefunds.orderId, ids))
    .orderBy(orderRefunds.orderId, desc(orderRefunds.createdAt), desc(orderRefunds.id)),
);

/** Each order's latest refund application. */
export async function latestRefunds(db: DbOrTx, orderNos: readonly string[]): Promise<Map<string, RefundRow>> {
  if (!orderNos.length) return new Map();
  const rows = await latestRefundsStatement(db, { ids: [...orderNos] });
  return new Map(rows.map((r) => [r.orderId, r]));
}

/** The order's waiting application, locked (the order row is locked first). */
export async function lockPendingRefund(db: DbOrTx, orderNo: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderNo), eq(orderRefunds.status, 'pending')))
    .for('update');
  return row;
}

/**
 * The refunds queue: each order's latest application, waiting ones first (oldest first, the order
 * they should be handled in), then the decided ones, newest first.
 */
export async function refundQueue(db: DbOrTx, status: RefundRow['status'] | undefined, page: Page) {
  const latest = db
    .selectDistinctOn([orderRefunds.orderId], { id: orderRefunds.id })
    .from(orderRefunds)
    .orderBy(orderRefunds.orderId, desc(orderRefunds.createdAt), desc(orderRefunds.id));
  const where = and(inArray(orderRefunds.id, latest), status ? eq(orderRefunds.status, status) : undefined);
  // The page is chosen among the applications alone, then its orders read by id: joining every
  // application's order before the sort hashed the whole orders table (a seq scan of 200,000 rows).
  const found = await db
    .select({ orderId: orderRefunds.orderId, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(orderRefunds)
    .where(where)
    .orderBy(
      sql`case when ${orderRefunds.status} = 'pending' then 0 else 1 end`,
      sql`case when ${orderRefunds.status} = 'pending' then ${orderRefunds.createdAt} end asc`,
      desc(sql`coalesce(${orderRefunds.decidedAt}, ${orderRefunds.createdAt})`),
      asc(orderRefunds.id),
    )
    .limit(page.pageSize)
    .offset(offsetOf(page));
  if (found.length) {
    const ids = found.map((f) => f.orderId);
    const byId = new Map((await db.select().from(orders).where(inArray(orders.id, ids))).map((o) => [o.id, o]));
    return { rows: ids.map((id) => byId.get(id)!), total: found[0]!.total };
  }
  const [counted] = await db.select({ n: count() }).from(orderRefunds).where(where);
  return { rows: [], total: counted?.n ?? 0 };
}

/** When a pickup order completed and who did it: the latest completion in its history. */
export async function completionOf(db: DbOrTx, orderNo: string): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderNo), eq(orderEvents.status, ORDER_STATUS.completed)))
    .orderBy(desc(orderEvents.at), desc(orderEvents.id))
    .limit(1);
  return row;
}

// A member's checkout writes its order, its line (most orders hold one) and its first timeline entry
// through prepared statements: building the three inserts was a fifth of an order's server time.
// JSON and times go in as text cast by PostgreSQL (a prepared value skips drizzle's own mapping of
// a null).
const p = (name: string) => sql.placeholder(name);
const jsonOf = (name: string) => sql`${p(name)}::jsonb`;
const timeOf = (name: string) => sql`${p(name)}::timestamptz`;

/** A new unpaid order's row, from the placeholders both statements below are handed. */
const newOrderValues = () => ({
  id: p('id'),
  userId: p('userId'),
  mid: p('mid'),
  status: S.unpaid,
  kind: p('kind'),
  delivery: p('delivery'),
  goodsAmount: p('goodsAmount'),
  freightAmount: p('freightAmount'),
  couponId: p('couponId'),
  couponAmount: p('couponAmount'),
  pointsUsed: p('pointsUsed'),
  pointsAmount: p('pointsAmount'),
  payAmount: p('payAmount'),
  address: jsonOf('address'),
  remark: p('remark'),
  expiresAt: timeOf('expiresAt'),
  createdAt: timeOf('now'),
  updatedAt: timeOf('now'),
});

const insertOrderStatement = preparedQuery('order_insert', (db) =>
  db.insert(orders).values(newOrderValues()).returning(),
);

const insertEventStatement = preparedQuery('order_insert_event', (db) =>
  db
    .insert(orderEvents)
    .values({ id: p('id'), orderId: p('orderId'), status: p('status'), actorId: p('actorId'), at: timeOf('at') }),
);

// The order, its one line and its first timeline entry in one statement (most orders hold one line):
// data-modifying CTEs run together; the line's foreign key is checked at the statement's end, when
// the order row is there.
const placeOneLineStatement = preparedQuery('order_place_one_line', (db) => {
  const placed = db.$with('placed').as(db.insert(orders).values(newOrderValues()).returning());
  const line = db.$with('line').as(
    db
      .insert(orderLines)
      .values({
        orderId: p('id'),
        skuId: p('skuId'),
        position: 0,
        goodsId: p('goodsId'),
        goodsType: p('goodsType'),
        goodsName: p('goodsName'),
        goodsNameI18n: jsonOf('goodsNameI18n'),
        skuName: p('skuName'),
        skuNameI18n: jsonOf('skuNameI18n'),
        image: p('image'),
        price: p('price'),
        buyNum: p('buyNum'),
        weight: p('weight'),
        terms: jsonOf('terms'),
      })
      .returning({ lineOrderId: orderLines.orderId }),
  );
  const event = db.$with('event').as(
    db
      .insert(orderEvents)
      .values({ id: p('eventId'), orderId: p('id'), status: S.unpaid, actorId: p('actorId'), at: timeOf('now') })
      .returning({ eventId: orderEvents.id }),
  );
  return db.with(placed, line, event).select().from(placed);
});

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const time = (value: Date | null) => value?.toISOString() ?? null;

type PlacedRow = Omit<typeof orders.$inferInsert, 'createdAt' | 'expiresAt'> & {
  createdAt: Date;
  expiresAt: Date | null;
};

const orderValues = (row: PlacedRow) => ({
  id: row.id,
  userId: row.userId,
  mid: row.mid,
  kind: row.kind,
  delivery: row.delivery,
  goodsAmount: row.goodsAmount,
  freightAmount: row.freightAmount,
  couponId: row.couponId ?? null,
  couponAmount: row.couponAmount ?? 0,
  pointsUsed: row.pointsUsed ?? 0,
  pointsAmount: row.pointsAmount ?? 0,
  payAmount: row.payAmount,
  address: json(row.address),
  remark: row.remark ?? '',
  expiresAt: time(row.expiresAt),
  now: row.createdAt.toISOString(),
});

/**
 * An unpaid order with its lines and first timeline entry: with one line, one prepared statement;
 * with more, the order and its timeline entry prepared and the lines in one built statement.
 */
export async function insertPlacedOrder(
  tx: DbOrTx,
  row: PlacedRow,
  lines: (typeof orderLines.$inferInsert)[],
  event: { id: string; actorId: string },
): Promise<OrderRow> {
  if (lines.length === 1) {
    const l = lines[0]!;
    const [placed] = (await placeOneLineStatement(tx, {
      ...orderValues(row),
      skuId: l.skuId,
      goodsId: l.goodsId,
      goodsType: l.goodsType,
      goodsName: l.goodsName,
      goodsNameI18n: json(l.goodsNameI18n),
      skuName: l.skuName,
      skuNameI18n: json(l.skuNameI18n),
      image: l.image ?? '',
      price: l.price,
      buyNum: l.buyNum,
      weight: l.weight ?? 0,
      terms: json(l.terms),
      eventId: event.id,
      actorId: event.actorId,
    })) as OrderRow[];
    return placed!;
  }
  const [written] = (await insertOrderStatement(tx, orderValues(row))) as OrderRow[];
  await tx.insert(orderLines).values(lines);
  await insertEventStatement(tx, {
    id: event.id,
    orderId: row.id,
    status: S.unpaid,
    actorId: event.actorId,
    at: row.createdAt.toISOString(),
  });
  return written!;
}
