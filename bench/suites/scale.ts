// Speed at real size (issue #26 §3) on PostgreSQL: the member app's reads and the back office's
// lists, searches and reports on a studio of 50,000 members, two years of classes (≈30,000
// sessions, ≈1,000,000 reservations) and 200,000 orders (lib/scale-data.ts), beside the same calls
// at 1× and 10× the demo's size. Each call: p95 with 10 concurrent clients (autocannon), then the
// statements it ran, EXPLAIN ANALYZE'd by auto_explain with the call's own parameters, and any
// sequential scan of a table of more than LARGE_TABLE rows.
//   npm run bench -- scale                    # demo ×1, ×10 and full size (generating full: ~5 min)
//   npm run bench -- scale sizes=full duration=5
//   npm run bench -- scale only=plans url=…   # the plans alone, no load
//   npm run bench -- scale url=postgres://postgres@127.0.0.1:5432/bench_scale_full_…   # a database scale-data.ts kept
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { TOKEN_TTL_MS, TokenSigner } from '@studio/server/src/platform/tokens';
import autocannon from 'autocannon';
import pg from 'pg';
import { call, login, percentile, round } from '../lib/load';
import { environment, environmentLines, table, writeResults } from '../lib/report';
import { checkScaleData, generateScaleData, type ScaleSize, sizeOf } from '../lib/scale-data';
import { postgresReachable, postgresVersion, type RunningServer, startServer, TOKEN_SECRET } from '../lib/servers';
import type { Suite, SuiteOptions } from '../lib/suite';

/** Targets of the issue: p95 of a read or list ≤ 50 ms, of a report ≤ 500 ms. */
const TARGET_MS = { member: 50, office: 50, report: 500 } as const;
/** A sequential scan of a table holding more rows than this is reported. */
const LARGE_TABLE = 10_000;
/** The members whose reads are measured: the ones with the most history (clients take them in turn). */
const READERS = 10;
const PG_LOG = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';

type Group = keyof typeof TARGET_MS;

interface Probe {
  name: string;
  group: Group;
  url: string;
  /** Bodies and tokens, taken in turn by the requests. */
  requests: { body: unknown; token: string }[];
}

interface PlanNote {
  ms: number;
  query: string;
  /** "Seq Scan on users (50,012 rows)" for each sequential scan of a large table. */
  largeSeqScans: string[];
  /** Index and bitmap scans the plan used, by index name. */
  indexes: string[];
}

interface ProbeResult {
  name: string;
  group: Group;
  url: string;
  requests: number;
  reqPerSec: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** CPU time the server process spent per answer (ms): unlike latency, it holds up on a busy machine. */
  serverCpuMs: number | null;
  /** Time PostgreSQL spent in the call's statements (auto_explain, one call), ms. */
  databaseMs: number | null;
  errors: number;
  answerBytes: number;
  targetMs: number;
  withinTarget: boolean;
  plans: PlanNote[];
  skipped?: string;
}

interface SizeResult {
  size: string;
  generatedIn: number | null;
  rows: Record<string, number>;
  invariants: Record<string, number>;
  readers: { reservations: number; orders: number; notices: number; walletEntries: number; pointsEntries: number };
  probes: ProbeResult[];
}

