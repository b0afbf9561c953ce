// Results files: bench/results/<suite>.json (machine-readable) and <suite>.md (a table for people).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');

export interface Environment {
  date: string;
  node: string;
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  platform: string;
  postgres?: string;
  autocannon: string;
  commit: string;
  /**
   * Share of the machine's CPU in use during one second just before the suite started, while the
   * bench itself was idle: other people's work, which skews every number. null off Linux.
   */
  othersCpuBefore: number | null;
  /** 1-minute load average at start and end (includes the bench's own earlier suites). */
  loadAverage: { before: number; after: number };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** More CPU than this in use by others before a suite and its numbers are flagged. */
export const BUSY_THRESHOLD = 0.25;

let loadBefore = os.loadavg()[0] ?? 0;
let othersCpuBefore: number | null = null;

function cpuTimes(): { idle: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
    return { idle, total: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

/** Called by run.ts as each suite starts (the bench is idle then): answers the others' CPU share. */
export async function markSuiteStart(): Promise<number | null> {
  loadBefore = os.loadavg()[0] ?? 0;
  const a = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const b = cpuTimes();
  othersCpuBefore = a && b && b.total > a.total ? round2(1 - (b.idle - a.idle) / (b.total - a.total)) : null;
  return othersCpuBefore;
}

function packageVersion(name: string): string {
  try {
    const file = path.join(BENCH_DIR, '..', 'node_modules', name, 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function gitCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: BENCH_DIR, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', '../apps/server', '../packages'], {
      cwd: BENCH_DIR,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${head} (+ uncommitted server/contract changes)` : head;
  } catch {
    return 'unknown';
  }
}

export function environment(postgres?: string): Environment {
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.type()} ${os.release()}`,
    postgres,
    autocannon: packageVersion('autocannon'),
    commit: gitCommit(),
    othersCpuBefore,
    loadAverage: { before: round2(loadBefore), after: round2(os.loadavg()[0] ?? 0) },
  };
}

export function environmentLines(env: Environment, command: string): string[] {
  const busy = (env.othersCpuBefore ?? 0) > BUSY_THRESHOLD;
  return [
    `- Date: ${env.date}`,
    `- Node: ${env.node}; autocannon ${env.autocannon}${env.postgres ? `; PostgreSQL ${env.postgres}` : ''}`,
    `- Machine: ${env.cpus} cores (${env.cpuModel}), ${env.memoryGb} GB, ${env.platform}`,
    `- Other work on the machine just before the start: ${env.othersCpuBefore === null ? 'unknown' : `${Math.round(env.othersCpuBefore * 100)}% CPU`}` +
      (busy ? ' — **busy: treat the numbers as low**' : ' (idle)') +
      `; load average (1 min, includes the bench's earlier suites) ${env.loadAverage.before} at start, ${env.loadAverage.after} at end`,
    `- Code: ${env.commit}`,
    `- Rerun: \`${command}\``,
  ];
}

/** A markdown table from a header row and data rows. */
export function table(header: string[], rows: (string | number)[][]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map((_h, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
}

export function writeResults(suite: string, json: unknown, markdown: string[]): { json: string; md: string } {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const jsonFile = path.join(RESULTS_DIR, `${suite}.json`);
  const mdFile = path.join(RESULTS_DIR, `${suite}.md`);
  writeFileSync(jsonFile, `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(mdFile, `${markdown.join('\n')}\n`);
  return { json: path.relative(process.cwd(), jsonFile), md: path.relative(process.cwd(), mdFile) };
}

/** Answers counted by code, as a race's table shows them: `booked 20, COURSE_FULL 980` (code 0 named `ok`). */
export function codesText(codes: Record<string, number>, ok: string): string {
  return Object.entries(codes)
    .map(([code, n]) => `${code === '0' ? ok : code} ${n}`)
    .join(', ');
}

/** The "Invariants checked" section of a race's table: every check of every run, pass or FAIL. */
export function checksSection(runs: { database: string; checks: { name: string; ok: boolean; detail: string }[] }[]) {
  return [
    '## Invariants checked',
    '',
    ...table(
      ['database', 'check', 'result', 'value'],
      runs.flatMap((r) => r.checks.map((c) => [r.database, c.name, c.ok ? 'pass' : '**FAIL**', c.detail])),
    ),
    '',
  ];
}
