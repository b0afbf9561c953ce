// Orders under load: the checkout race (500 members order one SKU with stock 50 at the same instant,
// over HTTP: exactly 50 orders, stock 0), order creation throughput on PostgreSQL beside pgbench's
// simple TPS in the same run, and a member's order list read beside the bare route serving its bytes.
import { orderCalls } from '@studio/contract/orders';
import autocannon from 'autocannon';
import { burst, countCodes, type LatencySummary, summarize } from '../lib/burst';
import { type LoadResult, round, runLoad } from '../lib/load';
import { type PgbenchResult, pgbenchAvailable, runPgbench } from '../lib/pgbench';
import { environment, environmentLines, table, writeResults } from '../lib/report';
import { againstSameBytes } from '../lib/same-bytes';
import { postgresReachable, postgresVersion, type RunningServer, startServer } from '../lib/servers';
import type { GoodsFixture, Member } from '../lib/setups';
import type { Suite, SuiteOptions } from '../lib/suite';

const RACERS = 500;
const RACE_STOCK = 50;
const THROUGHPUT_MEMBERS = 500;
const THROUGHPUT_GOODS = 30;
const LISTED_ORDERS = 10;

interface Race {
  server: string;
  codes: Record<string, number>;
  wallMs: number;
  latencyMs: LatencySummary;
  stockAfter: number;
  ordersHolding: number;
  ok: boolean;
}

interface Throughput {
  ordersPerSec: number;
  placed: number;
  refused: Record<string, number>;
  latencyMs: LatencySummary;
  errors: number;
}

interface ListRow extends LoadResult {
  server: string;
  bare: LoadResult;
  ratioToBare: number;
  answerBytes: number;
}

async function race(server: RunningServer, label: string): Promise<Race> {
  const fixture = await server.setup<GoodsFixture>('goods', { count: 0, raceStock: RACE_STOCK });
  const members = await server.setup<Member[]>('members', { count: RACERS, prefix: `ord${label}`, credits: 1 });
  const { answers, wallMs } = await burst(
    server.url,
    members.map((m) => ({
      url: orderCalls.createOrder.url,
      data: { items: [{ sku_id: fixture.raceSkuId, buy_num: 1 }], delivery: 'pickup' },
      token: m.token,
    })),
  );
  const codes = countCodes(answers);
  const check = await server.setup<{ stock: number; ordered: number; orders: number }>('stockCheck', {
    skuId: fixture.raceSkuId,
  });
  const ok =
    codes['0'] === RACE_STOCK &&
    codes.STOCK_INSUFFICIENT === RACERS - RACE_STOCK &&
    check.stock === 0 &&
    check.orders === RACE_STOCK;
  return {
    server: label,
    codes,
    wallMs: round(wallMs, 0),
    latencyMs: summarize(answers.map((a) => a.ms)),
    stockAfter: check.stock,
    ordersHolding: check.orders,
    ok,
  };
}