function flag(name: string): string | undefined {
  for (const arg of process.argv.slice(2)) {
    const m = new RegExp(`^(?:--)?${name}=(.*)$`).exec(arg);
    if (m) return m[1];
  }
  return undefined;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Tokens of these members, as a login would issue them (a user_tokens row, signed with the server's secret). */
async function tokensOf(databaseUrl: string, userIds: string[]): Promise<string[]> {
  const signer = new TokenSigner(new TextEncoder().encode(TOKEN_SECRET));
  const now = new Date();
  const exp = now.getTime() + TOKEN_TTL_MS;
  const tokens: string[] = [];
  await withClient(databaseUrl, async (client) => {
    for (const [i, uid] of userIds.entries()) {
      const jti = `benchscale${Date.now().toString(36)}${i}`;
      await client.query('insert into user_tokens (id, user_id, expires_at, created_at) values ($1, $2, $3, $4)', [
        jti,
        uid,
        new Date(exp),
        now,
      ]);
      tokens.push(await signer.sign({ uid, role: ['member'], permission: [], jti, exp }, now));
    }
  });
  return tokens;
}

/** p95 and friends of one call under `connections` clients, the bodies and tokens taken in turn. */
async function measure(
  server: RunningServer,
  probe: Probe,
  options: SuiteOptions,
): Promise<Pick<ProbeResult, 'requests' | 'reqPerSec' | 'latencyMs' | 'errors' | 'serverCpuMs'>> {
  let next = 0;
  const latencies: number[] = [];
  let bad = 0;
  const run = async (durationS: number, record: boolean) => {
    const instance = autocannon({
      url: `${server.url}/api/${probe.url}`,
      method: 'POST',
      connections: options.connections,
      duration: durationS,
      timeout: 10,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const r = probe.requests[next++ % probe.requests.length]!;
            request.headers = { 'content-type': 'application/json', 'uni-id-token': r.token };
            request.body = JSON.stringify(r.body);
            return request;
          },
          onResponse: (_status, body) => {
            if (!record) return;
            try {
              if ((JSON.parse(body) as { code: unknown }).code !== 0) bad++;
            } catch {
              bad++;
            }
          },
        },
      ],
    });
    if (record) instance.on('response', (_c, _s, _b, ms) => latencies.push(ms));
    return instance;
  };
  if (options.warmupS > 0) await run(options.warmupS, false);
  const cpuBefore = await server.cpuMs();
  const result = await run(options.durationS, true);
  const cpu = (await server.cpuMs()) - cpuBefore;
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: result.requests.total,
    reqPerSec: round(result.requests.average),
    latencyMs: {
      p50: round(percentile(sorted, 50), 2),
      p95: round(percentile(sorted, 95), 2),
      p99: round(percentile(sorted, 99), 2),
      max: round(sorted.at(-1) ?? 0, 2),
    },
    errors: result.errors + result.timeouts + result.non2xx + bad,
    serverCpuMs: round(cpu / Math.max(1, result.requests.total), 3),
  };
}

// ---- EXPLAIN of what each call ran: auto_explain (ANALYZE, BUFFERS) into the server log ----

function logSize(): number {
  return existsSync(PG_LOG) ? statSync(PG_LOG).size : 0;
}

function readLogFrom(offset: number): string {
  const size = logSize();
  if (size <= offset) return '';
  const fd = openSync(PG_LOG, 'r');
  try {
    const buffer = Buffer.alloc(size - offset);
    readSync(fd, buffer, 0, buffer.length, offset);
    return buffer.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** The plans auto_explain logged for `database` in this piece of the log. */
function plansIn(logText: string, database: string, tableRows: Map<string, number>): PlanNote[] {
  const entries: string[] = [];
  for (const line of logText.split('\n')) {
    if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(line)) entries.push(line);
    else if (entries.length > 0) entries[entries.length - 1] += `\n${line}`;
  }
  const notes: PlanNote[] = [];
  for (const entry of entries) {
    if (!entry.includes(`@${database} `)) continue;
    const m = /duration: ([\d.]+) ms\s+plan:\s*\n?([\s\S]*)$/.exec(entry);
    if (!m) continue;
    let parsed: { 'Query Text': string; Plan: PlanNode };
    try {
      parsed = JSON.parse(m[2]!.replace(/^\t/gm, ''));
    } catch {
      continue;
    }
    const largeSeqScans: string[] = [];
    const indexes = new Set<string>();
    const walk = (node: PlanNode) => {
      const relation = node['Relation Name'];
      if (node['Node Type'] === 'Seq Scan' && relation && (tableRows.get(relation) ?? 0) > LARGE_TABLE) {
        largeSeqScans.push(`Seq Scan on ${relation} (${(tableRows.get(relation) ?? 0).toLocaleString('en')} rows)`);
      }
      if (node['Index Name']) indexes.add(node['Index Name']);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(parsed.Plan);
    notes.push({
      ms: Number(m[1]),
      query: parsed['Query Text'].replace(/\s+/g, ' ').trim(),
      largeSeqScans,
      indexes: [...indexes],
    });
  }
  return notes;
}

async function setAutoExplain(databaseUrl: string, database: string, on: boolean): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    const settings = {
      session_preload_libraries: 'auto_explain',
      'auto_explain.log_min_duration': '0',
      'auto_explain.log_analyze': 'on',
      'auto_explain.log_buffers': 'on',
      'auto_explain.log_format': 'json',
    };
    for (const [name, value] of Object.entries(settings)) {
      await client.query(
        on ? `alter database ${database} set ${name} = '${value}'` : `alter database ${database} reset ${name}`,
      );
    }
  });
}

