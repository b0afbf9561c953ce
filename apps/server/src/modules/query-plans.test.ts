// The hot reads keep their indexes (issue 26, speed at real size): each repo function below runs on
// a moderate seeded studio, every statement it sends is captured and EXPLAINed with its own
// parameters (sequential scans off, so a small table cannot hide a missing index), and the plan
// must read the index that keeps it fast at 50,000 members and 200,000 orders. Dropping one of
// those indexes fails here. bench/suites/scale.ts measures the same calls at real size.
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import type { Db } from '../platform/db';
import { openTestDatabase } from '../testing/test-app';
import { searchUsers } from './account/repo';
import { listForStaff, refundQueue } from './orders/repo';
import { expiringPackages } from './packages/repo';
import { reservationsOfUser } from './reservations/repo';

interface Captured {
  query: string;
  params: unknown[];
}
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

let drop: () => Promise<void>;
let pgClient: pg.Client | undefined;
/** A database handle whose every statement lands in `captured`. */
let db: Db;
let captured: Captured[] = [];
let raw: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

const NOW = new Date('2026-06-01T12:00:00Z');

beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  const logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
  if (opened.url) {
    // One connection, so that the session's planner settings hold for every EXPLAIN.
    await opened.database.close();
    pgClient = new pg.Client({ connectionString: opened.url });
    await pgClient.connect();
    const client = pgClient;
    db = drizzlePg({ client, schema, casing: 'snake_case', logger }) as unknown as Db;
    raw = (text, params) => client.query(text, params as unknown[]);
  } else {
    const client = (opened.database.db as unknown as { $client: PGlite }).$client;
    db = drizzlePglite({ client, schema, casing: 'snake_case', logger }) as unknown as Db;
    raw = async (text, params) => ({
      rows: (await client.query(text, params as unknown[])).rows as Record<string, unknown>[],
    });
  }
  await seed();
  await raw('vacuum analyze');
  await raw('set enable_seqscan = off');
}, 120_000);

afterAll(async () => {
  await pgClient?.end();
  await drop?.();
});

/** 3,000 members, 600 sessions with 12,000 reservations, 6,000 orders with some refunds, 3,000 packages. */
async function seed() {
  const statements = [
    `insert into users (id, username, email, mobile, nickname, invite_code, created_at, updated_at)
     select 'qu' || i, 'qm' || i, 'qm' || i || '@example.com', '+4477' || lpad(i::text, 8, '0'),
            (array['Olivia','Noah','Amelia','Leo'])[1 + i % 4] || ' ' || (array['Smith','Patel','Jones','Wright','Evans'])[1 + i % 5],
            'QI' || i, timestamptz '2025-01-01' + make_interval(hours => i), timestamptz '2025-01-01' + make_interval(hours => i)
       from generate_series(1, 3000) i`,
    `insert into rooms (id, name, capacity) values ('qroom', 'Q Room', 40)`,
    `insert into courses (id, name, duration_min, default_capacity) values ('qcourse', 'Q Flow', 60, 40)`,
    `insert into users (id, username, nickname, invite_code, roles) values ('qteacher', 'qteacher', 'Q Teacher', 'QTEACHER', '{member,teacher}')`,
    `insert into teacher_profiles (user_id, display_name) values ('qteacher', 'Q Teacher')`,
    `insert into class_sessions (id, course_id, teacher_id, room_id, starts_at, ends_at, capacity, booked_count)
     select 'qs' || s, 'qcourse', 'qteacher', 'qroom', timestamptz '2025-06-01' + make_interval(hours => s * 12),
            timestamptz '2025-06-01' + make_interval(hours => s * 12 + 1), 40, 20
       from generate_series(1, 600) s`,
    `insert into reservations (id, session_id, user_id, drop_in_amount, drop_in_method, status, code, created_at, updated_at)
     select 'qr' || s || '-' || j, 'qs' || s, 'qu' || (1 + (s * 7 + j * 131) % 3000), 1000, 'cash', 'registered', 'QR' || s || 'J' || j,
            timestamptz '2025-06-01' + make_interval(hours => s * 12 - 24), timestamptz '2025-06-01' + make_interval(hours => s * 12 - 24)
       from generate_series(1, 600) s, generate_series(1, 20) j`,
    `insert into orders (id, user_id, mid, status, kind, delivery, goods_amount, freight_amount, pay_amount, created_at, updated_at)
     select 'qo' || lpad(o::text, 6, '0'), 'qu' || (1 + o % 3000), 'default', case when o % 20 = 0 then -3 else 6 end, 'goods', 'pickup',
            1000, 0, 1000, timestamptz '2025-01-01' + make_interval(hours => o * 2), timestamptz '2025-01-01' + make_interval(hours => o * 2)
       from generate_series(1, 6000) o`,
    `insert into order_refunds (id, order_id, user_id, status, reason, previous_status, requested_amount, created_at, decided_at)
     select 'qrf' || o, 'qo' || lpad(o::text, 6, '0'), 'qu' || (1 + o % 3000), case when o % 100 = 0 then 'pending' else 'approved' end,
            'Changed my mind', 6, 1000, timestamptz '2025-01-02' + make_interval(hours => o * 2), timestamptz '2025-01-03' + make_interval(hours => o * 2)
       from generate_series(20, 6000, 20) o`,
    `insert into member_packages (id, user_id, name, total_count, remaining_count, valid_from, valid_until, source)
     select 'qp' || i, 'qu' || i, '10 Class Pass', 10, i % 10, timestamptz '2025-01-01', timestamptz '2026-01-01' + make_interval(hours => i * 3), 'grant'
       from generate_series(1, 3000) i`,
  ];
  for (const text of statements) await raw(text);
}