async function throughput(server: RunningServer, options: SuiteOptions): Promise<Throughput> {
  const fixture = await server.setup<GoodsFixture>('goods', {
    count: THROUGHPUT_GOODS,
    raceStock: 1,
    stock: 1_000_000,
  });
  const members = await server.setup<Member[]>('members', { count: THROUGHPUT_MEMBERS, prefix: 'ordtput', credits: 1 });
  let next = 0;
  const load = async (durationS: number) => {
    const codes: Record<string, number> = {};
    const latencies: number[] = [];
    const instance = autocannon({
      url: `${server.url}/api/${orderCalls.createOrder.url}`,
      method: 'POST',
      connections: options.connections,
      duration: durationS,
      timeout: 10,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const i = next++;
            request.headers = {
              'content-type': 'application/json',
              'uni-id-token': (members[i % members.length] as Member).token,
            };
            // Consecutive orders take different SKUs: they rarely wait for the same stock row.
            request.body = JSON.stringify({
              items: [{ sku_id: fixture.skuIds[i % fixture.skuIds.length], buy_num: 1 }],
              delivery: 'pickup',
            });
            return request;
          },
          onResponse: (_status, raw) => {
            let code = 'NOT_JSON';
            try {
              code = String((JSON.parse(raw) as { code: unknown }).code);
            } catch {}
            codes[code] = (codes[code] ?? 0) + 1;
          },
        },
      ],
    });
    instance.on('response', (_client, _status, _bytes, ms) => {
      latencies.push(ms);
    });
    return { result: await instance, codes, latencies };
  };
  if (options.warmupS > 0) await load(options.warmupS);
  const { result, codes, latencies } = await load(options.durationS);
  const refused: Record<string, number> = {};
  for (const [code, n] of Object.entries(codes)) if (code !== '0') refused[code] = n;
  return {
    ordersPerSec: round((codes['0'] ?? 0) / result.duration),
    placed: codes['0'] ?? 0,
    refused,
    latencyMs: summarize(latencies),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export const ordersSuite: Suite = {
  name: 'orders',
  description: `${RACERS} members order a SKU with stock ${RACE_STOCK} at once; orders/s beside pgbench; the order list vs the bare route`,
  async run(options: SuiteOptions) {
    const hasPostgres = await postgresReachable();
    const problems: string[] = [];
    if (!hasPostgres) problems.push('PostgreSQL not reachable: only PGlite was raced, no throughput measured');
    const races: Race[] = [];
    const lists: ListRow[] = [];
    let tput: Throughput | null = null;

    const bare = await startServer('bare');
    try {
      for (const kind of hasPostgres ? (['postgres', 'pglite'] as const) : (['pglite'] as const)) {
        const server = await startServer(kind, { label: 'orders' });
        try {
          const run = await race(server, kind);
          races.push(run);
          console.log(
            `  ${kind.padEnd(9)} checkout race: ${JSON.stringify(run.codes)} in ${run.wallMs} ms, p50 ${run.latencyMs.p50} ms, ` +
              `p99 ${run.latencyMs.p99} ms; stock after ${run.stockAfter}, ${run.ordersHolding} orders hold it`,
          );
          if (!run.ok) problems.push(`${kind}: the checkout race did not hold (${JSON.stringify(run)})`);

          // The order list of a member with LISTED_ORDERS orders, beside the bare route serving the same bytes.
          const fixture = await server.setup<GoodsFixture>('goods', { count: 2, raceStock: 1, stock: 1000 });
          const [reader] = await server.setup<Member[]>('members', { count: 1, prefix: `ordlist${kind}`, credits: 1 });
          await server.setup('placeOrders', { token: reader!.token, skuIds: fixture.skuIds, count: LISTED_ORDERS });
          const listPath = `/api/${orderCalls.getList.url}`;
          const body = { tab: 'all', pageIndex: 1, pageSize: LISTED_ORDERS };
          const headers = { 'uni-id-token': reader!.token };
          const loadOn = (target: RunningServer, path: string, b: unknown, h?: Record<string, string>) =>
            runLoad({
              baseUrl: target.url,
              server: target,
              path,
              body: b,
              headers: h,
              connections: options.connections,
              durationS: options.durationS,
              warmupS: options.warmupS,
            });
          const same = await againstSameBytes(bare, server, listPath, body, headers, loadOn);
          const row: ListRow = {
            server: kind,
            ...same.real,
            bare: same.bare,
            answerBytes: same.answerBytes,
            ratioToBare: round(same.real.reqPerSec / same.bare.reqPerSec, 3),
          };
          lists.push(row);
          console.log(
            `  ${kind.padEnd(9)} getList (${LISTED_ORDERS} orders) ${row.reqPerSec} req/s, p99 ${row.latencyMs.p99} ms; bare ${row.bare.reqPerSec} (×${row.ratioToBare})`,
          );
          if (row.errors + row.non2xx + row.nonZeroCode > 0) problems.push(`${kind} getList: errors or non-zero codes`);

          if (kind === 'postgres') {
            tput = await throughput(server, options);
            console.log(
              `  postgres  createOrder ${tput.ordersPerSec} orders/s, p50 ${tput.latencyMs.p50} ms, p99 ${tput.latencyMs.p99} ms, refused ${JSON.stringify(tput.refused)}`,
            );
            if (tput.errors > 0 || Object.keys(tput.refused).length > 0) {
              problems.push(`order throughput: ${tput.errors} errors, refused ${JSON.stringify(tput.refused)}`);
            }
          }
        } finally {
          await server.close();
        }
      }
    } finally {
      await bare.close();
    }

    let pgbench: PgbenchResult[] = [];
    if (hasPostgres && pgbenchAvailable()) {
      pgbench = await runPgbench(
        [{ name: 'simple update (-N)', flags: ['-N'] }],
        options.connections,
        options.durationS,
      );
      for (const p of pgbench) console.log(`  pgbench   ${p.mode}: ${p.tps} tps`);
    } else if (hasPostgres) {
      problems.push('pgbench not found: no ceiling measured');
    }
    const ceiling = pgbench[0];
    const ratio = tput && ceiling ? round(tput.ordersPerSec / ceiling.tps, 3) : null;

    const env = environment(hasPostgres ? await postgresVersion() : undefined);
    const md = [
      '# Orders',
      '',
      ...environmentLines(env, options.command),
      `- Race: ${RACERS} members each send \`${orderCalls.createOrder.url}\` for one unit of the same SKU (stock ${RACE_STOCK}, pickup) at the same instant, one connection each; exactly ${RACE_STOCK} orders must be placed, the rest refused STOCK_INSUFFICIENT, and the stock end at 0.`,
      `- Throughput (PostgreSQL): \`${orderCalls.createOrder.url}\` by ${THROUGHPUT_MEMBERS} members over ${THROUGHPUT_GOODS * 2} SKUs, consecutive orders on different SKUs; autocannon ${options.connections} connections, ${options.warmupS} s warm-up then ${options.durationS} s; beside \`pgbench -N\` on the same server in the same run.`,
      `- List: \`${orderCalls.getList.url}\` of a member with ${LISTED_ORDERS} orders (page of ${LISTED_ORDERS}), beside the bare Fastify route handed the same answer.`,
      '',
      ...table(
        [
          'server',
          'at once',
          'answers by code',
          'wall ms',
          'p50 ms',
          'p99 ms',
          'stock after',
          'orders holding',
          'holds',
        ],
        races.map((r) => [
          r.server,
          RACERS,
          JSON.stringify(r.codes),
          r.wallMs,
          r.latencyMs.p50,
          r.latencyMs.p99,
          r.stockAfter,
          r.ordersHolding,
          r.ok ? 'yes' : 'NO',
        ]),
      ),
      '',
      ...table(
        ['what', 'per second', 'p50 ms', 'p99 ms', 'notes'],
        [
          ...(tput
            ? [
                [
                  'orders placed (app over HTTP, PostgreSQL)',
                  tput.ordersPerSec,
                  tput.latencyMs.p50,
                  tput.latencyMs.p99,
                  `${tput.placed} placed, ${tput.errors} errors, refused ${JSON.stringify(tput.refused)}`,
                ],
              ]
            : []),
          ...pgbench.map((p) => [`pgbench ${p.mode}`, p.tps, '—', '—', `avg ${p.latencyAvgMs} ms`]),
          ...lists.map((l) => [
            `getList, ${l.server}`,
            l.reqPerSec,
            l.latencyMs.p50,
            l.latencyMs.p99,
            `bare route ${l.bare.reqPerSec} req/s → ×${l.ratioToBare}; answer ${round(l.answerBytes / 1024, 1)} KB`,
          ]),
        ],
      ),
      '',
      ratio !== null ? `Orders/s ÷ pgbench -N TPS = ${ratio}.` : '',
      '',
      problems.length ? `Problems: ${problems.join('; ')}` : 'Every race held; no errors or refused orders under load.',
    ];
    const summary = [
      ...races.map(
        (r) =>
          `${r.server}: ${RACERS} orders at once for stock ${RACE_STOCK} → ${r.codes['0'] ?? 0} placed, stock ${r.stockAfter}, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms`,
      ),
      ...(tput ? [`${tput.ordersPerSec} orders/s vs pgbench -N ${ceiling?.tps ?? '—'} tps (×${ratio ?? '—'})`] : []),
      ...lists.map((l) => `${l.server} order list: ${l.reqPerSec} req/s = ×${l.ratioToBare} the bare route`),
    ];
    const files = writeResults(
      'orders',
      {
        suite: 'orders',
        environment: env,
        races,
        throughput: tput,
        pgbench,
        ratioToPgbenchN: ratio,
        lists,
        problems,
        summary,
      },
      md,
    );
    console.log(`  wrote ${files.json}, ${files.md}`);
    return { summary, problems };
  },
};
