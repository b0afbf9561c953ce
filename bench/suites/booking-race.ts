// The seat invariant under a stampede: 1,000 members with packages book ONE 20-seat session at
// the same instant, through the HTTP server. Exactly 20 must get a seat and 20 credits be spent;
// everyone else is refused (COURSE_FULL). On PostgreSQL, then on PGlite for comparison.
import { reservationCalls } from '@studio/contract/reservations';
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
import { round } from '../lib/load';
import { checksSection, codesText, environment, environmentLines, table, writeResults } from '../lib/report';
import { postgresReachable, postgresVersion, startServer } from '../lib/servers';
import type { Fixture, Member, SessionCheck } from '../lib/setups';
import type { Suite, SuiteOptions } from '../lib/suite';

const MEMBERS = 1000;
const SEATS = 20;
/** Members who book a separate session first, so the booking path is warm (JIT, pool) before the race. */
const WARM_MEMBERS = 40;
const HOUR = 3_600_000;

interface RaceRun {
  database: string;
  members: number;
  seats: number;
  setupS: number;
  wallMs: number;
  codes: Record<string, number>;
  latencyMs: { all: LatencySummary; booked: LatencySummary; refused: LatencySummary };
  /** pub.getMchInfo called every BYSTANDER_INTERVAL_MS by someone else while the race runs. */
  bystander: LatencySummary & { calls: number; failed: number };
  /** Server process CPU per book call during the race (PGlite's database work included). */
  serverCpuMsPerCall: number;
  check: SessionCheck;
  creditsSpent: number;
  checks: { name: string; ok: boolean; detail: string }[];
}

/** A session a couple of days ahead, on the hour: inside the booking window, outside the cancel window. */
function slot(hoursAhead: number) {
  const start = Math.ceil((Date.now() + hoursAhead * HOUR) / HOUR) * HOUR;
  return { starts_at: new Date(start).toISOString(), ends_at: new Date(start + HOUR).toISOString() };
}

async function raceOn(kind: 'postgres' | 'pglite'): Promise<RaceRun> {
  const t0 = Date.now();
  const server = await startServer(kind, { label: 'race' });
  try {
    const fixture = await server.setup<Fixture>('fixture', {
      sessions: [
        { ...slot(48), capacity: SEATS },
        { ...slot(50), capacity: WARM_MEMBERS },
      ],
    });
    const [raceSession, warmSession] = fixture.sessionIds as [string, string];
    const members = await server.setup<Member[]>('members', {
      count: MEMBERS + WARM_MEMBERS,
      prefix: `race${kind}`,
      credits: 5,
    });
    const racers = members.slice(0, MEMBERS);
    const warmers = members.slice(MEMBERS);

    // Warm-up: the same call, a few at a time, on another session.
    for (let i = 0; i < warmers.length; i += 10) {
      const { answers } = await burst(
        server.url,
        warmers
          .slice(i, i + 10)
          .map((m) => ({ url: reservationCalls.book.url, data: { session_id: warmSession }, token: m.token })),
      );
      const bad = answers.find((a) => a.code !== 0);
      if (bad) throw new Error(`warm-up booking failed: ${JSON.stringify(bad.body).slice(0, 300)}`);
    }
    const setupS = round((Date.now() - t0) / 1000);

    const cpuBefore = await server.cpuMs();
    const bystander = await watchBystander(server.url);
    const { answers, wallMs } = await burst(
      server.url,
      racers.map((m) => ({ url: reservationCalls.book.url, data: { session_id: raceSession }, token: m.token })),
    );
    const bystanderMs = await bystander.stop();
    const serverCpuMsPerCall = round((await server.cpuMs()) - cpuBefore) / MEMBERS;
    const codes = countCodes(answers);
    const [check] = await server.setup<SessionCheck[]>('checkSessions', { sessionIds: [raceSession] });
    const creditsSpent = (await server.setup<number>('creditsSpent', { prefix: `race${kind}` })) - WARM_MEMBERS;
    const booked = answers.filter((a) => a.code === 0);
    const refused = answers.filter((a) => a.code !== 0);
    const ms = (list: BurstAnswer[]) => list.map((a) => a.ms);
    const other = Object.entries(codes).filter(([code]) => code !== '0' && code !== 'COURSE_FULL');
    const checks = [
      { name: 'exactly 20 answered booked (code 0)', ok: booked.length === SEATS, detail: `${booked.length}` },
      {
        name: 'every other answer COURSE_FULL',
        ok: other.length === 0,
        detail: other.length ? other.map(([c, n]) => `${c}: ${n}`).join(', ') : `${codes.COURSE_FULL ?? 0}`,
      },
      { name: 'booked_count = 20', ok: check?.bookedCount === SEATS, detail: `${check?.bookedCount}` },
      {
        name: '20 reservations not cancelled',
        ok: check?.activeReservations === SEATS,
        detail: `${check?.activeReservations}`,
      },
      { name: '20 credits spent', ok: creditsSpent === SEATS, detail: `${creditsSpent}` },
      {
        name: 'no HTTP errors',
        ok: answers.every((a) => a.status === 200),
        detail: `${answers.filter((a) => a.status !== 200).length} not 200`,
      },
    ];
    return {
      database: kind,
      members: MEMBERS,
      seats: SEATS,
      setupS,
      wallMs: round(wallMs),
      codes,
      latencyMs: { all: summarize(ms(answers)), booked: summarize(ms(booked)), refused: summarize(ms(refused)) },
      bystander: bystanderMs,
      serverCpuMsPerCall: round(serverCpuMsPerCall, 2),
      check: check!,
      creditsSpent,
      checks,
    };
  } finally {
    await server.close();
  }
}

