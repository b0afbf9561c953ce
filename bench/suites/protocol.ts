// Protocol overhead: what the call protocol (routing, envelope, zod in/out, token check, database
// round trip) costs next to a bare Fastify route, on PGlite and on PostgreSQL, in one run.
import { type LoadResult, login, round, runLoad } from '../lib/load';
import { environment, environmentLines, table, writeResults } from '../lib/report';
import { againstSameBytes, type SameBytesRun } from '../lib/same-bytes';
import { postgresReachable, postgresVersion, type RunningServer, startServer } from '../lib/servers';
import type { Suite, SuiteOptions } from '../lib/suite';

interface Row extends LoadResult {
  name: string;
  server: string;
  answerBytes: number;
  /** The bare route serving this call's exact answer (as an object), measured just before it. */
  bare: LoadResult;
  ratioToBare: number;
}

const TARGETS = [
  { name: 'pub.getMchInfo (public; the studio row remembered)', path: '/api/client/pub.getMchInfo', authed: false },
  {
    name: 'kh/getMyUserInfo (token, member and balances remembered)',
    path: '/api/user/kh/getMyUserInfo',
    authed: true,
  },
] as const;

export const protocolSuite: Suite = {
  name: 'protocol',
  description: 'bare Fastify route vs public and logged-in protocol calls, on PGlite and PostgreSQL',
  async run(options: SuiteOptions) {
    const hasPostgres = await postgresReachable();
    const problems: string[] = [];
    if (!hasPostgres) problems.push('PostgreSQL not reachable: the PostgreSQL rows were skipped');

    const started = Date.now();
    const [bare, pglite, postgres] = await Promise.all([
      startServer('bare'),
      startServer('pglite'),
      hasPostgres ? startServer('postgres', { label: 'protocol' }) : Promise.resolve(null),
    ]);
    console.log(`  servers up in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const load = (server: RunningServer, path: string, body: unknown, headers?: Record<string, string>) =>
      runLoad({
        baseUrl: server.url,
        server,
        path,
        body,
        headers,
        connections: options.connections,
        durationS: options.durationS,
        warmupS: options.warmupS,
      });

    const rows: Row[] = [];
    const add = (name: string, server: string, run: SameBytesRun) => {
      const row: Row = {
        name,
        server,
        ...run.real,
        answerBytes: run.answerBytes,
        bare: run.bare,
        ratioToBare: round(run.real.reqPerSec / run.bare.reqPerSec, 3),
      };
      rows.push(row);
      console.log(
        `  ${server.padEnd(10)} ${name.padEnd(44)} ${String(row.reqPerSec).padStart(8)} req/s  ` +
          `p50 ${row.latencyMs.p50} ms  p99 ${row.latencyMs.p99} ms  cpu ${row.serverCpuMsPerRequest} ms/req  ` +
          `bare ${run.bare.reqPerSec} (×${row.ratioToBare})`,
      );
      for (const result of [run.real, run.bare]) {
        const bad = result.errors + result.non2xx + result.nonZeroCode;
        if (bad > 0) {
          problems.push(
            `${server} ${name}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.nonZeroCode} non-zero codes`,
          );
        }
      }
    };

    for (const server of [pglite, postgres]) {
      if (!server) continue;
      // The demo member of SEED_DEMO, logged in through HTTP like the app does.
      const token = await login(server.url, 'member', 'demo1234');
      for (const target of TARGETS) {
        const headers = target.authed ? { 'uni-id-token': token } : undefined;
        add(target.name, server.kind, await againstSameBytes(bare, server, target.path, {}, headers, load));
      }
    }

    const env = environment(hasPostgres ? await postgresVersion() : undefined);
    const header = [
      'server',
      'call',
      'answer bytes',
      'req/s',
      'bare (same answer) req/s',
      '÷ bare',
      'p50 ms',
      'p99 ms',
      'server CPU ms/req',
      'errors',
      'non-2xx',
      'code ≠ 0',
    ];
    const md = [
      '# Protocol overhead',
      '',
      ...environmentLines(env, options.command),
      `- Load: autocannon, ${options.connections} connections, ${options.warmupS} s warm-up then ${options.durationS} s ` +
        'per row, from a separate process than the server (both on this machine, 127.0.0.1)',
      '- Servers: each in its own process; the real app is `buildApp` with SEED_DEMO, LOG_LEVEL silent, ' +
        'SWEEP_INTERVAL_MS 0 and the rate limits set to 100,000,000/min; PostgreSQL on a fresh database ' +
        'created for the run and dropped after',
      "- The floor: before each call, the bare Fastify route is handed that call's exact answer and measured in the " +
        'same run (it returns the answer as an object, serialized by Fastify per request).',
      '- Every answer is checked: a 2xx whose envelope `code` is not 0 counts in "code ≠ 0".',
      '- "server CPU ms/req": CPU time (user + system) of the server process over the measured run ÷ requests. ' +
        "Unlike req/s it barely moves when other work shares the machine; PostgreSQL's own CPU is not in it " +
        "(PGlite's is: it runs inside the server process).",
      '',
      ...table(
        header,
        rows.map((r) => [
          r.server,
          r.name,
          r.answerBytes,
          r.reqPerSec,
          r.bare.reqPerSec,
          r.ratioToBare.toFixed(3),
          r.latencyMs.p50,
          r.latencyMs.p99,
          r.serverCpuMsPerRequest ?? '—',
          r.errors,
          r.non2xx,
          r.nonZeroCode,
        ]),
      ),
      '',
      problems.length ? `Problems: ${problems.join('; ')}` : 'No errors, non-2xx answers or non-zero codes.',
    ];
    const summary = rows.map(
      (r) =>
        `${r.server} ${r.name}: ${r.reqPerSec} req/s (${r.ratioToBare.toFixed(2)}× the bare route serving the same answer, ${r.bare.reqPerSec} req/s), p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, server CPU ${r.serverCpuMsPerRequest} ms/req`,
    );
    const files = writeResults(
      'protocol',
      {
        suite: 'protocol',
        environment: env,
        settings: { connections: options.connections, durationS: options.durationS, warmupS: options.warmupS },
        rows,
        problems,
        summary,
      },
      md,
    );
    console.log(`  wrote ${files.json}, ${files.md}`);
    return { summary, problems };
  },
};