/**
 * The database's settings reach new connections only: the server's idle pooled connections are
 * ended (pg-pool drops them and opens new ones on the next call). Only called while nothing runs.
 */
async function endIdleConnections(databaseUrl: string, database: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and state = 'idle'`,
      [database],
    );
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
}

const COUNTED = [
  'users',
  'class_sessions',
  'reservations',
  'waitlist_entries',
  'member_packages',
  'orders',
  'order_lines',
  'order_events',
  'payments',
  'order_refunds',
  'payment_refunds',
  'wallet_ledger',
  'wallet_accounts',
  'feedback',
  'feedback_messages',
  'member_notifications',
];

async function countRows(databaseUrl: string): Promise<Record<string, number>> {
  return withClient(databaseUrl, async (client) => {
    const out: Record<string, number> = {};
    for (const t of COUNTED) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${t}`);
      out[t] = rows[0]?.n ?? 0;
    }
    return out;
  });
}

// ---- the calls ----

function weekOf(now: Date): { from: string; to: string } {
  const day = (now.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day));
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return { from: monday.toISOString().slice(0, 10), to: sunday.toISOString().slice(0, 10) };
}

async function probesFor(
  server: RunningServer,
  databaseUrl: string,
): Promise<{ probes: Probe[]; readers: SizeResult['readers'] }> {
  const admin = await login(server.url, 'admin', 'demo1234');
  const picked = await withClient(databaseUrl, async (client) => {
    // The members with the most history: the heaviest readers of their own lists.
    const { rows: heavy } = await client.query<{ user_id: string }>(
      `select user_id from reservations where user_id like 'gu%' group by user_id order by count(*) desc, user_id limit ${READERS}`,
    );
    const ids = heavy.map((r) => r.user_id);
    const { rows: counts } = await client.query<Record<string, string>>(
      `select (select count(*) from reservations where user_id = any($1)) as reservations,
              (select count(*) from orders where user_id = any($1)) as orders,
              (select count(*) from member_notifications where user_id = any($1)) as notices,
              (select count(*) from wallet_ledger where user_id = any($1) and book = 'money') as wallet,
              (select count(*) from wallet_ledger where user_id = any($1) and book = 'points') as points`,
      [ids],
    );
    // Rosters: the fullest sessions of the last weeks.
    const { rows: sessions } = await client.query<{ id: string }>(
      `select id from class_sessions where starts_at between now() - interval '21 days' and now() + interval '7 days'
        order by booked_count desc, id limit 10`,
    );
    const { rows: names } = await client.query<{ nickname: string; mobile: string | null }>(
      `select nickname, mobile from users where id = any($1) order by id`,
      [ids],
    );
    return { ids, counts: counts[0]!, sessions: sessions.map((s) => s.id), names };
  });
  const tokens = await tokensOf(databaseUrl, picked.ids);
  const n = Math.max(1, picked.ids.length);
  const per = (value: string) => Math.round(Number(value) / n);
  const readers = {
    reservations: per(picked.counts.reservations!),
    orders: per(picked.counts.orders!),
    notices: per(picked.counts.notices!),
    walletEntries: per(picked.counts.wallet!),
    pointsEntries: per(picked.counts.points!),
  };
  const now = new Date();
  const week = weekOf(now);
  const page = { pageIndex: 1, pageSize: 20 };
  const asMembers = (body: unknown) => tokens.map((token) => ({ body, token }));
  const asAdmin = (...bodies: unknown[]) => bodies.map((body) => ({ body, token: admin }));
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
  const dateAgo = (d: number) => daysAgo(d).slice(0, 10);
  // A member's national number as staff type it: +447700012345 → 07700 012345.
  const phones = picked.names
    .map((m) => m.mobile)
    .filter((m): m is string => !!m)
    .map((m) => `0${m.slice(3, 7)} ${m.slice(7)}`);
  const surnames = [...new Set(picked.names.map((m) => m.nickname.split(' ')[1] ?? m.nickname))];
  const probes: Probe[] = [
    {
      name: 'schedule week (logged in)',
      group: 'member',
      url: 'client/course.pub_getSchedule',
      requests: asMembers({ date_from: week.from, date_to: week.to }),
    },
    { name: 'my reservations', group: 'member', url: 'client/course.getMyReservations', requests: asMembers(page) },
    { name: 'my orders', group: 'member', url: 'client/order.getList', requests: asMembers({ ...page, tab: 'all' }) },
    { name: 'my order counts', group: 'member', url: 'client/order.getCounts', requests: asMembers({}) },
    { name: 'my notices', group: 'member', url: 'client/notice.getMyNotifications', requests: asMembers(page) },
    { name: 'my wallet history', group: 'member', url: 'client/wallet.getLedger', requests: asMembers(page) },
    { name: 'my points history', group: 'member', url: 'client/integral.getLedger', requests: asMembers(page) },
    { name: 'my packages', group: 'member', url: 'client/course.getMyPackages', requests: asMembers({}) },
    { name: 'my feedback', group: 'member', url: 'client/feedback.getList', requests: asMembers(page) },
    { name: 'my profile', group: 'member', url: 'user/kh/getMyUserInfo', requests: asMembers({}) },
    { name: 'members, newest first', group: 'office', url: 'admin/user.getList', requests: asAdmin(page) },
    {
      name: 'members by name',
      group: 'office',
      url: 'admin/user.getList',
      requests: asAdmin(...surnames.map((keyword) => ({ ...page, keyword }))),
    },
    {
      name: 'members by phone',
      group: 'office',
      url: 'admin/user.getList',
      requests: asAdmin(...phones.map((keyword) => ({ ...page, keyword }))),
    },
    { name: 'orders, newest first', group: 'office', url: 'admin/order.getList', requests: asAdmin(page) },
    {
      name: 'orders by status (paid, refunded)',
      group: 'office',
      url: 'admin/order.getList',
      requests: asAdmin({ ...page, status: 1 }, { ...page, status: -3 }),
    },
    {
      name: 'orders by date (last 7 days)',
      group: 'office',
      url: 'admin/order.getList',
      requests: asAdmin({ ...page, from: daysAgo(7), to: now.toISOString() }),
    },
    {
      name: "a member's orders",
      group: 'office',
      url: 'admin/order.getList',
      requests: asAdmin(...picked.ids.map((user_id) => ({ ...page, user_id }))),
    },
    { name: 'refunds queue', group: 'office', url: 'admin/order.getRefunds', requests: asAdmin(page) },
    {
      name: "a session's roster",
      group: 'office',
      url: 'admin/session.getRoster',
      requests: asAdmin(...picked.sessions.map((_id) => ({ _id }))),
    },
    {
      name: 'sessions of the week',
      group: 'office',
      url: 'admin/session.getList',
      requests: asAdmin({ ...page, date_from: week.from, date_to: week.to }),
    },
    {
      name: "a member's reservations",
      group: 'office',
      url: 'admin/reservation.getListByUser',
      requests: asAdmin(...picked.ids.map((user_id) => ({ ...page, user_id }))),
    },
    {
      name: "a member's packages",
      group: 'office',
      url: 'admin/package.getList',
      requests: asAdmin(...picked.ids.map((user_id) => ({ ...page, user_id }))),
    },
    {
      name: "a member's wallet",
      group: 'office',
      url: 'admin/wallet.getLedger',
      requests: asAdmin(...picked.ids.map((user_id) => ({ ...page, user_id }))),
    },
    {
      name: 'feedback waiting for a reply',
      group: 'office',
      url: 'admin/feedback.getList',
      requests: asAdmin({ ...page, status: 'pending_reply' }),
    },
    { name: 'dashboard', group: 'office', url: 'admin/dashboard.get', requests: asAdmin({}) },
    {
      name: 'report: revenue, 30 days by day',
      group: 'report',
      url: 'admin/report.revenue',
      requests: asAdmin({ from: dateAgo(30), to: dateAgo(0), interval: 'day' }),
    },
    {
      name: 'report: revenue, a year by month',
      group: 'report',
      url: 'admin/report.revenue',
      requests: asAdmin({ from: dateAgo(365), to: dateAgo(0), interval: 'month' }),
    },
    {
      name: 'report: sales, 30 days',
      group: 'report',
      url: 'admin/report.sales',
      requests: asAdmin({ from: dateAgo(30), to: dateAgo(0) }),
    },
    {
      name: 'report: classes, 30 days',
      group: 'report',
      url: 'admin/report.classes',
      requests: asAdmin({ from: dateAgo(30), to: dateAgo(0) }),
    },
    {
      name: 'report: members, 30 days',
      group: 'report',
      url: 'admin/report.members',
      requests: asAdmin({ from: dateAgo(30), to: dateAgo(0) }),
    },
    { name: 'report: what the studio owes', group: 'report', url: 'admin/report.liabilities', requests: asAdmin({}) },
  ];
  return { probes: probes.filter((p) => p.requests.length > 0), readers };
}

