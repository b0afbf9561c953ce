// The busiest read: a week of the schedule (100 sessions) through client/course.pub_getSchedule,
// beside the bare Fastify route, in one run. Anonymous and logged in (the viewer's status per
// session) on PostgreSQL; anonymous on PGlite.
import { reservationCalls } from '@studio/contract/reservations';
import { burst } from '../lib/burst';
import { callOk, type LoadResult, round, runLoad } from '../lib/load';
import { environment, environmentLines, table, writeResults } from '../lib/report';
import { againstSameBytes, type SameBytesRun } from '../lib/same-bytes';
import { postgresReachable, postgresVersion, type RunningServer, startServer } from '../lib/servers';
import type { Fixture, Member } from '../lib/setups';
import type { Suite, SuiteOptions } from '../lib/suite';

const SESSIONS = 100;
const MEMBERS = 50;
/** Each member books this many sessions of the week, so seat counts and my_status are not all zero. */
const BOOKINGS_EACH = 5;
const DAY = 86_400_000;
const HOUR = 3_600_000;

interface Row extends LoadResult {
  server: string;
  name: string;
  answerBytes: number;
  /** The bare route serving this call's answer as an object (Fastify serializes it per request). */
  bare: LoadResult;
  /** The bare route serving the same bytes pre-serialized. */
  bareText: LoadResult;
  ratioToBare: number;
  ratioToBareText: number;
}

/**
 * A week starting two days ahead (dates as YYYY-MM-DD in UTC; the demo studio is in London, at
 * most an hour off, and the sessions run 08:00–21:00 UTC so each stays on its date there).
 */
function week() {
  const firstDay = Math.floor((Date.now() + 2 * DAY) / DAY) * DAY;
  const date = (t: number) => new Date(t).toISOString().slice(0, 10);
  const sessions = Array.from({ length: SESSIONS }, (_, k) => {
    const start = firstDay + (k % 7) * DAY + (8 + Math.floor(k / 7)) * HOUR;
    return { starts_at: new Date(start).toISOString(), ends_at: new Date(start + HOUR).toISOString(), capacity: 20 };
  });
  return { sessions, range: { date_from: date(firstDay), date_to: date(firstDay + 6 * DAY) } };
}

async function prepare(server: RunningServer, label: string) {
  const { sessions, range } = week();
  // The demo studio (SEED_DEMO) has classes of its own in that week: add only enough to make 100.
  const demo = await callOk<{ rows: unknown[] }>(server.url, reservationCalls.getSchedule.url, range);
  if (demo.rows.length >= SESSIONS) throw new Error(`the demo week already holds ${demo.rows.length} sessions`);
  const fixture = await server.setup<Fixture>('fixture', { sessions: sessions.slice(0, SESSIONS - demo.rows.length) });
  const members = await server.setup<Member[]>('members', { count: MEMBERS, prefix: `sched${label}`, credits: 50 });
  const { answers } = await burst(
    server.url,
    members.flatMap((m, i) =>
      Array.from({ length: BOOKINGS_EACH }, (_, k) => ({
        url: reservationCalls.book.url,
        data: { session_id: fixture.sessionIds[(i * BOOKINGS_EACH + k) % fixture.sessionIds.length] },
        token: m.token,
      })),
    ),
  );
  const failed = answers.filter((a) => a.code !== 0);
  if (failed.length > 0) throw new Error(`schedule bookings failed: ${JSON.stringify(failed[0]?.body).slice(0, 300)}`);
  const check = await callOk<{ rows: unknown[] }>(server.url, reservationCalls.getSchedule.url, range);
  if (check.rows.length !== SESSIONS)
    throw new Error(`schedule answered ${check.rows.length} sessions, not ${SESSIONS}`);
  return { range, token: members[0]!.token, demoSessions: demo.rows.length };
}

