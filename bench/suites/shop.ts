// The shop's reads and its cart race: a page of 20 goods and one goods detail through the real
// calls beside the bare Fastify route serving the same bytes (10 and 64 connections), and 500 adds
// of one SKU with stock 10 sent at once by one member, which must leave the line at 10.
import { cartCalls } from '@studio/contract/cart';
import { shopCalls } from '@studio/contract/shop';
import { burst, countCodes } from '../lib/burst';
import { callOk, type LoadResult, round, runLoad } from '../lib/load';
import { environment, environmentLines, table, writeResults } from '../lib/report';
import { againstSameBytes, type SameBytesRun } from '../lib/same-bytes';
import { postgresReachable, postgresVersion, type RunningServer, startServer } from '../lib/servers';
import type { GoodsFixture, Member } from '../lib/setups';
import type { Suite, SuiteOptions } from '../lib/suite';

const GOODS = 30;
const RACE_STOCK = 10;
const RACE_ADDS = 500;
const WIDE = 64;

interface Row extends LoadResult {
  server: string;
  name: string;
  answerBytes: number;
  bare: LoadResult;
  bareText: LoadResult;
  ratioToBare: number;
  ratioToBareText: number;
}

interface Race {
  server: string;
  adds: number;
  codes: Record<string, number>;
  lineBuyNum: number;
  wallMs: number;
  ok: boolean;
}

