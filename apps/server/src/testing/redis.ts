import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether Redis answers at TEST_REDIS_URL. Unreachable: locally the Redis tests are skipped with a
 * message; in CI (CI set) this throws, so that a missing Redis fails the run instead of hiding tests.
 */
export async function redisAvailable(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let lastError: Error | undefined;
  probe.on('error', (error) => {
    lastError = error;
  });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch (error) {
    const problem = `Redis is unreachable at ${TEST_REDIS_URL} (${(lastError ?? (error as Error)).message})`;
    if (process.env.CI && process.env.CI !== 'false') throw new Error(`${problem}: the Redis tests must run in CI`);
    console.warn(`${problem}: skipping the Redis tests (set TEST_REDIS_URL, or CI=true to fail instead)`);
    return false;
  } finally {
    probe.disconnect();
  }
}
