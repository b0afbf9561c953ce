// The server under test, in its own process so that the load generator (the parent) does not
// share its event loop. Started by servers.ts with fork(); speaks a tiny IPC protocol:
//   child → parent  { type: 'ready', port } | { type: 'result', id, ok, value | error }
//   parent → child  { type: 'setup', id, name, args } | { type: 'close' }
import Fastify, { type FastifyInstance } from 'fastify';
import type { ChildMessage, ParentMessage, ServerSpec } from './types';

const spec = JSON.parse(process.env.BENCH_SERVER_SPEC ?? '{}') as ServerSpec;

function send(message: ChildMessage): void {
  process.send?.(message);
}

/**
 * The floor: Fastify with one JSON POST route. It answers a small constant object until the parent
 * hands it, through the `answer` setup, the exact answer of the real call it is compared with: then
 * `/bare` returns that object (Fastify serializes it on every request, as any handler returning an
 * object would) and `/bare-text` the same bytes already serialized (the cheapest possible answer).
 */
let bareAnswer: unknown = { code: 0, msg: 'ok', value: 'bare' };
let bareText = JSON.stringify(bareAnswer);

async function buildBare(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.post('/bare', async () => bareAnswer);
  app.post('/bare-text', async (_req, reply) => reply.type('application/json; charset=utf-8').send(bareText));
  return app;
}

async function buildReal(): Promise<FastifyInstance> {
  // Imported here so that the bare server does not even load the real one.
  const { buildApp } = await import('@studio/server/src/app');
  const { loadConfig } = await import('@studio/server/src/config');
  const config = loadConfig(
    {},
    {
      DATA_DIR: spec.dataDir,
      DATABASE_URL: spec.databaseUrl,
      SEED_DEMO: true,
      LOG_LEVEL: 'silent',
      SWEEP_INTERVAL_MS: 0,
      TOKEN_SECRET: spec.tokenSecret,
      // The rate limiter and the per-address connection cap must not shape the load: every
      // request here comes from 127.0.0.1 (the rush opens a socket per member).
      RATE_LIMIT_PER_MIN: 100_000_000,
      RATE_LIMIT_AUTH_PER_MIN: 100_000_000,
      MAX_CONNECTIONS_PER_ADDRESS: 100_000,
      ...spec.configOverrides,
    },
  );
  return buildApp(config);
}

async function main(): Promise<void> {
  const app = spec.kind === 'bare' ? await buildBare() : await buildReal();
  // As apps/server/src/main.ts listens (LISTEN_BACKLOG), the bare server alike.
  await app.listen({ host: '127.0.0.1', port: 0, backlog: 4096 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await app.close().catch(() => undefined);
    process.exit(0);
  };
  // The parent going away (crash, Ctrl-C) must not leave this server running.
  process.on('disconnect', close);
  process.on('SIGINT', close);
  process.on('SIGTERM', close);

  process.on('message', async (message: ParentMessage) => {
    if (message.type === 'close') return close();
    if (message.type === 'setup') {
      try {
        // CPU time of this process (µs): lets a suite report CPU per request, which — unlike
        // req/s — holds up when other work shares the machine.
        if (message.name === 'cpuUsage') {
          const { user, system } = process.cpuUsage();
          send({ type: 'result', id: message.id, ok: true, value: { user, system } });
          return;
        }
        if (message.name === 'answer') {
          bareText = String(message.args);
          bareAnswer = JSON.parse(bareText);
          send({ type: 'result', id: message.id, ok: true, value: bareText.length });
          return;
        }
        const { setups } = await import('./setups');
        const setup = setups[message.name];
        if (!setup) throw new Error(`unknown setup ${message.name}`);
        const value = await setup(app, message.args);
        send({ type: 'result', id: message.id, ok: true, value });
      } catch (error) {
        send({ type: 'result', id: message.id, ok: false, error: String((error as Error)?.stack ?? error) });
      }
    }
  });
  send({ type: 'ready', port });
}

main().catch((error) => {
  console.error(`[bench server ${spec.kind}]`, error);
  process.exit(1);
});
