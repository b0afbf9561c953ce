// Many protocol calls fired at the same instant, each on its own keep-alive connection (node:http,
// no pool limit), each timed from its own send to its answer.
import http from 'node:http';
import { percentile, round } from './load';

export interface BurstRequest {
  url: string;
  data: unknown;
  token?: string;
}

export interface BurstAnswer {
  status: number;
  /** The envelope code, or 'HTTP_ERROR' / 'NOT_JSON' when there was none. */
  code: number | string;
  body: Record<string, unknown> | null;
  ms: number;
}

export interface LatencySummary {
  p50: number;
  p99: number;
  max: number;
}

export function summarize(ms: number[]): LatencySummary {
  const sorted = Float64Array.from(ms).sort();
  return {
    p50: round(percentile(sorted, 50), 2),
    p99: round(percentile(sorted, 99), 2),
    max: round(sorted.at(-1) ?? 0, 2),
  };
}

function post(agent: http.Agent, baseUrl: string, request: BurstRequest): Promise<BurstAnswer> {
  const payload = Buffer.from(JSON.stringify(request.data));
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    'content-length': payload.length,
  };
  if (request.token) headers['uni-id-token'] = request.token;
  const started = performance.now();
  return new Promise((resolve) => {
    // A protocol call's url, or a path of the server's own (the bare routes: '/bare-text').
    const path = request.url.startsWith('/') ? request.url : `/api/${request.url}`;
    const req = http.request(`${baseUrl}${path}`, { method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - started;
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
          resolve({ status: res.statusCode ?? 0, code: body.code as number | string, body, ms });
        } catch {
          resolve({ status: res.statusCode ?? 0, code: 'NOT_JSON', body: null, ms });
        }
      });
    });
    req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, code: 'HTTP_ERROR', body: null, ms: performance.now() - started }));
    req.end(payload);
  });
}

/** Sends every request at once and waits for all answers; answers in request order. */
export async function burst(
  baseUrl: string,
  requests: BurstRequest[],
): Promise<{ answers: BurstAnswer[]; wallMs: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  try {
    const started = performance.now();
    const answers = await Promise.all(requests.map((r) => post(agent, baseUrl, r)));
    return { answers, wallMs: performance.now() - started };
  } finally {
    agent.destroy();
  }
}

/** How many answers had each envelope code. */
export function countCodes(answers: BurstAnswer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) counts[String(a.code)] = (counts[String(a.code)] ?? 0) + 1;
  return counts;
}

/** How far apart the bystander's calls start. */
export const BYSTANDER_INTERVAL_MS = 25;

/**
 * An unrelated caller during a load: one public call (pub.getMchInfo) after another,
 * BYSTANDER_INTERVAL_MS apart, each timed. Shows whether the load holds up everyone else
 * (connection pool, event loop). Its first call is made before the load and not counted: a server
 * that has answered it once (its studio row and zone table remembered) is what members meet.
 */
export async function watchBystander(baseUrl: string): Promise<{
  stop(): Promise<LatencySummary & { calls: number; failed: number }>;
}> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  await post(agent, baseUrl, { url: 'client/pub.getMchInfo', data: {} });
  const times: number[] = [];
  let failed = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const answer = await post(agent, baseUrl, { url: 'client/pub.getMchInfo', data: {} });
      times.push(answer.ms);
      if (answer.code !== 0) failed += 1;
      await new Promise((resolve) => setTimeout(resolve, BYSTANDER_INTERVAL_MS));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      agent.destroy();
      return { ...summarize(times), calls: times.length, failed };
    },
  };
}
