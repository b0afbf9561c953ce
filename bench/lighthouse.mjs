// Lighthouse (mobile, its default: a Moto G Power on slow 4G, simulated throttling) on the member
// app's home and schedule pages, served by the real server from a production build, as a member
// meets them on a first visit. Writes bench/results/lighthouse.{json,md}.
//
//   node bench/lighthouse.mjs               # builds apps/web, 3 runs per page, the median reported
//   node bench/lighthouse.mjs --no-build    # measure the current apps/web/dist
//   node bench/lighthouse.mjs --runs=5
//   node bench/lighthouse.mjs --reports=/tmp/lh   # also keep each run's whole report (what shifted, which tasks blocked)
//
// Needs Chromium (CHROME_PATH, default /usr/bin/chromium) and Node 20; lighthouse is pinned in
// bench/package.json.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist');
const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
const reportsDir = args.find((a) => a.startsWith('--reports='))?.slice(10);

const PAGES = [
  { name: 'home', hash: '#/' },
  { name: 'schedule (classes tab)', hash: '#/pages/index/category' },
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

if (!args.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@studio/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const loadAtStart = os.loadavg()[0];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
const port = await freePort();
const server = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    DATABASE_URL: '',
    REDIS_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MIN: '100000',
  },
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const results = [];
try {
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, server);
  for (const page of PAGES) {
    const samples = [];
    const failed = [];
    // A run Lighthouse could not record (NO_NAVSTART and the like, on a busy machine) scores 0: it is
    // kept aside and run again, so the median is over `runs` real measurements.
    for (let i = 0; samples.length < runs && i < runs + 3; i += 1) {
      const { lhr } = await lighthouse(`${base}/${page.hash}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (reportsDir) {
        mkdirSync(reportsDir, { recursive: true });
        writeFileSync(path.join(reportsDir, `${page.name.split(' ')[0]}-${i + 1}.json`), JSON.stringify(lhr));
      }
      const audit = (id) => lhr.audits[id]?.numericValue ?? null;
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      const js = requests.filter((r) => r.resourceType === 'Script');
      const sample = {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcpMs: Math.round(audit('first-contentful-paint')),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        tbtMs: Math.round(audit('total-blocking-time')),
        cls: Number((audit('cumulative-layout-shift') ?? 0).toFixed(3)),
        speedIndexMs: Math.round(audit('speed-index')),
        jsRequests: js.length,
        jsTransferKb: Math.round(js.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 102.4) / 10,
        jsResourceKb: Math.round(js.reduce((s, r) => s + (r.resourceSize ?? 0), 0) / 102.4) / 10,
        runtimeError: lhr.runtimeError?.message ?? null,
      };
      (sample.runtimeError ? failed : samples).push(sample);
      console.log(`  ${page.name} run ${i + 1}: ${JSON.stringify(sample)}`);
    }
    const pick = (key) => median(samples.map((s) => s[key]));
    results.push({
      page: page.name,
      url: page.hash,
      median: {
        score: pick('score'),
        fcpMs: pick('fcpMs'),
        lcpMs: pick('lcpMs'),
        tbtMs: pick('tbtMs'),
        cls: pick('cls'),
        speedIndexMs: pick('speedIndexMs'),
        jsRequests: pick('jsRequests'),
        jsTransferKb: pick('jsTransferKb'),
      },
      samples,
      failed,
    });
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
const lighthouseVersion = JSON.parse(
  (await import('node:fs')).readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
).version;
const environment = {
  date: new Date().toISOString(),
  node: process.version,
  lighthouse: lighthouseVersion,
  cpus: os.cpus().length,
  loadAverageAtStart: loadAtStart,
  loadAverage: os.loadavg()[0],
  commit,
};
writeFileSync(
  path.join(root, 'bench/results/lighthouse.json'),
  `${JSON.stringify({ environment, runs, results }, null, 2)}\n`,
);
const md = [
  '# Lighthouse, mobile',
  '',
  `- Date: ${environment.date}; Node ${environment.node}; Lighthouse ${environment.lighthouse}; Chromium (Debian, headless)`,
  `- Machine: ${environment.cpus} cores, load average ${environment.loadAverageAtStart.toFixed(2)} at the start, ${environment.loadAverage.toFixed(2)} at the end (shared: Lighthouse's simulated throttling keeps scores comparable, TBT still moves with a busy CPU)`,
  `- Code: ${commit}`,
  '- Rerun: `CHROME_PATH=/usr/bin/chromium node bench/lighthouse.mjs` (builds apps/web first)',
  `- Lighthouse's default mobile run (emulated Moto G Power, slow 4G, 4× CPU slowdown, simulated), performance only; the real server on PGlite with the demo studio, first visit (empty cache); ${runs} runs per page, the median of each figure.`,
  '',
  '| page | score | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | JS requests | JS transferred KB |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.page} (\`${r.url}\`) | **${r.median.score}** | ${r.median.fcpMs} | ${r.median.lcpMs} | ${r.median.tbtMs} | ${r.median.cls} | ${r.median.speedIndexMs} | ${r.median.jsRequests} | ${r.median.jsTransferKb} |`,
  ),
  '',
  `Runs Lighthouse could not record (a trace error on a busy machine) and ran again: ${results.map((r) => `${r.page} ${r.failed.length}`).join(', ')}.`,
  '',
  'Before (issue #7, same Lighthouse mobile settings): schedule 47 (LCP 5.9 s, TBT 820 ms, 35 JS requests), home 76; nothing compressed (the main chunk went out as 445 KB raw).',
  '',
];
writeFileSync(path.join(root, 'bench/results/lighthouse.md'), md.join('\n'));
console.log(md.join('\n'));
