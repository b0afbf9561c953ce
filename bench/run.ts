// `npm run bench` runs every suite; `npm run bench -- protocol booking-race` picks some.
// Options: duration=<s> (default 5), warmup=<s> (default 1), connections=<n> (default 10); also
// written --duration=<s> when tsx is run directly (npm swallows --flags of nested `npm run`).
// Each suite starts its own servers (separate processes on 127.0.0.1, port 0) and scratch
// databases, and removes them when it ends, also on failure or Ctrl-C.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, BUSY_THRESHOLD, markSuiteStart, RESULTS_DIR } from './lib/report';
import { cleanupAll } from './lib/servers';
import type { Suite, SuiteOptions } from './lib/suite';
import { bookingRaceSuite } from './suites/booking-race';
import { bookingThroughputSuite } from './suites/booking-throughput';
import { couponRaceSuite } from './suites/coupon-race';
import { ordersSuite } from './suites/orders';
import { protocolSuite } from './suites/protocol';
import { scaleSuite } from './suites/scale';
import { scheduleReadSuite } from './suites/schedule-read';
import { shopSuite } from './suites/shop';

const SUITES: Suite[] = [
  protocolSuite,
  bookingRaceSuite,
  bookingThroughputSuite,
  scheduleReadSuite,
  shopSuite,
  ordersSuite,
  couponRaceSuite,
  scaleSuite,
];

function parseArgs(argv: string[]) {
  const names: string[] = [];
  const flags = new Map<string, string>();
  for (const arg of argv) {
    const match = /^(?:--([a-z-]+)(?:=(.*))?|([a-z-]+)=(.*))$/.exec(arg);
    if (match) flags.set((match[1] ?? match[3])!, match[2] ?? match[4] ?? 'true');
    else names.push(arg);
  }
  return { names, flags };
}

function usage(): string {
  return [
    'usage: npm run bench [-- <suite>...] [duration=5] [warmup=1] [connections=10]',
    'suites:',
    ...SUITES.map((s) => `  ${s.name.padEnd(20)} ${s.description}`),
  ].join('\n');
}

const README_START = '<!-- results:start -->';
const README_END = '<!-- results:end -->';

/** Rewrites the "last results" block of bench/README.md from the results files present. */
function updateReadme(): void {
  const readme = path.join(BENCH_DIR, 'README.md');
  if (!existsSync(readme)) return;
  const text = readFileSync(readme, 'utf8');
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start < 0 || end < start) return;
  const lines: string[] = [];
  for (const suite of SUITES) {
    const file = path.join(RESULTS_DIR, `${suite.name}.json`);
    if (!existsSync(file)) continue;
    const result = JSON.parse(readFileSync(file, 'utf8')) as {
      environment: { date: string; cpus: number; node: string };
      summary: string[];
      problems: string[];
    };
    const env = result.environment;
    lines.push(
      `### ${suite.name} — ${env.date.slice(0, 16).replace('T', ' ')} UTC, ${env.cpus} cores, Node ${env.node} ` +
        `([table](results/${suite.name}.md))`,
      '',
      ...result.summary.map((s) => `- ${s}`),
      ...result.problems.map((p) => `- ⚠ ${p}`),
      '',
    );
  }
  const block = `${README_START}\n${lines.join('\n')}${README_END}`;
  writeFileSync(readme, text.slice(0, start) + block + text.slice(end + README_END.length));
}

async function main(): Promise<number> {
  const { names, flags } = parseArgs(process.argv.slice(2));
  if (flags.has('help') || names.includes('help')) {
    console.log(usage());
    return 0;
  }
  const unknown = names.filter((n) => !SUITES.some((s) => s.name === n));
  if (unknown.length > 0) {
    console.error(`unknown suite: ${unknown.join(', ')}\n${usage()}`);
    return 2;
  }
  const chosen = names.length > 0 ? SUITES.filter((s) => names.includes(s.name)) : SUITES;
  const base: Omit<SuiteOptions, 'command'> = {
    durationS: Number(flags.get('duration') ?? 5),
    warmupS: Number(flags.get('warmup') ?? 1),
    connections: Number(flags.get('connections') ?? 10),
  };
  const extra = [...flags].map(([k, v]) => `${k}=${v}`);

  let failed = 0;
  const started = Date.now();
  for (const suite of chosen) {
    console.log(`\n▶ ${suite.name}: ${suite.description}`);
    const t0 = Date.now();
    const others = await markSuiteStart();
    if (others !== null && others > BUSY_THRESHOLD) {
      console.log(
        `  ⚠ ${Math.round(others * 100)}% of the CPU was busy with other work just before: the numbers will be low`,
      );
    }
    try {
      const command = ['npm run bench --', suite.name, ...extra].join(' ');
      const outcome = await suite.run({ ...base, command });
      for (const problem of outcome.problems) console.log(`  ⚠ ${problem}`);
      console.log(`✔ ${suite.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (error) {
      failed += 1;
      console.error(`✖ ${suite.name} failed:`, error);
    } finally {
      await cleanupAll();
    }
  }
  updateReadme();
  console.log(`\nbench done in ${((Date.now() - started) / 1000).toFixed(1)} s${failed ? `, ${failed} failed` : ''}`);
  return failed > 0 ? 1 : 0;
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\n${signal}: stopping servers and dropping scratch databases…`);
    cleanupAll().finally(() => process.exit(130));
  });
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    console.error(error);
    await cleanupAll();
    process.exit(1);
  },
);