export const shopSuite: Suite = {
  name: 'shop',
  description: `goods list (20) and detail vs the bare route; ${RACE_ADDS} racing adds of a SKU with stock ${RACE_STOCK}`,
  async run(options: SuiteOptions) {
    const hasPostgres = await postgresReachable();
    const problems: string[] = [];
    if (!hasPostgres) problems.push('PostgreSQL not reachable: the PostgreSQL rows were skipped');
    const [bare, pglite, postgres] = await Promise.all([
      startServer('bare'),
      startServer('pglite'),
      hasPostgres ? startServer('postgres', { label: 'shop' }) : Promise.resolve(null),
    ]);
    const loadWith =
      (connections: number) => (server: RunningServer, path: string, body: unknown, headers?: Record<string, string>) =>
        runLoad({
          baseUrl: server.url,
          server,
          path,
          body,
          headers,
          connections,
          durationS: options.durationS,
          warmupS: options.warmupS,
        });
    const rows: Row[] = [];
    const races: Race[] = [];
    const add = (server: string, name: string, run: SameBytesRun) => {
      const row: Row = {
        server,
        name,
        ...run.real,
        answerBytes: run.answerBytes,
        bare: run.bare,
        bareText: run.bareText,
        ratioToBare: round(run.real.reqPerSec / run.bare.reqPerSec, 3),
        ratioToBareText: round(run.real.reqPerSec / run.bareText.reqPerSec, 3),
      };
      rows.push(row);
      console.log(
        `  ${server.padEnd(9)} ${name.padEnd(30)} ${String(row.reqPerSec).padStart(8)} req/s  p99 ${row.latencyMs.p99} ms  ` +
          `bare ${run.bare.reqPerSec} (×${row.ratioToBare})`,
      );
      for (const result of [run.real, run.bare, run.bareText]) {
        const bad = result.errors + result.non2xx + result.nonZeroCode;
        if (bad > 0)
          problems.push(
            `${server} ${name}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.nonZeroCode} non-zero codes`,
          );
      }
    };

    const measure = async (server: RunningServer, label: string) => {
      const fixture = await server.setup<GoodsFixture>('goods', { count: GOODS, raceStock: RACE_STOCK });
      const [member] = await server.setup<Member[]>('members', { count: 1, prefix: `shop${label}`, credits: 1 });
      const listPath = `/api/${shopCalls.getGoodsList.url}`;
      const detailPath = `/api/${shopCalls.getGoodsDetail.url}`;
      const page = { pageIndex: 1, pageSize: 20 };
      const detail = { _id: fixture.goodsIds[0] };
      add(
        label,
        'getGoodsList (20), 10 conn',
        await againstSameBytes(bare, server, listPath, page, undefined, loadWith(options.connections)),
      );
      add(
        label,
        'getGoodsDetail, 10 conn',
        await againstSameBytes(bare, server, detailPath, detail, undefined, loadWith(options.connections)),
      );
      add(
        label,
        `getGoodsList (20), ${WIDE} conn`,
        await againstSameBytes(bare, server, listPath, page, undefined, loadWith(WIDE)),
      );
      add(
        label,
        `getGoodsDetail, ${WIDE} conn`,
        await againstSameBytes(bare, server, detailPath, detail, undefined, loadWith(WIDE)),
      );

      const mid = (await callOk<{ mchInfo: { _id: string } }>(server.url, 'client/pub.getMchInfo', {})).mchInfo._id;
      const { answers, wallMs } = await burst(
        server.url,
        Array.from({ length: RACE_ADDS }, () => ({
          url: cartCalls.addToCart.url,
          data: { mid, goods_id: fixture.raceGoodsId, sku_id: fixture.raceSkuId, buy_num: 1 },
          token: member!.token,
        })),
      );
      const cart = await callOk<{ list: { sku_id: string; buy_num: number }[] }>(
        server.url,
        cartCalls.getCart.url,
        { mid },
        member!.token,
      );
      const line = cart.list.find((l) => l.sku_id === fixture.raceSkuId)?.buy_num ?? 0;
      const codes = countCodes(answers);
      const race: Race = {
        server: label,
        adds: RACE_ADDS,
        codes,
        lineBuyNum: line,
        wallMs: round(wallMs, 0),
        ok: line === RACE_STOCK && codes['0'] === RACE_ADDS,
      };
      races.push(race);
      console.log(
        `  ${label.padEnd(9)} add-to-cart race: line at ${line}, codes ${JSON.stringify(codes)}, ${race.wallMs} ms`,
      );
      if (!race.ok)
        problems.push(`${label}: ${RACE_ADDS} racing adds left the line at ${line} (codes ${JSON.stringify(codes)})`);
    };

    if (postgres) await measure(postgres, 'postgres');
    await measure(pglite, 'pglite');

    const env = environment(hasPostgres ? await postgresVersion() : undefined);
    const md = [
      '# Shop',
      '',
      ...environmentLines(env, options.command),
      `- Reads: \`POST /api/${shopCalls.getGoodsList.url}\` for page 1 of 20 (of ${GOODS} bench goods with two SKUs each and the demo shop's 13), and \`POST /api/${shopCalls.getGoodsDetail.url}\` of one goods item (it also counts the view).`,
      '- The floor: the bare Fastify route handed that call\'s exact answer, measured in the same run, as an object ("÷ bare") and pre-serialized ("÷ bare-text").',
      `- autocannon, ${options.connections} and ${WIDE} connections, ${options.warmupS} s warm-up then ${options.durationS} s per row; every answer checked for code 0.`,
      `- Race: ${RACE_ADDS} \`${cartCalls.addToCart.url}\` of buy_num 1 for one SKU with stock ${RACE_STOCK}, sent at once by one member; the cart line must end at ${RACE_STOCK}.`,
      '',
      ...table(
        [
          'server',
          'call',
          'answer KB',
          'req/s',
          'bare req/s',
          '÷ bare',
          'bare-text req/s',
          '÷ bare-text',
          'p50 ms',
          'p99 ms',
          'server CPU ms/req',
          'errors',
          'code ≠ 0',
        ],
        rows.map((r) => [
          r.server,
          r.name,
          round(r.answerBytes / 1024, 1),
          r.reqPerSec,
          r.bare.reqPerSec,
          r.ratioToBare.toFixed(3),
          r.bareText.reqPerSec,
          r.ratioToBareText.toFixed(3),
          r.latencyMs.p50,
          r.latencyMs.p99,
          r.serverCpuMsPerRequest ?? '—',
          r.errors,
          r.nonZeroCode,
        ]),
      ),
      '',
      ...table(
        ['server', 'adds at once', 'answers by code', 'line after', 'wall ms', 'holds'],
        races.map((r) => [r.server, r.adds, JSON.stringify(r.codes), r.lineBuyNum, r.wallMs, r.ok ? 'yes' : 'NO']),
      ),
      '',
      problems.length
        ? `Problems: ${problems.join('; ')}`
        : 'No errors, non-2xx answers or non-zero codes; every race held.',
    ];
    const summary = [
      ...rows.map(
        (r) =>
          `${r.server} ${r.name}: ${r.reqPerSec} req/s = ${r.ratioToBare.toFixed(2)}× the bare route serving the same answer (${r.bare.reqPerSec} req/s), p99 ${r.latencyMs.p99} ms`,
      ),
      ...races.map(
        (r) => `${r.server}: ${r.adds} racing adds of a SKU with stock ${RACE_STOCK} left the line at ${r.lineBuyNum}`,
      ),
    ];
    const files = writeResults(
      'shop',
      {
        suite: 'shop',
        environment: env,
        settings: {
          connections: options.connections,
          wide: WIDE,
          durationS: options.durationS,
          warmupS: options.warmupS,
        },
        rows,
        races,
        problems,
        summary,
      },
      md,
    );
    console.log(`  wrote ${files.json}, ${files.md}`);
    return { summary, problems };
  },
};
