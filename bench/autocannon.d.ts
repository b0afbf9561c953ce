// autocannon ships no types: the subset of its API the benchmarks use.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  }

  interface Result {
    title?: string;
    url: string;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    connections: number;
    statusCodeStats: Record<string, { count: number }>;
    start: Date;
    finish: Date;
  }

  interface Client {
    setBody(body: string): void;
    setHeaders(headers: Record<string, string>): void;
  }

  interface RequestSpec {
    method?: string;
    path?: string;
    body?: string;
    headers?: Record<string, string>;
    setupRequest?: (request: RequestSpec, context: Record<string, unknown>) => RequestSpec | undefined;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }

  interface Options {
    url: string;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    title?: string;
    warmup?: { connections?: number; duration?: number };
    requests?: RequestSpec[];
    setupClient?: (client: Client) => void;
    verifyBody?: (body: string) => boolean;
  }

  interface Instance extends PromiseLike<Result> {
    stop(): void;
    /** Every response of the measured run; responseTime in ms with sub-millisecond precision. */
    on(
      event: 'response',
      listener: (client: Client, statusCode: number, resBytes: number, responseTime: number) => void,
    ): Instance;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
  export type { Client, Instance, Options, RequestSpec, Result };
}
