import { buildApp, LISTEN_BACKLOG } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}
