import { defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * Test files whose module mocks (vi.mock) need a module graph of their own: they run in the
 * `server-isolated` project (vitest.config.ts at the root). The rest share one per worker
 * (isolate: false), which saves importing the app's modules again for every file: about half of
 * the server run's time. Each file builds its own app and database (createTestApp), and no module
 * keeps state of its own (issue 7: no module-level singletons), so sharing the graph is safe.
 */
export const ISOLATED_FILES = ['src/modules/account/lockout.test.ts'];

/** What both server projects share. */
export const serverTestOptions: NonNullable<ViteUserConfig['test']> = {
  globalSetup: ['src/testing/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  env: { TZ: 'UTC' },
  pool: 'forks',
};

export default defineConfig({
  test: {
    ...serverTestOptions,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: ISOLATED_FILES,
    isolate: false,
  },
});