/**
 * One size: a fresh database filled by the generator, or with `existing` a database that already
 * holds generated data (bench/scale-data.ts keeps one), measured as it is.
 */
async function runSize(size: ScaleSize, options: SuiteOptions, existing?: string): Promise<SizeResult> {
  const server = await startServer('postgres', { label: 'scale', databaseUrl: existing });
  try {
    const databaseUrl = server.databaseUrl!;
    const database = new URL(databaseUrl).pathname.slice(1);
    const t0 = Date.now();
    let rows: Record<string, number>;
    let generatedIn: number | null = null;
    if (existing) {
      rows = await countRows(databaseUrl);
    } else {
      console.log(`  ${size.label}: generating…`);
      rows = await generateScaleData(databaseUrl, size, (line) => console.log(`   ${line}`));
      generatedIn = round((Date.now() - t0) / 1000, 0);
    }
    const invariants = await checkScaleData(databaseUrl);
    console.log(
      `  ${size.label}: ${JSON.stringify(rows)} in ${generatedIn} s; invariants ${JSON.stringify(invariants)}`,
    );
    const tableRows = await withClient(databaseUrl, async (client) => {
      const { rows: r } = await client.query<{ relname: string; n: number }>(
        "select relname, reltuples::bigint as n from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace",
      );
      return new Map(r.map((x) => [x.relname, Number(x.n)]));
    });
    const { probes, readers } = await probesFor(server, databaseUrl);
    console.log(`  ${size.label}: readers hold on average ${JSON.stringify(readers)}`);

    // The statements behind each call, planned and run with its own parameters, before any load
    // (a call still running from the load would keep its connection, and its old settings).
    const plans = new Map<string, PlanNote[]>();
    if (existsSync(PG_LOG)) {
      await setAutoExplain(databaseUrl, database, true);
      await endIdleConnections(databaseUrl, database);
      for (const probe of probes) {
        const first = probe.requests[0]!;
        await call(server.url, probe.url, first.body, first.token); // warm what the app caches
        const offset = logSize();
        await call(server.url, probe.url, first.body, first.token);
        const found = plansIn(readLogFrom(offset), database, tableRows);
        plans.set(probe.name, found);
        for (const plan of found.filter((p) => p.largeSeqScans.length > 0)) {
          console.log(`  ${size.label}: ${probe.name}: ${plan.largeSeqScans.join(', ')} — ${plan.query.slice(0, 160)}`);
        }
      }
      await setAutoExplain(databaseUrl, database, false);
      await endIdleConnections(databaseUrl, database);
    } else {
      console.log(`  no PostgreSQL log at ${PG_LOG} (BENCH_PG_LOG): plans not read`);
    }

    const results: ProbeResult[] = [];
    for (const probe of probes) {
      const first = probe.requests[0]!;
      const answer = await call(server.url, probe.url, first.body, first.token);
      const base = {
        name: probe.name,
        group: probe.group,
        url: probe.url,
        targetMs: TARGET_MS[probe.group],
        answerBytes: JSON.stringify(answer).length,
        plans: plans.get(probe.name) ?? [],
        databaseMs: plans.has(probe.name)
          ? round(
              (plans.get(probe.name) ?? []).reduce((sum, p) => sum + p.ms, 0),
              2,
            )
          : null,
      };
      if (answer.code !== 0) {
        const why = `${answer.code}: ${String(answer.msg).slice(0, 120)}`;
        console.log(`  ${size.label}: ${probe.name} skipped (${why})`);
        results.push({
          ...base,
          requests: 0,
          reqPerSec: 0,
          latencyMs: { p50: 0, p95: 0, p99: 0, max: 0 },
          serverCpuMs: null,
          errors: 0,
          withinTarget: false,
          skipped: why,
        });
        continue;
      }
      if (flag('only') === 'plans') {
        results.push({
          ...base,
          requests: 0,
          reqPerSec: 0,
          latencyMs: { p50: 0, p95: 0, p99: 0, max: 0 },
          serverCpuMs: null,
          errors: 0,
          withinTarget: true,
        });
        continue;
      }
      const m = await measure(server, probe, options);
      const row: ProbeResult = {
        ...base,
        ...m,
        withinTarget: m.latencyMs.p95 <= TARGET_MS[probe.group] && m.errors === 0,
      };
      results.push(row);
      console.log(
        `  ${size.label}: ${probe.name.padEnd(36)} p50 ${m.latencyMs.p50} ms, p95 ${m.latencyMs.p95} ms, p99 ${m.latencyMs.p99} ms, ${m.reqPerSec} req/s${m.errors ? `, ${m.errors} errors` : ''}${row.withinTarget ? '' : '  ✗'}`,
      );
    }

    return { size: size.label, generatedIn, rows, invariants, readers, probes: results };
  } finally {
    await server.close();
  }
}

