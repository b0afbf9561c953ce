import { defineConfig } from 'vitest/config';

// One run covers every workspace's unit and integration tests; `--project server` picks one.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/client', 'apps/server', 'apps/web', 'apps/admin'],
  },
});
