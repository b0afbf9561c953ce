import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has defaults that make a bare start work', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', SEED_DEMO: true });
    expect(path.isAbsolute(config.DATA_DIR)).toBe(true);
  });

  it('resolves relative directories against the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'some/data', WEB_DIST: './dist' });
    expect(config.DATA_DIR).toBe(path.resolve('some/data'));
    expect(config.WEB_DIST).toBe(path.resolve('dist'));
  });

  it('does not seed the demo studio on PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('caps connections per address at 200 unless told otherwise', () => {
    expect(loadConfig({}).MAX_CONNECTIONS_PER_ADDRESS).toBe(200);
    expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '3' }).MAX_CONNECTIONS_PER_ADDRESS).toBe(3);
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(/PORT.*LOG_LEVEL|LOG_LEVEL.*PORT/);
  });
});
