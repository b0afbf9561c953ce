#!/usr/bin/env node
// `npm test`: lint, type check, unit + integration tests on PGlite, the integration suite again on
// PostgreSQL when one is reachable, then the browser journeys in Chromium. Ends with one
// "Tests: N passed, N failed" line. CI=true turns every "skipped because missing" into a failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isCI = !!process.env.CI && process.env.CI !== 'false';
const reports = path.join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const only = new Set(process.argv.slice(2)); // e.g. `npm test -- unit postgres`
const wants = (step) => only.size === 0 || only.has(step);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed test by name, printed again at the end so that the last lines of a run say what failed. */
const failedTests = [];
/** Every stage run, for the summary table at the end. */
const stages = [];
const startedAll = Date.now();

function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}\n  $ ${[cmd, ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  stages.push({ title, seconds, ok: result.status === 0 });
  if (result.status !== 0) {
    failures.push(`${title} (exit ${result.status ?? result.signal})`);
    console.log(`✖ ${title} failed after ${seconds}s`);
    return false;
  }
  console.log(`✔ ${title} (${seconds}s)`);
  return true;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    const file = path.relative(root, suite.name ?? '');
    for (const t of suite.assertionResults ?? []) {
      if (t.status === 'failed') failedTests.push(`${file} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
    if ((suite.assertionResults ?? []).length === 0 && suite.status === 'failed') {
      failedTests.push(`${file}: ${firstLine(suite.message)}`);
    }
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += stats?.unexpected ?? 0;
  totals.skipped += stats?.skipped ?? 0;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') {
          const error = t.results?.at(-1)?.error?.message;
          failedTests.push(`${spec.file}:${spec.line} > ${[...titles, spec.title].join(' > ')}: ${firstLine(error)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.title ? [...titles, suite.title] : titles);
  };
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite, []);
}

/** The first line of an error message, without terminal colours, for the summary. */
function firstLine(message) {
  const text = String(message ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .trim();
  return text.split('\n')[0].slice(0, 240);
}

function reachable(host, port, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p));
}

function installChromium() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return false;
  console.log("\nChromium not found: installing Debian's chromium and CJK fonts with apt-get…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ok =
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0 &&
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env }).status ===
      0;
  return ok && !!findChromium();
}

const npx = (args, title, env) => run(title, 'npx', args, env);

if (wants('lint')) npx(['biome', 'check', '.'], 'Lint and format (biome)');
/**
 * Runs commands two at a time (the machine's two cores: tsc is single-threaded), each one's output
 * printed whole when it ends, each timed as its own stage.
 */
async function runTwoAtATime(jobs) {
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const started = Date.now();
      const child = spawn(job.cmd, job.args, { cwd: root, env: process.env });
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
      const code = await new Promise((resolve) => child.on('close', (c) => resolve(c)));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n▶ ${job.title}\n  $ ${[job.cmd, ...job.args].join(' ')}`);
      if (output) process.stdout.write(output);
      stages.push({ title: job.title, seconds, ok: code === 0 });
      if (code === 0) console.log(`✔ ${job.title} (${seconds}s)`);
      else {
        failures.push(`${job.title} (exit ${code})`);
        console.log(`✖ ${job.title} failed after ${seconds}s`);
      }
    }
  };
  await Promise.all([worker(), worker()]);
}

if (wants('types')) {
  const projects = ['apps/server', 'apps/web', 'apps/admin', 'bench', 'e2e', 'packages/contract', 'packages/client'];
  await runTwoAtATime(
    projects
      .filter((project) => existsSync(path.join(root, project, 'tsconfig.json')))
      .map((project) => ({ cmd: 'npx', args: ['tsc', '-p', project], title: `Type check ${project}` })),
  );
}

if (wants('unit')) {
  const out = path.join(reports, 'vitest-pglite.json');
  npx(
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    'Unit and integration tests (PGlite)',
    {
      TEST_DATABASE_URL: '',
    },
  );
  countVitest(out);
}

if (wants('postgres')) {
  const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const { hostname, port } = new URL(url);
  if (await reachable(hostname, Number(port || 5432))) {
    const out = path.join(reports, 'vitest-postgres.json');
    npx(
      [
        'vitest',
        'run',
        '--project',
        'server',
        '--project',
        'server-isolated',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${out}`,
      ],
      `Integration tests again on PostgreSQL (${hostname}:${port || 5432})`,
      { TEST_DATABASE_URL: url },
    );
    countVitest(out);
  } else if (isCI) {
    failures.push(`PostgreSQL leg: nothing answers at ${hostname}:${port || 5432} (CI requires it)`);
  } else {
    console.log(
      `\n⚠ PostgreSQL leg SKIPPED: nothing answers at ${hostname}:${port || 5432}. Set TEST_DATABASE_URL or start PostgreSQL to run it.`,
    );
  }
}

if (wants('e2e')) {
  let chrome = findChromium();
  if (!chrome && installChromium()) chrome = findChromium();
  if (!chrome) {
    failures.push(
      'Browser tests: no Chromium. Install one (Debian: apt-get install chromium fonts-noto-cjk) or set CHROME_PATH.',
    );
  } else {
    if (
      run('Build the web app', 'npm', ['run', 'build', '-w', '@studio/web']) &&
      run('Build the back office', 'npm', ['run', 'build', '-w', '@studio/admin'])
    ) {
      const out = path.join(reports, 'playwright.json');
      npx(['playwright', 'test', '-c', 'e2e/playwright.config.ts'], 'Browser journeys (Playwright, Chromium)', {
        CHROME_PATH: chrome,
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      });
      countPlaywright(out);
    }
  }
}

console.log('\nStage times:');
const width = Math.max(...stages.map((s) => s.title.length), 5);
for (const s of stages) console.log(`  ${s.ok ? '✔' : '✖'} ${s.title.padEnd(width)} ${s.seconds.padStart(7)}s`);
console.log(`    ${'Total'.padEnd(width)} ${((Date.now() - startedAll) / 1000).toFixed(1).padStart(7)}s`);
console.log('');
for (const f of failures) console.log(`✖ ${f}`);
for (const t of failedTests) console.log(`  ✖ ${t}`);
if (totals.failed === 0 && failures.length > 0) totals.failed = failures.length;
console.log(
  `Tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failures.length > 0 ? 1 : 0);
