import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { TEST_HASH_COST } from '../testing/test-app';
import { dummyHash, hashPassword, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('are made at the production cost (scrypt N=16384) by the default configuration, and verify', async () => {
    const { PASSWORD_HASH_COST } = loadConfig({});
    expect(PASSWORD_HASH_COST).toBe(16384);
    const hash = await hashPassword('Secret123', PASSWORD_HASH_COST);
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Secret123', hash)).toBe(true);
    expect(await verifyPassword('Secret124', hash)).toBe(false);
  });

  it('carry their cost, so a hash made at another cost verifies too', async () => {
    const hash = await hashPassword('Secret123', TEST_HASH_COST);
    expect(hash.startsWith(`scrypt$${TEST_HASH_COST}$8$1$`)).toBe(true);
    expect(await verifyPassword('Secret123', hash)).toBe(true);
    expect(await verifyPassword('secret123', hash)).toBe(false);
  });

  it('refuses a cost scrypt cannot use, and never verifies a malformed or oversized stored hash', async () => {
    await expect(hashPassword('Secret123', 1000)).rejects.toThrow(/power of two/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '1000' })).toThrow(/PASSWORD_HASH_COST/);
    const hash = await hashPassword('Secret123', 4);
    for (const bad of [hash.replace('$4$', '$5$'), hash.replace('$4$', '$1048576$'), 'plain', '', null]) {
      expect(await verifyPassword('Secret123', bad)).toBe(false);
    }
  });

  it('has a stand-in that no password matches, made once per cost', async () => {
    expect(dummyHash(8)).toBe(dummyHash(8));
    expect(await verifyPassword('', await dummyHash(8))).toBe(false);
  });
});
