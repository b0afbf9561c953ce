// Coupons never oversold: 1,000 members claim ONE coupon of 100 at the same instant over HTTP, and
// 20 members redeem ONE exchange code at once. Exactly 100 copies and one redemption must exist;
// everyone else is refused (COUPON_SOLD_OUT / EXCHANGE_FAILED). On PostgreSQL, then on PGlite.
import { adminCouponCalls, couponCalls } from '@studio/contract/coupons';
import {
  type BurstAnswer,
  BYSTANDER_INTERVAL_MS,
  burst,
  countCodes,
  type LatencySummary,
  summarize,
  watchBystander,
} from '../lib/burst';
import { burstFloor } from '../lib/burst-floor';
import { callOk, login, round } from '../lib/load';
import { checksSection, codesText, environment, environmentLines, table, writeResults } from '../lib/report';
import { postgresReachable, postgresVersion, startServer } from '../lib/servers';
import type { Member } from '../lib/setups';
import type { Suite, SuiteOptions } from '../lib/suite';

const MEMBERS = 1000;
const TOTAL = 100;
const CODE_RACERS = 20;
const WARM = 20;

interface CouponRun {
  database: string;
  wallMs: number;
  codes: Record<string, number>;
  latencyMs: { all: LatencySummary; claimed: LatencySummary; refused: LatencySummary };
  /** pub.getMchInfo called every BYSTANDER_INTERVAL_MS by someone else while the claims run. */
  bystander: LatencySummary & { calls: number; failed: number };
  exchange: { wallMs: number; codes: Record<string, number>; latencyMs: LatencySummary };
  claimed: number;
  checks: { name: string; ok: boolean; detail: string }[];
}

interface AdminCoupon {
  coupon: { _id: string; claimed: number; codes_redeemed: number };
}

async function raceOn(kind: 'postgres' | 'pglite'): Promise<CouponRun> {
  const server = await startServer(kind, { label: 'coupons' });
  try {
    const admin = await login(server.url, 'admin', 'demo1234');
    const save = (name: string, total: number) =>
      callOk<AdminCoupon>(
        server.url,
        adminCouponCalls.save.url,
        {
          name,
          type: 1,
          coupon_rule: { min_amount: 2000, discount_amount: 500 },
          effective_time_rule: { type: 1, end_dynamic_time: 30 },
          total,
          per_member_limit: 1,
        },
        admin,
      );
    const warm = (await save('Warm-up', WARM)).coupon._id;
    const race = (await save('Race', TOTAL)).coupon._id;
    const byCode = (await save('By code', 10)).coupon._id;
    const members = await server.setup<Member[]>('members', {
      count: MEMBERS + WARM + CODE_RACERS,
      prefix: `cpn${kind}`,
      credits: 0,
    });
    const racers = members.slice(0, MEMBERS);
    const warmers = members.slice(MEMBERS, MEMBERS + WARM);
    const codeRacers = members.slice(MEMBERS + WARM);

    // Warm the claim path (JIT, pool) on another coupon first.
    await burst(
      server.url,
      warmers.map((m) => ({ url: couponCalls.claim.url, data: { coupon_id: warm }, token: m.token })),
    );

    const bystander = await watchBystander(server.url);
    const { answers, wallMs } = await burst(
      server.url,
      racers.map((m) => ({ url: couponCalls.claim.url, data: { coupon_id: race }, token: m.token })),
    );
    const bystanderMs = await bystander.stop();
    const codes = countCodes(answers);
    const claimed = answers.filter((a) => a.code === 0);
    const refused = answers.filter((a) => a.code !== 0);
    const ms = (list: BurstAnswer[]) => list.map((a) => a.ms);
    const after = await callOk<AdminCoupon>(server.url, adminCouponCalls.getInfo.url, { _id: race }, admin);

    const generated = await callOk<{ codes: string[] }>(
      server.url,
      adminCouponCalls.generateCodes.url,
      { coupon_id: byCode, count: 1 },
      admin,
    );
    const code = generated.codes[0]!;
    const exchange = await burst(
      server.url,
      codeRacers.map((m) => ({ url: couponCalls.exchange.url, data: { code }, token: m.token })),
    );
    const exchangeCodes = countCodes(exchange.answers);
    const afterCode = await callOk<AdminCoupon>(server.url, adminCouponCalls.getInfo.url, { _id: byCode }, admin);

    const other = Object.entries(codes).filter(([c]) => c !== '0' && c !== 'COUPON_SOLD_OUT');
    const checks = [
      { name: `exactly ${TOTAL} claimed (code 0)`, ok: claimed.length === TOTAL, detail: `${claimed.length}` },
      {
        name: 'every other answer COUPON_SOLD_OUT',
        ok: other.length === 0,
        detail: other.length ? other.map(([c, n]) => `${c}: ${n}`).join(', ') : `${codes.COUPON_SOLD_OUT ?? 0}`,
      },
      { name: `coupon.claimed = ${TOTAL}`, ok: after.coupon.claimed === TOTAL, detail: `${after.coupon.claimed}` },
      {
        name: 'one exchange of the code succeeded',
        ok: (exchangeCodes['0'] ?? 0) === 1 && (exchangeCodes.EXCHANGE_FAILED ?? 0) === CODE_RACERS - 1,
        detail: JSON.stringify(exchangeCodes),
      },
      {
        name: "the code's coupon claimed once",
        ok: afterCode.coupon.claimed === 1 && afterCode.coupon.codes_redeemed === 1,
        detail: `${afterCode.coupon.claimed} claimed, ${afterCode.coupon.codes_redeemed} redeemed`,
      },
      {
        name: 'no HTTP errors',
        ok: [...answers, ...exchange.answers].every((a) => a.status === 200),
        detail: `${[...answers, ...exchange.answers].filter((a) => a.status !== 200).length} not 200`,
      },
    ];
    return {
      database: kind,
      wallMs: round(wallMs),
      codes,
      latencyMs: { all: summarize(ms(answers)), claimed: summarize(ms(claimed)), refused: summarize(ms(refused)) },
      bystander: bystanderMs,
      exchange: {
        wallMs: round(exchange.wallMs),
        codes: exchangeCodes,
        latencyMs: summarize(exchange.answers.map((a) => a.ms)),
      },
      claimed: after.coupon.claimed,
      checks,
    };
  } finally {
    await server.close();
  }
}

