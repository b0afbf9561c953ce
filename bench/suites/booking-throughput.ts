// Bookings per second on PostgreSQL when they do not fight over one row: many members booking
// across 200 sessions, beside pgbench's TPS on the same server in the same run (the ceiling).
import { reservationCalls } from '@studio/contract/reservations';
import autocannon from 'autocannon';
import { type LatencySummary, summarize } from '../lib/burst';
import { round } from '../lib/load';
import { type PgbenchResult, pgbenchAvailable, runPgbench } from '../lib/pgbench';
import { type DbCounters, diffCounters, readCounters, settle } from '../lib/pgstats';
import { environment, environmentLines, table, writeResults } from '../lib/report';
import { postgresReachable, postgresVersion, startServer } from '../lib/servers';
import type { Fixture, Member, SessionCheck } from '../lib/setups';
import type { Suite, SuiteOptions } from '../lib/suite';

const SESSIONS = 200;
const MEMBERS = 1000;
const CAPACITY = 500;
const HOUR = 3_600_000;

interface Throughput {
  connections: number;
  durationS: number;
  bookingsPerSec: number;
  booked: number;
  refused: Record<string, number>;
  errors: number;
  non2xx: number;
  latencyMs: LatencySummary;
  /** Server process CPU per request of the measured run. */
  serverCpuMsPerRequest: number;
  perBooking: { commits: number; rowsFetched: number; rowsInserted: number; rowsUpdated: number };
}

