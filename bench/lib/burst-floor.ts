// The floor of a burst: the same number of simultaneous new connections, each posting once, to a
// bare Fastify route that answers constant bytes (no protocol, no database). On this 2-core machine
// the client opening a thousand sockets and the server accepting them cost hundreds of ms by
// themselves; a race's latencies are read beside this, measured in the same run.
import { burst, type LatencySummary, summarize } from './burst';
import { round } from './load';
import { startServer } from './servers';

export interface BurstFloor extends LatencySummary {
  wallMs: number;
}

export async function burstFloor(count: number): Promise<BurstFloor> {
  const server = await startServer('bare', { label: 'burst-floor' });
  try {
    const requests = Array.from({ length: count }, () => ({ url: '/bare-text', data: {} }));
    // The first burst warms the server (JIT) as the races' warm-up calls warm theirs.
    await burst(server.url, requests);
    const { answers, wallMs } = await burst(server.url, requests);
    if (answers.some((a) => a.status !== 200)) throw new Error('the bare route failed under the burst');
    return { ...summarize(answers.map((a) => a.ms)), wallMs: round(wallMs) };
  } finally {
    await server.close();
  }
}