export const scheduleReadSuite: Suite = {
  name: 'schedule-read',
  description: `pub_getSchedule of a week with ${SESSIONS} sessions vs the bare Fastify route`,
  async run(options: SuiteOptions) {
    const hasPostgres = await postgresReachable();
    const problems: string[] = [];
    if (!hasPostgres) problems.push('PostgreSQL not reachable: the PostgreSQL rows were skipped');
    const [bare, pglite, postgres] = await Promise.all([
      startServer('bare'),
      startServer('pglite'),
      hasPostgres ? startServer('postgres', { label: 'schedule' }) : Promise.resolve(null),
    ]);
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
        `  ${server.padEnd(9)} ${name.padEnd(26)} ${String(row.reqPerSec).padStart(8)} req/s  ` +
          `p50 ${row.latencyMs.p50} ms  p99 ${row.latencyMs.p99} ms  cpu ${row.serverCpuMsPerRequest} ms/req  ` +
          `bare ${run.bare.reqPerSec} (×${row.ratioToBare})  bare-text ${run.bareText.reqPerSec} (×${row.ratioToBareText})`,
      );
      for (const [label, result] of [
        ['', run.real],
        [' (bare)', run.bare],
        [' (bare-text)', run.bareText],
      ] as const) {
        const bad = result.errors + result.non2xx + result.nonZeroCode;
        if (bad > 0) {
          problems.push(
            `${server} ${name}${label}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.nonZeroCode} non-zero codes`,
          );
        }
      }
    };
    const path = `/api/${reservationCalls.getSchedule.url}`;
    let demoCount = 0;
    if (postgres) {
      const { range, token, demoSessions } = await prepare(postgres, 'pg');
      demoCount = demoSessions;
      add('postgres', 'getSchedule, anonymous', await againstSameBytes(bare, postgres, path, range, undefined, load));
      add(
        'postgres',
        'getSchedule, logged in',
        await againstSameBytes(bare, postgres, path, range, { 'uni-id-token': token }, load),
      );
    }
    {
      const { range, token, demoSessions } = await prepare(pglite, 'lite');
      demoCount = demoSessions;
      add('pglite', 'getSchedule, anonymous', await againstSameBytes(bare, pglite, path, range, undefined, load));
      add(
        'pglite',
        'getSchedule, logged in',
        await againstSameBytes(bare, pglite, path, range, { 'uni-id-token': token }, load),
      );
    }

    const env = environment(hasPostgres ? await postgresVersion() : undefined);
    const md = [
      '# Schedule read',
      '',
      ...environmentLines(env, options.command),
      `- \`POST /api/${reservationCalls.getSchedule.url}\` for one week (date_from/date_to, 7 days) holding ${SESSIONS} ` +
        `sessions (${demoCount} of the demo studio + ${SESSIONS - demoCount} added), ${MEMBERS * BOOKINGS_EACH} more ` +
        `bookings among them; each answer is ${SESSIONS} session records. ` +
        '"logged in" adds the token check and the viewer\'s status per session.',
      "- The floor: before each call, the bare Fastify route is handed that call's exact answer and measured twice in " +
        'the same run: returning it as an object (Fastify serializes it per request: "÷ bare", the ratio of issue #7) ' +
        'and as the same bytes already serialized ("÷ bare-text", the cheapest possible answer).',
      `- autocannon, ${options.connections} connections, ${options.warmupS} s warm-up then ${options.durationS} s per ` +
        'row, in a separate process from the servers; every answer checked for code 0.',
      '- "server CPU ms/req": CPU time (user + system) of the server process over the measured run ÷ requests. ' +
        "Unlike req/s it barely moves when other work shares the machine; PostgreSQL's own CPU is not in it " +
        "(PGlite's is: it runs inside the server process).",
      '',
      ...table(
        [
          'server',
          'call',
          'answer KB',
          'req/s',
          'bare (same object) req/s',
          '÷ bare',
          'bare (same bytes, pre-serialized) req/s',
          '÷ bare-text',
          'p50 ms',
          'p99 ms',
          'server CPU ms/req',
          'bare CPU ms/req',
          'errors',
          'non-2xx',
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
          r.bare.serverCpuMsPerRequest ?? '—',
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
        `${r.server} ${r.name}: ${r.reqPerSec} req/s = ${r.ratioToBare.toFixed(2)}× the bare route serving the same answer (${r.bare.reqPerSec} req/s; ${r.ratioToBareText.toFixed(2)}× it pre-serialized), p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, server CPU ${r.serverCpuMsPerRequest} ms/req`,
    );
    const files = writeResults(
      'schedule-read',
      {
        suite: 'schedule-read',
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