export const bookingThroughputSuite: Suite = {
  name: 'booking-throughput',
  description: `bookings/s across ${SESSIONS} sessions on PostgreSQL beside pgbench TPS on the same server`,
  async run(options: SuiteOptions) {
    if (!(await postgresReachable())) {
      return { summary: ['skipped: PostgreSQL not reachable'], problems: ['PostgreSQL not reachable: suite skipped'] };
    }
    const problems: string[] = [];
    const server = await startServer('postgres', { label: 'throughput' });
    let result: Throughput;
    try {
      // 200 sessions, one an hour from tomorrow (all inside the 14-day booking window).
      const first = Math.ceil((Date.now() + 24 * HOUR) / HOUR) * HOUR;
      const fixture = await server.setup<Fixture>('fixture', {
        sessions: Array.from({ length: SESSIONS }, (_, k) => ({
          starts_at: new Date(first + k * HOUR).toISOString(),
          ends_at: new Date(first + k * HOUR + 50 * 60_000).toISOString(),
          capacity: CAPACITY,
        })),
      });
      const members = await server.setup<Member[]>('members', { count: MEMBERS, prefix: 'tput', credits: 1000 });

      // Request i books session (i + ⌊i / MEMBERS⌋) mod SESSIONS for member i mod MEMBERS: every
      // (member, session) pair at most once, and requests in flight together hit different sessions.
      let next = 0;
      const load = async (durationS: number) => {
        const codes: Record<string, number> = {};
        const latencies: number[] = [];
        const instance = autocannon({
          url: `${server.url}/api/${reservationCalls.book.url}`,
          method: 'POST',
          connections: options.connections,
          duration: durationS,
          timeout: 10,
          requests: [
            {
              method: 'POST',
              setupRequest: (request) => {
                const i = next++;
                if (i >= MEMBERS * SESSIONS) throw new Error('ran out of distinct (member, session) pairs');
                request.headers = {
                  'content-type': 'application/json',
                  'uni-id-token': (members[i % MEMBERS] as Member).token,
                };
                request.body = JSON.stringify({
                  session_id: fixture.sessionIds[(i + Math.floor(i / MEMBERS)) % SESSIONS],
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
        instance.on('response', (_client, _status, _bytes, responseTime) => {
          latencies.push(responseTime);
        });
        return { result: await instance, codes, latencies };
      };

      const before: DbCounters = await readCounters(server.databaseUrl!);
      const warm = options.warmupS > 0 ? await load(options.warmupS) : null;
      const cpuBefore = await server.cpuMs();
      const { result: ac, codes, latencies } = await load(options.durationS);
      const cpuMs = (await server.cpuMs()) - cpuBefore;
      await settle();
      const after = await readCounters(server.databaseUrl!);
      const measuredBooked = codes['0'] ?? 0;
      const measuredTotal = ac.requests.total;

      const checks = await server.setup<SessionCheck[]>('checkSessions', { sessionIds: fixture.sessionIds });
      const spent = await server.setup<number>('creditsSpent', { prefix: 'tput' });
      // autocannon stops with up to `connections` requests in flight per run: they may commit
      // unanswered, so the database may hold up to that many more bookings than were answered.
      const answered = measuredBooked + (warm?.codes['0'] ?? 0);
      const inFlight = options.connections * (warm ? 2 : 1);
      const sumBooked = checks.reduce((a, c) => a + c.bookedCount, 0);
      const sumReservations = checks.reduce((a, c) => a + c.activeReservations, 0);
      const overbooked = checks.filter((c) => c.bookedCount > c.capacity || c.bookedCount !== c.activeReservations);
      if (sumBooked !== sumReservations || spent !== sumBooked || overbooked.length > 0) {
        problems.push(
          `counts disagree: booked_count sums to ${sumBooked}, ${sumReservations} reservations, ${spent} credits spent, ` +
            `${overbooked.length} sessions whose booked_count is off`,
        );
      }
      if (sumBooked < answered || sumBooked > answered + inFlight) {
        problems.push(`${answered} answered booked but the database holds ${sumBooked} bookings`);
      }
      const totalBooked = sumBooked;
      const refused: Record<string, number> = {};
      for (const [code, n] of Object.entries(codes)) if (code !== '0') refused[code] = n;
      if (Object.keys(refused).length > 0) problems.push(`refused bookings: ${JSON.stringify(refused)}`);
      if (ac.errors + ac.timeouts + ac.non2xx > 0) {
        problems.push(`${ac.errors} errors, ${ac.timeouts} timeouts, ${ac.non2xx} non-2xx`);
      }
      const work = diffCounters(after, before);
      // Per booking of the warm-up and the measured run together (the counters cover both).
      const per = (n: number) => round(n / Math.max(1, totalBooked), 2);
      result = {
        connections: options.connections,
        durationS: options.durationS,
        bookingsPerSec: round(measuredBooked / ac.duration),
        booked: measuredBooked,
        refused,
        errors: ac.errors + ac.timeouts,
        non2xx: ac.non2xx,
        latencyMs: summarize(latencies),
        serverCpuMsPerRequest: round(cpuMs / Math.max(1, ac.requests.total), 2),
        perBooking: {
          commits: per(work.commits),
          rowsFetched: per(work.rowsFetched),
          rowsInserted: per(work.rowsInserted),
          rowsUpdated: per(work.rowsUpdated),
        },
      };
      console.log(
        `  app       ${result.bookingsPerSec} bookings/s (${measuredBooked} of ${measuredTotal} requests booked), ` +
          `p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, server CPU ${result.serverCpuMsPerRequest} ms/booking; per booking ${JSON.stringify(result.perBooking)}`,
      );
    } finally {
      await server.close();
    }

    let pgbench: PgbenchResult[] = [];
    if (pgbenchAvailable()) {
      pgbench = await runPgbench(
        [
          { name: 'TPC-B-like (default script)', flags: [] },
          { name: 'simple update (-N)', flags: ['-N'] },
        ],
        options.connections,
        options.durationS,
      );
      for (const p of pgbench) console.log(`  pgbench   ${p.mode}: ${p.tps} tps, avg ${p.latencyAvgMs} ms`);
    } else {
      problems.push('pgbench not found: no ceiling measured');
    }

    const env = environment(await postgresVersion());
    const ceiling = pgbench.find((p) => p.args.includes('-N'));
    const ratio = ceiling ? round(result.bookingsPerSec / ceiling.tps, 3) : null;
    const md = [
      '# Booking throughput',
      '',
      ...environmentLines(env, options.command),
      `- App: \`client/course.book\` through HTTP on a fresh PostgreSQL database: ${MEMBERS} members (one package ` +
        `each), ${SESSIONS} sessions of ${CAPACITY} seats; autocannon, ${options.connections} connections, ` +
        `${options.warmupS} s warm-up then ${options.durationS} s; every request a different (member, session) pair, ` +
        'consecutive requests on different sessions, so bookings rarely wait for the same row.',
      `- Ceiling: pgbench on the same server in the same run, scratch database \`pgbench -i -s 1\`, ` +
        `\`-c ${options.connections} -j 2 -T ${options.durationS}\`, default (simple) query protocol. The TPC-B-like ` +
        'script updates one of only 1 branch / 10 tellers, so at scale 1 its 10 clients queue on the branch row; ' +
        '`-N` skips those updates (3 statements on distinct rows + an insert), closer to bookings on 200 sessions.',
      '',
      ...table(
        ['what', 'per second', 'p50 ms', 'p99 ms', 'notes'],
        [
          [
            'bookings (app over HTTP)',
            result.bookingsPerSec,
            result.latencyMs.p50,
            result.latencyMs.p99,
            `${result.booked} booked; server CPU ${result.serverCpuMsPerRequest} ms/booking; ${result.errors} errors, ${result.non2xx} non-2xx, refused ${JSON.stringify(result.refused)}`,
          ],
          ...pgbench.map((p) => [
            `pgbench ${p.mode}`,
            p.tps,
            '—',
            '—',
            `avg latency ${p.latencyAvgMs} ms, ${p.transactions} transactions, ${p.failed} failed`,
          ]),
        ],
      ),
      '',
      ratio !== null ? `Bookings/s ÷ pgbench -N TPS = ${ratio}.` : '',
      '',
      `PostgreSQL work per booking (pg_stat_database deltas over warm-up + run): ${result.perBooking.commits} commits, ` +
        `${result.perBooking.rowsFetched} rows fetched, ${result.perBooking.rowsInserted} inserted, ` +
        `${result.perBooking.rowsUpdated} updated.`,
      '',
      problems.length
        ? `Problems: ${problems.join('; ')}`
        : 'Counts agree: booked_count = reservations = credits spent on every session, and the answered bookings ' +
          'match them (up to the requests still in flight when autocannon stopped).',
    ];
    const summary = [
      `${result.bookingsPerSec} bookings/s (p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms) vs pgbench ` +
        pgbench.map((p) => `${p.mode} ${p.tps} tps`).join(', ') +
        (ratio !== null ? ` → ${ratio}× the -N ceiling` : ''),
    ];
    const files = writeResults(
      'booking-throughput',
      {
        suite: 'booking-throughput',
        environment: env,
        app: result,
        pgbench,
        ratioToPgbenchN: ratio,
        problems,
        summary,
      },
      md,
    );
    console.log(`  wrote ${files.json}, ${files.md}`);
    return { summary, problems };
  },
};
