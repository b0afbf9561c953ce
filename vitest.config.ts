import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { ISOLATED_FILES, serverTestOptions } from './apps/server/vitest.config';

// One run covers every workspace's unit and integration tests; `--project server` picks one.
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/client',
      'apps/server',
      // The server files that mock modules, each in a module graph of its own (apps/server/vitest.config.ts).
      {
        root: './apps/server',
        test: { ...serverTestOptions, name: 'server-isolated', include: ISOLATED_FILES, isolate: true },
      },
      'apps/web',
      'apps/admin',
    ],
    // Vitest's default (cores − 1) is one worker on a 2-core machine: the integration files wait on
    // the database much of the time, and two at once take a third less wall time there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