/** Every statement `run` sends, each with the plan PostgreSQL chooses for it. */
async function plansOf(run: () => Promise<unknown>): Promise<{ query: string; plan: PlanNode }[]> {
  captured = [];
  await run();
  const out: { query: string; plan: PlanNode }[] = [];
  for (const c of captured) {
    const { rows } = await raw(`explain (format json) ${c.query}`, c.params);
    const cell = Object.values(rows[0]!)[0];
    const parsed = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
    out.push({ query: c.query, plan: parsed[0]!.Plan });
  }
  return out;
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}
const indexesOf = (plans: { plan: PlanNode }[]) =>
  new Set(plans.flatMap((p) => nodes(p.plan).flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []))));
const seqScansOf = (plans: { plan: PlanNode }[]) =>
  plans.flatMap((p) =>
    nodes(p.plan)
      .filter((n) => n['Node Type'] === 'Seq Scan')
      .map((n) => n['Relation Name']),
  );

describe('the hot reads keep their indexes', () => {
  it('finds members by name or phone through the trigram indexes', async () => {
    for (const keyword of ['Patel', '07700 001234', 'qm123@example']) {
      const plans = await plansOf(() => searchUsers(db, { keyword, offset: 0, limit: 20 }));
      expect(plans).toHaveLength(2);
      expect(seqScansOf(plans), keyword).toEqual([]);
      const used = indexesOf(plans);
      // The count reads every member the words match: one trigram index per column, or-ed.
      for (const index of [
        'users_username_trgm_idx',
        'users_nickname_trgm_idx',
        'users_email_trgm_idx',
        'users_mobile_trgm_idx',
      ]) {
        expect(used, `${keyword}: ${index}`).toContain(index);
      }
    }
  });

  it('lists members newest first by registration time', async () => {
    const plans = await plansOf(() => searchUsers(db, { offset: 0, limit: 20 }));
    expect(indexesOf([plans[0]!])).toContain('users_created_idx');
  });

  it('lists orders newest first, and by date, through orders_created_idx', async () => {
    const page = { pageIndex: 1, pageSize: 20 };
    const newest = await plansOf(() => listForStaff(db, {}, page));
    expect(indexesOf([newest[0]!])).toContain('orders_created_idx');
    const byDate = await plansOf(() =>
      listForStaff(db, { from: new Date('2025-03-01T00:00:00Z'), to: new Date('2025-03-08T00:00:00Z') }, page),
    );
    for (const p of byDate) expect(indexesOf([p])).toContain('orders_created_idx');
    expect(seqScansOf([...newest, ...byDate])).toEqual([]);
  });

  it("reads the refunds queue's orders by id", async () => {
    const plans = await plansOf(() => refundQueue(db, undefined, { pageIndex: 1, pageSize: 20 }));
    expect(seqScansOf(plans)).toEqual([]);
    expect(indexesOf(plans)).toContain('orders_pkey');
  });

  it("joins a member's reservations to their sessions' times by index only", async () => {
    const plans = await plansOf(() => reservationsOfUser(db, 'qu7', { now: NOW }, { pageIndex: 1, pageSize: 20 }));
    expect(seqScansOf(plans)).toEqual([]);
    expect(indexesOf([plans[0]!])).toContain('reservations_user_idx');
    expect(indexesOf([plans[0]!])).toContain('class_sessions_times_idx');
  });

  it('finds packages ending soon by their last day', async () => {
    const plans = await plansOf(() =>
      expiringPackages(db, new Date('2026-01-10T00:00:00Z'), new Date('2026-01-17T00:00:00Z'), 10),
    );
    for (const p of plans) expect(indexesOf([p])).toContain('member_packages_valid_until_idx');
  });

  it('fails when an index is missing', async () => {
    await raw('begin');
    try {
      await raw('drop index orders_created_idx');
      const plans = await plansOf(() => listForStaff(db, {}, { pageIndex: 1, pageSize: 20 }));
      expect(indexesOf([plans[0]!])).not.toContain('orders_created_idx');
    } finally {
      await raw('rollback');
    }
    await raw('set enable_seqscan = off');
  });
});
