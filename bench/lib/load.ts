// Load generation with autocannon, and single calls through the real HTTP protocol.
import autocannon from 'autocannon';
import type { RunningServer } from './servers';

export interface LoadOptions {
  /** Base url of the server, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  connections?: number;
  durationS?: number;
  warmupS?: number;
  /** When given, the server's CPU time per request of the measured run is reported. */
  server?: RunningServer;
}

export interface LoadResult {
  path: string;
  connections: number;
  durationS: number;
  /** Mean of autocannon's per-second samples. */
  reqPerSec: number;
  requests: number;
  latencyMs: { p50: number; p99: number; avg: number; max: number };
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** 2xx answers whose envelope code was not 0. */
  nonZeroCode: number;
  /** Mean size of an answer (headers included), bytes. */
  bytesPerResponse: number;
  /** Server process CPU (user + system) per request of the measured run, ms; null when not measured. */
  serverCpuMsPerRequest: number | null;
}

/** Answers with code 0 pass; anything else (or a body that is not JSON) counts as a mismatch. */
export function isCodeZero(body: string): boolean {
  try {
    return (JSON.parse(body) as { code?: unknown }).code === 0;
  } catch {
    return false;
  }
}

/** A bounded autocannon run (warm-up, then the measured run) against one POST route. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const connections = options.connections ?? 10;
  const durationS = options.durationS ?? 5;
  const base = {
    url: `${options.baseUrl}${options.path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify(options.body ?? {}),
    connections,
    timeout: 10,
    verifyBody: isCodeZero,
  };
  // The warm-up is a run of its own, so that CPU time can be read between it and the measured run.
  if (options.warmupS) await autocannon({ ...base, duration: options.warmupS });
  const cpuBefore = options.server ? await options.server.cpuMs() : 0;
  const instance = autocannon({ ...base, duration: durationS });
  // autocannon's own latency histogram has 1 ms resolution, too coarse for sub-millisecond
  // answers: keep every measured response time (the warm-up emits on another emitter).
  const latencies: number[] = [];
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  const cpuMs = options.server ? (await options.server.cpuMs()) - cpuBefore : null;
  const sorted = Float64Array.from(latencies).sort();
  return {
    path: options.path,
    connections,
    durationS,
    reqPerSec: round(result.requests.average),
    requests: result.requests.total,
    latencyMs: {
      p50: round(percentile(sorted, 50), 2),
      p99: round(percentile(sorted, 99), 2),
      avg: round(sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1), 2),
      max: round(sorted.at(-1) ?? 0, 2),
    },
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    nonZeroCode: result.mismatches,
    bytesPerResponse: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    serverCpuMsPerRequest: cpuMs === null ? null : round(cpuMs / Math.max(1, result.requests.total), 3),
  };
}

export interface CallAnswer {
  code: number | string;
  msg: string;
  [field: string]: unknown;
}

/** One call through the path form of the protocol (`POST /api/<url>`, body = data). */
export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  url: string,
  data: unknown = {},
  token?: string,
): Promise<CallAnswer & T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['uni-id-token'] = token;
  const res = await fetch(`${baseUrl}/api/${url}`, { method: 'POST', headers, body: JSON.stringify(data) });
  return (await res.json()) as CallAnswer & T;
}

/** Like call, but throws unless the answer is code 0. */
export async function callOk<T = Record<string, unknown>>(
  baseUrl: string,
  url: string,
  data: unknown = {},
  token?: string,
): Promise<CallAnswer & T> {
  const answer = await call<T>(baseUrl, url, data, token);
  if (answer.code !== 0) throw new Error(`${url} answered ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

/** Logs in through HTTP and answers the token. */
export async function login(baseUrl: string, username: string, password: string): Promise<string> {
  const answer = await callOk<{ vk_uni_token: { token: string } }>(baseUrl, 'user/pub/login', { username, password });
  return answer.vk_uni_token.token;
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** The p-th percentile (nearest rank) of ascending values. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}