export const scaleSuite: Suite = {
  name: 'scale',
  description:
    'member reads, back-office lists and reports at 1×/10× the demo and at real size (50k members, 1M reservations), PostgreSQL',
  async run(options: SuiteOptions) {
    const problems: string[] = [];
    if (!(await postgresReachable())) {
      return { summary: [], problems: ['PostgreSQL not reachable: nothing measured'] };
    }
    // url=<database> measures a database bench/scale-data.ts filled (as the last size, `sizes` naming it).
    const existing = flag('url');
    const sizes = (flag('sizes') ?? (existing ? 'full' : '1,10,full')).split(',').map((s) => sizeOf(s.trim()));
    const results: SizeResult[] = [];
    for (const [i, size] of sizes.entries()) {
      results.push(await runSize(size, options, i === sizes.length - 1 ? existing : undefined));
    }

    for (const r of results) {
      for (const [name, n] of Object.entries(r.invariants)) if (n !== 0) problems.push(`${r.size}: ${n} ${name}`);
      for (const p of r.probes) {
        if (p.skipped) continue;
        if (p.errors > 0) problems.push(`${r.size}: ${p.name}: ${p.errors} errors or non-zero codes`);
      }
    }
    const full = results.at(-1)!;
    const over = full.probes.filter((p) => !p.skipped && !p.withinTarget);
    const scans = [
      ...new Set(
        full.probes.flatMap((p) => p.plans.flatMap((plan) => plan.largeSeqScans.map((s) => `${p.name}: ${s}`))),
      ),
    ];

    const env = environment(await postgresVersion());
    const names = [...new Set(results.flatMap((r) => r.probes.map((p) => p.name)))];
    const cell = (r: SizeResult, name: string) => {
      const p = r.probes.find((x) => x.name === name);
      if (!p) return '—';
      if (p.skipped) return 'n/a';
      return `${p.latencyMs.p95}${p.withinTarget ? '' : ' ✗'}`;
    };
    const md = [
      '# Speed at real size',
      '',
      ...environmentLines(env, options.command),
      `- Data: lib/scale-data.ts, generated into a fresh database the app migrated and seeded; sizes ${results.map((r) => `**${r.size}**`).join(', ')}.`,
      `- Each call: autocannon, ${options.connections} connections, ${options.warmupS} s warm-up then ${options.durationS} s; member reads by the ${READERS} members with the most reservations, in turn; back-office calls as the demo admin. Targets: p95 ≤ ${TARGET_MS.member} ms (reads and lists), ≤ ${TARGET_MS.report} ms (reports).`,
      "- Plans: every statement each call ran, logged by auto_explain (ANALYZE, BUFFERS, the call's own parameters) on its second call; a sequential scan of a table of more than 10,000 rows is listed below.",
      '',
      '## Rows',
      '',
      ...table(
        ['table', ...results.map((r) => r.size)],
        Object.keys(full.rows).map((t) => [t, ...results.map((r) => (r.rows[t] ?? 0).toLocaleString('en'))]),
      ),
      '',
      ...table(
        ['the measured members hold, each on average', ...results.map((r) => r.size)],
        (['reservations', 'orders', 'notices', 'walletEntries', 'pointsEntries'] as const).map((k) => [
          k,
          ...results.map((r) => r.readers[k]),
        ]),
      ),
      '',
      `Generated in: ${results.map((r) => `${r.size} ${r.generatedIn} s`).join(', ')}. Invariants (booked counts, credits, ledgers, payments): ${problems.some((p) => / \d+ /.test(p)) ? 'see problems' : 'all hold'}.`,
      '',
      '## p95 latency (ms) by size',
      '',
      ...table(
        ['call', 'url', 'target', ...results.map((r) => r.size)],
        names.map((name) => {
          const p = full.probes.find((x) => x.name === name) ?? results[0]!.probes.find((x) => x.name === name)!;
          return [name, `\`${p.url}\``, p.targetMs, ...results.map((r) => cell(r, name))];
        }),
      ),
      '',
      '## Server CPU per answer (ms) by size',
      '',
      "CPU time of the server process over the measured run ÷ answers: what a call costs the app itself, which holds up when other work shares the machine (latency does not). The database's own time is in the detail below.",
      '',
      ...table(
        ['call', ...results.map((r) => r.size)],
        names.map((name) => [
          name,
          ...results.map((r) => {
            const p = r.probes.find((x) => x.name === name);
            return p && !p.skipped && p.serverCpuMs !== null ? p.serverCpuMs : '—';
          }),
        ]),
      ),
      '',
      `## At ${full.size}: detail`,
      '',
      ...table(
        [
          'call',
          'p50',
          'p95',
          'p99',
          'req/s',
          'server CPU ms/answer',
          'answer KB',
          'statements',
          'database ms (one call)',
          'slowest statement ms',
          'indexes used',
          'large seq scans',
        ],
        full.probes.map((p) =>
          p.skipped
            ? [p.name, '—', '—', '—', '—', '—', '—', '—', '—', '—', '—', `not measured: ${p.skipped}`]
            : [
                p.name,
                p.latencyMs.p50,
                p.latencyMs.p95,
                p.latencyMs.p99,
                p.reqPerSec,
                p.serverCpuMs ?? '—',
                round(p.answerBytes / 1024, 1),
                p.plans.length,
                p.databaseMs ?? '—',
                p.plans.length ? Math.max(...p.plans.map((x) => x.ms)) : '—',
                [...new Set(p.plans.flatMap((x) => x.indexes))].join(', ') || '—',
                p.plans.flatMap((x) => x.largeSeqScans).join('; ') || 'none',
              ],
        ),
      ),
      '',
      over.length
        ? `Over target at ${full.size}: ${over.map((p) => `${p.name} (p95 ${p.latencyMs.p95} ms)`).join('; ')}.`
        : `Every call within target at ${full.size}.`,
      '',
      scans.length
        ? `Sequential scans of large tables at ${full.size}: ${scans.join('; ')}.`
        : `No sequential scan of a large table at ${full.size}.`,
      '',
      problems.length ? `Problems: ${problems.join('; ')}` : '',
    ];
    const measured = full.probes.filter((p) => !p.skipped);
    const summary = [
      `${full.size}: ${measured.filter((p) => p.withinTarget).length}/${measured.length} calls within target (p95 ≤ 50 ms reads/lists, ≤ 500 ms reports), load average ${env.loadAverage.before}–${env.loadAverage.after}`,
      ...over.map((p) => `over target at ${full.size}: ${p.name} p95 ${p.latencyMs.p95} ms`),
      `large sequential scans at ${full.size}: ${scans.length ? scans.join('; ') : 'none'}`,
    ];
    const files = writeResults(
      'scale',
      {
        suite: 'scale',
        environment: env,
        targets: TARGET_MS,
        sizes: results.map((r) => ({
          ...r,
          probes: r.probes.map((p) => ({ ...p, plans: p.plans.map((x) => ({ ...x, query: x.query.slice(0, 600) })) })),
        })),
        problems,
        summary,
      },
      md,
    );
    console.log(`  wrote ${files.json}, ${files.md}`);
    return { summary, problems };
  },
};