export const bookingRaceSuite: Suite = {
  name: 'booking-race',
  description: `${MEMBERS} members book one ${SEATS}-seat session at once over HTTP (PostgreSQL, then PGlite)`,
  async run(options: SuiteOptions) {
    const hasPostgres = await postgresReachable();
    const problems: string[] = [];
    if (!hasPostgres) problems.push('PostgreSQL not reachable: only PGlite was raced');
    const runs: RaceRun[] = [];
    const floor = await burstFloor(MEMBERS);
    console.log(
      `  floor     ${MEMBERS} posts to a bare route at once in ${floor.wallMs} ms; p50 ${floor.p50} ms, p99 ${floor.p99} ms`,
    );
    for (const kind of hasPostgres ? (['postgres', 'pglite'] as const) : (['pglite'] as const)) {
      const run = await raceOn(kind);
      runs.push(run);
      console.log(
        `  ${kind.padEnd(9)} ${run.members} at once → ${JSON.stringify(run.codes)} in ${run.wallMs} ms; ` +
          `p50 ${run.latencyMs.all.p50} ms, p99 ${run.latencyMs.all.p99} ms; ` +
          `booked_count ${run.check.bookedCount}, credits ${run.creditsSpent}; ` +
          `bystander getMchInfo p50 ${run.bystander.p50} ms, p99 ${run.bystander.p99} ms, max ${run.bystander.max} ms; server CPU ${run.serverCpuMsPerCall} ms/call`,
      );
      for (const c of run.checks.filter((c) => !c.ok)) problems.push(`${kind}: ${c.name} — got ${c.detail}`);
    }

    const env = environment(hasPostgres ? await postgresVersion() : undefined);
    const md = [
      '# Booking race',
      '',
      ...environmentLines(env, options.command),
      `- ${MEMBERS} members, each with a package of 5 credits, send \`client/course.book\` for the same ` +
        `${SEATS}-seat session at the same instant: one keep-alive connection each (node:http), all requests ` +
        'issued before the first answer is awaited, to the real server in its own process on 127.0.0.1.',
      `- Set-up: room, course, teacher and sessions through the admin calls; members, tokens and packages ` +
        `written in bulk; ${WARM_MEMBERS} bookings on another session first to warm the path.`,
      '- Latency: per request, from its send to its answer (the burst queues on the server, so it includes waiting).',
      `- Floor, same run: ${MEMBERS} new connections posting once at the same instant to a bare Fastify route that ` +
        `answers constant bytes (no protocol, no database): wall ${floor.wallMs} ms, p50 ${floor.p50} ms, ` +
        `p99 ${floor.p99} ms. The races' p99 ÷ this: ${runs.map((r) => `${r.database} ×${round(r.latencyMs.all.p99 / floor.p99, 2)}`).join(', ')}.`,
      `- Bystander: meanwhile another client calls \`client/pub.getMchInfo\` every ${BYSTANDER_INTERVAL_MS} ms, one at a ` +
        'time (after one call before the race, not counted): what everybody else experiences during the stampede ' +
        '(idle, it answers in about a millisecond).',
      '',
      ...table(
        [
          'database',
          'answers',
          'total time ms',
          'p50 ms',
          'p99 ms',
          'max ms',
          'booked p50/p99 ms',
          'refused p50/p99 ms',
          'bystander p50/p99/max ms (calls)',
          'server CPU ms/call',
        ],
        runs.map((r) => [
          r.database,
          codesText(r.codes, 'booked'),
          r.wallMs,
          r.latencyMs.all.p50,
          r.latencyMs.all.p99,
          r.latencyMs.all.max,
          `${r.latencyMs.booked.p50} / ${r.latencyMs.booked.p99}`,
          `${r.latencyMs.refused.p50} / ${r.latencyMs.refused.p99}`,
          `${r.bystander.p50} / ${r.bystander.p99} / ${r.bystander.max} (${r.bystander.calls})`,
          r.serverCpuMsPerCall,
        ]),
      ),
      '',
      ...checksSection(runs),
    ];
    const summary = runs.map(
      (r) =>
        `${r.database}: ${r.members} simultaneous bookings of ${r.seats} seats → ${r.codes['0'] ?? 0} booked, ` +
        `${r.codes.COURSE_FULL ?? 0} COURSE_FULL in ${r.wallMs} ms (p50 ${r.latencyMs.all.p50} ms, p99 ${r.latencyMs.all.p99} ms); ` +
        `invariants ${r.checks.every((c) => c.ok) ? 'hold' : 'BROKEN'}; a bystander's getMchInfo took up to ${r.bystander.max} ms meanwhile`,
    );
    const files = writeResults(
      'booking-race',
      { suite: 'booking-race', environment: env, floor, runs, problems, summary },
      md,
    );
    console.log(`  wrote ${files.json}, ${files.md}`);
    return { summary, problems };
  },
};