export const couponRaceSuite: Suite = {
  name: 'coupon-race',
  description: `${MEMBERS} members claim one ${TOTAL}-coupon batch at once, ${CODE_RACERS} redeem one code (PostgreSQL, then PGlite)`,
  async run(options: SuiteOptions) {
    const hasPostgres = await postgresReachable();
    const problems: string[] = [];
    if (!hasPostgres) problems.push('PostgreSQL not reachable: only PGlite was raced');
    const runs: CouponRun[] = [];
    const floor = await burstFloor(MEMBERS);
    console.log(
      `  floor     ${MEMBERS} posts to a bare route at once in ${floor.wallMs} ms; p50 ${floor.p50} ms, p99 ${floor.p99} ms`,
    );
    for (const kind of hasPostgres ? (['postgres', 'pglite'] as const) : (['pglite'] as const)) {
      const run = await raceOn(kind);
      runs.push(run);
      console.log(
        `  ${kind.padEnd(9)} ${MEMBERS} claims → ${JSON.stringify(run.codes)} in ${run.wallMs} ms; ` +
          `p50 ${run.latencyMs.all.p50} ms, p99 ${run.latencyMs.all.p99} ms; claimed ${run.claimed}; ` +
          `bystander p50 ${run.bystander.p50} ms, p99 ${run.bystander.p99} ms; ` +
          `code ×${CODE_RACERS} → ${JSON.stringify(run.exchange.codes)}`,
      );
      for (const c of run.checks.filter((c) => !c.ok)) problems.push(`${kind}: ${c.name} — got ${c.detail}`);
    }
    const env = environment(hasPostgres ? await postgresVersion() : undefined);
    const md = [
      '# Coupon race',
      '',
      ...environmentLines(env, options.command),
      `- ${MEMBERS} members send \`client/coupon.claim\` for the same coupon of ${TOTAL} at the same instant: one ` +
        'keep-alive connection each, all requests issued before the first answer is awaited, to the real server ' +
        `in its own process on 127.0.0.1 (after ${WARM} claims of another coupon to warm the path).`,
      `- Then ${CODE_RACERS} members send \`client/coupon.exchange\` with the same exchange code at once.`,
      '- Latency: per request, from its send to its answer (the burst queues on the server, so it includes waiting).',
      `- Floor, same run: ${MEMBERS} new connections posting once at the same instant to a bare Fastify route that ` +
        `answers constant bytes (no protocol, no database): wall ${floor.wallMs} ms, p50 ${floor.p50} ms, ` +
        `p99 ${floor.p99} ms. The races' p99 ÷ this: ${runs.map((r) => `${r.database} ×${round(r.latencyMs.all.p99 / floor.p99, 2)}`).join(', ')}.`,
      `- Bystander: meanwhile another client calls \`client/pub.getMchInfo\` every ${BYSTANDER_INTERVAL_MS} ms, one at a time.`,
      '',
      ...table(
        [
          'database',
          'claim answers',
          'total ms',
          'p50 ms',
          'p99 ms',
          'max ms',
          'claimed p50/p99',
          'refused p50/p99',
          'bystander p50/p99/max ms (calls)',
          'code race',
          'code p50/p99 ms',
        ],
        runs.map((r) => [
          r.database,
          codesText(r.codes, 'claimed'),
          r.wallMs,
          r.latencyMs.all.p50,
          r.latencyMs.all.p99,
          r.latencyMs.all.max,
          `${r.latencyMs.claimed.p50} / ${r.latencyMs.claimed.p99}`,
          `${r.latencyMs.refused.p50} / ${r.latencyMs.refused.p99}`,
          `${r.bystander.p50} / ${r.bystander.p99} / ${r.bystander.max} (${r.bystander.calls})`,
          codesText(r.exchange.codes, 'redeemed'),
          `${r.exchange.latencyMs.p50} / ${r.exchange.latencyMs.p99}`,
        ]),
      ),
      '',
      ...checksSection(runs),
    ];
    const summary = runs.map(
      (r) =>
        `${r.database}: ${MEMBERS} simultaneous claims of ${TOTAL} coupons → ${r.codes['0'] ?? 0} claimed, ` +
        `${r.codes.COUPON_SOLD_OUT ?? 0} COUPON_SOLD_OUT in ${r.wallMs} ms (p50 ${r.latencyMs.all.p50} ms, p99 ${r.latencyMs.all.p99} ms); ` +
        `one code × ${CODE_RACERS} → ${r.exchange.codes['0'] ?? 0} redeemed; invariants ${r.checks.every((c) => c.ok) ? 'hold' : 'BROKEN'}`,
    );
    const files = writeResults(
      'coupon-race',
      { suite: 'coupon-race', environment: env, floor, runs, problems, summary },
      md,
    );
    console.log(`  wrote ${files.json}, ${files.md}`);
    return { summary, problems };
  },
};
